// A size given by a named constant, in braces: a fixed size, in shape! and in dims!
use shapecast::prelude::*;
use static_assertions::assert_type_eq_all;

const FEATURES: usize = 4;
const WIDE: usize = 1024;

struct Rows;

fn main() {
    assert_type_eq_all!(shape![2, { FEATURES }], shape![2, 4]);
    assert_type_eq_all!(shape![{ FEATURES * 2 }, { WIDE }], shape![8, 1024]);
    assert_eq!(<shape![{ FEATURES }, 3]>::LEN, 12);
    type Wide<'id> = shape![Rows<'id>, { FEATURES }];
    assert_type_eq_all!(broadcast!(Wide<'static>, [1]), shape![Rows<'static>, 4]);

    bind!(let rows: Rows = 3);
    let s: shape![Rows, { FEATURES }] = dims![rows, { FEATURES }];
    assert_eq!(*s.extents(), [3, 4]);
    let data = [0.5f32; 12];
    let t = TensorRef::from_shape(dims![rows, { FEATURES }], &data).unwrap();
    assert_eq!(t.sum_axes::<axes![0, 1]>().value(), 6.0);
}
