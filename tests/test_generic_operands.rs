//! `broadcast!` with generic type operands: the shape it names is the one the traits compute, so
//! generic code over fixed shapes can write it in a signature.

use shapecast::prelude::*;
fn via_macro<A: Broadcast<B>, B: Shape>() -> &'static [usize] {
    <broadcast!(A, B)>::dims()
}
fn via_macro_to<A: BroadcastTo<B>, B: Shape>() -> &'static [usize] {
    <broadcast!(A => B)>::dims()
}
fn tensor<A: Broadcast<B>, B: Shape>(
    a: &Tensor<f32, A>,
    b: &Tensor<f32, B>,
) -> Tensor<f32, broadcast!(A, B)> {
    a + b
}
#[test]
fn generic() {
    assert_eq!(via_macro::<shape![2, 1], shape![3]>(), [2, 3]);
    assert_eq!(via_macro_to::<shape![3], shape![2, 3]>(), [2, 3]);
    let t = tensor(&Tensor::<f32, shape![2, 1]>::splat(1.0), &Tensor::<f32, shape![3]>::splat(2.0));
    assert_eq!(t.as_slice(), [3.0; 6]);
}
