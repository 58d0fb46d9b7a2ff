// Rejects generic code instantiated with shapes that broadcast, but whose result has more
// elements than usize can count (not a clash of sizes)
use shapecast::prelude::*;

fn common_len<A: Broadcast<B>, B: Shape>() -> usize {
    Broadcasted::<A, B>::LEN
}

fn main() {
    let _ = common_len::<shape![4294967296, 1], shape![1, 8589934592]>();
}
