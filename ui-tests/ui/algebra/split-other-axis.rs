// Rejects a split along an axis other than 0: its parts are not contiguous (strided views needed)
use shapecast::prelude::*;

fn main() {
    let t = Tensor::<f32, shape![5, 4]>::splat(1.0);
    let _ = t.split_at::<1, 2>();
}
