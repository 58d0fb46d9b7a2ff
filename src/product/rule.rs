//! NumPy's `matmul` rule on shape types: the output shape of a product, decided at compile time.

use typenum::{B1, IsEqual};

use crate::shape::{AnyShape, Cons, Dyn, Nil, Number};
use crate::typelevel::{Checked, Reverse, Same, ZipBroadcast, ZipCommon};

type Rev<L> = <L as Reverse>::Output;
/// The product's shape, reversed, computed whether or not the rule holds (see [`ProductShape`]).
type ProductRev<A, B> = <Rev<A> as ProductShape<Rev<B>>>::Output;

/// The shape of the matrix product of a tensor of shape `Self` by one of shape `B`, by NumPy's
/// `matmul` rule: `[…, M, K] · […, K, N] → […, M, N]`, the batch axes (before the matrices)
/// broadcast by NumPy's rule, a 1-D first operand `[K]` read as `[1, K]` and a 1-D second
/// operand as `[K, 1]`, that added axis then removed (`[K] · [K, N] → [N]`, `[K] · [K] → []`).
/// The two `K` must be one size ([`Contracts`]). Its run-time twin is
/// [`dynamic::matmul_shape`](crate::dynamic::matmul_shape).
///
/// The bounds a function generic over the shapes of a product needs (`MatMul`, and that the
/// shapes, the result's too, are `Shape`s):
///
/// ```
/// use shapecast::prelude::*;
///
/// /// `x · w`, for any shapes that multiply.
/// fn layer<A: MatMul<B>, B: AnyShape>(x: &Tensor<f32, A>, w: &Tensor<f32, B>) -> Owned<f32, MatMulShape<A, B>>
/// where
///     A: Shape,
///     B: Shape,
///     MatMulShape<A, B>: Shape,
/// {
///     x.matmul(w)
/// }
/// let x = Tensor::<f32, shape![2, 3]>::splat(1.0);
/// let w = Tensor::<f32, shape![3, 4]>::splat(0.5);
/// assert_eq!(layer(&x, &w).as_slice(), [1.5; 8]);
/// static_assertions::assert_type_eq_all!(MatMulShape<shape![7, 1, 2, 3], shape![5, 3, 4]>, shape![7, 5, 2, 4]);
/// ```
#[diagnostic::on_unimplemented(
    message = "cannot multiply tensors of these shapes by NumPy's `matmul` rule",
    label = "no matrix product of these shapes",
    note = "NumPy's `matmul` rule: `[…, M, K] · […, K, N] → […, M, N]`; a 1-D operand is a row (first) or a column (second); the axes before the last two broadcast"
)]
pub trait MatMul<B: AnyShape>: AnyShape {
    /// The shape of the product.
    type Output: AnyShape;
}

// For `Cons` only, not every shape: a scalar, and a generic shape without this bound, then
// fail as `A: MatMul<_>`, the bound to add, rather than as a step of the rule.
//
// The output is the product's shape computed for any two shapes ([`ProductShape`]), checked by the
// rule ([`Matrices`]) as a proof: these bounds never compute the checked shape, so rustc meets a
// clash while it computes the output, and reports it on the two sizes alone, with no
// `required for` line naming the shapes.
impl<H, T, B> MatMul<B> for Cons<H, T>
where
    Cons<H, T>: AnyShape + Reverse,
    B: AnyShape + Reverse,
    Rev<Cons<H, T>>: Matrices<Rev<B>> + ProductShape<Rev<B>>,
    ProductRev<Cons<H, T>, B>: Reverse,
    Rev<ProductRev<Cons<H, T>, B>>: AnyShape,
{
    type Output = Checked<Rev<ProductRev<Cons<H, T>, B>>, <Rev<Cons<H, T>> as Matrices<Rev<B>>>::Output>;
}

/// The shape of `a · b` for tensors of shapes `A` and `B` (NumPy's `matmul` rule).
///
/// ```
/// use shapecast::prelude::*;
/// static_assertions::assert_type_eq_all!(MatMulShape<shape![3], shape![3, 5]>, shape![5]);
/// static_assertions::assert_type_eq_all!(MatMulShape<shape![4, 3], shape![3]>, shape![4]);
/// static_assertions::assert_type_eq_all!(MatMulShape<shape![3], shape![3]>, shape![]);
/// ```
pub type MatMulShape<A, B> = <A as MatMul<B>>::Output;

