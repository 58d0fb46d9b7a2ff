// Rejects equal ranks whose sizes clash
use shapecast::prelude::*;

type Out = broadcast!([1, 2], [2, 3], dims = []);

fn main() {
    let _: Option<Out> = None;
}
