// Rejects dims out of order (XLA checks the order last)
use shapecast::prelude::*;

type Out = broadcast!([8, 8, 8], [8, 8], dims = [1, 0]);

fn main() {
    let _: Option<Out> = None;
}
