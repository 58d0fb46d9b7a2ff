//! A bare `#![no_std]` binary that uses shapecast. If anything pulled in `std`, linking would
//! fail with E0152 (duplicate lang item `panic_impl`). It exits 0 when every check holds.
#![no_std]
#![no_main]

use shapecast::prelude::*;

#[panic_handler]
fn panic(_: &core::panic::PanicInfo) -> ! {
    loop {}
}

// Nothing else links the C runtime that calls `main` on this target.
#[link(name = "c")]
unsafe extern "C" {}

fn checks() -> bool {
    let shape_ok = matches!(dynamic::broadcast_shapes(&[&[2, 1], &[1, 3]]), Ok(s) if *s == [2, 3]);
    let error_ok = dynamic::broadcast_to(&[3], &[1]).is_err();

    let mut row = [0i32; 6];
    let copy_ok =
        dynamic::copy_broadcast_to(&[1, 2, 3], &[3], &mut row, &[2, 3]).is_ok() && row == [1, 2, 3, 1, 2, 3];

    let mut sum = [0i32; 6];
    let zip_ok = dynamic::zip_broadcast(&[10, 20], &[2, 1], &[1, 2, 3], &[3], &mut sum, |a, b| a + b).is_ok()
        && sum == [11, 12, 13, 21, 22, 23];

    // The compile-time half: shapes computed by the macro and the traits, as constants.
    type Batch = shape![4, 3];
    let static_ok = <broadcast!(Batch, [3])>::DIMS == [4, 3]
        && <broadcast!([3] => [2, 3], dims = [1])>::LEN == 6
        && <broadcast!(shape![2], shape![2, 5], dims = [0])>::DIMS == [2, 5];

    shape_ok && error_ok && copy_ok && zip_ok && static_ok
}

#[unsafe(no_mangle)]
pub extern "C" fn main(_argc: i32, _argv: *const *const u8) -> i32 {
    if checks() { 0 } else { 1 }
}
