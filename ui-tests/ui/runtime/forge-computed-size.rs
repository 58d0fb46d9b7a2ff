// Rejects making a computed size (a product, a quotient or a difference of sizes) by Default, without the
// operation that computes and checks it.
use shapecast::algebra::{Minus, Over, Times};
use shapecast::prelude::*;
use shapecast::shape::{Cons, Dim, Nil};

struct Batch;

fn main() {
    let _: shape![4, 2] = Default::default(); // a fixed shape: fine
    let _ = <Times<Dyn<'static, Batch>, Dim<16>>>::default();
    let _: Cons<Over<Dyn<'static, Batch>, Dim<4>>, Nil> = Default::default();
    let _ = <Minus<Dim<5>, Dyn<'static, Batch>>>::default();
}
