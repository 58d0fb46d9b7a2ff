//! `matmul`, `try_matmul` and `matmul_into` on tensors and transposed views.

use super::operand::Layout;
use super::small::small;
use super::{Dot, MatMul, MatMulShape, MatrixOperand, Transposed, kernel};
use crate::shape::AnyShape;
use crate::shape::sealed::{FromExtents as _, Proof};
use crate::tensor::{
    Data, DataMut, Home, New, OutputShape, OutputSizes, Owned, OwnedData, ResultSizes, ShapeError,
    TensorBase, WritesInto,
};
use shapecast_macros::hot;
use shapecast_rules::{DynShape, MAX_RANK};

/// Where the product of `A` and `B` goes: on the heap if either lives there.
type HomeOfProduct<A, B> = <<A as MatrixOperand>::Home as Home>::With<<B as MatrixOperand>::Home>;

/// The product of `A` and `B` as a new tensor of elements `T`.
type Product<A, B, T> =
    Owned<T, MatMulShape<<A as MatrixOperand>::Shape, <B as MatrixOperand>::Shape>, HomeOfProduct<A, B>>;

/// The sizes of the product of `a` and `b`: constants for a fixed output, else the rule's
/// result, which checks that its element count fits in `usize`.
#[hot]
fn output_dims<A: MatrixOperand, B: MatrixOperand>(a: &Layout, b: &Layout) -> Result<DynShape, ShapeError>
where
    A::Shape: MatMul<B::Shape>,
{
    type Out<A, B> = MatMulShape<<A as MatrixOperand>::Shape, <B as MatrixOperand>::Shape>;
    if <Out<A, B> as AnyShape>::FIXED {
        let dims = const { <Out<A, B> as AnyShape>::STATIC };
        return Ok(DynShape::try_from_slice(&dims[..<Out<A, B> as AnyShape>::RANK]).unwrap_or_default());
    }
    shapecast_rules::matmul_shape(&a.dims[..a.rank], &b.dims[..b.rank])
}

/// `a · b` into `out`, whose length is the product's element count (checked by its type).
#[hot]
fn product_into<A, B, T>(a: &A, b: &B, out: &mut [T], dims: &[usize])
where
    A: MatrixOperand<Elem = T>,
    B: MatrixOperand<Elem = T>,
    T: Dot,
{
    if let Some(small) = const { small::<A, B>() } {
        return small.write(a.elements(), b.elements(), out);
    }
    let (la, lb) = (Layout::of(a), Layout::of(b));
    kernel::product(la.operand(a.elements()), lb.operand(b.elements()), out, dims);
}

/// `a · b` as a new tensor, or the error of a result too large to count.
#[hot]
fn try_product<A, B, T>(a: &A, b: &B) -> Result<Product<A, B, T>, ShapeError>
where
    A: MatrixOperand<Elem = T>,
    B: MatrixOperand<Elem = T>,
    A::Shape: MatMul<B::Shape>,
    T: Dot,
    New<MatMulShape<A::Shape, B::Shape>, HomeOfProduct<A, B>>: OwnedData<T, MatMulShape<A::Shape, B::Shape>>,
{
    type Out<A, B> = MatMulShape<<A as MatrixOperand>::Shape, <B as MatrixOperand>::Shape>;
    type Storage<A, B> = New<Out<A, B>, HomeOfProduct<A, B>>;
    if let Some(small) = const { small::<A, B>() } {
        let fixed = <Out<A, B> as AnyShape>::STATIC;
        let (ea, eb) = (a.elements(), b.elements());
        let fill = |o| if small.by_elements() { small.element(ea, eb, o) } else { T::ZERO };
        let mut data = <Storage<A, B> as OwnedData<T, Out<A, B>>>::try_from_fn(small.len(), fill)
            .ok_or_else(|| {
                ShapeError::allocation_failed(&fixed[..<Out<A, B> as AnyShape>::RANK], size_of::<T>())
            })?;
        if !small.by_elements() {
            use crate::tensor::DataMut as _;
            small.write(ea, eb, data.slice_mut());
        }
        let shape = <Out<A, B>>::from_extents(&[], Proof::new());
        return Ok(TensorBase::from_parts(data, shape));
    }
    let (la, lb) = (Layout::of(a), Layout::of(b));
    let dims = output_dims::<A, B>(&la, &lb)?;
    let len = dims.element_count().unwrap_or(0);
    let mut data =
        <New<Out<A, B>, HomeOfProduct<A, B>> as OwnedData<T, Out<A, B>>>::try_from_fn(len, |_| T::ZERO)
            .ok_or_else(|| ShapeError::allocation_failed(&dims, size_of::<T>()))?;
    {
        use crate::tensor::DataMut as _;
        let out = &mut data.slice_mut()[..len];
        kernel::product(la.operand(a.elements()), lb.operand(b.elements()), out, &dims);
    }
    let shape = <Out<A, B>>::from_extents(&dims, Proof::new());
    Ok(TensorBase::from_parts(data, shape))
}

