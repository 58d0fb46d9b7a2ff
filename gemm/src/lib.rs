//! A safe, checked matrix product: `c = alpha * a·b + beta * c` for `f32` and `f64`, by
//! [`matrixmultiply`]'s `sgemm` and `dgemm`, with every length and stride checked first.
//!
//! # Why this crate
//!
//! The main `shapecast` crate is `#![forbid(unsafe_code)]`. A fast matrix product needs a blocked,
//! packed, SIMD kernel, and `matrixmultiply` has one, but its entry points are `unsafe fn`s over raw
//! pointers and `isize` strides. This crate is the one place in the project with `unsafe`: one call,
//! in [`Gemm::gemm`], made only after the checks below have shown that every pointer
//! `matrixmultiply` forms is in bounds and that its writes do not alias.
//!
//! # Operands
//!
//! A [`MatRef`] (or [`MatMut`]) is `rows × cols` elements of a slice, element `(i, j)` at
//! `offset + i*row_stride + j*col_stride`. Strides are `usize`: row-major, column-major,
//! transposed, padded (a sub-matrix) and broadcast (stride 0, for `a` and `b`) layouts are all
//! expressible; reversed axes are not.
//!
//! # Why the call is sound
//!
//! `sgemm(m, k, n, alpha, a, rsa, csa, b, rsb, csb, beta, c, rsc, csc)` reads `*a.offset(i*rsa +
//! j*csa)` for `i < m, j < k`, `*b.offset(i*rsb + j*csb)` for `i < k, j < n`, and reads (unless
//! `beta == 0`) and writes `*c.offset(i*rsc + j*csc)` for `i < m, j < n`, with the products formed
//! in `isize`; it may split the work over threads (feature `threading`), each writing its own
//! block of `c`. As read in its 0.3.11 source (the blocking loops, the packing of `a` and `b`, the
//! full and masked kernels), every pointer it forms into `a`, `b` or `c` is one of these elements
//! (the first of a block, a row or a column of them), never one past an axis. The obligations,
//! and the check that meets each, are:
//!
//! 1. **Shapes agree**: `a` is `m × k`, `b` is `k × n`, `c` is `m × n`. Checked: `a.cols ==
//!    b.rows`, `c.rows == a.rows`, `c.cols == b.cols`, else [`GemmError::DimensionMismatch`].
//! 2. **Strides are `isize`**: each of the six strides is converted with `isize::try_from`, else
//!    [`GemmError::Overflow`].
//! 3. **Every element is in its slice**: for an operand with `rows > 0` and `cols > 0`, its
//!    largest offset `offset + (rows-1)*row_stride + (cols-1)*col_stride` is computed with checked
//!    arithmetic (else [`GemmError::Overflow`]) and must be `< data.len()` (else
//!    [`GemmError::OutOfBounds`]). Strides are non-negative, so every element's offset lies in
//!    `offset ..= largest`: all are in the slice. The pointer passed is that of
//!    `&data[offset..]`, so its provenance covers them all. A slice of `f32`/`f64` spans at most
//!    `isize::MAX` bytes, so each `i*stride` (at most the largest offset) and each byte offset
//!    fits in `isize`: `matrixmultiply`'s unchecked `isize` arithmetic cannot overflow.
//! 4. **`c`'s elements are distinct**: two `(i, j)` at one element would make its writes race (with
//!    threads) or read a value it just wrote. Checked, when `c` has elements: along an axis of
//!    extent > 1 the stride is ≥ 1; when both extents are > 1, the larger stride is ≥ the smaller stride times the extent
//!    of the smaller-stride axis, so `(i, j) ↦ i*row_stride + j*col_stride` is injective (a mixed
//!    radix). Else [`GemmError::Aliasing`]. (This is sufficient, not necessary: a few
//!    interleaved layouts, such as strides 2 and 3 over 2 × 2, are distinct yet refused.)
//! 5. **`c` does not overlap `a` or `b`**: `a` and `b` are shared borrows and `c.data` a mutable
//!    one, all alive for the call, so Rust's borrow rules already forbid any overlap. `a` and `b`
//!    may overlap each other, or themselves (stride 0): they are only read.
//!
//! When any of `m`, `k`, `n` is 0, `matrixmultiply` is not called: with `m == 0` or `n == 0`,
//! `c` has no elements and nothing happens; with `k == 0`, `a·b` is the zero matrix and this crate
//! computes `c = beta * c` itself, in safe code. The checks above still run on all three
//! operands, so an error never depends on another operand being empty.
//!
//! A refused call returns a [`GemmError`] before anything is read or written.
//!
//! # `beta == 0` and `alpha`
//!
//! As in BLAS, `beta == 0` (or `-0.0`) means `c` is not read: it is overwritten, so a NaN or an
//! infinity in the old `c` does not survive (`matrixmultiply` documents this too: "If β is zero,
//! then C does not need to be initialized"). `alpha` has no such rule: `alpha == 0` still
//! multiplies `a` by `b`, so a NaN in them gives a NaN in `c` (IEEE arithmetic), unlike reference
//! BLAS, which skips `a·b` then.
//!
//! # `no_std`
//!
//! With no features (the default), the crate and `matrixmultiply` are `no_std`; `matrixmultiply`
//! still allocates its packing buffers, so a global allocator is needed. Feature `std` turns on
//! `matrixmultiply`'s run-time CPU feature detection; feature `threading` its thread pool.
//!
//! # Example
//!
//! ```
//! use shapecast_gemm::{Gemm, MatMut, MatRef};
//!
//! // a: 2 × 3, row-major.
//! let a = [1.0, 2.0, 3.0, 4.0, 5.0, 6.0];
//! // b: 3 × 2, stored column-major (column 0 is 7, 9, 11).
//! let b = [7.0, 9.0, 11.0, 8.0, 10.0, 12.0];
//! // c: 2 × 2, row-major, behind one element of padding at the front.
//! let mut c = [f64::NAN; 5];
//!
//! let a = MatRef { data: &a, offset: 0, rows: 2, cols: 3, row_stride: 3, col_stride: 1 };
//! let b = MatRef { data: &b, offset: 0, rows: 3, cols: 2, row_stride: 1, col_stride: 3 };
//! let c_mat = MatMut { data: &mut c, offset: 1, rows: 2, cols: 2, row_stride: 2, col_stride: 1 };
//! f64::gemm(1.0, a, b, 0.0, c_mat)?;
//! assert_eq!(c[1..], [58.0, 64.0, 139.0, 154.0]);
//!
//! // One element too few for c: refused, nothing written.
//! let mut short = [0.0; 3];
//! let c_mat = MatMut { data: &mut short, offset: 0, rows: 2, cols: 2, row_stride: 2, col_stride: 1 };
//! let err = f64::gemm(1.0, a, b, 0.0, c_mat).unwrap_err();
//! assert_eq!(err, shapecast_gemm::GemmError::OutOfBounds { operand: 'c', index: 3, len: 3 });
//! assert_eq!(short, [0.0; 3]);
//! # Ok::<(), shapecast_gemm::GemmError>(())
//! ```
#![no_std]
#![deny(missing_docs)]
#![deny(unsafe_op_in_unsafe_fn)]

