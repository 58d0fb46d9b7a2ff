// Rejects a split of axis 0 past its end
use shapecast::prelude::*;

fn main() {
    let t = Tensor::<f32, shape![5, 2]>::splat(1.0);
    let _ = t.split_at::<0, 6>();
}
