//! Must NOT compile on a 32-bit target: `shape![65536, 65536]` has 2^32 elements, one more than
//! a 32-bit `usize` can count (on a 64-bit host it is a legal shape). `.ci/thumb` builds it for
//! thumbv7m-none-eabi and expects shapecast's element-count error.
#![no_std]
#![no_main]

use shapecast::prelude::*;
#[panic_handler]
fn panic(_: &core::panic::PanicInfo) -> ! {
    shapecast_thumb::exit(false)
}

#[cortex_m_rt::entry]
fn main() -> ! {
    let _: Option<Tensor<u8, shape![65536, 65536]>> = None;
    shapecast_thumb::exit(false)
}
