//! The calibration with shapecast's eager operators, alone: `.ci/thumb` compares this binary's
//! flash size with `calibrate-hand`'s, both less `calibrate-none`'s (the same program with no
//! pipeline).
#![no_std]
#![no_main]

use core::hint::black_box;
use cortex_m_rt::entry;
use shapecast::prelude::*;
use shapecast_thumb::{calibrate, exit};

/// A panic stops with a failure, printing nothing.
#[panic_handler]
fn panic(_: &core::panic::PanicInfo) -> ! {
    exit(false)
}

#[entry]
fn main() -> ! {
    let raw = black_box(Tensor::<i32, calibrate::Samples>::splat(1));
    let (offset, gain) = black_box((Tensor::splat(0), Tensor::splat(32767)));
    black_box(calibrate::eager(&raw, &offset, &gain));
    exit(true)
}
