// Rejects a run-time size against a fixed size other than 1: never assumed equal, even if it is
use shapecast::prelude::*;

struct Samples;

fn main() {
    let _: Option<broadcast!([Samples, 4], [150, 4])> = None;
}
