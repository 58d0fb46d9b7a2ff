//! Every refusal, and that a refused call leaves `c` untouched.

mod common;

use common::{Layout, Num, Order, Owned, Rng, expect_error};
use shapecast_gemm::{Gemm, GemmError, MatMut, MatRef};

fn operands<T: Num>(m: usize, k: usize, n: usize, lc: Layout) -> (Owned<T>, Owned<T>, Owned<T>) {
    let mut rng = Rng(7);
    let a =
        Owned::new(m, k, Layout { pad: 1, ..Layout::dense(Order::RowMajor) }, || T::from_f64(rng.dyadic()));
    let b =
        Owned::new(k, n, Layout { inner: 2, ..Layout::dense(Order::ColMajor) }, || T::from_f64(rng.dyadic()));
    let c = Owned::new(m, n, lc, || T::from_f64(rng.dyadic()));
    (a, b, c)
}

#[test]
fn dimension_mismatch() {
    let (a, b, mut c) = operands::<f64>(3, 4, 5, Layout::dense(Order::RowMajor));
    let (_, b2, mut c2) = operands::<f64>(3, 2, 6, Layout::dense(Order::RowMajor));
    let mismatch =
        |a: (usize, usize), b: (usize, usize), c: (usize, usize)| GemmError::DimensionMismatch { a, b, c };
    // a.cols != b.rows
    expect_error(1.0, a.as_ref(), b2.as_ref(), 0.0, c.as_mut(), mismatch((3, 4), (2, 6), (3, 5)));
    // c.rows != a.rows
    let (a3, _, _) = operands::<f64>(4, 4, 5, Layout::dense(Order::RowMajor));
    expect_error(1.0, a3.as_ref(), b.as_ref(), 0.0, c.as_mut(), mismatch((4, 4), (4, 5), (3, 5)));
    // c.cols != b.cols
    expect_error(1.0, a.as_ref(), b.as_ref(), 0.0, c2.as_mut(), mismatch((3, 4), (4, 5), (3, 6)));
    // The shapes are checked first, before the bounds: an out-of-bounds a is reported as a mismatch.
    let short = MatRef { data: &[0.0; 1], ..a.as_ref() };
    expect_error(1.0, short, b2.as_ref(), 0.0, c.as_mut(), mismatch((3, 4), (2, 6), (3, 5)));
}