use core::fmt;

/// A matrix operand: `rows × cols` elements of `data`, element `(i, j)` at
/// `offset + i*row_stride + j*col_stride`.
#[derive(Clone, Copy, Debug)]
pub struct MatRef<'a, T> {
    /// The elements, and others around them.
    pub data: &'a [T],
    /// Where element `(0, 0)` is in `data`.
    pub offset: usize,
    /// The number of rows.
    pub rows: usize,
    /// The number of columns.
    pub cols: usize,
    /// The distance in `data` from one row to the next.
    pub row_stride: usize,
    /// The distance in `data` from one column to the next.
    pub col_stride: usize,
}

/// The same, writable.
#[derive(Debug)]
pub struct MatMut<'a, T> {
    /// The elements, and others around them (those are never written).
    pub data: &'a mut [T],
    /// Where element `(0, 0)` is in `data`.
    pub offset: usize,
    /// The number of rows.
    pub rows: usize,
    /// The number of columns.
    pub cols: usize,
    /// The distance in `data` from one row to the next.
    pub row_stride: usize,
    /// The distance in `data` from one column to the next.
    pub col_stride: usize,
}

/// Why a call was refused (nothing was read or written).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GemmError {
    /// The shapes do not multiply: `a.cols != b.rows`, or `c` is not `a.rows × b.cols`. Each
    /// shape is `(rows, cols)`.
    DimensionMismatch {
        /// The shape of `a`.
        a: (usize, usize),
        /// The shape of `b`.
        b: (usize, usize),
        /// The shape of `c`.
        c: (usize, usize),
    },
    /// An element of an operand lies past the end of its slice.
    OutOfBounds {
        /// `'a'`, `'b'` or `'c'`.
        operand: char,
        /// The operand's largest offset, `offset + (rows-1)*row_stride + (cols-1)*col_stride`.
        index: usize,
        /// The length of its slice.
        len: usize,
    },
    /// A stride does not fit in `isize`, or an operand's largest offset does not fit in `usize`.
    Overflow {
        /// `'a'`, `'b'` or `'c'`.
        operand: char,
    },
    /// Two elements of `c` would be one element of its slice (a stride of 0 along an axis of
    /// more than one element, or strides whose rows and columns interleave).
    Aliasing,
}

