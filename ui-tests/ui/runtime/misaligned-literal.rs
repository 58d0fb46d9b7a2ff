// Rejects [Samples, 10] with [Samples] in literals: NumPy lines shapes up from the right, so the
// rank-1 operand's Samples meets the 10; the message says which shape lines it up
use shapecast::prelude::*;

struct Samples;

fn main() {
    let _: Option<broadcast!([Samples, 10], [Samples])> = None;
}
