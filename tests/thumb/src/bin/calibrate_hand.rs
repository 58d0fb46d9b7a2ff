//! The calibration as a hand loop, alone: the baseline of `calibrate-eager`'s and
//! `calibrate-fused`'s flash sizes.
#![no_std]
#![no_main]

use core::hint::black_box;
use cortex_m_rt::entry;
use shapecast_thumb::{calibrate, exit};

/// A panic stops with a failure, printing nothing.
#[panic_handler]
fn panic(_: &core::panic::PanicInfo) -> ! {
    exit(false)
}

#[entry]
fn main() -> ! {
    let raw = black_box([[1i32; 3]; 16]);
    let (offset, gain) = black_box(([0; 3], [32767; 3]));
    black_box(calibrate::by_hand(&raw, &offset, &gain));
    exit(true)
}
