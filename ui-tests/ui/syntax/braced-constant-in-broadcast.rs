// Rejects a braced constant in broadcast!'s literal lists (the macro cannot read its value)
use shapecast::prelude::*;

const FEATURES: usize = 4;

type Out = broadcast!([2, { FEATURES }], [1]);

fn main() {
    let _: Option<Out> = None;
}
