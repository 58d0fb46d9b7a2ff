// Rejects an axes! set that is not strictly increasing
use shapecast::prelude::*;

fn main() {
    let _ = <axes![2, 0]>::axes();
}
