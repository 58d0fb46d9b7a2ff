// Rejects even naming the size constructor with a stand-in for its private proof argument: a
// diverging argument (`todo!()`) does not type-check either.
#![allow(unreachable_code)]
use shapecast::prelude::*;

fn forge<E: Extent>(value: usize) -> E {
    E::from_value(value, todo!())
}

fn main() {}
