//! `abs` on expressions of signed integers (each width, wrapping at `MIN`) and of floats (the
//! sign bit cleared: `-0.0` gives `+0.0`, NaN stays NaN), fused with the rest of an expression.

use shapecast::prelude::*;

/// Each signed width: `|x|`, with `MIN` wrapped to itself as `wrapping_abs` gives.
macro_rules! widths {
    ($($name:ident: $t:ty;)*) => {$(
        #[test]
        fn $name() {
            let x = Tensor::<$t, shape![5]>::from([-3, 0, 3, <$t>::MAX, <$t>::MIN]);
            let got = x.lazy().abs().eval();
            assert_eq!(got.as_slice(), [3, 0, 3, <$t>::MAX, <$t>::MIN]);
            let want: Vec<$t> = x.as_slice().iter().map(|v| v.wrapping_abs()).collect();
            assert_eq!(got.as_slice(), &want[..]);
        }
    )*};
}

widths! {
    abs_i8: i8;
    abs_i16: i16;
    abs_i32: i32;
    abs_i64: i64;
    abs_i128: i128;
    abs_isize: isize;
}

#[test]
fn floats_keep_their_abs() {
    let x = Tensor::<f32, shape![5]>::from([-1.5, -0.0, 0.0, f32::NEG_INFINITY, -f32::NAN]);
    let got = x.lazy().abs().eval();
    let want = x.as_slice().iter().map(|v| v.abs().to_bits()).collect::<Vec<_>>();
    assert_eq!(got.as_slice().iter().map(|v| v.to_bits()).collect::<Vec<_>>(), want);
    assert_eq!(got.as_slice()[1].to_bits(), 0.0f32.to_bits());
    assert!(got.as_slice()[4].is_nan() && got.as_slice()[4].is_sign_positive());
    let y = Tensor::<f64, shape![2]>::from([-2.5, -0.0]);
    let got = y.lazy().abs().eval();
    assert_eq!(got.as_slice().iter().map(|v| v.to_bits()).collect::<Vec<_>>(), [2.5f64.to_bits(), 0]);
}

/// In an expression, broadcast and reduced: each axis' largest magnitude after an offset.
#[test]
fn peak_magnitude_in_one_expression() {
    let raw = Tensor::<i32, shape![4, 3]>::from([[1, -5, 7], [-9, 2, 0], [4, 4, -4], [0, 0, 1]]);
    let offset = Tensor::<i32, shape![3]>::from([1, -1, 2]);
    let peak = (raw.lazy() - &offset).abs().max_axes::<axes![0]>().eval();
    let mut want = [0i32; 3];
    for row in raw.as_slice().chunks(3) {
        for axis in 0..3 {
            want[axis] = want[axis].max((row[axis] - offset.as_slice()[axis]).abs());
        }
    }
    assert_eq!(peak.as_slice(), want);
    // With the integer `min`, `max` and `clamp`.
    let clipped = (raw.lazy() - &offset).abs().clamp(1, 5).eval();
    assert!(clipped.as_slice().iter().all(|v| (1..=5).contains(v)));
}
