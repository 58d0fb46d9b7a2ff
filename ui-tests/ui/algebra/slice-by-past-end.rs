// A stepped range past the end of a fixed axis: 8 > 7.
use shapecast::prelude::*;
fn main() {
    let x = Tensor::<i32, shape![2, 7]>::splat(0);
    let _ = x.slice_by::<1, 0, 8, 2>();
}
