// Rejects a concatenation along axis 1 whose shapes differ on axis 0, and one whose run-time
// size meets a fixed size on a kept axis
use shapecast::prelude::*;

struct Batch;

fn main() {
    let a = Tensor::<f32, shape![2, 3]>::splat(1.0);
    let b = Tensor::<f32, shape![4, 5]>::splat(2.0);
    let _ = a.concat::<1>(&b);

    let data = [1.0f32; 6];
    bind!(let batch: Batch = 2);
    let x = TensorRef::from_shape(dims![batch, 3], &data).unwrap();
    let y = Tensor::<f32, shape![2, 5]>::splat(2.0);
    let _ = x.concat::<1>(&y);
}