impl fmt::Display for GemmError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            GemmError::DimensionMismatch { a, b, c } => write!(
                f,
                "the shapes do not multiply: a is {}×{}, b is {}×{} and c is {}×{} \
                 (a's columns must equal b's rows, and c must be a's rows × b's columns)",
                a.0, a.1, b.0, b.1, c.0, c.1
            ),
            GemmError::OutOfBounds { operand, index, len } => write!(
                f,
                "matrix {operand} reaches element {index} of its data, which has only {len} elements"
            ),
            GemmError::Overflow { operand } => write!(
                f,
                "the strides or offset of matrix {operand} are too large: a stride does not fit in \
                 isize, or the offset of its last element overflows usize"
            ),
            GemmError::Aliasing => f.write_str(
                "the strides of matrix c put two of its elements at the same place in its data; \
                 each element written must be distinct",
            ),
        }
    }
}

mod sealed {
    /// The signature of `matrixmultiply::sgemm` and `dgemm`.
    pub type Kernel<T> = unsafe fn(
        usize,
        usize,
        usize,
        T,
        *const T,
        isize,
        isize,
        *const T,
        isize,
        isize,
        T,
        *mut T,
        isize,
        isize,
    );

    /// What [`crate::Gemm`] needs of an element type; implemented for `f32` and `f64` only.
    pub trait Sealed: Copy + PartialEq + core::ops::Mul<Output = Self> {
        const ZERO: Self;
        const ONE: Self;
        /// `matrixmultiply`'s product for this type.
        const KERNEL: Kernel<Self>;
    }

    impl Sealed for f32 {
        const ZERO: f32 = 0.0;
        const ONE: f32 = 1.0;
        const KERNEL: Kernel<f32> = matrixmultiply::sgemm;
    }

    impl Sealed for f64 {
        const ZERO: f64 = 0.0;
        const ONE: f64 = 1.0;
        const KERNEL: Kernel<f64> = matrixmultiply::dgemm;
    }
}

