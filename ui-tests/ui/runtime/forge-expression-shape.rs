// Rejects an expression of the user's own claiming a run-time shape it cannot build: the trait
// is open, but its shape value must still come from a binding.
use shapecast::expr::{Expression, Scalar};
use shapecast::prelude::*;

struct Rows;
struct Claim;

impl Expression for Claim {
    type Elem = f32;
    type Shape = shape![Rows<'static>];
    type Home = shapecast::tensor::ByShape;
    type Source<const W: usize> = Scalar<f32>;
    const SLOTS: usize = 0;
    fn shape(&self) -> Self::Shape {
        Default::default()
    }
    fn source<const W: usize>(self, _: &[usize], _: &mut usize) -> Scalar<f32> {
        unimplemented!("never evaluated: the shape above does not compile")
    }
}

fn main() {}
