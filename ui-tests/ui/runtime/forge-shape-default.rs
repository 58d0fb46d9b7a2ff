// Rejects a shape value with a run-time size made by `Default` instead of by `bind!`/`dims!`.
use shapecast::prelude::*;

struct Samples;

fn main() {
    let _forged = <shape![Samples<'static>, 4]>::default();
}
