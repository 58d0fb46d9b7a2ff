// Rejects reading one element of an expression at an index of the caller's own: `at`, what the
// crate evaluates small fixed expressions with, takes an index only the crate can make, so no
// call from outside can read past a tensor's end.
use shapecast::expr::Expression;
use shapecast::prelude::*;

fn main() {
    let t = Tensor::<f32, shape![2]>::splat(1.0);
    let leaf = (&t).into_expression();
    let _ = leaf.at(&[5, 0, 0, 0, 0, 0, 0, 0]);
}
