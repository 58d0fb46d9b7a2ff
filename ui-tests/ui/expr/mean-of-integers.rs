// A mean of integers in an expression, and the total's.
use shapecast::prelude::*;
fn main() {
    let counts = Tensor::<i32, shape![2, 3]>::from([[1, 2, 3], [4, 5, 6]]);
    let _ = (counts.lazy() * 2).mean_keepdims::<axes![1]>();
    let _ = counts.lazy().mean_all();
}
