// Rejects returning the tensor out of `with_rows`: its shape holds the size bound there, which
// lives only inside the closure; a reduced result or a plain value leaves instead
use shapecast::prelude::*;

struct Samples;

fn main() {
    let rows = vec![[1.0f32; 4]; 3];
    let _x = TensorRef::with_rows(&rows, |x: TensorRef<f32, shape![Samples, 4]>| x);
}
