//! Small products of fixed shapes: each output element a dot product whose bounds and strides
//! are constants, so the compiler unrolls and vectorizes it as it does a hand loop. No batch
//! axes, no GEMM call, no allocation.

use super::{Dot, MatrixOperand};
use crate::shape::AnyShape;
use shapecast_macros::hot;

/// The most multiply-adds a product computes element by element with constant loops.
const SMALL: usize = 1024;

/// The sizes and strides of a small product: `m, k, n`, then the row and column strides of each
/// operand (a 1-D operand read as a row or a column).
#[derive(Clone, Copy)]
pub(crate) struct Small {
    m: usize,
    k: usize,
    n: usize,
    a: (usize, usize),
    b: (usize, usize),
}

/// The constants of `a · b` if every size of both is fixed, neither has a batch axis, and the
/// product is small; `None` otherwise.
pub(crate) const fn small<A: MatrixOperand, B: MatrixOperand>() -> Option<Small> {
    if !(A::Shape::FIXED && B::Shape::FIXED)
        || A::STRIDED
        || B::STRIDED
        || A::Shape::RANK > 2
        || B::Shape::RANK > 2
    {
        return None;
    }
    let (da, db) = (A::Shape::STATIC, B::Shape::STATIC);
    // Row-major strides of the stored order; a transposed view swaps them back.
    let (m, k, a) = match A::Shape::RANK {
        1 => (1, da[0], (0, 1)),
        _ if A::TRANSPOSED => (da[0], da[1], (1, da[0])),
        _ => (da[0], da[1], (da[1], 1)),
    };
    let (n, b) = match B::Shape::RANK {
        1 => (1, (1, 0)),
        _ if B::TRANSPOSED => (db[1], (1, db[0])),
        _ => (db[1], (db[1], 1)),
    };
    match m.checked_mul(k) {
        Some(mk) if mk.saturating_mul(n) <= SMALL => Some(Small { m, k, n, a, b }),
        _ => None,
    }
}

impl Small {
    /// The number of output elements.
    #[hot]
    pub(crate) const fn len(self) -> usize {
        self.m * self.n
    }

    /// Whether a new product is made element by element, each computed where it is stored
    /// ([`element`](Self::element)), rather than zeroed and then written row by row: in a build
    /// optimized for size (`shapecast_small_code`), where one loop and no zeroing of the output
    /// are far less code; elsewhere the rows of [`write`](Self::write) vectorize.
    #[hot]
    pub(crate) const fn by_elements(self) -> bool {
        cfg!(shapecast_small_code)
    }

    /// The element at the row-major position `o` of `a · b`: the sum over `k` in increasing
    /// order, from zero, as [`write`](Self::write) computes it. Not inlined: the products of a
    /// program, whatever their sizes, share this one loop (its sizes and strides are read from
    /// `self`), as a hand-written routine would be shared.
    #[inline(never)]
    pub(crate) fn element<T: Dot>(&self, a: &[T], b: &[T], o: usize) -> T {
        self.dot(a, b, o / self.n, o % self.n)
    }

    /// The element `(i, j)` of `a · b`: the sum over `k` in increasing order, from zero.
    #[hot]
    fn dot<T: Dot>(&self, a: &[T], b: &[T], i: usize, j: usize) -> T {
        let Small { k, a: (rsa, csa), b: (rsb, csb), .. } = *self;
        (0..k).fold(T::ZERO, |acc, p| acc.plus(a[i * rsa + p * csa].times(b[p * rsb + j * csb])))
    }

    /// `out = a · b`, row-major: each element the sum over `k` in increasing order, from zero,
    /// as every product path computes it. Row by row of `b` where its rows are contiguous (the
    /// hand loop's order, vectorized along the row), else one dot product per element.
    #[hot]
    pub(crate) fn write<T: Dot>(self, a: &[T], b: &[T], out: &mut [T]) {
        let Small { m, k, n, a: (rsa, csa), b: (rsb, csb) } = self;
        let out = &mut out[..m * n];
        if csb == 1 && n > 0 {
            for (i, row) in out.chunks_exact_mut(n).enumerate() {
                row.iter_mut().for_each(|x| *x = T::ZERO);
                for p in 0..k {
                    let x = a[i * rsa + p * csa];
                    for (o, &y) in row.iter_mut().zip(&b[p * rsb..][..n]) {
                        *o = o.plus(x.times(y));
                    }
                }
            }
        } else {
            for i in 0..m {
                for j in 0..n {
                    out[i * n + j] = self.dot(a, b, i, j);
                }
            }
        }
    }
}
