// A layer's weights stored the wrong way round: [B, 64] · [128, 10].
use shapecast::prelude::*;

fn main() {
    let x = Tensor::<f32, shape![8, 64]>::splat(1.0);
    let w = Tensor::<f32, shape![128, 10]>::splat(1.0);
    let _ = x.matmul(&w);
}
