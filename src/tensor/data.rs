//! Where a tensor's elements live: the storage kinds of [`TensorBase`](super::TensorBase).

use crate::kernel::fused::Hint;
use generic_array::GenericArray;
use shapecast_macros::hot;

use crate::shape::Shape;

/// Storage a tensor reads its elements from, row-major: an inline array ([`Inline`]), a borrowed
/// slice (`&[T]`, `&mut [T]`), or a heap allocation (`Box<[T]>`, feature `alloc`). Sealed: a
/// storage's length is the shape's element count, which the constructors check once.
pub trait Data: sealed::Sealed {
    /// The element type.
    type Elem;
    /// Where a new tensor computed from this one lives: [`OnHeap`] for a box, [`ByShape`]
    /// otherwise.
    type Home: Home;
    /// The storage of a view of this one (`insert_axis`, `cast_shape`): a borrowed slice that
    /// keeps this storage's [`Home`], so a view of a `BoxedTensor` computes boxed tensors too.
    type View<'a>: Data<Elem = Self::Elem> + Copy
    where
        Self: 'a;
    /// What `Debug` calls a tensor with this storage.
    #[doc(hidden)]
    const NAME: &'static str;
    /// The elements.
    #[doc(hidden)]
    fn slice(&self) -> &[Self::Elem];
    /// The elements, as the storage of a view.
    #[doc(hidden)]
    fn view(&self) -> Self::View<'_>;
    /// `len` elements from `start`, as the storage of a view (a row), or `None` past the end.
    #[doc(hidden)]
    fn part(&self, start: usize, len: usize) -> Option<Self::View<'_>>;
    /// Whether the storage is a heap allocation of its own ([`into_heap`](Self::into_heap)).
    #[doc(hidden)]
    const HEAP: bool = false;
    /// The allocation, where the storage is one (see [`HEAP`](Self::HEAP)): what an operator
    /// whose operand is a temporary writes its result into.
    #[doc(hidden)]
    #[cfg(feature = "alloc")]
    #[hot]
    fn into_heap(self) -> Result<alloc::boxed::Box<[Self::Elem]>, Self>
    where
        Self: Sized,
    {
        Err(self)
    }
}

/// Storage whose elements can be written: [`Inline`], `&mut [T]`, `Box<[T]>`.
pub trait DataMut: Data {
    /// The elements, mutable.
    #[doc(hidden)]
    fn slice_mut(&mut self) -> &mut [Self::Elem];
}

/// The inline storage of a [`Tensor`](super::Tensor): `S::LEN` values of `T`, no heap.
pub struct Inline<T, S: Shape>(pub(crate) GenericArray<T, S::Len>);

impl<T: Clone, S: Shape> Clone for Inline<T, S> {
    fn clone(&self) -> Self {
        Inline(self.0.clone())
    }
}

impl<T, S: Shape> Data for Inline<T, S> {
    type Elem = T;
    type Home = ByShape;
    type View<'a>
        = &'a [T]
    where
        Self: 'a;
    const NAME: &'static str = "Tensor";
    #[hot]
    fn slice(&self) -> &[T] {
        &self.0
    }
    #[hot]
    fn view(&self) -> &[T] {
        &self.0
    }
    #[hot]
    fn part(&self, start: usize, len: usize) -> Option<&[T]> {
        self.0.get(start..start.checked_add(len)?)
    }
}
impl<T, S: Shape> DataMut for Inline<T, S> {
    #[hot]
    fn slice_mut(&mut self) -> &mut [T] {
        &mut self.0
    }
}

/// A borrowed slice as the storage of a view: what [`Data::View`] is for inline and borrowed
/// storage.
type Slice<'a, T> = &'a [T];

