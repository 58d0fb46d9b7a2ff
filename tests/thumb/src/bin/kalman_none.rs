//! The Kalman programs with no filter: what `kalman-matmul` and `kalman-hand` hold besides it
//! (vector table, start-up, semihosting exit, and the soft-float routines of f64's `+`, `-`,
//! `*` and `/`, which both filters call), subtracted from their sizes.
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
    let k = black_box(kalman::KalmanHand::new(F, Q, H, R));
    for _ in 0..10 {
        black_box((&k, black_box([1.0, 0.5])));
    }
    exit(true)
}