one_message! {
    #[diagnostic::on_unimplemented(
        message = "a matrix product needs at least one axis on each side, and the second operand is a scalar (shape `[]`)",
        label = "a scalar has no matrix",
        note = "to scale a tensor by a number, multiply: `&x * 2.0`"
    )]
    /// The product rule on the two shapes reversed (last axis first): the case of each rank, the
    /// contracted sizes checked ([`Contracts`]), the batch axes broadcast. It fails on its own only
    /// for a scalar second operand.
    pub trait Matrices<B> {
        /// The product's shape, reversed.
        type Output;
    }
    /// [`Matrices`] without its checks: the product's shape, reversed, for any two shapes of at
    /// least one axis (the batch axes by [`ZipCommon`], the contracted sizes not compared).
    pub trait ProductShape<B> {
        /// The product's shape, reversed.
        type Output;
    }
}

// [K] · [K] → []
impl<K: ContractsWith<K2>, K2> Matrices<Cons<K2, Nil>> for Cons<K, Nil> {
    type Output = Checked<Nil, <K as ContractsWith<K2>>::Proof>;
}
// [K] · […, K, N] → […, N]
impl<K: ContractsWith<K2>, K2, N, BB> Matrices<Cons<N, Cons<K2, BB>>> for Cons<K, Nil> {
    type Output = Checked<Cons<N, BB>, <K as ContractsWith<K2>>::Proof>;
}
// […, M, K] · [K] → […, M]
impl<K: ContractsWith<K2>, K2, M, BA> Matrices<Cons<K2, Nil>> for Cons<K, Cons<M, BA>> {
    type Output = Checked<Cons<M, BA>, <K as ContractsWith<K2>>::Proof>;
}
// […, M, K] · […, K, N] → [broadcast(…, …), M, N]
impl<K: ContractsWith<K2>, K2, M, BA: ZipBroadcast<BB>, N, BB> Matrices<Cons<N, Cons<K2, BB>>>
    for Cons<K, Cons<M, BA>>
{
    type Output = Checked<Cons<N, Cons<M, BA::Output>>, <K as ContractsWith<K2>>::Proof>;
}

impl<K, K2> ProductShape<Cons<K2, Nil>> for Cons<K, Nil> {
    type Output = Nil;
}
impl<K, K2, N, BB> ProductShape<Cons<N, Cons<K2, BB>>> for Cons<K, Nil> {
    type Output = Cons<N, BB>;
}
impl<K, K2, M, BA> ProductShape<Cons<K2, Nil>> for Cons<K, Cons<M, BA>> {
    type Output = Cons<M, BA>;
}
impl<K, K2, M, BA: ZipCommon<BB>, N, BB> ProductShape<Cons<N, Cons<K2, BB>>> for Cons<K, Cons<M, BA>> {
    type Output = Cons<N, Cons<M, BA::Output>>;
}

one_message! {
    #[diagnostic::on_unimplemented(
        message = "cannot multiply these matrices: the contracted sizes `{Self}` and `{K}` differ",
        label = "the contracted sizes of this product differ",
        note = "the first operand's last axis (`{Self}`) meets the second operand's next-to-last axis, or its only axis when it is 1-D (`{K}`): they must be the same size",
        note = "a run-time size contracts only with itself (one `bind!`); if the sizes are meant to be equal, convert one operand first, checked at run time: `w.to_fixed::<shape![…]>()?` or `x.cast_shape(…)?`; if an operand is stored the other way round, its `.mt()` is the transposed view"
    )]
    /// [`Contracts`], one impl away: [`Matrices`]' bounds meet the rule only through this impl,
    /// while its output meets it at once, so rustc reports two contracted sizes that differ on the
    /// sizes alone.
    pub trait ContractsWith<K> {
        /// `()`: computed, it checks the sizes.
        type Proof;
    }
    /// The contracted sizes of a product are one size: two equal fixed sizes, or one run-time
    /// binding. A run-time size never contracts with a fixed size or another binding, whatever
    /// their values.
    ///
    /// ```
    /// use shapecast::prelude::*;
    /// use shapecast::{product::Contracts, shape::Dim};
    /// struct Features;
    /// static_assertions::assert_impl_all!(Dim<4>: Contracts<Dim<4>>);
    /// static_assertions::assert_not_impl_any!(Dim<4>: Contracts<Dim<3>>);
    /// static_assertions::assert_impl_all!(Dyn<'static, Features>: Contracts<Dyn<'static, Features>>);
    /// static_assertions::assert_not_impl_any!(Dyn<'static, Features>: Contracts<Dim<4>>);
    /// ```
    pub trait Contracts<K> {}
}
#[diagnostic::do_not_recommend]
impl<A: Contracts<K>, K> ContractsWith<K> for A {
    type Proof = ();
}

#[diagnostic::do_not_recommend]
impl<A: Number, B: Number> Contracts<B> for A
where
    <A::U as IsEqual<B::U>>::Output: Same<B1>,
    A::U: IsEqual<B::U>,
{
}

#[diagnostic::do_not_recommend]
impl<'id, N> Contracts<Dyn<'id, N>> for Dyn<'id, N> {}