/// One element short, for each operand, in two ways: the slice one shorter, or the offset one
/// further. Each of `c`'s layouts too. Also when the operand is fine but another is empty.
fn out_of_bounds_by_one<T: Num>() {
    for lc in [
        Layout::dense(Order::RowMajor),
        Layout::dense(Order::ColMajor),
        Layout { inner: 2, pad: 1, offset: 2, slack: 0, order: Order::ColMajor },
    ] {
        for (m, k, n) in [(1, 1, 1), (3, 4, 5), (7, 13, 5)] {
            let (a, b, mut c) = operands::<T>(m, k, n, lc);
            let (la, lb, lcn) = (a.data.len(), b.data.len(), c.data.len());
            let oob = |operand, index, len| GemmError::OutOfBounds { operand, index, len };

            let a_short = MatRef { data: &a.data[..la - 1], ..a.as_ref() };
            expect_error(
                T::from_f64(1.0),
                a_short,
                b.as_ref(),
                T::from_f64(0.0),
                c.as_mut(),
                oob('a', la - 1, la - 1),
            );
            let a_shifted = MatRef { offset: a.offset + 1, ..a.as_ref() };
            expect_error(
                T::from_f64(1.0),
                a_shifted,
                b.as_ref(),
                T::from_f64(0.0),
                c.as_mut(),
                oob('a', la, la),
            );

            let b_short = MatRef { data: &b.data[..lb - 1], ..b.as_ref() };
            expect_error(
                T::from_f64(1.0),
                a.as_ref(),
                b_short,
                T::from_f64(0.0),
                c.as_mut(),
                oob('b', lb - 1, lb - 1),
            );
            let b_shifted = MatRef { offset: b.offset + 1, ..b.as_ref() };
            expect_error(
                T::from_f64(1.0),
                a.as_ref(),
                b_shifted,
                T::from_f64(1.0),
                c.as_mut(),
                oob('b', lb, lb),
            );

            let c_short = MatMut {
                data: &mut c.data[..lcn - 1],
                offset: c.offset,
                rows: m,
                cols: n,
                row_stride: c.row_stride,
                col_stride: c.col_stride,
            };
            expect_error(
                T::from_f64(1.0),
                a.as_ref(),
                b.as_ref(),
                T::from_f64(0.0),
                c_short,
                oob('c', lcn - 1, lcn - 1),
            );
            let c_shifted = MatMut { offset: c.offset + 1, ..c.as_mut() };
            expect_error(
                T::from_f64(1.0),
                a.as_ref(),
                b.as_ref(),
                T::from_f64(0.0),
                c_shifted,
                oob('c', lcn, lcn),
            );

            // Exactly long enough is accepted.
            T::gemm(T::from_f64(1.0), a.as_ref(), b.as_ref(), T::from_f64(0.0), c.as_mut()).unwrap();
        }
    }
    // The operands are checked even when there is nothing to multiply: m == 0 with b too short,
    // k == 0 with c too short.
    let (a, b, mut c) = operands::<T>(0, 3, 2, Layout::dense(Order::RowMajor));
    let b_short = MatRef { data: &b.data[..b.data.len() - 1], ..b.as_ref() };
    let lb = b.data.len();
    expect_error(
        T::from_f64(1.0),
        a.as_ref(),
        b_short,
        T::from_f64(0.0),
        c.as_mut(),
        GemmError::OutOfBounds { operand: 'b', index: lb - 1, len: lb - 1 },
    );
    let (a, b, mut c) = operands::<T>(2, 0, 2, Layout::dense(Order::RowMajor));
    let c_shifted = MatMut { offset: 1, ..c.as_mut() };
    expect_error(
        T::from_f64(1.0),
        a.as_ref(),
        b.as_ref(),
        T::from_f64(0.0),
        c_shifted,
        GemmError::OutOfBounds { operand: 'c', index: 4, len: 4 },
    );
}

#[test]
fn out_of_bounds_by_one_f64() {
    out_of_bounds_by_one::<f64>();
}

#[test]
fn out_of_bounds_by_one_f32() {
    out_of_bounds_by_one::<f32>();
}

#[test]
fn aliasing_c() {
    let a = [1.0f64; 64];
    let b = [1.0f64; 64];
    let mut c = [-3.0f64; 64];
    // (rows, cols, row_stride, col_stride) with two elements at one place, then conservative
    // refusals (distinct, but interleaved).
    let refused = [
        (2, 2, 0, 1),
        (2, 2, 1, 0),
        (2, 1, 0, 7),
        (1, 2, 7, 0),
        (2, 2, 0, 0),
        (2, 2, 1, 1),
        (2, 2, 3, 3),
        (3, 2, 1, 2),
        (2, 3, 2, 1),
        (4, 4, 3, 4),
        (2, 2, 2, 3),
    ];
    for (rows, cols, row_stride, col_stride) in refused {
        let a_ = MatRef { data: &a, offset: 0, rows, cols: 2, row_stride: 2, col_stride: 1 };
        let b_ = MatRef { data: &b, offset: 0, rows: 2, cols, row_stride: cols, col_stride: 1 };
        let c_ = MatMut { data: &mut c, offset: 1, rows, cols, row_stride, col_stride };
        expect_error(1.0, a_, b_, 0.0, c_, GemmError::Aliasing);
    }
    // Accepted: the stride of an axis of one element is free (0 or large), and tight layouts.
    let accepted = [
        (0, 3, 0, 0),
        (3, 0, 0, 0),
        (1, 1, 0, 0),
        (1, 1, 40, 50),
        (2, 1, 1, 0),
        (1, 2, 0, 1),
        (3, 2, 1, 3),
        (2, 3, 3, 1),
        (3, 3, 5, 1),
        (2, 2, 1, 2),
    ];
    for (rows, cols, row_stride, col_stride) in accepted {
        c = [-3.0; 64];
        let a_ = MatRef { data: &a, offset: 0, rows, cols: 2, row_stride: 2, col_stride: 1 };
        let b_ = MatRef { data: &b, offset: 0, rows: 2, cols, row_stride: cols, col_stride: 1 };
        let c_ = MatMut { data: &mut c, offset: 1, rows, cols, row_stride, col_stride };
        f64::gemm(1.0, a_, b_, 0.0, c_).unwrap();
        for i in 0..rows {
            for j in 0..cols {
                assert_eq!(c[1 + i * row_stride + j * col_stride], 2.0);
            }
        }
        assert_eq!(c.iter().filter(|&&x| x == 2.0).count(), rows * cols);
    }
}