/// `Data` for storages that deref to `[T]`: where new tensors go, the storage of a view, and
/// the name `Debug` prints. `View` is the storage of a view of it, made from the whole slice
/// (`whole`): for a storage that owns or borrows mutably, a slice borrowed from it (`'v`); for
/// a view's own storage, its elements for as long as they live (`'a`), so that a view of a view
/// is a view of the data (`x.merge_axes::<1>().merge_axes::<1>()` borrows no temporary).
macro_rules! slice_data {
    ($($(#[$attr:meta])* [$($lt:lifetime)?] $Storage:ty => $Home:ty, $name:literal,
        view $View:ty, whole |$this:ident| $whole:expr; $({ $($own:tt)* })?)*) => {$(
        $(#[$attr])*
        impl<$($lt,)? T> Data for $Storage {
            type Elem = T;
            type Home = $Home;
            type View<'v>
                = $View
            where
                Self: 'v;
            const NAME: &'static str = $name;
            #[hot]
            fn slice(&self) -> &[T] {
                self
            }
            #[hot]
            fn view(&self) -> Self::View<'_> {
                let $this = self;
                $whole.into()
            }
            #[hot]
            fn part(&self, start: usize, len: usize) -> Option<Self::View<'_>> {
                let $this = self;
                $whole.get(start..start.checked_add(len)?).map(Into::into)
            }
            $($($own)*)?
        }
    )*};
}

slice_data! {
    ['a] &'a mut [T] => ByShape, "TensorMut", view Slice<'v, T>, whole |this| this.slice();
    ['a] Slice<'a, T> => ByShape, "TensorRef", view Slice<'a, T>, whole |this| *this;
    #[cfg(feature = "alloc")]
    [] alloc::boxed::Box<[T]> => OnHeap, "BoxedTensor", view BoxedRef<'v, T>, whole |this| this.slice(); {
        const HEAP: bool = true;
        #[hot]
        fn into_heap(self) -> Result<alloc::boxed::Box<[T]>, Self> {
            Ok(self)
        }
    }
    #[cfg(feature = "alloc")]
    ['a] BoxedRef<'a, T> => OnHeap, "TensorRef", view BoxedRef<'a, T>, whole |this| this.0;
}

impl<T> DataMut for &mut [T] {
    #[hot]
    fn slice_mut(&mut self) -> &mut [T] {
        self
    }
}

/// The storage of a view of a `BoxedTensor` (`insert_axis`, `cast_shape`, `to_fixed`): a
/// borrowed slice, like a [`TensorRef`](super::TensorRef)'s, that keeps the box's [`Home`], so
/// the tensors computed from the view are boxed as those computed from the box are.
///
/// ```
/// use shapecast::prelude::*;
///
/// let x = BoxedTensor::<f32, shape![20000, 4]>::splat(1.0);
/// let w = Tensor::<f32, shape![3, 4]>::splat(0.5);
/// let scores = (&x.insert_axis::<1>() * &w).sum_axes::<axes![2]>(); // [20000, 1, 4] * [3, 4]
/// let _: &BoxedTensor<f32, shape![20000, 3]> = &scores; // on the heap, as `x`
/// # assert_eq!(scores.get(&[19999, 2]), Some(&2.0));
/// ```
#[cfg(feature = "alloc")]
pub struct BoxedRef<'a, T>(&'a [T]);

#[cfg(feature = "alloc")]
impl<T> Clone for BoxedRef<'_, T> {
    fn clone(&self) -> Self {
        *self
    }
}

#[cfg(feature = "alloc")]
impl<T> Copy for BoxedRef<'_, T> {}

#[cfg(feature = "alloc")]
impl<'a, T> From<&'a [T]> for BoxedRef<'a, T> {
    /// The elements of a box, seen as its view's storage.
    fn from(data: &'a [T]) -> Self {
        BoxedRef(data)
    }
}

#[cfg(feature = "alloc")]
impl<T> core::ops::Deref for BoxedRef<'_, T> {
    type Target = [T];
    fn deref(&self) -> &[T] {
        self.0
    }
}

#[cfg(feature = "alloc")]
impl<T> DataMut for alloc::boxed::Box<[T]> {
    #[hot]
    fn slice_mut(&mut self) -> &mut [T] {
        self
    }
}

mod sealed {
    pub trait Sealed {}
    impl<T, S: crate::shape::Shape> Sealed for super::Inline<T, S> {}
    impl<T> Sealed for &[T] {}
    impl<T> Sealed for &mut [T] {}
    #[cfg(feature = "alloc")]
    impl<T> Sealed for alloc::boxed::Box<[T]> {}
    #[cfg(feature = "alloc")]
    impl<T> Sealed for super::BoxedRef<'_, T> {}
}

pub use crate::typelevel::{ByShape, Home, OnHeap};

