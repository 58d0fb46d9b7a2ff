// Rejects an argmin whose outputs each fold more than u32::MAX elements: 1024 × 1024 × 4096,
// through broadcasting (no operand is that large). Positions are counted in a u32.
use shapecast::prelude::*;

fn main() {
    let a = Tensor::<f32, shape![2, 1024, 1, 1]>::splat(1.0);
    let b = Tensor::<f32, shape![1, 1, 1024, 4096]>::splat(2.0);
    let _ = (a.lazy() + &b).argmin_axes::<axes![1, 2, 3]>().eval();
}
