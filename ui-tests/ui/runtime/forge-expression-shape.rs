// Rejects an expression of the user's own claiming a run-time shape it cannot build: `Typed` is
// open, but the shape value must still come from a binding (and `Expression` is sealed).
use shapecast::expr::{Expression, Scalar, Typed};
use shapecast::prelude::*;

struct Rows;
struct Claim;

impl Typed for Claim {
    type Elem = f32;
    type Shape = shape![Rows<'static>];
    type Home = shapecast::tensor::ByShape;
    fn shape(&self) -> Self::Shape {
        Default::default()
    }
}

impl Expression for Claim {
    type Source<const W: usize> = Scalar<f32>;
    const SLOTS: usize = 0;
    fn source<const W: usize>(self, _: &[usize], _: &mut usize) -> Scalar<f32> {
        unimplemented!("never evaluated: the shape above does not compile")
    }
}

fn main() {}
