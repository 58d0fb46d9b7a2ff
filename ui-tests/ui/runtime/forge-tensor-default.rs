// Rejects a tensor of a run-time shape made by `Default`: its size would come from nowhere.
use shapecast::prelude::*;

struct Rows;

fn main() {
    let _forged: BoxedTensor<f32, shape![Rows<'static>, 2]> = Default::default();
}
