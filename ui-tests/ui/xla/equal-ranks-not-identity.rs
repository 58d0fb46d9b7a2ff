// Rejects equal ranks with dims that are not the identity
use shapecast::prelude::*;

type Out = broadcast!([2, 3], [2, 3], dims = [1]);

fn main() {
    let _: Option<Out> = None;
}