/// The storage of a new tensor of shape `S`, chosen by whether `S` is fixed: inline for fixed
/// shapes, on the heap (feature `alloc`) for shapes with run-time sizes.
#[diagnostic::on_unimplemented(
    message = "a new tensor of this shape needs the heap: its size is known only at run time",
    label = "this would make a new tensor with run-time sizes",
    note = "enable shapecast's `alloc` feature, or write the result into a `TensorMut` with the `_into` twin of this operation"
)]
pub trait OwnedData<T, S> {
    /// The storage.
    type Data: Owning<Elem = T>;
    /// Storage of `len` elements, each from `f(index)`, straight where it lives.
    #[hot]
    fn from_fn(len: usize, f: impl FnMut(usize) -> T) -> Self::Data {
        Self::Data::from_fn(len, f)
    }
    /// [`from_fn`](Self::from_fn), or `None` (nothing allocated, `f` never called) if the
    /// allocation fails.
    #[hot]
    fn try_from_fn(len: usize, f: impl FnMut(usize) -> T) -> Option<Self::Data> {
        Self::Data::try_from_fn(len, f)
    }
}

impl<T, S: Shape> OwnedData<T, S> for crate::typelevel::Fixed {
    type Data = Inline<T, S>;
}

#[cfg(feature = "alloc")]
impl<T, S> OwnedData<T, S> for crate::typelevel::Runtime {
    type Data = alloc::boxed::Box<[T]>;
}

/// Storage a new tensor is built in, element by element where it lives: [`Inline`] or
/// `Box<[T]>`. Sealed, as [`Data`] is.
pub trait Owning: DataMut + Sized {
    /// `len` elements (for inline storage, the shape's own count), each `f(index)`.
    #[doc(hidden)]
    fn from_fn(len: usize, f: impl FnMut(usize) -> Self::Elem) -> Self;

    /// `len` elements, the output of `src` over sizes `dims` in row-major order, each written
    /// once where it lives; `hint` is what the types tell the pass before it runs.
    #[doc(hidden)]
    fn from_source<
        const W: usize,
        S: crate::kernel::source::Source<W, Elem = Self::Elem> + crate::kernel::source::Portable,
        P: crate::kernel::place::Pass,
    >(
        dims: &[usize],
        len: usize,
        hint: crate::kernel::fused::Hint<P>,
        src: S,
    ) -> Self
    where
        Self::Elem: Copy + crate::kernel::source::Shared;

    /// [`from_fn`](Self::from_fn), or `None` (nothing allocated, `f` never called) if the
    /// allocation fails.
    #[doc(hidden)]
    fn try_from_fn(len: usize, f: impl FnMut(usize) -> Self::Elem) -> Option<Self>;

    /// `data` as this storage, where it is of this kind (a heap allocation for a box); `data`
    /// back otherwise.
    #[doc(hidden)]
    #[cfg(feature = "alloc")]
    #[hot]
    fn from_data<D: Data<Elem = Self::Elem>>(data: D) -> Result<Self, D> {
        Err(data)
    }

    /// `len` elements (for inline storage, the shape's own count), those of `slices` in order,
    /// each written once where it lives: how a concatenation is built, a block of an operand at
    /// a time. `None` where the slices hold another count.
    #[doc(hidden)]
    fn from_slices<'s>(len: usize, slices: impl Iterator<Item = &'s [Self::Elem]>) -> Option<Self>
    where
        Self::Elem: Clone + 's;
}

impl<T, S: Shape> Owning for Inline<T, S> {
    #[hot]
    fn from_fn(_: usize, f: impl FnMut(usize) -> T) -> Self {
        use generic_array::sequence::GenericSequence;
        Inline(GenericArray::generate(f))
    }

    #[hot]
    fn from_source<
        const W: usize,
        Src: crate::kernel::source::Source<W, Elem = T> + crate::kernel::source::Portable,
        P: crate::kernel::place::Pass,
    >(
        dims: &[usize],
        _: usize,
        hint: crate::kernel::fused::Hint<P>,
        src: Src,
    ) -> Self
    where
        T: Copy + crate::kernel::source::Shared,
    {
        let make: Make<T, S, Src, P> = const { if Src::SLOTS == 0 { from_first } else { from_first_block } };
        make(dims, hint, src)
    }

    #[hot]
    fn try_from_fn(len: usize, f: impl FnMut(usize) -> T) -> Option<Self> {
        Some(Self::from_fn(len, f))
    }

