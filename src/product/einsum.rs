//! What `einsum!` runs: NumPy's `einsum` over operands read in place, with strides per label.
//!
//! The subscripts arrive parsed (an [`Einsum`], a constant of each call's expansion), the label
//! sizes checked by the types. A label repeated within an operand reads it with the sum of its
//! axes' strides (the diagonal). Two operands whose labels are a (batched) matrix product go to
//! the product kernel with their strides permuted, so nothing is copied; everything else is one
//! strided loop over the output's elements, each the sum over the summed labels, with no
//! temporary and no allocation.

use core::marker::PhantomData;
use shapecast_macros::hot;

use shapecast_rules::{Einsum, MAX_LABELS, MAX_OPERANDS, element_count};

use super::Dot;
use super::kernel::{self, Operand};
use crate::dynamic::{Array, BroadcastError, DynShape, Form, MAX_RANK, Slot};
use crate::shape::AnyShape;
use crate::tensor::{Data, DataMut, Home, HomeOf, New, Owned, OwnedData, ShapeError, TensorBase};

/// The subscripts of one `einsum!` call, as a constant: the expansion declares a type for them.
#[doc(hidden)]
pub trait EinsumSpec {
    /// The parsed subscripts.
    const SPEC: Einsum;
}

/// The shapes of one call's operands, as a tuple: every size a constant when all are fixed.
#[doc(hidden)]
pub trait EinsumShapes: Copy {
    /// Whether every size of every operand is fixed.
    const FIXED: bool;
    /// Each operand's `STATIC` sizes (those of the fixed shapes are the shapes).
    const STATIC: [[usize; MAX_RANK]; MAX_OPERANDS];
    /// Each operand's rank, and `usize::MAX` (no rank) past the tuple's.
    const RANKS: [usize; MAX_OPERANDS];
    /// How many shapes the tuple holds.
    const COUNT: usize;
    /// Writes operand `o`'s sizes into the first `RANKS[o]` entries of `dims` (nothing for an
    /// operand past the tuple's).
    fn write(&self, o: usize, dims: &mut [usize; MAX_RANK]);
}

/// The rank [`EinsumShapes::RANKS`] gives an operand past its tuple: more axes than any
/// subscripts give an operand, so the subscripts refuse it (a data slice with no shape is not
/// read as a scalar).
const NO_OPERAND: usize = usize::MAX;

macro_rules! einsum_shapes {
    ($($S:ident $i:tt)*) => {
        impl<$($S: AnyShape),*> EinsumShapes for ($($S,)*) {
            const FIXED: bool = true $(&& $S::FIXED)*;
            const STATIC: [[usize; MAX_RANK]; MAX_OPERANDS] = {
                let mut all = [[0; MAX_RANK]; MAX_OPERANDS];
                $(all[$i] = $S::STATIC;)*
                all
            };
            const RANKS: [usize; MAX_OPERANDS] = {
                let mut ranks = [NO_OPERAND; MAX_OPERANDS];
                $(ranks[$i] = $S::RANK;)*
                ranks
            };
            const COUNT: usize = [$($i),*].len();
            #[hot]
            fn write(&self, o: usize, dims: &mut [usize; MAX_RANK]) {
                match o {
                    $($i => self.$i.write_extents(&mut dims[..$S::RANK]),)*
                    _ => {}
                }
            }
        }
    };
}

einsum_shapes!(S0 0);
einsum_shapes!(S0 0 S1 1);
einsum_shapes!(S0 0 S1 1 S2 2);
einsum_shapes!(S0 0 S1 1 S2 2 S3 3);
einsum_shapes!(S0 0 S1 1 S2 2 S3 3 S4 4);
einsum_shapes!(S0 0 S1 1 S2 2 S3 3 S4 4 S5 5);
einsum_shapes!(S0 0 S1 1 S2 2 S3 3 S4 4 S5 5 S6 6);
einsum_shapes!(S0 0 S1 1 S2 2 S3 3 S4 4 S5 5 S6 6 S7 7);
einsum_shapes!(S0 0 S1 1 S2 2 S3 3 S4 4 S5 5 S6 6 S7 7 S8 8);
einsum_shapes!(S0 0 S1 1 S2 2 S3 3 S4 4 S5 5 S6 6 S7 7 S8 8 S9 9);
einsum_shapes!(S0 0 S1 1 S2 2 S3 3 S4 4 S5 5 S6 6 S7 7 S8 8 S9 9 S10 10);
einsum_shapes!(S0 0 S1 1 S2 2 S3 3 S4 4 S5 5 S6 6 S7 7 S8 8 S9 9 S10 10 S11 11);
einsum_shapes!(S0 0 S1 1 S2 2 S3 3 S4 4 S5 5 S6 6 S7 7 S8 8 S9 9 S10 10 S11 11 S12 12);
einsum_shapes!(S0 0 S1 1 S2 2 S3 3 S4 4 S5 5 S6 6 S7 7 S8 8 S9 9 S10 10 S11 11 S12 12 S13 13);
einsum_shapes!(S0 0 S1 1 S2 2 S3 3 S4 4 S5 5 S6 6 S7 7 S8 8 S9 9 S10 10 S11 11 S12 12 S13 13 S14 14);
einsum_shapes!(S0 0 S1 1 S2 2 S3 3 S4 4 S5 5 S6 6 S7 7 S8 8 S9 9 S10 10 S11 11 S12 12 S13 13 S14 14 S15 15);

