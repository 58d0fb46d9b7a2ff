//! The calibration programs with no pipeline: what `calibrate-eager`, `calibrate-fused` and
//! `calibrate-hand` hold besides it (vector table, start-up, semihosting exit), subtracted from
//! their sizes.
#![no_std]
#![no_main]

use core::hint::black_box;
use cortex_m_rt::entry;
use shapecast_thumb::exit;

/// A panic stops with a failure, printing nothing.
#[panic_handler]
fn panic(_: &core::panic::PanicInfo) -> ! {
    exit(false)
}

#[entry]
fn main() -> ! {
    let raw = black_box([[1i32; 3]; 16]);
    let (offset, gain) = black_box(([0; 3], [32767; 3]));
    black_box((&raw, &offset, &gain));
    exit(true)
}
