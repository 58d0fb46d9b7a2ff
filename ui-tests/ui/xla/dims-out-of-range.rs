// Rejects a dims entry past the higher rank
use shapecast::prelude::*;

type Out = broadcast!([16, 8, 4], [8], dims = [3]);

fn main() {
    let _: Option<Out> = None;
}
