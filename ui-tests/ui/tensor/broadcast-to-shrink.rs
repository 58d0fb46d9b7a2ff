// Rejects `broadcast_to` onto a shape the tensor does not stretch to
use shapecast::prelude::*;

fn main() {
    let t = Tensor::<i32, shape![3]>::from([1, 2, 3]);
    let _ = t.broadcast_to::<shape![2, 4]>();
}
