// Rejects a constant's bare name in dims! (an expression entry is a run-time size): write it in
// braces
use shapecast::prelude::*;

const FEATURES: usize = 4;

struct Samples;

fn main() {
    bind!(let samples: Samples = 3);
    let _ = dims![samples, FEATURES];
}
