//! Helpers shared by the test files: operand layouts, a small seeded generator, the naive product.
#![allow(dead_code)]

use shapecast_gemm::{Gemm, GemmError, MatMut, MatRef};

/// f32 and f64, as the tests see them.
pub trait Num: Gemm + core::fmt::Debug + PartialEq {
    const NAN: Self;
    fn from_f64(x: f64) -> Self;
    fn to_f64(self) -> f64;
    /// The same value, bit for bit (NaNs included).
    fn same(self, other: Self) -> bool;
}

impl Num for f32 {
    const NAN: f32 = f32::NAN;
    fn from_f64(x: f64) -> f32 {
        x as f32
    }
    fn to_f64(self) -> f64 {
        f64::from(self)
    }
    fn same(self, other: f32) -> bool {
        self.to_bits() == other.to_bits()
    }
}

impl Num for f64 {
    const NAN: f64 = f64::NAN;
    fn from_f64(x: f64) -> f64 {
        x
    }
    fn to_f64(self) -> f64 {
        self
    }
    fn same(self, other: f64) -> bool {
        self.to_bits() == other.to_bits()
    }
}

/// How an operand's elements are laid out in its slice.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Order {
    /// Rows one after another (`col_stride = inner`, `row_stride = inner*cols + pad`).
    RowMajor,
    /// Columns one after another: the transpose of a row-major matrix.
    ColMajor,
    /// Every row the same (`row_stride = 0`): for `a` and `b` only.
    BroadcastRows,
    /// Every column the same (`col_stride = 0`): for `a` and `b` only.
    BroadcastCols,
}

pub const ORDERS: [Order; 4] = [Order::RowMajor, Order::ColMajor, Order::BroadcastRows, Order::BroadcastCols];
pub const C_ORDERS: [Order; 2] = [Order::RowMajor, Order::ColMajor];

/// An operand's layout: order, the inner stride (1 is contiguous), padding between rows or
/// columns, the offset of element (0, 0), and spare elements after the last.
#[derive(Clone, Copy, Debug)]
pub struct Layout {
    pub order: Order,
    pub inner: usize,
    pub pad: usize,
    pub offset: usize,
    pub slack: usize,
}

impl Layout {
    pub const fn dense(order: Order) -> Layout {
        Layout { order, inner: 1, pad: 0, offset: 0, slack: 0 }
    }

    /// `(row_stride, col_stride)` for `rows × cols`.
    pub fn strides(&self, rows: usize, cols: usize) -> (usize, usize) {
        match self.order {
            Order::RowMajor => (self.inner * cols + self.pad, self.inner),
            Order::ColMajor => (self.inner, self.inner * rows + self.pad),
            Order::BroadcastRows => (0, self.inner),
            Order::BroadcastCols => (self.inner, 0),
        }
    }

    /// The slice length this layout needs: exactly its last element's offset + 1, plus slack.
    pub fn len(&self, rows: usize, cols: usize) -> usize {
        let (rs, cs) = self.strides(rows, cols);
        if rows == 0 || cols == 0 {
            self.offset + self.slack
        } else {
            self.offset + (rows - 1) * rs + (cols - 1) * cs + 1 + self.slack
        }
    }
}

/// A matrix in a slice it owns.
#[derive(Clone, Debug)]
pub struct Owned<T> {
    pub data: Vec<T>,
    pub offset: usize,
    pub rows: usize,
    pub cols: usize,
    pub row_stride: usize,
    pub col_stride: usize,
}

impl<T: Num> Owned<T> {
    /// `rows × cols` in `layout`, every element of the slice (in the matrix or not) from `fill`.
    pub fn new(rows: usize, cols: usize, layout: Layout, mut fill: impl FnMut() -> T) -> Owned<T> {
        let (row_stride, col_stride) = layout.strides(rows, cols);
        let data = (0..layout.len(rows, cols)).map(|_| fill()).collect();
        Owned { data, offset: layout.offset, rows, cols, row_stride, col_stride }
    }

    pub fn at(&self, i: usize, j: usize) -> usize {
        self.offset + i * self.row_stride + j * self.col_stride
    }

