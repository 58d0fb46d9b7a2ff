//! The Kalman filter with shapecast's `matmul`, `mt()` and `inv`, alone, 10 steps: `.ci/thumb`
//! compares this binary's flash size with `kalman-hand`'s, both less `kalman-none`'s (the same
//! program with no filter, f64's soft-float routines included).
#![no_std]
#![no_main]

use core::hint::black_box;
use cortex_m_rt::entry;
use shapecast::prelude::*;
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
    let mut k = black_box(kalman::Kalman::new(F, Q, H, R));
    for _ in 0..10 {
        let z = black_box([1.0, 0.5]);
        black_box(kalman::step(&mut k, &Tensor::from(z))).ok();
    }
    black_box(&k);
    exit(true)
}
