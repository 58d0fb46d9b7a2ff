//! Binding run-time sizes from data, on arbitrary bytes: the check shared by the fuzz target
//! `fuzz/fuzz_targets/binding.rs` and the stable replay of its corpus (`tests/test_fuzz_binding.rs`).
//!
//! Each input is decoded into two run-time sizes (small, or huge) and the lengths of three
//! buffers that should hold `[Rows, 4]`, `[Rows, 1]` and `[Cols, 4]`. Data enters only through
//! `from_shape`, which must accept exactly the right lengths (products computed without
//! overflow) and refuse every other with the exact error, writing nothing; whatever enters is
//! then put through the operations, each checked against a plain loop here, and the checked
//! conversion between the two bindings must succeed exactly when the sizes agree.
#![allow(dead_code)]

use shapecast::prelude::*;

struct Rows;
struct Cols;

/// The bytes, read front to back; zeros once they run out.
struct Bytes<'a>(&'a [u8]);

impl Bytes<'_> {
    fn byte(&mut self) -> u8 {
        let (&b, rest) = self.0.split_first().unwrap_or((&0, &[]));
        self.0 = rest;
        b
    }

    /// A size: mostly small (0 to 63), sometimes near a power of two or `usize::MAX`.
    fn size(&mut self) -> usize {
        match self.byte() {
            0..=199 => usize::from(self.byte() % 64),
            200..=239 => 1usize << (self.byte() % 64),
            240..=249 => usize::MAX - usize::from(self.byte() % 4),
            _ => usize::from(self.byte()) << 8 | usize::from(self.byte()),
        }
    }

    /// A buffer length near `want` (or any small length), at most 4096.
    fn length(&mut self, want: Option<usize>) -> usize {
        let delta = usize::from(self.byte() % 5);
        let len = match (self.byte() % 4, want) {
            (0, _) | (_, None) => usize::from(self.byte()),
            (1, Some(w)) => w.wrapping_add(delta),
            (2, Some(w)) => w.wrapping_sub(delta),
            (_, Some(w)) => w,
        };
        len.min(4096)
    }
}

fn values(len: usize, seed: u8) -> Vec<i64> {
    (0..len).map(|i| (i as i64 * 7 + i64::from(seed)) % 23 - 11).collect()
}

/// `from_shape` of `len` elements in sizes `dims`: `Ok` exactly when `len` is their product.
fn expect_entry<T: std::fmt::Debug>(got: &Result<T, ShapeError>, dims: &[usize], len: usize) {
    let count = dims.iter().try_fold(1usize, |n, &d| n.checked_mul(d));
    let expected = if dims.contains(&0) { Some(0) } else { count };
    match (got, expected) {
        (Ok(_), Some(n)) => assert_eq!(n, len, "accepted {len} elements for {dims:?}"),
        (Err(e), Some(n)) => {
            assert_ne!(n, len, "refused {len} elements for {dims:?}: {e}");
            assert!(
                matches!(e.kind(), shapecast::dynamic::ErrorKind::WrongLength { expected, found, .. } if expected == n && found == len),
                "{e:?}"
            );
        }
        (Err(e), None) => {
            assert!(matches!(e.kind(), shapecast::dynamic::ErrorKind::TooManyElements), "{e:?}");
        }
        (Ok(t), None) => panic!("accepted an overflowing shape {dims:?}: {t:?}"),
    }
}

/// One fuzz case.
pub fn binding_case(data: &[u8]) {
    let mut bytes = Bytes(data);
    let (r, c) = (bytes.size(), bytes.size());
    let want = |a: usize, b: usize| a.checked_mul(b).filter(|&n| n <= 4096);
    let (l_rows, l_col, l_cols) = (bytes.length(want(r, 4)), bytes.length(Some(r)), bytes.length(want(c, 4)));
    let seed = bytes.byte();
    bind!(let rows: Rows = r);
    bind!(let cols: Cols = c);
    let (x, col, y) = (values(l_rows, seed), values(l_col, seed ^ 1), values(l_cols, seed ^ 2));

    let a = TensorRef::from_shape(dims![rows, 4], &x);
    expect_entry(&a, &[r, 4], l_rows);
    let column = TensorRef::from_shape(dims![rows, 1], &col);
    expect_entry(&column, &[r, 1], l_col);
    let b = TensorRef::from_shape(dims![cols, 4], &y);
    expect_entry(&b, &[c, 4], l_cols);
    let mut out = vec![99i64; l_rows];
    let into = TensorMut::from_shape(dims![rows, 4], &mut out);
    expect_entry(&into, &[r, 4], l_rows);
    if into.is_err() {
        assert!(out.iter().all(|&v| v == 99), "nothing written on error");
    }

    let (Ok(a), Ok(column)) = (a, column) else { return };
    let bias = Tensor::<i64, shape![4]>::from([1, -2, 3, -4]);
    // [Rows, 4] + [4], [Rows, 4] * [Rows, 1], the sum over the run-time axis, in place.
    let sum = a + &bias;
    let want_sum: Vec<i64> = x.iter().enumerate().map(|(i, v)| v + bias.as_slice()[i % 4]).collect();
    assert_eq!(sum.as_slice(), want_sum);
    let scaled = a * column;
    let want_scaled: Vec<i64> = x.iter().enumerate().map(|(i, v)| v * col[i / 4]).collect();
    assert_eq!(scaled.as_slice(), want_scaled);
    let per_feature: Tensor<i64, shape![4]> = a.sum_axes::<axes![0]>();
    let want_features: Vec<i64> = (0..4).map(|j| x.iter().skip(j).step_by(4).sum()).collect();
    assert_eq!(per_feature.as_slice(), want_features);
    let mut out = vec![0i64; x.len()];
    let mut into = TensorMut::from_shape(dims![rows, 4], &mut out).expect("the same length as x");
    a.zip_with_into(&bias, &mut into, |p, q| p - q);
    into += &column;
    let want_into: Vec<i64> =
        x.iter().enumerate().map(|(i, v)| v - bias.as_slice()[i % 4] + col[i / 4]).collect();
    assert_eq!(out, want_into);

    // The two bindings meet only through a checked conversion, which holds when r == c.
    if let Ok(b) = b {
        let converted = b.cast_shape(dims![rows, 4]);
        assert_eq!(converted.is_ok(), r == c, "{converted:?}");
        if let Ok(b) = converted {
            let diff = a - b;
            let want_diff: Vec<i64> = x.iter().zip(&y).map(|(p, q)| p - q).collect();
            assert_eq!(diff.as_slice(), want_diff);
        }
    }
}