/// An operand's elements, row-major.
#[doc(hidden)]
#[hot]
pub fn einsum_data<D: Data, S: AnyShape>(tensor: &TensorBase<D, S>) -> &[D::Elem] {
    tensor.as_slice()
}

/// An operand of `einsum!`: a borrowed tensor of any kind.
#[doc(hidden)]
#[diagnostic::on_unimplemented(
    message = "an operand of `einsum!` is a borrowed tensor, and this is a `{Self}`",
    label = "expected a borrowed tensor here",
    note = "write `&a` for a tensor `a` of any kind: a `Tensor`, `TensorRef`, `TensorMut` or `BoxedTensor`, of fixed or run-time sizes"
)]
pub trait EinsumOperand<'a> {
    /// Where the elements live.
    type Data: Data;
    /// The shape.
    type Shape: AnyShape;
    /// The tensor.
    fn tensor(self) -> &'a TensorBase<Self::Data, Self::Shape>;
}

#[diagnostic::do_not_recommend]
impl<'a, D: Data, S: AnyShape> EinsumOperand<'a> for &'a TensorBase<D, S> {
    type Data = D;
    type Shape = S;
    #[hot]
    fn tensor(self) -> &'a TensorBase<D, S> {
        self
    }
}

/// The element type of an operand, as a value.
#[doc(hidden)]
#[hot]
pub fn einsum_element<D: Data, S: AnyShape>(_: &TensorBase<D, S>) -> PhantomData<D::Elem> {
    PhantomData
}

/// The shape of an operand (what `einsum!` takes its sizes from).
#[doc(hidden)]
#[hot]
pub fn einsum_shape_of<D: Data, S: AnyShape>(tensor: &TensorBase<D, S>) -> S {
    tensor.shape()
}

/// Where a new tensor computed from `tensor` goes.
#[doc(hidden)]
#[hot]
pub fn einsum_home<D: Data, S: AnyShape>(_: &TensorBase<D, S>) -> PhantomData<HomeOf<D, S>> {
    PhantomData
}

/// Where a new tensor computed from operands living in `H` and from `tensor` goes.
#[doc(hidden)]
#[hot]
pub fn einsum_home_with<H: Home, D: Data, S: AnyShape>(
    _: PhantomData<H>,
    _: &TensorBase<D, S>,
) -> PhantomData<<H as Home>::With<HomeOf<D, S>>> {
    PhantomData
}

/// `einsum!(…)`: a new tensor of shape `shape` (built by the expansion from the operands'
/// sizes), or a panic with the error of [`try_einsum_owned`].
#[doc(hidden)]
#[hot]
pub fn einsum_owned<Sp: EinsumSpec, Sh: EinsumShapes, T: Dot, Out: AnyShape, H: Home, const N: usize>(
    spec: Sp,
    shapes: Sh,
    shape: Out,
    home: PhantomData<H>,
    data: [&[T]; N],
) -> Owned<T, Out, H>
where
    New<Out, H>: OwnedData<T, Out>,
{
    match try_einsum_owned(spec, shapes, shape, home, data) {
        Ok(out) => out,
        Err(e) => panic!("{e}"),
    }
}

