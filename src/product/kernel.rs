//! The product kernel: one matrix product per batch index, each by the element type's GEMM.

use super::Dot;
use shapecast_macros::hot;
use shapecast_rules::MAX_RANK;

/// A matrix read in place: `rows × cols` elements of `data`, element `(i, j)` at
/// `offset + i * row_stride + j * col_stride`.
#[doc(hidden)]
#[derive(Clone, Copy)]
pub struct Mat<'a, T> {
    pub(crate) data: &'a [T],
    pub(crate) offset: usize,
    pub(crate) rows: usize,
    pub(crate) cols: usize,
    pub(crate) row_stride: usize,
    pub(crate) col_stride: usize,
}

/// A matrix written in place, laid out as [`Mat`].
#[doc(hidden)]
pub struct MatOut<'a, T> {
    pub(crate) data: &'a mut [T],
    pub(crate) offset: usize,
    pub(crate) rows: usize,
    pub(crate) cols: usize,
    pub(crate) row_stride: usize,
    pub(crate) col_stride: usize,
}

/// `c = a · b` with plain loops, each element the sum over `k` in increasing order, from zero
/// (so its bits do not depend on the loop order). Row by row of `b` when `b` and `c` are stored
/// by rows, so the inner loop runs along contiguous memory. The places of `a`'s and `b`'s
/// elements are computed wrapping: a reversed view's strides are wrapping negatives.
#[hot]
pub(crate) fn naive<T: Dot>(a: Mat<'_, T>, b: Mat<'_, T>, c: MatOut<'_, T>) {
    let MatOut { data, offset, rows: m, cols: n, row_stride: rsc, col_stride: csc } = c;
    let k = a.cols;
    debug_assert!(a.rows == m && b.rows == k && b.cols == n, "the shapes of a product were checked");
    if m == 0 || n == 0 {
        return;
    }
    if csc == 1 && b.col_stride == 1 {
        for i in 0..m {
            let row = &mut data[offset + i * rsc..][..n];
            row.iter_mut().for_each(|x| *x = T::ZERO);
            for p in 0..k {
                let x = a.data[at(a.offset, i, a.row_stride, p, a.col_stride)];
                let b_row = &b.data[b.offset.wrapping_add(p.wrapping_mul(b.row_stride))..][..n];
                for (out, &y) in row.iter_mut().zip(b_row) {
                    *out = out.plus(x.times(y));
                }
            }
        }
    } else {
        for i in 0..m {
            for j in 0..n {
                let mut acc = T::ZERO;
                for p in 0..k {
                    let x = a.data[at(a.offset, i, a.row_stride, p, a.col_stride)];
                    let y = b.data[at(b.offset, p, b.row_stride, j, b.col_stride)];
                    acc = acc.plus(x.times(y));
                }
                data[offset + i * rsc + j * csc] = acc;
            }
        }
    }
}

/// The place of element `(i, j)` of a matrix from `offset` with strides `rs` and `cs`, wrapping.
#[hot]
fn at(offset: usize, i: usize, rs: usize, j: usize, cs: usize) -> usize {
    offset.wrapping_add(i.wrapping_mul(rs)).wrapping_add(j.wrapping_mul(cs))
}

#[cfg(feature = "alloc")]
/// Below this many multiply-adds a float product runs the plain loops: the GEMM's packing
/// costs more than it saves.
const GEMM_FROM: usize = 16 * 16 * 16;

#[cfg(feature = "alloc")]
/// A float product of fewer rows than this runs the plain loops at any size, where `b` and the
/// output lie by rows (see [`gemm_float`]).
const SKINNY: usize = 4;

/// `c = a · b` for `f32` and `f64`: the plain loops for small products, for products of fewer
/// than [`SKINNY`] rows laid out by rows, and for an operand that steps back along an axis (a
/// reversed view: the GEMM takes strides of at least 0),
/// `matrixmultiply`'s GEMM (through `shapecast-gemm`, which checks every stride first)
/// otherwise.
#[cfg(feature = "alloc")]
#[hot]
pub(crate) fn gemm_float<T: Dot + shapecast_gemm::Gemm + num_traits::One>(
    a: Mat<'_, T>,
    b: Mat<'_, T>,
    c: MatOut<'_, T>,
) {
    let back = |m: &Mat<'_, T>| {
        crate::kernel::source::backwards(m.row_stride) || crate::kernel::source::backwards(m.col_stride)
    };
    // A product of a few rows (one sample's layer, `[1, K] · [K, N]`) by rows of `b` where
    // `b` and `c` lie by rows: each row of `b` read once per row of `a`, where the GEMM would
    // copy all of `b` into its packed form first.
    let by_rows = a.rows < SKINNY && b.col_stride == 1 && c.col_stride == 1;
    if a.rows.saturating_mul(a.cols).saturating_mul(b.cols) < GEMM_FROM || by_rows || back(&a) || back(&b) {
        return naive(a, b, c);
    }
    fn view<T>(m: Mat<'_, T>) -> shapecast_gemm::MatRef<'_, T> {
        shapecast_gemm::MatRef {
            data: m.data,
            offset: m.offset,
            rows: m.rows,
            cols: m.cols,
            row_stride: m.row_stride,
            col_stride: m.col_stride,
        }
    }
    let out = shapecast_gemm::MatMut {
        data: c.data,
        offset: c.offset,
        rows: c.rows,
        cols: c.cols,
        row_stride: c.row_stride,
        col_stride: c.col_stride,
    };
    let result = <T as shapecast_gemm::Gemm>::gemm(
        T::one(),
        view(a),
        view(b),
        <T as crate::summable::Summable>::ZERO,
        out,
    );
    // The layouts come from shapes the types checked, so the GEMM's checks always pass.
    debug_assert!(result.is_ok(), "a product's layout was refused: {result:?}");
}

