// Rejects a size with a suffix other than usize
use shapecast::prelude::*;

type Out = broadcast!([3u8], [3]);

fn main() {
    let _: Option<Out> = None;
}
