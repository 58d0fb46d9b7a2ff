// Rejects flattening a shape whose element count has no size type: 40 × 41 = 1640
use shapecast::prelude::*;

fn main() {
    let t = BoxedTensor::<u8, shape![40, 41]>::splat(1);
    let _ = t.flatten();
}
