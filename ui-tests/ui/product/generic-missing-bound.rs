// A product generic over shapes needs the bound `A: MatMul<B>`.
use shapecast::prelude::*;

fn product<A: Shape, B: Shape>(a: &Tensor<f32, A>, b: &Tensor<f32, B>) {
    let _ = a.matmul(b);
}

fn main() {
    product(&Tensor::<f32, shape![2, 2]>::splat(1.0), &Tensor::<f32, shape![2, 2]>::splat(1.0));
}
