// Rejects a run-time size in a type alias without its binding's lifetime
use shapecast::prelude::*;

struct Samples;

type Data = shape![Samples, 4];

fn main() {
    let _: Option<Data> = None;
}
