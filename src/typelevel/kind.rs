//! Fixed or run-time: what each size is, and so which pair rule applies where two sizes meet;
//! and where a new tensor goes ([`Home`]), which a shape's kind decides with its operands'.

/// A size known at compile time: [`Dim`](crate::shape::Dim) or [`Big`](crate::shape::Big).
pub struct Fixed;

/// A size bound at run time: [`Dyn`](crate::shape::Dyn).
pub struct Runtime;

/// What a kind decides beyond the pair rule: where a new tensor goes.
pub trait Kind {
    /// The [`Home`] of a tensor of a shape of this kind whose storage has the home `H`. A box
    /// of a fixed shape was chosen (for size), so new tensors stay on the heap; a box of a shape
    /// with run-time sizes was needed by that shape, so new tensors follow their own shapes
    /// (reducing every run-time axis gives an inline tensor).
    type Home<H: Home>: Home;
}
impl Kind for Fixed {
    type Home<H: Home> = H;
}
impl Kind for Runtime {
    type Home<H: Home> = ByShape;
}

/// `Fixed` only if both are: the kind of a shape is `Fixed` when every size is.
pub trait Join<Other> {
    /// The joined kind.
    type Output: Kind;
}
impl Join<Fixed> for Fixed {
    type Output = Fixed;
}
impl Join<Runtime> for Fixed {
    type Output = Runtime;
}
impl<K> Join<K> for Runtime {
    type Output = Runtime;
}

/// Where new tensors go, from where their operands live: a new tensor is boxed when any operand
/// is boxed ([`OnHeap`]), and otherwise wherever its shape says ([`ByShape`]). So a large fixed
/// shape, once boxed, stays on the heap through every operation, and small tensors stay inline.
///
/// ```
/// use shapecast::prelude::*;
///
/// let big = BoxedTensor::<f32, shape![20000, 4]>::splat(1.0);
/// let bias = Tensor::<f32, shape![4]>::from([1.0, 2.0, 3.0, 4.0]);
/// let shifted: BoxedTensor<f32, shape![20000, 4]> = &big + &bias; // never on the stack
/// let small: Tensor<f32, shape![4]> = &bias * 2.0; // inline, as its operand
/// # assert_eq!(shifted.get(&[19999, 3]), Some(&5.0));
/// # assert_eq!(small.as_slice(), [2.0, 4.0, 6.0, 8.0]);
/// ```
pub trait Home: sealed::Home {
    /// Where a new tensor computed from operands living here and in `H` goes: on the heap if
    /// either is.
    type With<H: Home>: Home;
    /// The kind whose storage a new tensor takes when its shape's kind is `K`.
    #[doc(hidden)]
    type Storage<K>;
}

/// New tensors go where their shape says: inline when every size is fixed, boxed when one is
/// known only at run time. The home of inline and borrowed storage.
pub struct ByShape;

/// New tensors go on the heap, whatever their shape: the home of a `BoxedTensor`.
pub struct OnHeap;

impl Home for ByShape {
    type With<H: Home> = H;
    type Storage<K> = K;
}

impl Home for OnHeap {
    type With<H: Home> = OnHeap;
    type Storage<K> = Runtime;
}

mod sealed {
    pub trait Home {}
    impl Home for super::ByShape {}
    impl Home for super::OnHeap {}
}
