//! What the Cortex-M3 binaries share: the exit through semihosting (QEMU's exit code is the
//! program's), the checks of `tests/no-std`, the calibration pipeline written three times (with
//! shapecast's eager operators, as its fused expressions, and as a hand loop) and a Kalman
//! filter written twice (with `matmul`, `mt()` and `inv`, and as a hand loop). Each binary has
//! its own panic handler: the proof prints the panic, the flash binaries only stop (as
//! `panic-halt` would), so that their sizes hold no formatting code of their own.
#![no_std]

#[path = "../../no-std/src/checks.rs"]
pub mod checks;

pub mod calibrate;
pub mod kalman;

use cortex_m_semihosting::debug;

/// Ends the program: QEMU exits with 0 when `ok`, else 1.
pub fn exit(ok: bool) -> ! {
    debug::exit(if ok { debug::EXIT_SUCCESS } else { debug::EXIT_FAILURE });
    // Only reached without a debugger or QEMU to stop the core.
    loop {
        cortex_m::asm::bkpt();
    }
}