    /// Made as copies of the first element, then each slice copied where it goes (not
    /// element by element through one iterator, which the optimizer does not turn into copies).
    #[hot]
    fn from_slices<'s>(_: usize, slices: impl Iterator<Item = &'s [T]>) -> Option<Self>
    where
        T: Clone + 's,
    {
        use generic_array::sequence::GenericSequence;
        let mut slices = slices.filter(|s| !s.is_empty()).peekable();
        // (With no element to stand in for the others, only an empty shape is made.)
        let Some(first) = slices.peek().and_then(|s| s.first()).cloned() else {
            return (<S::Len as typenum::Unsigned>::USIZE == 0)
                .then(|| Inline(GenericArray::generate(|_| unreachable!("an empty shape has no element"))));
        };
        let mut out = Inline(GenericArray::generate(|_| first.clone()));
        let mut pos = 0;
        for s in slices {
            out.0.get_mut(pos..pos + s.len())?.clone_from_slice(s);
            pos += s.len();
        }
        (pos == out.0.len()).then_some(out)
    }
}

#[cfg(feature = "alloc")]
impl<T> Owning for alloc::boxed::Box<[T]> {
    #[hot]
    fn from_data<D: Data<Elem = T>>(data: D) -> Result<Self, D> {
        data.into_heap()
    }

    /// Fails as collecting a `Vec` does if the allocation fails (the fallible constructors use
    /// [`try_boxed`] instead).
    #[hot]
    fn from_fn(len: usize, f: impl FnMut(usize) -> T) -> Self {
        (0..len).map(f).collect()
    }

    #[hot]
    fn from_source<
        const W: usize,
        Src: crate::kernel::source::Source<W, Elem = T> + crate::kernel::source::Portable,
        P: crate::kernel::place::Pass,
    >(
        dims: &[usize],
        len: usize,
        hint: crate::kernel::fused::Hint<P>,
        src: Src,
    ) -> Self
    where
        T: Copy + crate::kernel::source::Shared,
    {
        #[cfg(feature = "rayon")]
        if crate::kernel::parallel::worth::<T>(len) {
            return crate::kernel::parallel::collect(dims, len, hint, src).into_boxed_slice();
        }
        let mut sink = VecSink(alloc::vec::Vec::with_capacity(len));
        crate::kernel::fused::run_into(dims, hint, src, &mut sink);
        sink.0.into_boxed_slice()
    }

    #[hot]
    fn try_from_fn(len: usize, f: impl FnMut(usize) -> T) -> Option<Self> {
        try_boxed(len, f)
    }

    /// Appended to an empty allocation of `len`: no element is written twice.
    #[hot]
    fn from_slices<'s>(len: usize, slices: impl Iterator<Item = &'s [T]>) -> Option<Self>
    where
        T: Clone + 's,
    {
        let mut data = alloc::vec::Vec::new();
        data.try_reserve_exact(len).ok()?;
        for s in slices {
            data.extend_from_slice(s);
        }
        (data.len() == len).then(|| data.into_boxed_slice())
    }
}

/// `len` elements, each `f(index)`, on the heap: `None`, with nothing allocated and `f` never
/// called, if the allocation fails (more than `isize::MAX` bytes, or refused by the allocator).
#[cfg(feature = "alloc")]
pub(crate) fn try_boxed<T>(len: usize, f: impl FnMut(usize) -> T) -> Option<alloc::boxed::Box<[T]>> {
    let mut data = alloc::vec::Vec::new();
    data.try_reserve_exact(len).ok()?;
    data.extend((0..len).map(f));
    Some(data.into_boxed_slice())
}

/// How a fixed array is made by a pass: [`from_first`] or [`from_first_block`].
type Make<T, S, Src, P> = fn(&[usize], Hint<P>, Src) -> Inline<T, S>;