/// `einsum!(try …)`: a new tensor, or the error of a result whose run-time sizes multiply past
/// `usize` or whose elements cannot be allocated (nothing is allocated then).
#[doc(hidden)]
#[inline]
pub fn try_einsum_owned<Sp: EinsumSpec, Sh: EinsumShapes, T: Dot, Out: AnyShape, H: Home, const N: usize>(
    _: Sp,
    shapes: Sh,
    shape: Out,
    _: PhantomData<H>,
    data: [&[T]; N],
) -> Result<Owned<T, Out, H>, ShapeError>
where
    New<Out, H>: OwnedData<T, Out>,
{
    let mut built = None;
    let table = table_of::<Sp, Sh, N>(&shapes, &mut built);
    // The storage is as long as `shape` says: the expansion built `shape` from the same sizes,
    // or fixed them to the result's, and a call that did not (this function is reachable, if
    // hidden) is refused rather than making a tensor whose data and shape disagree, or whose
    // shape is not the result's.
    let len = match table {
        Some(t) if t.counted && t.is_output(const { &Sp::SPEC }, &shape) => t.out_len,
        _ => owned_len::<Sp, Sh, Out, N>(&shapes, &shape).map_err(|e| with_subscripts(e, &Sp::SPEC))?,
    };
    let mut storage = <New<Out, H> as OwnedData<T, Out>>::try_from_fn(len, |_| T::ZERO)
        .ok_or_else(|| ShapeError::allocation_failed(&shape.extents(), size_of::<T>()))?;
    {
        use crate::tensor::DataMut as _;
        run_checked::<Sp, Sh, T, N, false>(table, &shapes, &data, &mut storage.slice_mut()[..len])
            .map_err(|e| with_subscripts(e, &Sp::SPEC))?;
    }
    Ok(TensorBase::from_parts(storage, shape))
}

/// The length of the result of [`try_einsum_owned`] where its table does not give it
/// (operands that are not what the subscripts `Sp` read, or a `shape` not the result's): the
/// rule's own error, which names what disagrees; a shape other than the result's; or the rule's
/// count, for a call that [`run_checked`] then refuses.
#[cold]
#[inline(never)]
fn owned_len<Sp: EinsumSpec, Sh: EinsumShapes, Out: AnyShape, const N: usize>(
    shapes: &Sh,
    shape: &Out,
) -> Result<usize, BroadcastError> {
    let spec = &Sp::SPEC;
    let dims = operand_dims::<Sh, N>(shapes);
    let operands = operands_of::<Sh, N>(&dims);
    // (A label past the subscripts' letters, in subscripts made by hand, is the rule's error.)
    let out = spec.shape(given_operands::<Sh, N>(&operands))?;
    let n = out.element_count().ok_or_else(|| BroadcastError::too_many_elements(&out))?;
    let given = shape.extents();
    if *given != *out {
        return Err(BroadcastError::not_the_result(Form::Einsum, &out, &given));
    }
    Ok(n)
}

/// `einsum!(… => out)`: the result written into `out`, whose shape the types made the
/// result's. No allocation, no panic. (A call written by hand whose shapes, data or output
/// disagree with the subscripts writes nothing, nor one whose output has the result's length
/// but not its shape.)
///
/// Inlined by the optimizer's choice, not forced: as a function of its own it is optimized
/// first, with its table and [`run_checked`], then once more in its caller; the kernel's loops
/// lose their index checks only with both rounds.
#[doc(hidden)]
#[inline]
pub fn einsum_into<
    Sp: EinsumSpec,
    Sh: EinsumShapes,
    T: Dot,
    Out: AnyShape,
    D: DataMut<Elem = T>,
    const N: usize,
>(
    _: Sp,
    shapes: Sh,
    data: [&[T]; N],
    out: &mut TensorBase<D, Out>,
) {
    let spec = const { &Sp::SPEC };
    let shape = out.shape();
    let out = out.as_mut_slice();
    let mut built = None;
    // (An output of one axis or none is the result's shape where it is the result's rank and
    // length, and `run_checked` compares the lengths.)
    let table = table_of::<Sp, Sh, N>(&shapes, &mut built)
        .filter(|t| if Out::RANK <= 1 { Out::RANK == spec.output_rank() } else { t.is_output(spec, &shape) });
    let _ = run_checked::<Sp, Sh, T, N, true>(table, &shapes, &data, out);
}

/// The table of a call's operands ([`Table::of`]): a constant where every size is fixed, else
/// built from `shapes` into `built`.
#[hot]
fn table_of<'t, Sp: EinsumSpec, Sh: EinsumShapes, const N: usize>(
    shapes: &Sh,
    built: &'t mut Option<Table<N>>,
) -> Option<&'t Table<N>> {
    if Sh::FIXED {
        const { &Table::of(&Sp::SPEC, &static_operands::<N>(&Sh::STATIC, &Sh::RANKS)) }.as_ref()
    } else {
        let dims = operand_dims::<Sh, N>(shapes);
        let operands = operands_of::<Sh, N>(&dims);
        *built = Table::of(const { &Sp::SPEC }, &operands);
        built.as_ref()
    }
}

