// Rejects a constant's name as a size in shape! (a name there is a run-time size): write it in braces
use shapecast::prelude::*;

const BATCH: usize = 2;

fn main() {
    let _: Option<shape![BATCH, 16]> = None;
    let _ = BATCH;
}