/// The element types matrixmultiply multiplies: `f32` and `f64`. Sealed.
pub trait Gemm: Copy + sealed::Sealed {
    /// `c = alpha * a·b + beta * c`, every stride and length checked first.
    ///
    /// `a` is `m × k`, `b` is `k × n`, `c` is `m × n`. With `beta == 0`, `c` is not read (its
    /// old NaNs do not survive). Elements of `c.data` outside the matrix are never touched.
    ///
    /// # Errors
    ///
    /// A [`GemmError`], before anything is read or written, when the shapes do not multiply, a
    /// stride or offset overflows, an element lies outside its slice, or two elements of `c`
    /// share a place. See the [crate docs](crate#why-the-call-is-sound) for each check.
    fn gemm(
        alpha: Self,
        a: MatRef<'_, Self>,
        b: MatRef<'_, Self>,
        beta: Self,
        c: MatMut<'_, Self>,
    ) -> Result<(), GemmError>;
}

impl Gemm for f32 {
    fn gemm(
        alpha: f32,
        a: MatRef<'_, f32>,
        b: MatRef<'_, f32>,
        beta: f32,
        c: MatMut<'_, f32>,
    ) -> Result<(), GemmError> {
        checked_gemm(alpha, a, b, beta, c)
    }
}

impl Gemm for f64 {
    fn gemm(
        alpha: f64,
        a: MatRef<'_, f64>,
        b: MatRef<'_, f64>,
        beta: f64,
        c: MatMut<'_, f64>,
    ) -> Result<(), GemmError> {
        checked_gemm(alpha, a, b, beta, c)
    }
}

/// An operand's strides as `isize`, once checked to be in bounds.
struct Checked {
    row_stride: isize,
    col_stride: isize,
}

/// Checks 2 and 3 of the crate docs for one operand.
fn check_operand(
    operand: char,
    len: usize,
    offset: usize,
    rows: usize,
    cols: usize,
    row_stride: usize,
    col_stride: usize,
) -> Result<Checked, GemmError> {
    let overflow = GemmError::Overflow { operand };
    let checked = Checked {
        row_stride: isize::try_from(row_stride).map_err(|_| overflow)?,
        col_stride: isize::try_from(col_stride).map_err(|_| overflow)?,
    };
    if rows == 0 || cols == 0 {
        return Ok(checked);
    }
    let last = (rows - 1)
        .checked_mul(row_stride)
        .and_then(|r| (cols - 1).checked_mul(col_stride).and_then(|c| r.checked_add(c)))
        .and_then(|rc| rc.checked_add(offset))
        .ok_or(overflow)?;
    if last >= len {
        return Err(GemmError::OutOfBounds { operand, index: last, len });
    }
    Ok(checked)
}

/// Check 4 of the crate docs: `(i, j) ↦ i*row_stride + j*col_stride` is injective on
/// `rows × cols`.
fn distinct(rows: usize, cols: usize, row_stride: usize, col_stride: usize) -> bool {
    if rows == 0 || cols == 0 {
        // No elements: nothing to collide, whatever the strides.
        return true;
    }
    match (rows > 1, cols > 1) {
        (false, false) => true,
        (true, false) => row_stride >= 1,
        (false, true) => col_stride >= 1,
        (true, true) => {
            let (small, extent, large) = if row_stride <= col_stride {
                (row_stride, rows, col_stride)
            } else {
                (col_stride, cols, row_stride)
            };
            // An overflowing `small * extent` exceeds every `large`.
            small >= 1 && small.checked_mul(extent).is_some_and(|span| large >= span)
        }
    }
}