/// Each of `N` operands' sizes, as `shapes` has them (a rank's worth each).
#[hot]
fn operand_dims<Sh: EinsumShapes, const N: usize>(shapes: &Sh) -> [[usize; MAX_RANK]; N] {
    let mut dims = [[0; MAX_RANK]; N];
    for (o, dims) in dims.iter_mut().enumerate() {
        shapes.write(o, dims);
    }
    dims
}

/// Each operand's sizes among `dims` ([`operand_dims`]), of its rank as `Sh` says.
#[hot]
fn operands_of<Sh: EinsumShapes, const N: usize>(dims: &[[usize; MAX_RANK]; N]) -> [&[usize]; N] {
    core::array::from_fn(|o| operand(dims, Sh::RANKS.get(o).copied().unwrap_or(NO_OPERAND), o))
}

/// The operands among `operands` ([`operands_of`]) that the shapes tuple gives sizes for: a
/// call with more data slices than shapes is refused as one with fewer operands than its
/// subscripts.
#[cold]
fn given_operands<'a, 'b, Sh: EinsumShapes, const N: usize>(
    operands: &'a [&'b [usize]; N],
) -> &'a [&'b [usize]] {
    &operands[..Sh::COUNT.min(N)]
}

/// Operand `o`'s sizes among `dims`, of rank `rank`; for a rank past [`MAX_RANK`] (an operand
/// past the tuple's is [`NO_OPERAND`]), more sizes than any subscripts' operand has, so that
/// the subscripts refuse it.
#[hot]
const fn operand<const N: usize>(dims: &[[usize; MAX_RANK]; N], rank: usize, o: usize) -> &[usize] {
    if rank <= MAX_RANK { dims[o].split_at(rank).0 } else { UNREADABLE }
}

/// The sizes of an operand no subscripts read ([`operand`]).
const UNREADABLE: &[usize] = &[0; MAX_RANK + 1];

/// The fixed sizes of `N` operands ([`EinsumShapes::STATIC`]), each of its rank.
const fn static_operands<'a, const N: usize>(
    dims: &'a [[usize; MAX_RANK]; MAX_OPERANDS],
    ranks: &[usize; MAX_OPERANDS],
) -> [&'a [usize]; N] {
    let mut operands: [&[usize]; N] = [UNREADABLE; N];
    let mut o = 0;
    while o < N && o < MAX_OPERANDS {
        operands[o] = operand(dims, ranks[o], o);
        o += 1;
    }
    operands
}

/// What a call's loops read: each label's size, each operand's stride per label (the sum of
/// its axes' row-major strides: a repeated label reads the diagonal), and each operand's
/// element count and the result's; where one is past `usize` ([`element_count`]), `counted` is
/// false (and an operand's count is its sizes' wrapping product, the result's `usize::MAX`).
/// As many operands as the call has (at most `N`, `einsum!`'s own count), so that a call whose
/// sizes are known at run time fills no more than it reads.
struct Table<const N: usize> {
    size: [usize; MAX_LABELS],
    stride: [[usize; MAX_LABELS]; N],
    len: [usize; N],
    out_len: usize,
    counted: bool,
}

impl<const N: usize> Table<N> {
    /// The table of operands of sizes `operands`, where they are what `spec` reads: as many as
    /// it has (at most `N`), each of its rank, every label one of its own and of one size
    /// wherever it stands (a label that no operand has is of size 0). `None` otherwise.
    #[hot]
    const fn of(spec: &Einsum, operands: &[&[usize]]) -> Option<Self> {
        let (n, labels) = (operands.len(), spec.label_count());
        if n > N || spec.operands() != n || labels > MAX_LABELS || spec.output_rank() > labels {
            return None;
        }
        let mut t = Table {
            size: [0; MAX_LABELS],
            stride: [[0; MAX_LABELS]; N],
            len: [0; N],
            out_len: 0,
            counted: true,
        };
        // The labels given a size so far, one bit each.
        let mut seen = 0u64;
        let mut o = 0;
        while o < n {
            let dims = operands[o];
            if spec.rank(o) != dims.len() {
                return None;
            }
            let (mut step, mut all, mut axis) = (1usize, 1usize, dims.len());
            while axis > 0 {
                axis -= 1;
                let (l, d) = (spec.label(o, axis), dims[axis]);
                if l >= labels || ((seen >> l) & 1 == 1 && t.size[l] != d) {
                    return None;
                }
                (t.size[l], seen) = (d, seen | (1 << l));
                t.stride[o][l] = t.stride[o][l].wrapping_add(step);
                step = step.wrapping_mul(if d == 0 { 1 } else { d });
                all = all.wrapping_mul(d);
            }
            // The sizes' product, with no case of its own for a size 0 (the product is then 0,
            // as the count is): where `counted` holds, it is `element_count`'s.
            t.len[o] = all;
            t.counted = t.counted && element_count(dims).is_some();
            o += 1;
        }
        (t.out_len, t.counted) = match element_count(t.size.split_at(spec.output_rank()).0) {
            Some(n) => (n, t.counted),
            None => (usize::MAX, false),
        };
        Some(t)
    }

