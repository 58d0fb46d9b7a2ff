// Rejects a run-time size used outside the block that bound it
use shapecast::prelude::*;

struct Samples;

fn main() {
    let escaped = {
        bind!(let samples: Samples = 3);
        samples
    };
    let _ = escaped.get();
}
