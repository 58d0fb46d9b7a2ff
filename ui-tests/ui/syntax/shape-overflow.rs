// Rejects a shape! whose element count overflows usize
use shapecast::prelude::*;

type Out = shape![4294967296, 4294967296];

fn main() {
    let _: Option<Out> = None;
}
