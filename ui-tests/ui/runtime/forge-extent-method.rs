// Rejects forging a run-time size through the `Extent` bound: the constructor the crate calls
// inside is not callable from outside it, so no `Dyn` holds a value its binding did not give.
use shapecast::prelude::*;

fn forge<E: Extent>(value: usize) -> E {
    E::from_value(value)
}

struct Samples;

fn main() {
    bind!(let samples: Samples = 3);
    let _two_for_three = forge::<Dyn<'_, Samples>>(2) == samples;
}
