// Rejects a result with more elements than usize can count
use shapecast::prelude::*;

type Out = broadcast!([4294967296, 1], [1, 4294967296]);

fn main() {
    let _: Option<Out> = None;
}