    /// Whether each operand's elements `data` and the output's `out_len` are as many as the
    /// table counts.
    #[hot]
    fn fits<T>(&self, data: &[&[T]; N], out_len: usize) -> bool {
        self.counted && out_len == self.out_len && data.iter().zip(self.len).all(|(d, n)| d.len() == n)
    }

    /// Whether `shape` is the result's shape, the sizes of the output's labels.
    #[hot]
    fn is_output<S: AnyShape>(&self, spec: &Einsum, shape: &S) -> bool {
        if S::FIXED {
            // (Sizes the types fix, compared with no copy: for fixed operands too, a constant.)
            return S::RANK == spec.output_rank() && (0..S::RANK).all(|k| S::STATIC[k] == self.size[k]);
        }
        let mut given = [0; MAX_RANK];
        shape.write_extents(&mut given[..S::RANK]);
        S::RANK == spec.output_rank() && given[..S::RANK] == self.size[..S::RANK]
    }
}

/// The call's computation over operands `data` and into `out`, by the operands' table
/// ([`table_of`]), where the table is one (the operands are what the subscripts `Sp` read) and
/// counts the operands' elements and the output's; otherwise nothing is written.
///
/// A function of its own for each call (generic over the call's subscripts), so that an
/// optimized build inlines it with the subscripts and, for fixed shapes, every size and stride
/// as constants; a debug build keeps its frame out of the caller's.
///
/// With `CUT`, the kernel reads each operand cut to the table's count of it: the same elements
/// (the check made them as many), but a length the optimizer knows as the sizes' product, not
/// the tensor's own count, which it knows only as one of several values; so the kernel's index
/// checks fold away. [`einsum_into`] cuts; [`try_einsum_owned`] does not need to.
#[inline]
fn run_checked<Sp: EinsumSpec, Sh: EinsumShapes, T: Dot, const N: usize, const CUT: bool>(
    table: Option<&Table<N>>,
    shapes: &Sh,
    data: &[&[T]; N],
    out: &mut [T],
) -> Result<(), BroadcastError> {
    match table {
        Some(table) if table.fits(data, out.len()) => {
            if CUT {
                let cut: [&[T]; N] = core::array::from_fn(|o| &data[o][..table.len[o]]);
                run(const { &Sp::SPEC }, const { plan(&Sp::SPEC) }, table, &cut, out);
            } else {
                run(const { &Sp::SPEC }, const { plan(&Sp::SPEC) }, table, data, out);
            }
            Ok(())
        }
        _ => Err(refusal::<Sp, Sh, T, N>(shapes, data, out.len())),
    }
}

/// Why operands of shapes `shapes` and elements `data`, and an output of `out_len` elements,
/// are not what the subscripts `Sp` read and write ([`run_checked`] said so): `einsum!` makes
/// them so while the program compiles, but the functions it calls are reachable, if hidden,
/// and a call written by hand is refused rather than read past its data.
#[cold]
#[inline(never)]
fn refusal<Sp: EinsumSpec, Sh: EinsumShapes, T, const N: usize>(
    shapes: &Sh,
    data: &[&[T]; N],
    out_len: usize,
) -> BroadcastError {
    let spec = &Sp::SPEC;
    let dims = operand_dims::<Sh, N>(shapes);
    let operands = operands_of::<Sh, N>(&dims);
    let Some(table) = Table::<N>::of(spec, &operands) else {
        // The rule's own error, which names what disagrees (a label past the letters too);
        // otherwise a wrong operand count.
        let named = spec.shape(given_operands::<Sh, N>(&operands)).err();
        return named.unwrap_or_else(|| wrong_count::<N>(spec));
    };
    for (o, (data, shape)) in data.iter().zip(operands).enumerate() {
        let expected = element_count(shape).unwrap_or(usize::MAX);
        if data.len() != expected {
            return BroadcastError::wrong_length(
                Form::Einsum,
                (shape, &[]),
                Slot::Operand(o),
                expected,
                data.len(),
            );
        }
    }
    let out = &table.size[..spec.output_rank()];
    BroadcastError::wrong_length(Form::Einsum, (out, &[]), Slot::Target, table.out_len, out_len)
}

