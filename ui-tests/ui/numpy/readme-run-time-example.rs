// Rejects [7, 2, 5] with [7, 2, 6] (the README's run-time example) at compile time
use shapecast::prelude::*;

type Out = broadcast!([7, 2, 5], [7, 2, 6]);

fn main() {
    let _: Option<Out> = None;
}
