// Rejects forging a shape value through the `AnyShape` bound: `[Samples, Samples]` whose two
// axes differ would make the kernels read past the data.
use shapecast::prelude::*;

fn forge<S: AnyShape>() -> S {
    S::from_extents(&[2, 3])
}

struct Samples;

fn main() {
    bind!(let samples: Samples = 3);
    let _forged: shape![Samples, Samples] = forge();
    let _ = samples;
}
