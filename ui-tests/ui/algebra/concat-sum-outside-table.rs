// Rejects a concatenation whose joined size has no `Dim` type: 1000 + 25 = 1025 is past
// typenum's table of constants
use shapecast::prelude::*;

fn main() {
    let a = BoxedTensor::<u8, shape![1000]>::splat(1);
    let b = BoxedTensor::<u8, shape![25]>::splat(2);
    let _ = a.concat::<0>(&b);
}
