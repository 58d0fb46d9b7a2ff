// Rejects `take_along::<1>` over `[Batch, 10]` logits with indices of shape `[10]`: one index
// per row is needed, `[Batch]`, the logits' shape without axis 1.
use shapecast::prelude::*;

struct Batch;

fn main() {
    let data = [0.0f32; 20];
    bind!(let b: Batch = 2);
    let logits = TensorRef::from_shape(dims![b, 10], &data).unwrap();
    let wrong = Tensor::<usize, shape![10]>::splat(0);
    let _ = logits.take_along::<1>(&wrong);
}