    pub fn get(&self, i: usize, j: usize) -> T {
        self.data[self.at(i, j)]
    }

    pub fn as_ref(&self) -> MatRef<'_, T> {
        MatRef {
            data: &self.data,
            offset: self.offset,
            rows: self.rows,
            cols: self.cols,
            row_stride: self.row_stride,
            col_stride: self.col_stride,
        }
    }

    pub fn as_mut(&mut self) -> MatMut<'_, T> {
        MatMut {
            data: &mut self.data,
            offset: self.offset,
            rows: self.rows,
            cols: self.cols,
            row_stride: self.row_stride,
            col_stride: self.col_stride,
        }
    }

    /// For each slice index, whether an element of the matrix is there.
    pub fn mask(&self) -> Vec<bool> {
        let mut mask = vec![false; self.data.len()];
        for i in 0..self.rows {
            for j in 0..self.cols {
                mask[self.at(i, j)] = true;
            }
        }
        mask
    }
}

/// A small seeded generator (SplitMix64), so that a proptest seed fixes every element.
pub struct Rng(pub u64);

impl Rng {
    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// One of -2.0, -1.5, …, 2.0: products and sums of these stay exact in f32 and f64.
    pub fn dyadic(&mut self) -> f64 {
        (self.next_u64() % 9) as f64 * 0.5 - 2.0
    }

    /// Uniform in [-1, 1).
    pub fn uniform(&mut self) -> f64 {
        (self.next_u64() >> 11) as f64 / (1u64 << 53) as f64 * 2.0 - 1.0
    }
}

/// Runs `T::gemm` on copies and checks every element of `c`'s slice against the naive triple
/// loop in f64: inside the matrix `alpha * a·b + beta * c` (with `beta == 0`, `c` unread), within
/// `tol` relative to the sum of the terms' magnitudes; outside it, unchanged bit for bit.
pub fn check_against_naive<T: Num>(alpha: T, a: &Owned<T>, b: &Owned<T>, beta: T, c: &Owned<T>, tol: f64) {
    let mut got = c.clone();
    T::gemm(alpha, a.as_ref(), b.as_ref(), beta, got.as_mut()).expect("a valid call");
    let (alpha64, beta64) = (alpha.to_f64(), beta.to_f64());
    for (at, inside) in c.mask().into_iter().enumerate() {
        if !inside {
            assert!(got.data[at].same(c.data[at]), "element {at} outside c was written");
        }
    }
    for i in 0..c.rows {
        for j in 0..c.cols {
            let (mut sum, mut mag) = (0.0f64, 0.0f64);
            for p in 0..a.cols {
                let t = a.get(i, p).to_f64() * b.get(p, j).to_f64();
                sum += t;
                mag += t.abs();
            }
            let mut want = alpha64 * sum;
            mag *= alpha64.abs();
            if beta64 != 0.0 {
                want += beta64 * c.get(i, j).to_f64();
                mag += (beta64 * c.get(i, j).to_f64()).abs();
            }
            let have = got.get(i, j).to_f64();
            assert!(
                (have - want).abs() <= tol * mag,
                "c[{i}, {j}] = {have}, want {want} (m, k, n = {}, {}, {})",
                a.rows,
                a.cols,
                b.cols
            );
        }
    }
}

/// Runs `T::gemm` and checks it is refused with `want`, `c`'s slice unchanged bit for bit.
pub fn expect_error<T: Num>(
    alpha: T,
    a: MatRef<'_, T>,
    b: MatRef<'_, T>,
    beta: T,
    c: MatMut<'_, T>,
    want: GemmError,
) {
    let before: Vec<T> = c.data.to_vec();
    let MatMut { data, offset, rows, cols, row_stride, col_stride } = c;
    let err =
        T::gemm(alpha, a, b, beta, MatMut { data: &mut *data, offset, rows, cols, row_stride, col_stride })
            .expect_err("a call to refuse");
    assert_eq!(err, want);
    assert!(before.iter().zip(data.iter()).all(|(x, y)| x.same(*y)), "c was touched by a refused call");
}