/// A fixed array of an element-wise expression (no reduction), made as copies of its first
/// element, then written by the pass where it lies (in tiles, if the pass walks so): made in
/// place, where an array built inside an `Option` is copied out of it at the end.
#[hot]
fn from_first<const W: usize, T, S, Src, P>(dims: &[usize], hint: Hint<P>, mut src: Src) -> Inline<T, S>
where
    T: Copy,
    S: Shape,
    Src: crate::kernel::source::Source<W, Elem = T>,
    P: crate::kernel::place::Pass,
{
    use generic_array::sequence::GenericSequence;
    if <S::Len as typenum::Unsigned>::USIZE == 0 {
        return Inline(GenericArray::generate(|_| unreachable!("an empty shape has no element")));
    }
    // Every leaf of an element-wise expression over an output that has elements has one at
    // its start, where the cursors are before the pass.
    let first = src.get(0);
    let mut out = Inline(GenericArray::generate(|_| first));
    crate::kernel::write::write_here(dims, hint, src, &mut out.0, crate::kernel::write::copy_block);
    out
}

/// A fixed array of an expression that folds a reduction, made when the pass hands on its
/// first block ([`in_order`]).
#[hot]
fn from_first_block<const W: usize, T, S, Src, P>(dims: &[usize], hint: Hint<P>, src: Src) -> Inline<T, S>
where
    T: Copy,
    S: Shape,
    Src: crate::kernel::source::Source<W, Elem = T>,
    P: crate::kernel::place::Pass,
{
    let mut out = None;
    in_order(dims, hint, src, &mut out);
    // No block for an empty shape, whose array has no element to make.
    Inline(out.unwrap_or_else(|| {
        use generic_array::sequence::GenericSequence;
        GenericArray::generate(|_| unreachable!("an empty shape has no element"))
    }))
}

/// `out`, a fixed array, filled by a pass in row-major order (left `None` for an empty one):
/// made with the first block's first element, then each block written where it lies. With
/// every shape fixed the plan is a constant, and the optimizer drops those first stores.
#[hot]
fn in_order<const W: usize, T, N, Src, P>(
    dims: &[usize],
    hint: Hint<P>,
    src: Src,
    out: &mut Option<GenericArray<T, N>>,
) where
    T: Copy,
    N: generic_array::ArrayLength,
    Src: crate::kernel::source::Source<W, Elem = T>,
    P: crate::kernel::place::Pass,
{
    let mut pos = 0;
    crate::kernel::fused::run(dims, hint, src, |block| {
        store(out, pos, block);
        pos += block.len();
    });
}

/// `block` stored at `pos` of the array, made at the first block as copies of its first element.
#[hot]
fn store<T: Copy, N: generic_array::ArrayLength>(
    out: &mut Option<GenericArray<T, N>>,
    pos: usize,
    block: &[T],
) {
    use generic_array::sequence::GenericSequence;
    let out = out.get_or_insert_with(|| GenericArray::generate(|_| block[0]));
    out[pos..pos + block.len()].copy_from_slice(block);
}

/// A new vector filled by a pass, its capacity the output's length.
#[cfg(feature = "alloc")]
struct VecSink<T>(alloc::vec::Vec<T>);

#[cfg(feature = "alloc")]
impl<T: Copy> crate::kernel::fused::Sink<T> for VecSink<T> {
    /// Each block appended as an iterator of a known length, a short loop. As a slice, a
    /// block is a call to `memmove` where the compiler leaves the vector's copy out of line
    /// (the pass inlined into a large function), or per row of softmax's 10 classes; element by
    /// element, each push checks the room again (the short runs of a `[N, 4, 2]` output) and a
    /// full block is slower (batch norm's pass). The room is asserted first (a branch that
    /// cannot return): with only the vector's own check, which may call the allocator, every
    /// operand's block is kept on the stack across that call, and a new tensor costs more than
    /// a hand loop's new `Vec`.
    #[hot]
    fn next(&mut self, block: &[T]) {
        let data = &mut self.0;
        assert!(block.len() <= data.capacity() - data.len(), "a pass writes its output's length");
        data.extend(block.iter().copied());
    }

    /// A pass in tiles writes ahead of the end: the gap is filled with a stand-in, each element
    /// of which the pass writes later.
    #[hot]
    fn at(&mut self, pos: usize, block: &[T]) {
        let data = &mut self.0;
        assert!(pos + block.len() <= data.capacity(), "a pass writes its output's length");
        if pos > data.len() {
            data.resize(pos, block[0]);
        }
        let end = data.len().min(pos + block.len());
        data[pos..end].copy_from_slice(&block[..end - pos]);
        data.extend_from_slice(&block[end - pos..]);
    }
}