fn checked_gemm<T: sealed::Sealed>(
    alpha: T,
    a: MatRef<'_, T>,
    b: MatRef<'_, T>,
    beta: T,
    c: MatMut<'_, T>,
) -> Result<(), GemmError> {
    // Check 1: the shapes.
    if a.cols != b.rows || c.rows != a.rows || c.cols != b.cols {
        return Err(GemmError::DimensionMismatch {
            a: (a.rows, a.cols),
            b: (b.rows, b.cols),
            c: (c.rows, c.cols),
        });
    }
    let (m, k, n) = (a.rows, a.cols, b.cols);
    // Checks 2 and 3, on every operand, empty or not.
    let sa = check_operand('a', a.data.len(), a.offset, a.rows, a.cols, a.row_stride, a.col_stride)?;
    let sb = check_operand('b', b.data.len(), b.offset, b.rows, b.cols, b.row_stride, b.col_stride)?;
    let sc = check_operand('c', c.data.len(), c.offset, c.rows, c.cols, c.row_stride, c.col_stride)?;
    // Check 4.
    if !distinct(c.rows, c.cols, c.row_stride, c.col_stride) {
        return Err(GemmError::Aliasing);
    }

    if m == 0 || n == 0 {
        // `c` has no elements.
        return Ok(());
    }
    if k == 0 {
        // `a·b` is the zero matrix: `c = beta * c`, where `beta == 0` writes zeros without
        // reading `c` (the BLAS convention). No overflow: check 3 bounds every offset.
        if beta == T::ONE {
            return Ok(());
        }
        for i in 0..m {
            for j in 0..n {
                let at = c.offset + i * c.row_stride + j * c.col_stride;
                c.data[at] = if beta == T::ZERO { T::ZERO } else { beta * c.data[at] };
            }
        }
        return Ok(());
    }

    // m, k, n > 0, so each operand has an element and its `offset` is `<= last < len`: the
    // slicing below cannot panic, and each pointer's provenance covers its whole operand.
    let pa = a.data[a.offset..].as_ptr();
    let pb = b.data[b.offset..].as_ptr();
    let pc = c.data[c.offset..].as_mut_ptr();
    // SAFETY: `T::KERNEL` is `matrixmultiply::sgemm` or `dgemm` (the trait is sealed), which
    // for i < m, j < k reads `pa + i*rsa + j*csa`, for i < k, j < n reads `pb + i*rsb + j*csb`,
    // and for i < m, j < n reads (unless beta == 0) and writes `pc + i*rsc + j*csc`. Then:
    // - the shapes agree (`a` is m × k, `b` k × n, `c` m × n), checked above;
    // - each stride was converted to `isize` with `try_from` (check 2);
    // - for each operand, `offset + (rows-1)*row_stride + (cols-1)*col_stride < data.len()`
    //   was computed without overflow (check 3); strides are non-negative, so every element it
    //   reaches lies in `data[offset..]`, from which its pointer is derived, and every
    //   `i*stride` it forms in `isize` is at most that offset, so it fits;
    // - `c`'s elements are pairwise distinct (check 4), so its writes (possibly from several
    //   threads, each on its own block) never touch one element twice or race;
    // - `a.data` and `b.data` are shared borrows and `c.data` a unique one, live across the
    //   call: `c` overlaps neither, and nothing else reads or writes them meanwhile;
    // - the pointers are not used after the call returns.
    unsafe {
        T::KERNEL(
            m,
            k,
            n,
            alpha,
            pa,
            sa.row_stride,
            sa.col_stride,
            pb,
            sb.row_stride,
            sb.col_stride,
            beta,
            pc,
            sc.row_stride,
            sc.col_stride,
        );
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::distinct;

    /// Every layout `distinct` accepts has pairwise distinct offsets (brute force over small
    /// shapes and strides), and the dense ones are accepted.
    #[test]
    fn distinct_is_sound() {
        for rows in 0..=4 {
            for cols in 0..=4 {
                for rs in 0..=9 {
                    for cs in 0..=9 {
                        let mut seen = [false; 64];
                        let mut injective = true;
                        for i in 0..rows {
                            for j in 0..cols {
                                let at = i * rs + j * cs;
                                injective &= !seen[at];
                                seen[at] = true;
                            }
                        }
                        if distinct(rows, cols, rs, cs) {
                            assert!(injective, "{rows}×{cols} strides ({rs}, {cs}) accepted but aliasing");
                        }
                        if (rs >= 1 && cs >= rs * rows) || (cs >= 1 && rs >= cs * cols) {
                            assert!(distinct(rows, cols, rs, cs), "{rows}×{cols} ({rs}, {cs}) refused");
                        }
                    }
                }
            }
        }
    }
}
