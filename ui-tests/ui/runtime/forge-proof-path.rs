// Rejects naming the crate's private proof type, the argument its constructors require.
use shapecast::shape::sealed::Proof;

fn main() {}
