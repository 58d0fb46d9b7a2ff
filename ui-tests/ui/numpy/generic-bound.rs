// Rejects generic code instantiated with shapes that do not broadcast
use shapecast::prelude::*;

fn common_len<A: Broadcast<B>, B: Shape>() -> usize {
    Broadcasted::<A, B>::LEN
}

fn main() {
    let _ = common_len::<shape![2, 4], shape![3]>();
}
