// Rejects the shape constructor with a diverging stand-in for its private proof argument.
#![allow(unreachable_code)]
use shapecast::prelude::*;

fn forge<S: AnyShape>() -> S {
    S::from_extents(&[2, 3], unreachable!())
}

fn main() {}
