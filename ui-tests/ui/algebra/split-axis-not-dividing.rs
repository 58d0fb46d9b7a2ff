// A fixed axis split by a factor that does not divide it: 30 into [30/8, 8].
use shapecast::prelude::*;
fn main() {
    let x = Tensor::<f32, shape![2, 30]>::splat(1.0);
    let _ = x.split_axis::<1, 8>();
}
