// A check of the shape algebra cannot be claimed from outside the crate: rustc's orphan rule
// refuses an impl of the concatenation's size check for two of the crate's sizes.
use shapecast::algebra::SameSizeOn;
use shapecast::shape::Dim;
use shapecast::typelevel::Axis;

impl SameSizeOn<Dim<3>, Axis<1>, 0> for Dim<5> {
    type Proof = ();
}

fn main() {}