macro_rules! products {
    ($(#[$attr:meta])* impl[$($gen:tt)*] $Self:ty) => {
        $(#[$attr])*
        impl<$($gen)*> $Self {
            /// The matrix product `self · other` by NumPy's `matmul` rule ([`MatMul`]), checked at
            /// compile time: `[…, M, K] · […, K, N] → […, M, N]`, the batch axes broadcast, a 1-D
            /// operand read as a row (first) or a column (second) and that axis removed again. A
            /// new tensor, by the operators' storage rule (inline when every size of the result is
            /// fixed and no operand is boxed). `other` is any tensor or a transposed view
            /// ([`mt`](TensorBase::mt)), read in place.
            ///
            /// ```
            /// use shapecast::prelude::*;
            ///
            /// let a = Tensor::<f64, shape![2, 2]>::from([[1.0, 2.0], [3.0, 4.0]]);
            /// let b = Tensor::<f64, shape![2, 2]>::from([[5.0, 6.0], [7.0, 8.0]]);
            /// assert_eq!(a.matmul(&b).as_slice(), [19.0, 22.0, 43.0, 50.0]);
            ///
            /// let v = Tensor::<f64, shape![2]>::from([1.0, 1.0]);
            /// assert_eq!(a.matmul(&v).as_slice(), [3.0, 7.0]); // [2, 2] · [2] → [2]
            /// assert_eq!(v.matmul(&v).value(), 2.0); // [2] · [2] → []
            ///
            /// // Batches broadcast: [3, 1, 2, 2] · [4, 2, 2] → [3, 4, 2, 2]
            /// let batch = BoxedTensor::<f64, shape![3, 1, 2, 2]>::splat(1.0);
            /// let weights = Tensor::<f64, shape![4, 2, 2]>::splat(0.5);
            /// let out: BoxedTensor<f64, shape![3, 4, 2, 2]> = batch.matmul(&weights);
            /// assert!(out.as_slice().iter().all(|&x| x == 1.0));
            /// ```
            ///
            /// Run-time sizes stay typed: `[Batch, 64] · [64, 10]` is `[Batch, 10]`.
            ///
            /// ```
            /// use shapecast::prelude::*;
            /// struct Batch;
            /// let data = vec![1.0f32; 3 * 64];
            /// bind!(let batch: Batch = 3);
            /// let x = TensorRef::from_shape(dims![batch, 64], &data)?;
            /// let w = BoxedTensor::<f32, shape![64, 10]>::splat(0.5);
            /// let y = x.matmul(&w); // BoxedTensor<f32, shape![Batch, 10]>
            /// assert_eq!(y.get(&[2, 9]), Some(&32.0));
            /// # Ok::<(), shapecast::ShapeError>(())
            /// ```
            ///
            /// Contracted sizes that differ do not compile:
            ///
            /// ```compile_fail,E0277
            /// use shapecast::prelude::*;
            /// let x = Tensor::<f32, shape![2, 64]>::splat(1.0);
            /// let w = Tensor::<f32, shape![128, 10]>::splat(1.0);
            /// let y = x.matmul(&w);
            /// ```
            ///
            /// ```txt
            /// error[E0277]: cannot multiply these matrices: the contracted sizes `Dim<64>` and `Dim<128>` differ
            /// ```
            ///
            /// # Panics
            ///
            /// If the result has run-time sizes whose product passes `usize` (operands of zero
            /// elements `[R, 0] · [0, Q]` with R·Q past `usize::MAX`), or cannot be allocated:
            /// [`try_matmul`](Self::try_matmul) returns that error instead, and
            /// [`matmul_into`](Self::matmul_into) allocates no result.
            #[inline]
            pub fn matmul<B>(&self, other: &B) -> Owned<T, MatMulShape<S, B::Shape>, HomeOfProduct<Self, B>>
            where
                B: MatrixOperand<Elem = T>,
                S: MatMul<B::Shape>,
                T: Dot,
                New<MatMulShape<S, B::Shape>, HomeOfProduct<Self, B>>: OwnedData<T, MatMulShape<S, B::Shape>>,
            {
                match try_product(self, other) {
                    Ok(out) => out,
                    Err(e) => panic!("{e}"),
                }
            }

            /// [`matmul`](Self::matmul), with the error of a result whose run-time sizes
            /// multiply past `usize` or whose elements cannot be allocated as a value (nothing is
            /// allocated then).
            ///
            /// ```
            /// use shapecast::prelude::*;
            /// struct Rows;
            /// struct Cols;
            /// bind!(let rows: Rows = 1 << 40);
            /// bind!(let cols: Cols = 1 << 40);
            /// let a = BoxedTensor::from_elem(dims![rows, 0], 1.0f32)?; // no elements
            /// let b = BoxedTensor::from_elem(dims![0, cols], 1.0f32)?;
            /// let err = a.try_matmul(&b).unwrap_err(); // 2^80 elements
            /// assert_eq!(err.to_string(), "cannot multiply [1099511627776, 0] by [0, 1099511627776]: the result has more elements than usize can count");
            /// # Ok::<(), shapecast::ShapeError>(())
            /// ```
            #[inline]
            pub fn try_matmul<B>(
                &self,
                other: &B,
            ) -> Result<Owned<T, MatMulShape<S, B::Shape>, HomeOfProduct<Self, B>>, ShapeError>
            where
                B: MatrixOperand<Elem = T>,
                S: MatMul<B::Shape>,
                T: Dot,
                New<MatMulShape<S, B::Shape>, HomeOfProduct<Self, B>>: OwnedData<T, MatMulShape<S, B::Shape>>,
            {
                try_product(self, other)
            }

            /// [`matmul`](Self::matmul) into `out`, with no result allocated (`no_std`; with feature
            /// `alloc`, a large `f32`/`f64` product's GEMM allocates its packing buffers): `out`'s shape is
            /// the product's, so nothing is checked when it runs, and nothing panics.
            ///
            /// ```
            /// use shapecast::prelude::*;
            /// let a = Tensor::<i32, shape![2, 3]>::from([[1, 2, 3], [4, 5, 6]]);
            /// let mut out = [0; 4];
            /// a.matmul_into(&a.mt(), &mut TensorMut::new(&mut out)?); // A·Aᵀ
            /// assert_eq!(out, [14, 32, 32, 77]);
            /// # Ok::<(), shapecast::ShapeError>(())
            /// ```
            #[inline]
            pub fn matmul_into<B, DO, O>(&self, other: &B, out: &mut TensorBase<DO, O>)
            where
                B: MatrixOperand<Elem = T>,
                S: MatMul<B::Shape>,
                T: Dot,
                DO: DataMut<Elem = T>,
                O: AnyShape,
                OutputSizes<O::Sizes>: ResultSizes<<MatMulShape<S, B::Shape> as AnyShape>::Sizes, DO>,
                OutputShape<MatMulShape<S, B::Shape>, O, DO>: WritesInto<O, DO>,
            {
                let mut dims = [0; MAX_RANK];
                let rank = <MatMulShape<S, B::Shape> as AnyShape>::RANK;
                out.shape().write_extents(&mut dims[..rank]);
                product_into(self, other, out.as_mut_slice(), &dims[..rank]);
            }
        }
    };
}

products!(impl[D: Data<Elem = T>, S: AnyShape, T: Copy] TensorBase<D, S>);
products!(
    /// The products of a transposed view, read in place.
    impl['a, T: Copy, S: AnyShape, H: Home] Transposed<'a, T, S, H>
);
products!(
    /// The products of a strided view (a permuted tensor, a slice), read in place.
    impl['a, T: Copy, S: AnyShape, H: Home] crate::algebra::StridedView<'a, T, S, H>
);
