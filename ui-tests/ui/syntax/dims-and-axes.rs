// Rejects dims and axes given together
use shapecast::prelude::*;

type Out = broadcast!([3] => [2, 3], dims = [1], axes = [0]);

fn main() {
    let _: Option<Out> = None;
}
