// A step of 0 along a fixed axis: every step is at least 1.
use shapecast::prelude::*;
fn main() {
    let x = Tensor::<i32, shape![2, 7]>::splat(0);
    let _ = x.slice_by::<1, 0, 7, 0>();
}
