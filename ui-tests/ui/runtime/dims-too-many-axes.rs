// Rejects a dims! value of 65 entries: a shape has at most 64 axes (checked by cargo check, so
// from_shape, element_count and from_elem never see such a shape)
use shapecast::prelude::*;

struct Rows;

fn main() {
    bind!(let rows: Rows = 2);
    let shape = dims![rows, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1];
    let _ = TensorRef::from_shape(shape, &[0u8; 2]);
}
