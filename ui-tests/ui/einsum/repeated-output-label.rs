// Rejects an output label written twice (a diagonal is taken on the inputs: "ii->i")
use shapecast::prelude::*;

fn main() {
    let v = Tensor::<f32, shape![3]>::splat(1.0);
    let _ = einsum!("i->ii", &v);
}
