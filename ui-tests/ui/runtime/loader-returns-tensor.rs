// Rejects a loader that returns the tensor whose size it bound: the size lives only as long as
// its binding (E0515 at the `bind!`). The form that works hands the tensor to a closure:
// `TensorRef::with_rows(&rows, |x: TensorRef<f32, shape![Samples, 4]>| …)`
use shapecast::prelude::*;

struct Samples;

fn load<'id>(data: &[f32]) -> TensorRef<'_, f32, shape![Samples<'id>, 4]> {
    bind!(let samples: Samples = data.len() / 4);
    TensorRef::from_shape(dims![samples, 4], data).unwrap()
}

fn main() {
    let _ = load(&[0.0; 8]);
}
