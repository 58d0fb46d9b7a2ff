// Rejects implementing the output checks of `zip_with_into` and `matmul_into` for a type of the
// user's own: `ResultSizes` and `WritesInto` are sealed (an impl with a tensor's storage type
// overlaps the crate's own instead)
use shapecast::shape::Dim;
use shapecast::tensor::{OutputSizes, ResultSizes, WritesInto};

struct MySizes;
struct MyStorage;

impl ResultSizes<(Dim<2>, Dim<3>), MyStorage> for MySizes {
    type Proof = ();
}

impl ResultSizes<MySizes, MyStorage> for OutputSizes<MySizes> {
    type Proof = ();
}

impl WritesInto<MySizes, MyStorage> for MySizes {}

fn main() {}
