// Rejects an argument whose rank is not the target's minus the axes
use shapecast::prelude::*;

type Out = broadcast!([3] => [2, 3], axes = [0, 1]);

fn main() {
    let _: Option<Out> = None;
}
