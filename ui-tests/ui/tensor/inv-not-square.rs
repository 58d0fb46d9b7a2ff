// Rejects eye, inv and solve on a shape that is not square: a matrix is `[N, N]` with one fixed
// size N, a fact of the types, so a `[2, 3]` (or a vector, or a run-time size) is a compile error
use shapecast::prelude::*;

struct Rows;

fn main() {
    let _ = Tensor::<f64, shape![2, 3]>::eye();
    let m = Tensor::<f64, shape![2, 3]>::splat(1.0);
    let _ = m.inv();
    let v = Tensor::<f32, shape![4]>::splat(1.0);
    let _ = v.inv();
    let data = [1.0f64; 4];
    bind!(let rows: Rows = 2);
    let r = TensorRef::from_shape(dims![rows, rows], &data).unwrap();
    let _ = r.inv();
}
