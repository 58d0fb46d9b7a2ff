// A bare const generic parameter in shape! is read as the name of a run-time size (a type), so
// rustc rejects it (E0747) before the crate is consulted; braced, `{B}`, it gets the crate's own
// message, which says what to write instead (see const-generic-size.rs)
use shapecast::prelude::*;

fn takes<const B: usize>(_x: &TensorRef<'_, f32, shape![B, 16]>) {}

fn main() {
    let _ = takes::<2>;
}
