// Rejects a size-1 argument axis (nGraph never stretches)
use shapecast::prelude::*;

type Out = broadcast!([1] => [2, 3], axes = [0]);

fn main() {
    let _: Option<Out> = None;
}