#[test]
fn stride_and_offset_overflow() {
    let a = [1.0f32; 8];
    let b = [1.0f32; 8];
    let mut c = [5.0f32; 8];
    let big = isize::MAX as usize + 1;
    let a_ok = MatRef { data: &a, offset: 0, rows: 2, cols: 2, row_stride: 2, col_stride: 1 };
    let b_ok = MatRef { data: &b, ..a_ok };
    let ovf = |operand| GemmError::Overflow { operand };

    // A stride past isize::MAX, even along an axis of one element.
    let a_ = MatRef { rows: 1, row_stride: big, ..a_ok };
    let c_ = MatMut { data: &mut c, offset: 0, rows: 1, cols: 2, row_stride: 2, col_stride: 1 };
    expect_error(1.0, a_, b_ok, 0.0, c_, ovf('a'));
    let b_ = MatRef { col_stride: usize::MAX, ..b_ok };
    expect_error(
        1.0,
        a_ok,
        b_,
        0.0,
        MatMut { data: &mut c, offset: 0, rows: 2, cols: 2, row_stride: 2, col_stride: 1 },
        ovf('b'),
    );
    let c_ = MatMut { data: &mut c, offset: 0, rows: 2, cols: 2, row_stride: 2, col_stride: big };
    expect_error(1.0, a_ok, b_ok, 0.0, c_, ovf('c'));

    // Strides that fit isize whose largest offset overflows usize.
    let a3 = MatRef { data: &a, offset: 0, rows: 4, cols: 2, row_stride: isize::MAX as usize, col_stride: 1 };
    let c_ = MatMut { data: &mut c, offset: 0, rows: 4, cols: 2, row_stride: 2, col_stride: 1 };
    expect_error(1.0, a3, b_ok, 0.0, c_, ovf('a'));
    // The offset added last.
    let c_ = MatMut { data: &mut c, offset: usize::MAX, rows: 2, cols: 2, row_stride: 2, col_stride: 1 };
    expect_error(1.0, a_ok, b_ok, 0.0, c_, ovf('c'));

    // Strides that fit and do not overflow but reach past the slice: out of bounds.
    let b_ = MatRef { row_stride: isize::MAX as usize, ..b_ok };
    let c_ = MatMut { data: &mut c, offset: 0, rows: 2, cols: 2, row_stride: 2, col_stride: 1 };
    expect_error(
        1.0,
        a_ok,
        b_,
        0.0,
        c_,
        GemmError::OutOfBounds { operand: 'b', index: isize::MAX as usize + 1, len: 8 },
    );
    let c_ = MatMut { data: &mut c, offset: usize::MAX, rows: 1, cols: 2, row_stride: 0, col_stride: 0 };
    let a1 = MatRef { rows: 1, ..a_ok };
    expect_error(1.0, a1, b_ok, 0.0, c_, GemmError::OutOfBounds { operand: 'c', index: usize::MAX, len: 8 });
    // (That c was refused for its offset before its zero col_stride: bounds come before aliasing.)
}

#[test]
fn display_messages() {
    let cases = [
        (GemmError::DimensionMismatch { a: (2, 3), b: (4, 5), c: (2, 5) }, "a is 2×3, b is 4×5 and c is 2×5"),
        (
            GemmError::OutOfBounds { operand: 'b', index: 12, len: 12 },
            "matrix b reaches element 12 of its data, which has only 12 elements",
        ),
        (GemmError::Overflow { operand: 'a' }, "matrix a are too large"),
        (GemmError::Aliasing, "two of its elements at the same place"),
    ];
    for (err, part) in cases {
        let text = err.to_string();
        assert!(text.contains(part), "{text:?} lacks {part:?}");
    }
}
