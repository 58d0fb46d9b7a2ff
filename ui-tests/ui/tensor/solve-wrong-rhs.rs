// Rejects solve with a right-hand side that does not fit the matrix: `b` is `[N]` or `[N, R]`,
// N the matrix's size
use shapecast::prelude::*;

fn main() {
    let m = Tensor::<f64, shape![3, 3]>::eye();
    let _ = m.solve(&Tensor::<f64, shape![4]>::splat(1.0));
    let _ = m.solve(&Tensor::<f64, shape![2, 3]>::splat(1.0));
    let _ = m.solve(&Tensor::<f64, shape![3, 1, 1]>::splat(1.0));
}
