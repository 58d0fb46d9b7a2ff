// Rejects filling in a computed size (here a sum of sizes) by hand: its fields are private.
use shapecast::algebra::Plus;
use shapecast::prelude::*;
use shapecast::shape::Dim;

struct Batch;

fn main() {
    let _ = Plus::<Dyn<'static, Batch>, Dim<1>> { value: 3, parts: Default::default() };
}