/// With feature `rayon`, the batches of a product run on rayon's threads when each product is
/// below this many multiply-adds (a larger one the GEMM threads itself)…
#[cfg(feature = "rayon")]
const PER_THREAD_PRODUCT: usize = 1 << 21;

/// … and all of them together at least this many.
#[cfg(feature = "rayon")]
const PARALLEL_PRODUCTS: usize = 1 << 22;

/// An operand of a product as the kernel reads it: its elements, and its sizes and strides
/// per axis, outermost first (a stride 0 where an axis is stretched; a stride that steps back,
/// a reversed view's, as its wrapping negative, from the first element at `origin`).
#[derive(Clone, Copy)]
pub(crate) struct Operand<'a, T> {
    pub(crate) data: &'a [T],
    /// Where in `data` the first element lies (0 but for a reversed view).
    pub(crate) origin: usize,
    pub(crate) dims: &'a [usize],
    pub(crate) strides: &'a [usize],
}

/// `out = a · b` by NumPy's `matmul` rule, `out` row-major of sizes `out_dims` (the rule's
/// result for `a` and `b`, which the types checked): one matrix product per batch index, or
/// a single one over every batch at once when `b` is the same matrix for all of them and the
/// batch axes of `a` lie one after the other in memory (`[B, M, K] · [K, N]`).
#[hot]
pub(crate) fn product<T: Dot>(a: Operand<'_, T>, b: Operand<'_, T>, out: &mut [T], out_dims: &[usize]) {
    let (ra, rb) = (a.dims.len(), b.dims.len());
    // Each operand as `[batch…, rows, cols]`, a 1-D one as a row (first) or a column (second).
    let (m, k, rsa, csa) = match ra {
        0 => return,
        1 => (1, a.dims[0], 0, a.strides[0]),
        _ => (a.dims[ra - 2], a.dims[ra - 1], a.strides[ra - 2], a.strides[ra - 1]),
    };
    let (n, rsb, csb) = match rb {
        0 => return,
        1 => (1, b.strides[0], 0),
        _ => (b.dims[rb - 1], b.strides[rb - 2], b.strides[rb - 1]),
    };
    let (rsc, csc) = (n, 1);
    let (ba, bb) = (ra.saturating_sub(2), rb.saturating_sub(2));
    let batch = out_dims.len() - usize::from(ra >= 2) - usize::from(rb >= 2);
    let mat_a = |offset: usize, rows| Mat {
        data: a.data,
        offset: a.origin.wrapping_add(offset),
        rows,
        cols: k,
        row_stride: rsa,
        col_stride: csa,
    };
    let mat_b = |offset: usize| Mat {
        data: b.data,
        offset: b.origin.wrapping_add(offset),
        rows: k,
        cols: n,
        row_stride: rsb,
        col_stride: csb,
    };

    // Strides over the output's batch axes: 0 where an operand has no such axis or a size 1.
    let (mut sa, mut sb) = ([0usize; MAX_RANK], [0usize; MAX_RANK]);
    for t in 0..batch {
        if let Some(i) = (t + ba).checked_sub(batch) {
            sa[t] = if a.dims[i] == 1 { 0 } else { a.strides[i] };
        }
        if let Some(i) = (t + bb).checked_sub(batch) {
            sb[t] = if b.dims[i] == 1 { 0 } else { b.strides[i] };
        }
    }
    let dims = &out_dims[..batch];
    let count: usize = dims.iter().product();
    if count == 0 || m == 0 || n == 0 {
        return;
    }

    // One product over every batch: `b` the same for all, `a`'s batch axes and rows one run.
    // (Wrapping: a reversed view's strides are wrapping negatives, which merge as well.)
    let mut expect = rsa.wrapping_mul(m);
    let merged = sb[..batch].iter().all(|&s| s == 0)
        && (0..batch).rev().all(|t| {
            let ok = dims[t] == 1 || sa[t] == expect;
            if dims[t] != 1 {
                expect = sa[t].wrapping_mul(dims[t]);
            }
            ok
        });
    if merged {
        let c = MatOut { data: out, offset: 0, rows: count * m, cols: n, row_stride: rsc, col_stride: csc };
        return T::gemm(mat_a(0, count * m), mat_b(0), c);
    }

    // The operands' offsets at batch `c` (row-major over the output's batch axes).
    let offsets = |c: usize| {
        let (mut rest, mut off_a, mut off_b) = (c, 0, 0);
        for t in (0..batch).rev() {
            let i = rest % dims[t];
            rest /= dims[t];
            off_a = i.wrapping_mul(sa[t]).wrapping_add(off_a);
            off_b = i.wrapping_mul(sb[t]).wrapping_add(off_b);
        }
        (off_a, off_b)
    };
    let product_at = |c: usize, chunk: &mut [T]| {
        let (off_a, off_b) = offsets(c);
        let c = MatOut { data: chunk, offset: 0, rows: m, cols: n, row_stride: rsc, col_stride: csc };
        T::gemm(mat_a(off_a, m), mat_b(off_b), c);
    };
    let out = &mut out[..count * m * n];
    // Many small products: a batch per task on rayon's threads (the GEMM threads only a
    // product large enough to pay for it, so small ones would stay on one).
    #[cfg(feature = "rayon")]
    if count >= 2 && m * n * k < PER_THREAD_PRODUCT && count.saturating_mul(m * n * k) >= PARALLEL_PRODUCTS {
        use rayon::prelude::*;
        out.par_chunks_mut(m * n).enumerate().for_each(|(c, chunk)| product_at(c, chunk));
        return;
    }
    out.chunks_exact_mut(m * n).enumerate().for_each(|(c, chunk)| product_at(c, chunk));
}
