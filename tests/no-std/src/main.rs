//! A bare `#![no_std]` binary on the host that runs the checks of `checks.rs` (macros, typed
//! tensors, the static kernels, reductions, run-time sizes and the dynamic API). If anything
//! pulled in `std`, linking would fail with E0152 (duplicate lang item `panic_impl`). It exits 0
//! when every check holds. `tests/thumb` runs the same checks on a Cortex-M3 under QEMU.
#![no_std]
#![no_main]

mod checks;

#[panic_handler]
fn panic(_: &core::panic::PanicInfo) -> ! {
    loop {}
}

// Nothing else links the C runtime that calls `main` on this target.
#[link(name = "c")]
unsafe extern "C" {}

#[unsafe(no_mangle)]
pub extern "C" fn main(_argc: i32, _argv: *const *const u8) -> i32 {
    if checks::all() { 0 } else { 1 }
}
