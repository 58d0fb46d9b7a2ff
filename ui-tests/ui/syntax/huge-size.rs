// Rejects a size that does not fit in usize
use shapecast::prelude::*;

type Out = broadcast!([99999999999999999999999], [1]);

fn main() {
    let _: Option<Out> = None;
}