/// `e`, an error of a call of subscripts `spec`, with them in its header where it names none:
/// the errors of a call made by hand (through the hidden entry points) are made from shapes
/// and lengths, with no text, and would print `einsum` with nothing after it.
#[cold]
#[inline(never)]
fn with_subscripts(e: BroadcastError, spec: &Einsum) -> BroadcastError {
    use core::fmt::Write as _;
    /// The first characters written, as numbers, one more than an error keeps (so that it
    /// knows to mark them cut short).
    struct Text([usize; MAX_RANK + 1], usize);
    impl core::fmt::Write for Text {
        fn write_str(&mut self, s: &str) -> core::fmt::Result {
            for c in s.chars() {
                if let Some(slot) = self.0.get_mut(self.1) {
                    (*slot, self.1) = (c as usize, self.1 + 1);
                }
            }
            Ok(())
        }
    }
    if e.form() != Form::Einsum || !e.list().is_empty() {
        return e;
    }
    let mut text = Text([0; MAX_RANK + 1], 0);
    let _ = write!(text, "{spec}");
    e.naming_list(&text.0[..text.1])
}

/// The error of a call that gives `N` operands (data slices) where `spec` has another count:
/// the rule's, which names both counts.
#[cold]
fn wrong_count<const N: usize>(spec: &Einsum) -> BroadcastError {
    match spec.shape(&[&[][..]; N]) {
        Err(e) => e,
        // (Not reached: the rule refuses a count other than the subscripts'.)
        Ok(_) => BroadcastError::wrong_length(Form::Einsum, (&[], &[]), Slot::Operand(0), spec.operands(), N),
    }
}

