// Rejects a run-time size made from a plain number by a standard conversion (`From`, `Into`,
// `TryFrom`) instead of by `bind!`: only a binding gives a size its brand.
use shapecast::prelude::*;

struct Samples;

fn main() {
    let _from: Dyn<'static, Samples> = Dyn::from(4usize);
    let _into: Dyn<'static, Samples> = 4usize.into();
    let _try: Dyn<'static, Samples> = Dyn::try_from(4usize).unwrap();
}
