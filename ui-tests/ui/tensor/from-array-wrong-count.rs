// Rejects from_array with an array whose length is not the shape's element count: both are
// known at compile time, so the mismatch is a compile error, not a run-time check
use shapecast::prelude::*;

fn main() {
    let readings = [0i32; 47];
    let _ = TensorRef::<i32, shape![16, 3]>::from_array(&readings);
    let _ = Tensor::<i32, shape![16, 3]>::from_array([0; 49]);
}
