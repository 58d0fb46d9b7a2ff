// Rejects a reshape between element counts past typenum's table of constants (1600 and 1640):
// the error cannot print the counts, and says that they differ
use shapecast::prelude::*;

fn main() {
    let t = BoxedTensor::<u8, shape![40, 40]>::splat(1);
    let _ = t.reshape::<shape![41, 40]>();
}
