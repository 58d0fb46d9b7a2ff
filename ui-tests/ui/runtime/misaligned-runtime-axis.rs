// Rejects [Samples, 10] - [Samples]: NumPy lines shapes up from the right, so the rank-1 operand's
// run-time size meets the fixed 10 (naive Bayes' `(n_samples,)` against `(n_classes,)`); the
// message says to insert an axis or name the dims, and only then to convert
use shapecast::prelude::*;

struct Samples;

fn main() {
    let (scores, norm) = ([0.0f32; 30], [1.0f32; 3]);
    bind!(let samples: Samples = 3);
    let a = TensorRef::from_shape(dims![samples, 10], &scores).unwrap();
    let b = TensorRef::from_shape(dims![samples], &norm).unwrap();
    let _ = &a - &b;
}
