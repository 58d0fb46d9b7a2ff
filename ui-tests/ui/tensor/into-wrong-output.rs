// Rejects `zip_with_into` with an output whose shape is not the broadcast shape
use shapecast::prelude::*;

fn main() {
    let a = Tensor::<f32, shape![2, 3]>::splat(1.0);
    let b = Tensor::<f32, shape![3]>::splat(2.0);
    let mut data = [0.0; 3];
    let mut out = TensorMut::<f32, shape![3]>::new(&mut data).unwrap();
    a.zip_with_into(&b, &mut out, |x, y| x + y);
}
