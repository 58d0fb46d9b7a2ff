// Rejects BroadcastInDim with a dims entry past the target rank
use shapecast::prelude::*;

type Out = broadcast!([2] => [2, 3], dims = [2]);

fn main() {
    let _: Option<Out> = None;
}
