// An argmin whose outputs each fold just under u32::MAX elements (1024 × 1024 × 4095, through
// broadcasting) type-checks: its positions fit in the u32 they are counted in. (Not run: the
// operand `b` alone is 16 MiB.)
use shapecast::prelude::*;

#[allow(dead_code)]
fn nearest(a: &Tensor<f32, shape![2, 1024, 1, 1]>, b: &Tensor<f32, shape![1, 1, 1024, 4095]>) -> Tensor<usize, shape![2]> {
    (a.lazy() + b).argmin_axes::<axes![1, 2, 3]>().eval()
}

fn main() {}
