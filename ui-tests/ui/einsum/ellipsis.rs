// Rejects `...`, NumPy's broadcast axes, which einsum! does not support
use shapecast::prelude::*;

fn main() {
    let a = Tensor::<f32, shape![5, 2, 3]>::splat(1.0);
    let _ = einsum!("...ij->...ji", &a);
}
