// Rejects an expression that puts two run-time sizes on one axis: rows of `Samples` against a
// vector of `Classes` (the naive Bayes mistake, inside an expression).
use shapecast::prelude::*;

struct Samples;
struct Classes;

fn main() {
    bind!(let samples: Samples = 3);
    bind!(let classes: Classes = 2);
    let rows = [0.0f32; 6];
    let labels = [0.0f32; 2];
    let x = TensorRef::from_shape(dims![samples, 2], &rows).unwrap();
    let w = TensorRef::from_shape(dims![classes], &labels).unwrap();
    let _ = (x.lazy().exp() * 2.0 - &w).eval();
}
