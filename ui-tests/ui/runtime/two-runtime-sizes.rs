// Rejects two different run-time sizes on one axis: they are never assumed equal
use shapecast::prelude::*;

struct Samples;
struct Classes;

fn main() {
    let _: Option<broadcast!([Samples], [Classes])> = None;
}
