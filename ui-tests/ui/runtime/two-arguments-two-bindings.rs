// Rejects mixing two arguments whose shapes leave the binding out: each `shape![Samples, 2]`
// written in a signature is a binding of its own (`fn f<'id>(a: …Samples<'id>…, b: …Samples<'id>…)`
// shares one)
use shapecast::prelude::*;

struct Samples;

fn distances(a: TensorRef<'_, f32, shape![Samples, 2]>, b: TensorRef<'_, f32, shape![Samples, 2]>) {
    let _ = &a - &b;
}

fn main() {}
