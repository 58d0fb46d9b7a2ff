// Rejects axes (nGraph) without a target shape
use shapecast::prelude::*;

type Out = broadcast!([3], [2, 3], axes = [0]);

fn main() {
    let _: Option<Out> = None;
}
