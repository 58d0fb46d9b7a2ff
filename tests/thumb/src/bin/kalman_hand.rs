//! The Kalman filter as a hand loop, alone, 10 steps: the baseline of `kalman-matmul`'s flash
//! size.
#![no_std]
#![no_main]

use core::hint::black_box;
use cortex_m_rt::entry;
use shapecast_thumb::exit;
use shapecast_thumb::kalman::{self, F, H, Q, R};

/// A panic stops with a failure, printing nothing.
#[panic_handler]
fn panic(_: &core::panic::PanicInfo) -> ! {
    exit(false)
}

#[entry]
fn main() -> ! {
    let (a, b) = black_box((1.0, 3.0));
    black_box(kalman::float_routines(a, b));
    let mut k = black_box(kalman::KalmanHand::new(F, Q, H, R));
    for _ in 0..10 {
        let z = black_box([1.0, 0.5]);
        kalman::by_hand(&mut k, &z);
    }
    black_box(&k);
    exit(true)
}
