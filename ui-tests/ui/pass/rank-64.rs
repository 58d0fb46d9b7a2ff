// Typed shapes of 64 axes, the most there are, at rustc's default recursion limit: broadcasts of
// type and literal operands, a tensor, a reduction.
use shapecast::prelude::*;

type Ones = shape![1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1];
type Wide = shape![2, 3, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 4, 65537];

fn main() {
    assert_eq!(<broadcast!(Ones, [2])>::RANK, 64);
    assert_eq!(<broadcast!(Wide, [1, 65537])>::LEN, 2 * 3 * 4 * 65537);
    let t = Tensor::<u8, Ones>::splat(3);
    assert_eq!((&t + &t).as_slice(), [6]);
    let w = Tensor::<u8, shape![1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 2, 3]>::splat(1);
    let s: Tensor<u8, shape![3]> = w.sum_to();
    assert_eq!(s.as_slice(), [2, 2, 2]);
}
