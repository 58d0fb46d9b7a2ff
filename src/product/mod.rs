//! Matrix products: [`matmul`](crate::TensorBase::matmul) by NumPy's rule, decided at compile
//! time, the transposed view [`mt`](crate::TensorBase::mt) it reads without a copy, and
//! [`einsum!`](crate::einsum), NumPy's subscripts (`"bhqd,bhkd->bhqk"`), its shapes checked at
//! compile time too.
//!
//! - [`MatMul`] is the rule on shape types (the bound of generic code, with the shapes, the
//!   result's too, bounded by `Shape`: the example on [`MatMul`]), [`MatMulShape`] its output,
//!   [`Contracts`] the rule for the two contracted sizes.
//! - [`Dot`] is what the elements multiply and add with: `f32` and `f64` large products go to
//!   `matrixmultiply`'s GEMM, everything else runs plain loops whose bounds, for fixed shapes,
//!   are constants.
//!
//! A product takes tensors, transposed views and strided views
//! ([`StridedView`](crate::algebra::StridedView)), not expressions: an expression operand is
//! evaluated first (`x.lazy()….eval()`), since a GEMM reads each operand many times. What
//! follows a product (a bias, an activation) is one pass over its output:
//! `(x.matmul(&w).lazy() + &b).max(0.0).eval()`.
//!
//! [`matmul_into`](crate::TensorBase::matmul_into) writes into a `TensorMut` with no
//! allocation of a result (a large `f32`/`f64` product, through the GEMM, still allocates the
//! GEMM's packing buffers), [`try_matmul`](crate::TensorBase::try_matmul) returns the error of a result too
//! large to count instead of panicking, and [`dynamic::matmul`](crate::dynamic::matmul) does
//! the same over shapes given as `&[usize]`. Small fixed products run as loops with constant
//! bounds (no allocation, `no_std`); large `f32`/`f64` ones through `matrixmultiply`'s GEMM
//! (feature `alloc`; its threads with `rayon`), except a product of at most three rows (one
//! sample through a layer), which runs row by row of the right operand with no packing; other
//! element types through plain loops (the integers wrap).
//!
//! ```
//! use shapecast::prelude::*;
//!
//! let x = Tensor::<f32, shape![2, 3]>::from([[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]]);
//! let w = Tensor::<f32, shape![3, 2]>::from([[1.0, 0.0], [0.0, 1.0], [1.0, 1.0]]);
//! let b = Tensor::<f32, shape![2]>::from([-10.0, 0.0]);
//! let y = (x.matmul(&w).lazy() + &b).max(0.0).eval(); // a dense layer with ReLU
//! assert_eq!(y.as_slice(), [0.0, 5.0, 0.0, 11.0]);
//! ```

mod dot;
pub(crate) mod einsum;
#[doc(hidden)]
pub use einsum::EinsumOperand;
pub(crate) mod kernel;
mod methods;
mod operand;
mod rule;
mod small;
mod transposed;

pub use dot::Dot;
pub use operand::MatrixOperand;
pub use rule::{Contracts, MatMul, MatMulShape, Matrices};
#[doc(hidden)]
pub use rule::{ContractsWith, ProductShape};
pub use transposed::{
    SwapFirstTwo, SwapLastTwo, SwapRank, Transposed, TransposedShape, Transposes, TwoAxesOrMore, TwoAxesRank,
};