/// NumPy's `einsum` over arrays whose shapes are known only at run time: the result of
/// `subscripts` (explicit mode, as `einsum!` takes it) written into `out`, row-major; its shape
/// is returned.
///
/// The same rules as `einsum!` and [`einsum_shape`](crate::dynamic::einsum_shape), with errors
/// as values: the subscripts, each operand's rank, every label's sizes, and `out`'s length are
/// checked before anything is written. No result allocated (a large `f32`/`f64` matrix product
/// through the GEMM, with feature `alloc`, allocates its packing buffers), no panic.
///
/// ```
/// use shapecast::dynamic::{self, Array};
///
/// let a = Array::new(&[1, 2, 3, 4, 5, 6], &[2, 3])?;
/// let b = Array::new(&[1, 0, 0, 1, 1, 1], &[3, 2])?;
/// let mut out = [0; 4];
/// assert_eq!(*dynamic::einsum("ij,jk->ik", &[a, b], &mut out)?, [2, 2]);
/// assert_eq!(out, [4, 5, 10, 11]);
/// let mut trace = [0];
/// dynamic::einsum("ii->", &[Array::new(&[1, 2, 3, 4], &[2, 2])?], &mut trace)?;
/// assert_eq!(trace, [5]);
///
/// let err = dynamic::einsum("ij,jk->ik", &[a, a], &mut out).unwrap_err();
/// assert_eq!(
///     err.to_string(),
///     "einsum \"ij,jk->ik\": label `j` is axis 1 of operand 1 (size 3) and axis 0 of operand 2 \
///      (size 2); every axis a label names must have the same size (a size 1 does not stretch)"
/// );
/// # Ok::<(), dynamic::BroadcastError>(())
/// ```
pub fn einsum<T: Dot>(
    subscripts: &str,
    operands: &[Array<'_, T>],
    out: &mut [T],
) -> Result<DynShape, BroadcastError> {
    let spec = Einsum::parse(subscripts, operands.len())?;
    let mut shapes: [&[usize]; MAX_OPERANDS] = [&[]; MAX_OPERANDS];
    for (shape, operand) in shapes.iter_mut().zip(operands) {
        *shape = operand.shape();
    }
    let dims = shapecast_rules::einsum_shape(subscripts, &shapes[..operands.len()])?;
    let expected = dims.element_count().unwrap_or(usize::MAX);
    if out.len() != expected {
        let mut text = [0; MAX_RANK + 1];
        let n = text.iter_mut().zip(subscripts.chars()).map(|(slot, c)| *slot = c as usize).count();
        let e = BroadcastError::wrong_length(Form::Einsum, (&dims, &[]), Slot::Target, expected, out.len());
        return Err(e.naming_list(&text[..n]));
    }
    let mut data = [&[][..]; MAX_OPERANDS];
    for (data, operand) in data.iter_mut().zip(operands) {
        *data = operand.data();
    }
    // The rule read the same shapes: the table takes them.
    let Some(table) = Table::<MAX_OPERANDS>::of(&spec, &shapes[..operands.len()]) else {
        return Err(BroadcastError::wrong_length(
            Form::Einsum,
            (&[], &[]),
            Slot::Operand(0),
            spec.operands(),
            operands.len(),
        ));
    };
    run(&spec, plan(&spec), &table, &data[..operands.len()], out);
    Ok(dims)
}

/// How a call is computed, decided from its subscripts alone (a constant for `einsum!`).
#[derive(Clone, Copy)]
enum Plan {
    /// One strided loop over the output, each element a sum over the summed labels.
    General,
    /// The product kernel.
    Product(ProductPlan),
}

/// Two operands as a (batched) matrix product: the output's labels are `[batch…, row?, col?]`;
/// the row label is in the first operand (after `swap`) and the output only, the column label
/// in the second and the output only, the contracted label in both operands and not in the
/// output; a batch label is in either operand or both (stride 0 where it is missing).
#[derive(Clone, Copy)]
struct ProductPlan {
    /// Whether the second operand is the product's first (`"ij,jk->ki"` is `(jk)ᵀ·(ij)ᵀ`).
    swap: bool,
    /// The batch labels are `0 .. batch`.
    batch: usize,
    row: Option<usize>,
    col: Option<usize>,
    contracted: Option<usize>,
}

/// The plan of `spec`: a product when the labels allow one, else the general loop.
const fn plan(spec: &Einsum) -> Plan {
    if spec.operands() != 2 {
        return Plan::General;
    }
    // Which operands have each label; a label twice in one operand (a diagonal) is general.
    let mut has = [[false; MAX_LABELS]; 2];
    let mut o = 0;
    while o < 2 {
        let mut axis = 0;
        while axis < spec.rank(o) {
            let l = spec.label(o, axis);
            if has[o][l] {
                return Plan::General;
            }
            has[o][l] = true;
            axis += 1;
        }
        o += 1;
    }
    // At most one contracted label, and no label summed within one operand alone.
    let mut contracted = None;
    let mut l = spec.output_rank();
    while l < spec.label_count() {
        if !(has[0][l] && has[1][l]) || contracted.is_some() {
            return Plan::General;
        }
        contracted = Some(l);
        l += 1;
    }
    // The row and the column: the output's last labels.
    let (mut end, mut swap, mut row, mut col) = (spec.output_rank(), false, None, None);
    if end > 0 && only(&has, 1, end - 1) {
        col = Some(end - 1);
        end -= 1;
        if end > 0 && only(&has, 0, end - 1) {
            row = Some(end - 1);
            end -= 1;
        }
    } else if end > 0 && only(&has, 0, end - 1) {
        if end > 1 && only(&has, 1, end - 2) {
            (swap, row, col) = (true, Some(end - 2), Some(end - 1));
            end -= 2;
        } else {
            row = Some(end - 1);
            end -= 1;
        }
    }
    // The kernel takes at most `MAX_RANK` axes: the batch axes and the matrix's two.
    if end + 2 > MAX_RANK {
        return Plan::General;
    }
    Plan::Product(ProductPlan { swap, batch: end, row, col, contracted })
}

/// Whether label `l` is in operand `o` and not in the other.
const fn only(has: &[[bool; MAX_LABELS]; 2], o: usize, l: usize) -> bool {
    has[o][l] && !has[1 - o][l]
}

/// `out` = the einsum of the operands `data` by `plan`, their sizes and strides `s`. `out`
/// holds the output's element count, and the operands' shapes agree with the subscripts
/// (checked by the types, or by the caller).
#[hot]
fn run<T: Dot, const N: usize>(spec: &Einsum, plan: Plan, s: &Table<N>, data: &[&[T]], out: &mut [T]) {
    match plan {
        Plan::Product(p) => product(s, p, data, out),
        Plan::General => general(spec, s, data, out),
    }
}

/// The product kernel over the operands as they lie, strides permuted into
/// `[batch…, row, contracted]` and `[batch…, contracted, col]`; a missing row, column or
/// contracted label is an axis of size 1.
#[hot]
fn product<T: Dot, const N: usize>(s: &Table<N>, p: ProductPlan, data: &[&[T]], out: &mut [T]) {
    let (first, second) = if p.swap { (1, 0) } else { (0, 1) };
    let nb = p.batch;
    let (mut a_dims, mut a_strides) = ([0usize; MAX_RANK], [0usize; MAX_RANK]);
    let (mut b_dims, mut b_strides) = ([0usize; MAX_RANK], [0usize; MAX_RANK]);
    let mut out_dims = [0usize; MAX_RANK];
    for l in 0..nb {
        (a_dims[l], b_dims[l], out_dims[l]) = (s.size[l], s.size[l], s.size[l]);
        (a_strides[l], b_strides[l]) = (s.stride[first][l], s.stride[second][l]);
    }
    let size = |l: Option<usize>| l.map_or(1, |l| s.size[l]);
    let stride = |o: usize, l: Option<usize>| l.map_or(0, |l| s.stride[o][l]);
    let (m, k, n) = (size(p.row), size(p.contracted), size(p.col));
    (a_dims[nb], a_dims[nb + 1], b_dims[nb], b_dims[nb + 1]) = (m, k, k, n);
    (a_strides[nb], a_strides[nb + 1]) = (stride(first, p.row), stride(first, p.contracted));
    (b_strides[nb], b_strides[nb + 1]) = (stride(second, p.contracted), stride(second, p.col));
    (out_dims[nb], out_dims[nb + 1]) = (m, n);
    let r = nb + 2;
    let a = Operand { data: data[first], origin: 0, dims: &a_dims[..r], strides: &a_strides[..r] };
    let b = Operand { data: data[second], origin: 0, dims: &b_dims[..r], strides: &b_strides[..r] };
    kernel::product(a, b, out, &out_dims[..r]);
}

/// The general loop: over the output's elements in row-major order, each the sum, over every
/// assignment of the summed labels (the last one innermost), of the product of the operands'
/// elements, from zero.
#[hot]
fn general<T: Dot, const N: usize>(spec: &Einsum, s: &Table<N>, data: &[&[T]], out: &mut [T]) {
    let (n_out, n_labels, ops) = (spec.output_rank(), spec.label_count(), data.len());
    if out.is_empty() || ops == 0 {
        return;
    }
    if s.size[n_out..n_labels].contains(&0) {
        // An empty sum.
        out.iter_mut().for_each(|x| *x = T::ZERO);
        return;
    }
    let element = |off: &[usize; N], step: usize, i: usize| {
        let mut p = data[0][off[0] + i * s.stride[0][step]];
        for (o, data) in data.iter().enumerate().skip(1) {
            p = p.times(data[off[o] + i * s.stride[o][step]]);
        }
        p
    };
    let mut base = [0usize; N]; // each operand's offset at the output index
    let mut index = [0usize; MAX_LABELS]; // the output index, then the summed labels'
    for cell in out.iter_mut() {
        let mut acc = T::ZERO;
        if n_labels == n_out {
            acc = acc.plus(element(&base, 0, 0));
        } else {
            let inner = n_labels - 1;
            let mut off = base;
            loop {
                for i in 0..s.size[inner] {
                    acc = acc.plus(element(&off, inner, i));
                }
                // The next assignment of the summed labels before the innermost one.
                let mut done = true;
                for l in (n_out..inner).rev() {
                    index[l] += 1;
                    for (o, off) in off[..ops].iter_mut().enumerate() {
                        *off = off.wrapping_add(s.stride[o][l]);
                    }
                    if index[l] < s.size[l] {
                        done = false;
                        break;
                    }
                    for (o, off) in off[..ops].iter_mut().enumerate() {
                        *off = off.wrapping_sub(s.stride[o][l].wrapping_mul(s.size[l]));
                    }
                    index[l] = 0;
                }
                if done {
                    break;
                }
            }
        }
        *cell = acc;
        // The next output index, row-major.
        for l in (0..n_out).rev() {
            index[l] += 1;
            for (o, base) in base[..ops].iter_mut().enumerate() {
                *base = base.wrapping_add(s.stride[o][l]);
            }
            if index[l] < s.size[l] {
                break;
            }
            for (o, base) in base[..ops].iter_mut().enumerate() {
                *base = base.wrapping_sub(s.stride[o][l].wrapping_mul(s.size[l]));
            }
            index[l] = 0;
        }
    }
}
