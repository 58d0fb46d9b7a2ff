// Rejects flattening a shape whose element count has no `Dim` type: 40 × 40 = 1600
use shapecast::prelude::*;

fn main() {
    let t = BoxedTensor::<u8, shape![40, 40]>::splat(1);
    let _ = t.flatten();
}
