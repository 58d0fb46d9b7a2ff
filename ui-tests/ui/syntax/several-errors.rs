// Rejects two malformed operands at once: both are reported, not only the first
use shapecast::prelude::*;

type Out = broadcast!([-1, 2], [2.5]);

fn main() {
    let _: Option<Out> = None;
}
