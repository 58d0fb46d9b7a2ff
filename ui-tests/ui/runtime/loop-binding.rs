// Rejects a size bound in one loop iteration meeting the size bound in another
use shapecast::prelude::*;

struct Batch;

fn main() {
    let data = [0.0f32; 12];
    let mut previous = None;
    for n in [2, 3] {
        bind!(let batch: Batch = n);
        let t = TensorRef::from_shape(dims![batch, 2], &data[..2 * n]).unwrap();
        if let Some(p) = previous {
            let _ = &t + &p;
        }
        previous = Some(t);
    }
}
