// A range past the end of a fixed axis: 7 > 6.
use shapecast::prelude::*;
fn main() {
    let x = Tensor::<i32, shape![2, 6]>::splat(0);
    let _ = x.slice::<1, 4, 7>();
}
