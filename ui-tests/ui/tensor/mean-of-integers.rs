// A mean of integers: NumPy's is a float64, so shapecast asks for a conversion first.
use shapecast::prelude::*;
fn main() {
    let counts = Tensor::<i32, shape![2, 3]>::from([[1, 2, 3], [4, 5, 6]]);
    let _ = counts.mean_axes::<axes![0]>();
}
