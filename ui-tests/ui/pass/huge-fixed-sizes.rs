// Fixed sizes anywhere in usize, however many one bits they have (any `usize` is a size), at
// rustc's default recursion limit: the element count's proof for generic-array is warmed from
// its high bits, so it no longer nests past the limit (E0275 at `shape![9223372036854775807]`).
use shapecast::prelude::*;

#[cfg(target_pointer_width = "64")]
fn main() {
    type Odd = shape![9223372036854775807];
    type Max = shape![18446744073709551615];
    type Pair = shape![4294967295, 4294967297]; // 2^64 - 1 elements
    type Wide = shape![0, 18446744073709551615];
    assert_eq!(<Odd>::DIMS, [9223372036854775807]);
    assert_eq!(<Max>::LEN, usize::MAX);
    assert_eq!(<Pair>::LEN, usize::MAX);
    assert_eq!(<broadcast!(Odd, [1])>::LEN, 9223372036854775807);
    let t = Tensor::<u8, Wide>::splat(1);
    assert!(t.is_empty());
}

#[cfg(not(target_pointer_width = "64"))]
fn main() {}
