//! `BroadcastError`: what went wrong, as data and as one sentence.

use core::fmt;

use crate::packed::PackedLists;
use crate::shape::{DynShape, MAX_RANK, write_list};
use crate::symbol::{Mode, symbol_index};

/// Which broadcasting form was asked for (or none: a shape on its own).
///
/// ```
/// use shapecast_rules::{Form, broadcast_in_dim};
/// assert_eq!(broadcast_in_dim(&[3], &[2, 1], &[1]).unwrap_err().form(), Form::InDim);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Form {
    /// NumPy's symmetric broadcast of one or more operands.
    Numpy,
    /// NumPy's one-way `broadcast_to`.
    BroadcastTo,
    /// nGraph's `Broadcast(arg, shape, broadcast_axes)`.
    Axes,
    /// XLA's `BroadcastInDim(operand, shape, dims)`.
    InDim,
    /// XLA's binary operation with `broadcast_dimensions`.
    WithDims,
    /// Shape algebra: `permute` (an order of the axes).
    Permute,
    /// Shape algebra: `reshape` (the same element count).
    Reshape,
    /// Shape algebra: `concat` (one axis joined, the others equal).
    Concat,
    /// Shape algebra: `stack` (arrays of one shape joined along a new axis). The error's
    /// [`list`](BroadcastError::list) holds the new axis and the part that differs from the
    /// first; its two shapes are the first part's and that part's.
    Stack,
    /// Shape algebra: a slice of one axis, `start..end` in steps of `step`. The error's
    /// [`list`](BroadcastError::list) holds the axis, the start, the end and the step.
    Slice,
    /// Shape algebra: one position of an axis, without that axis. The error's
    /// [`list`](BroadcastError::list) holds the axis and the index.
    Index,
    /// No broadcast: a shape on its own (too many axes, a slice of the wrong length).
    Shape,
    /// A checked conversion between two spellings of one shape: the sizes must be equal.
    Convert,
    /// NumPy's `matmul`: the contracted sizes must be equal, the batch axes broadcast.
    MatMul,
    /// NumPy's `einsum` in explicit mode: subscripts that label each operand's axes. The
    /// error's [`list`](BroadcastError::list) holds the subscripts' characters (as numbers).
    Einsum,
}

/// One of the inputs of a broadcast, as named in an error.
///
/// ```
/// use shapecast_rules::{BroadcastError, ErrorKind, Form, Slot};
/// let e = BroadcastError::wrong_length(Form::BroadcastTo, (&[3], &[2, 3]), Slot::Target, 6, 4);
/// assert_eq!(e.kind(), ErrorKind::WrongLength { slot: Slot::Target, expected: 6, found: 4 });
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Slot {
    /// The operand at this index (0 for the single operand of the one-way forms).
    Operand(usize),
    /// The requested output shape, or the output slice.
    Target,
    /// The `dims` or `axes` list.
    List,
}

/// What went wrong: the rule that failed, with its axis and sizes.
///
/// Axes are numbered in the output (target) shape unless a field says otherwise; `entry` is a
/// position in the `dims`/`axes` list.
///
/// ```
/// use shapecast_rules::{ErrorKind, broadcast_shapes};
/// let e = broadcast_shapes(&[&[7, 2, 5], &[7, 2, 6]]).unwrap_err();
/// assert_eq!(e.kind(), ErrorKind::SizeMismatch { axis: 2, sizes: [5, 6], operands: [0, 1] });
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum ErrorKind {
    /// An order of axes (`permute`) names an axis twice.
    ///
    /// ```
    /// use shapecast_rules::{ErrorKind, permute_shape};
    /// let e = permute_shape(&[2, 3, 4], &[0, 2, 0]).unwrap_err();
    /// assert_eq!(e.kind(), ErrorKind::RepeatedAxis { entry: 2, first: 0 });
    /// ```
    RepeatedAxis {
        /// The entry that names it again.
        entry: usize,
        /// The entry that named it first.
        first: usize,
    },
    /// A reshape to a shape of another element count.
    ///
    /// ```
    /// use shapecast_rules::{ErrorKind, reshape_shape};
    /// let e = reshape_shape(&[2, 3], &[4, 2]).unwrap_err();
    /// assert_eq!(e.kind(), ErrorKind::CountMismatch { counts: [6, 8] });
    /// ```
    CountMismatch {
        /// The element counts, the source's first.
        counts: [usize; 2],
    },
    /// An axis split by a factor that does not divide its size.
    ///
    /// ```
    /// use shapecast_rules::{BroadcastError, ErrorKind};
    /// let e = BroadcastError::not_divisible(&[12], &[2, 5], 0, 5);
    /// assert_eq!(e.kind(), ErrorKind::NotDivisible { axis: 0, size: 12, factor: 5 });
    /// assert_eq!(e.to_string(), "cannot split axis 0 of [12] by 5: its size 12 is not a multiple of 5");
    /// ```
    NotDivisible {
        /// The axis split.
        axis: usize,
        /// Its size.
        size: usize,
        /// The factor.
        factor: usize,
    },
    /// A slice whose range does not lie within its axis: `start ≤ end ≤ size` fails.
    ///
    /// ```
    /// use shapecast_rules::{ErrorKind, slice_shape};
    /// let e = slice_shape(&[2, 6], 1, 4, 7, 1).unwrap_err();
    /// assert_eq!(e.kind(), ErrorKind::RangeOutOfBounds { start: 4, end: 7, size: 6 });
    /// ```
    RangeOutOfBounds {
        /// The range's first position.
        start: usize,
        /// The position past its last.
        end: usize,
        /// The axis' size.
        size: usize,
    },
    /// A slice in steps of 0.
    ZeroStep,
    /// An index (one position of an axis) not below the axis' size.
    ///
    /// ```
    /// use shapecast_rules::{ErrorKind, index_shape};
    /// let e = index_shape(&[2, 6], 1, usize::MAX).unwrap_err();
    /// assert_eq!(e.kind(), ErrorKind::IndexOutOfRange { index: usize::MAX, size: 6 });
    /// ```
    IndexOutOfRange {
        /// The index given.
        index: usize,
        /// The axis' size.
        size: usize,
    },
    /// A shape or list has more than [`MAX_RANK`] entries.
    TooManyAxes {
        /// Which input.
        slot: Slot,
        /// How many entries it has.
        rank: usize,
    },
    /// A matrix product (`matmul`) whose contracted sizes differ: the first operand's last axis
    /// and the second's next-to-last (its only axis when it is 1-D).
    ///
    /// ```
    /// use shapecast_rules::{ErrorKind, matmul_shape};
    /// let e = matmul_shape(&[2, 3], &[4, 5]).unwrap_err();
    /// assert_eq!(e.kind(), ErrorKind::ContractedSizes { sizes: [3, 4], axes: [1, 0] });
    /// ```
    ContractedSizes {
        /// The two sizes, the first operand's first.
        sizes: [usize; 2],
        /// The axis of each, in its own operand.
        axes: [usize; 2],
    },
    /// A matrix product (`matmul`) with a scalar operand (shape `[]`), which has no matrix.
    ScalarOperand {
        /// Which operand: 0 or 1.
        operand: usize,
    },
    /// The result's sizes, zeros left out, multiply past `usize::MAX`.
    ///
    /// The rule counts the non-zero sizes only, so a shape with a size 0 is still an error when
    /// its other sizes overflow: `[0, 2^40, 2^40]` has no elements, yet it is rejected on a
    /// 64-bit target. This keeps every row-major stride of every accepted shape in range (the
    /// stride of the axis of size 0 in that shape would be 2^80), so a kernel never computes an
    /// offset that wraps, and an array with no elements costs no more than its rank to handle.
    ///
    /// ```
    /// use shapecast_rules::{ErrorKind, broadcast_shapes};
    /// assert!(broadcast_shapes(&[&[0, 1 << 20, 1 << 20]]).is_ok());
    /// let e = broadcast_shapes(&[&[0, 1 << 40, 1 << 40]]).unwrap_err();
    /// assert_eq!(e.kind(), ErrorKind::TooManyElements);
    /// ```
    TooManyElements,
    /// Nothing to join: a stack of no arrays.
    ///
    /// ```
    /// use shapecast_rules::{ErrorKind, stack_shape};
    /// assert_eq!(stack_shape(&[], 0).unwrap_err().kind(), ErrorKind::NoOperands);
    /// ```
    NoOperands,
    /// Symmetric rule (NumPy, XLA's degenerate step): two sizes differ and neither is 1.
    SizeMismatch {
        /// The output axis.
        axis: usize,
        /// The two sizes, in the order of the operands that hold them.
        sizes: [usize; 2],
        /// The indices of the two operands.
        operands: [usize; 2],
    },
    /// One-way rule (`broadcast_to`, BroadcastInDim): an operand size is neither 1 nor the
    /// target's size on the axis it maps to.
    CannotStretch {
        /// The operand's axis.
        operand_axis: usize,
        /// The target axis it maps to.
        axis: usize,
        /// The operand's size.
        size: usize,
        /// The target's size.
        target: usize,
    },
    /// The operand has more axes than the target: broadcasting never removes axes.
    RankTooLarge {
        /// The operand's rank.
        rank: usize,
        /// The target's rank.
        target_rank: usize,
    },
    /// A `dims`/`axes` entry is not an axis of the shape it refers to.
    AxisOutOfRange {
        /// The position in the list.
        entry: usize,
        /// The entry's value.
        axis: usize,
        /// The rank it must be below.
        rank: usize,
    },
    /// A `dims`/`axes` entry is not greater than the one before it (a repeat or disorder).
    NotIncreasing {
        /// The position in the list.
        entry: usize,
        /// The entry before it.
        previous: usize,
        /// The entry's value.
        axis: usize,
    },
    /// The list has the wrong number of entries, or (nGraph) the argument's rank is not the
    /// target's rank minus the broadcast axes.
    WrongAxisCount {
        /// What the rule needs.
        expected: usize,
        /// What was given.
        found: usize,
    },
    /// nGraph: a kept axis of the target differs from the argument's axis (no stretching there).
    KeptSizeMismatch {
        /// The argument's axis.
        arg_axis: usize,
        /// The target axis.
        axis: usize,
        /// The argument's size.
        size: usize,
        /// The target's size.
        target: usize,
    },
    /// XLA: ranks differ, neither operand is a scalar, and no dims were given.
    RanksDifferWithoutDims {
        /// The two ranks.
        ranks: [usize; 2],
    },
    /// XLA: equal ranks, but dims is neither empty nor the identity.
    NotIdentity {
        /// The common rank.
        rank: usize,
    },
    /// Data is not laid out contiguously in row-major order (an `ndarray` view with strides of
    /// its own, say), so it cannot be read as a typed tensor without copying.
    NotContiguous,
    /// A new array's elements could not be allocated: more than `isize::MAX` bytes (Rust's
    /// limit for one allocation), or the allocator refused them. Nothing was made.
    ///
    /// ```
    /// let e = shapecast_rules::BroadcastError::allocation_failed(&[1 << 62], 8);
    /// assert_eq!(e.kind(), shapecast_rules::ErrorKind::AllocationFailed { element_size: 8 });
    /// ```
    AllocationFailed {
        /// The size of one element, in bytes.
        element_size: usize,
    },
    /// The product of the non-zero sizes passes `isize::MAX`, the most elements an `ndarray`
    /// array counts (a shape accepted here may count up to `usize::MAX`).
    ///
    /// ```
    /// let e = shapecast_rules::BroadcastError::past_isize(&[0, usize::MAX]);
    /// assert_eq!(e.kind(), shapecast_rules::ErrorKind::PastIsize);
    /// ```
    PastIsize,
    /// einsum: the subscripts have no `->`. Only explicit mode is supported: the output's labels
    /// are written after `->`.
    ///
    /// ```
    /// use shapecast_rules::{ErrorKind, Einsum};
    /// assert_eq!(Einsum::parse("ij,jk", 2).unwrap_err().kind(), ErrorKind::EinsumNoArrow);
    /// ```
    EinsumNoArrow,
    /// einsum: a character of the subscripts that is neither a label (an ASCII letter) nor in
    /// its place as a separator (`,` between the operands' subscripts, `->` once, spaces).
    ///
    /// ```
    /// use shapecast_rules::{ErrorKind, Einsum};
    /// let e = Einsum::parse("i1->i", 1).unwrap_err();
    /// assert_eq!(e.kind(), ErrorKind::EinsumNotALabel { at: 1, found: '1' });
    /// ```
    EinsumNotALabel {
        /// Its position in the subscripts, in characters from 0.
        at: usize,
        /// The character.
        found: char,
    },
    /// einsum: the subscripts hold `...` (NumPy's broadcast axes), which is not supported.
    EinsumEllipsis {
        /// Its position in the subscripts, in characters from 0.
        at: usize,
    },
    /// einsum: the number of subscripts before `->` is not the number of operands.
    EinsumOperandCount {
        /// The subscripts given.
        subscripts: usize,
        /// The operands given.
        operands: usize,
    },
    /// einsum: more operands than [`MAX_OPERANDS`](crate::MAX_OPERANDS).
    EinsumTooManyOperands {
        /// The operands given.
        operands: usize,
    },
    /// einsum: a label of the output that labels no axis of any operand.
    EinsumUnknownLabel {
        /// The label.
        label: char,
        /// Its axis in the output.
        axis: usize,
    },
    /// einsum: a label written twice in the output.
    EinsumRepeatedOutput {
        /// The label.
        label: char,
        /// The two axes of the output it labels.
        axes: [usize; 2],
    },
    /// einsum: an operand whose rank is not its number of labels.
    EinsumRank {
        /// The operand, from 0.
        operand: usize,
        /// Its number of labels.
        labels: usize,
        /// Its shape's rank.
        rank: usize,
    },
    /// einsum: two axes with the same label and different sizes.
    ///
    /// ```
    /// use shapecast_rules::{ErrorKind, einsum_shape};
    /// let e = einsum_shape("ij,jk->ik", &[&[2, 3], &[4, 5]]).unwrap_err();
    /// assert_eq!(
    ///     e.kind(),
    ///     ErrorKind::EinsumSizes { label: 'j', operands: [0, 1], axes: [1, 0], sizes: [3, 4] }
    /// );
    /// ```
    EinsumSizes {
        /// The label.
        label: char,
        /// The operands of the two axes, from 0 (the same operand for a diagonal). A byte each,
        /// as there are at most [`MAX_OPERANDS`](crate::MAX_OPERANDS): the error stays small.
        operands: [u8; 2],
        /// The two axes, each in its operand.
        axes: [usize; 2],
        /// Their sizes.
        sizes: [usize; 2],
    },
    /// An output given for a result whose shape it is not (the first list is the result's
    /// shape, the second the output's).
    ///
    /// ```
    /// use shapecast_rules::{BroadcastError, ErrorKind, Form};
    /// let e = BroadcastError::not_the_result(Form::Einsum, &[4, 4], &[2, 8]);
    /// assert_eq!(e.kind(), ErrorKind::NotTheResult);
    /// assert_eq!(e.to_string(), "einsum \"\": the output's shape [2, 8] is not the result's [4, 4]");
    /// ```
    NotTheResult,
    /// A slice does not hold as many elements as its shape needs.
    WrongLength {
        /// Which slice.
        slot: Slot,
        /// The shape's element count.
        expected: usize,
        /// The slice's length.
        found: usize,
    },
}

/// A rejected broadcast: the form, the shapes involved, and the [`ErrorKind`] that failed.
///
/// Its `Display` is the sentence shapecast prints at compile time and at run time alike:
///
/// ```
/// let err = shapecast_rules::broadcast_to(&[1, 1], &[1]).unwrap_err();
/// assert_eq!(
///     err.to_string(),
///     "cannot broadcast [1, 1] to [1]: rank 2 exceeds the target's rank 1; \
///      broadcasting never removes axes"
/// );
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct BroadcastError {
    kind: ErrorKind,
    /// The two shapes and the list the message names, in that order.
    lists: PackedLists,
    form: Form,
    /// How many operands the broadcast had (saturating), for the words that name an operand.
    operands: u8,
    /// Whether reserved values are run-time sizes ([`Symbolic`](crate::Symbolic)).
    mode: Mode,
    /// For [`ErrorKind::TooManyElements`], what overflowed: the words of its message.
    overflow: Overflow,
}

/// What an [`ErrorKind::TooManyElements`] counted past `usize`, for the words of its message:
/// a shape with a size 0 has no elements, and the message says so rather than "too many".
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) enum Overflow {
    /// The result's sizes, with no size 0 among them: its element count.
    Count,
    /// The result's sizes other than 0 (it has a size 0, so no elements).
    Empty,
    /// The operand's sizes (a reshape's source), no size 0 among them.
    OperandCount,
    /// The operand's sizes other than 0.
    OperandEmpty,
    /// The two sizes of a concatenation's joined axis, whose sum passes `usize`.
    Sum,
}

impl Overflow {
    /// The overflow of the result `dims` (of the operand, with `operand`): counted or empty.
    pub(crate) fn of(dims: &[usize], operand: bool) -> Self {
        match (dims.contains(&0), operand) {
            (false, false) => Overflow::Count,
            (true, false) => Overflow::Empty,
            (false, true) => Overflow::OperandCount,
            (true, true) => Overflow::OperandEmpty,
        }
    }
}

/// A [`BroadcastError`] printed with a name for each run-time size: see
/// [`BroadcastError::named`].
pub struct Named<'a> {
    error: &'a BroadcastError,
    names: &'a [&'a str],
}

/// The second half of a [`BroadcastError`]'s message, the rule broken: see
/// [`BroadcastError::reason`].
pub struct Reason<'a> {
    error: &'a BroadcastError,
}

impl fmt::Display for Reason<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.error.write_reason(f, &[])
    }
}

impl fmt::Display for Named<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.error.write(f, self.names)
    }
}

impl BroadcastError {
    pub(crate) fn new(form: Form, kind: ErrorKind, lhs: &[usize], rhs: &[usize]) -> Self {
        BroadcastError {
            kind,
            lists: PackedLists::new([lhs, rhs, &[]]),
            form,
            operands: 2,
            mode: Mode::Plain,
            overflow: Overflow::Count,
        }
    }

    /// The error with `overflow` as what its [`ErrorKind::TooManyElements`] counted.
    pub(crate) fn overflowing(mut self, overflow: Overflow) -> Self {
        self.overflow = overflow;
        self
    }

    pub(crate) fn in_mode(mut self, mode: Mode) -> Self {
        self.mode = mode;
        self
    }

    /// The message with symbol `k` (a run-time size, see [`Symbolic`](crate::Symbolic)) printed
    /// as `names[k]`. An error of the plain rules prints as with `Display`.
    ///
    /// ```
    /// use shapecast_rules::{Symbolic, symbol};
    /// let batch = symbol(0).unwrap();
    /// let err = Symbolic.broadcast_to(&[batch, 4], &[3, 4]).unwrap_err();
    /// assert_eq!(
    ///     err.named(&["Batch"]).to_string(),
    ///     "cannot broadcast [Batch, 4] to [3, 4]: axis 0 has size Batch but the target has 3; \
    ///      a run-time size is never assumed to equal a fixed size"
    /// );
    /// ```
    pub fn named<'a>(&'a self, names: &'a [&'a str]) -> Named<'a> {
        Named { error: self, names }
    }

    /// The message without its header (the operation and its shapes): the rule broken, with
    /// its axis and sizes. How `einsum!` words its errors after its own call, as the run-time
    /// twin does after `einsum "…"`.
    ///
    /// ```
    /// let err = shapecast_rules::einsum_shape("ij->kj", &[&[2, 3]]).unwrap_err();
    /// assert_eq!(
    ///     err.reason().to_string(),
    ///     "output label `k` (axis 0 of the output) appears in no operand; each output label must \
    ///      label an axis of an operand"
    /// );
    /// ```
    pub fn reason(&self) -> Reason<'_> {
        Reason { error: self }
    }

    /// Writes one size: its number, or the name of the run-time size it stands for.
    fn write_size(&self, f: &mut fmt::Formatter<'_>, names: &[&str], size: usize) -> fmt::Result {
        match symbol_index(size).filter(|_| self.mode.is_symbol(size)) {
            Some(k) => match names.get(k) {
                Some(name) => f.write_str(name),
                None => write!(f, "run-time size {k}"),
            },
            None => write!(f, "{size}"),
        }
    }

    /// Writes list `i` of the error's shapes, run-time sizes by name.
    fn write_list(&self, f: &mut fmt::Formatter<'_>, names: &[&str], i: usize) -> fmt::Result {
        self.lists.write(f, i, &|f, size| self.write_size(f, names, size))
    }

    /// The rule a pair of sizes broke when a run-time size is involved: the sizes may well be
    /// equal at run time, but that is never assumed.
    fn run_time_rule(&self, a: usize, b: usize) -> Option<&'static str> {
        match (self.mode.is_symbol(a), self.mode.is_symbol(b)) {
            (true, true) => Some("two run-time sizes are never assumed equal"),
            (true, false) | (false, true) => Some("a run-time size is never assumed to equal a fixed size"),
            (false, false) => None,
        }
    }

    pub(crate) fn with_operands(mut self, operands: usize) -> Self {
        self.operands = operands.min(u8::MAX as usize) as u8;
        self
    }

    pub(crate) fn too_many_axes(form: Form, slot: Slot, dims: &[usize]) -> Self {
        let kind = ErrorKind::TooManyAxes { slot, rank: dims.len() };
        BroadcastError::new(form, kind, &[], &[])
    }

    /// An error for a slice of the wrong length, for kernels that check their inputs.
    ///
    /// `lhs`/`rhs` are the shapes the message names, as for the broadcast of this `form`.
    ///
    /// ```
    /// use shapecast_rules::{BroadcastError, Form, Slot};
    /// let e = BroadcastError::wrong_length(Form::BroadcastTo, (&[3], &[2, 3]), Slot::Target, 6, 4);
    /// assert_eq!(e.to_string(), "cannot broadcast [3] to [2, 3]: the target's slice holds 4 elements but its shape has 6");
    /// ```
    pub fn wrong_length(
        form: Form,
        shapes: (&[usize], &[usize]),
        slot: Slot,
        expected: usize,
        found: usize,
    ) -> Self {
        let kind = ErrorKind::WrongLength { slot, expected, found };
        BroadcastError::new(form, kind, shapes.0, shapes.1)
    }

    /// The error of an output of shape `given` for a result of shape `result` of this `form`
    /// (see [`ErrorKind::NotTheResult`]).
    pub fn not_the_result(form: Form, result: &[usize], given: &[usize]) -> Self {
        BroadcastError::new(form, ErrorKind::NotTheResult, result, given)
    }

    /// The error of splitting axis `axis` of `from` by `factor` into `to`, which `factor` does
    /// not divide (a reshape of a run-time size, checked when it runs).
    pub fn not_divisible(from: &[usize], to: &[usize], axis: usize, factor: usize) -> Self {
        let size = from.get(axis).copied().unwrap_or(0);
        BroadcastError::new(Form::Reshape, ErrorKind::NotDivisible { axis, size, factor }, from, to)
            .with_operands(1)
    }

    /// An error for a shape whose element count (the product of its non-zero sizes) overflows
    /// `usize`: data for it cannot exist. (With a size 0, the shape has no elements, and the
    /// message names its other sizes.)
    ///
    /// ```
    /// let e = shapecast_rules::BroadcastError::too_many_elements(&[usize::MAX, 2]);
    /// assert_eq!(e.to_string(), format!("invalid data for shape [{}, 2]: its element count overflows usize", usize::MAX));
    /// let e = shapecast_rules::BroadcastError::too_many_elements(&[0, 1 << 40, 1 << 40]);
    /// assert_eq!(
    ///     e.to_string(),
    ///     "invalid data for shape [0, 1099511627776, 1099511627776]: its sizes other than 0 \
    ///      multiply past usize, which no shape's may, even one with no elements"
    /// );
    /// ```
    pub fn too_many_elements(shape: &[usize]) -> Self {
        BroadcastError::new(Form::Shape, ErrorKind::TooManyElements, shape, &[])
            .overflowing(Overflow::of(shape, false))
    }

    /// An error for a new array of shape `shape`, of elements of `element_size` bytes, whose
    /// allocation failed (more than `isize::MAX` bytes, or refused by the allocator).
    ///
    /// ```
    /// let e = shapecast_rules::BroadcastError::allocation_failed(&[1 << 62], 8);
    /// assert_eq!(
    ///     e.to_string(),
    ///     "invalid data for shape [4611686018427387904]: its elements (8 bytes each) cannot be \
    ///      allocated: more than isize::MAX bytes, or more memory than the allocator gives"
    /// );
    /// ```
    pub fn allocation_failed(shape: &[usize], element_size: usize) -> Self {
        BroadcastError::new(Form::Shape, ErrorKind::AllocationFailed { element_size }, shape, &[])
    }

    /// An error for a shape whose non-zero sizes multiply past `isize::MAX`: no `ndarray` array
    /// has it.
    ///
    /// ```
    /// let e = shapecast_rules::BroadcastError::past_isize(&[0, usize::MAX]);
    /// assert_eq!(
    ///     e.to_string(),
    ///     format!("invalid data for shape [0, {}]: its non-zero sizes multiply past isize::MAX, the most elements an ndarray array counts", usize::MAX)
    /// );
    /// ```
    pub fn past_isize(shape: &[usize]) -> Self {
        BroadcastError::new(Form::Shape, ErrorKind::PastIsize, shape, &[])
    }

    /// An error for data of shape `shape` that is not contiguous in row-major order.
    ///
    /// ```
    /// let e = shapecast_rules::BroadcastError::not_contiguous(&[3, 2]);
    /// assert_eq!(e.to_string(), "invalid data for shape [3, 2]: the data is not contiguous in row-major order (standard layout); copy it into a standard-layout array first");
    /// ```
    pub fn not_contiguous(shape: &[usize]) -> Self {
        BroadcastError::new(Form::Shape, ErrorKind::NotContiguous, shape, &[])
    }

    /// Attaches the `dims`/`axes` list the message names, for the forms that take one
    /// ([`Form::Axes`], [`Form::InDim`], [`Form::WithDims`]).
    ///
    /// ```
    /// use shapecast_rules::{BroadcastError, Form, Slot};
    /// let e = BroadcastError::wrong_length(Form::InDim, (&[3], &[2, 3]), Slot::Target, 6, 4).naming_list(&[1]);
    /// assert_eq!(*e.list(), [1]);
    /// ```
    pub fn naming_list(mut self, list: &[usize]) -> Self {
        self.lists = self.lists.with_list(list);
        self
    }

    /// The form that was asked for.
    ///
    /// ```
    /// let e = shapecast_rules::broadcast_to(&[3], &[1]).unwrap_err();
    /// assert_eq!(e.form(), shapecast_rules::Form::BroadcastTo);
    /// ```
    pub fn form(&self) -> Form {
        self.form
    }

    /// The rule that failed, with its axis and sizes.
    ///
    /// ```
    /// use shapecast_rules::ErrorKind;
    /// let e = shapecast_rules::broadcast_to(&[3], &[1]).unwrap_err();
    /// assert_eq!(e.kind(), ErrorKind::CannotStretch { operand_axis: 0, axis: 0, size: 3, target: 1 });
    /// ```
    pub fn kind(&self) -> ErrorKind {
        self.kind
    }

    /// The first shape the message names: the operand (or, for NumPy, the first of the two
    /// conflicting operands).
    ///
    /// The error keeps its shapes in 64 bytes so that it is cheap to return; a shape too long
    /// for that is cut short here (and printed with `…`). [`kind`](Self::kind) is always exact.
    ///
    /// ```
    /// let e = shapecast_rules::broadcast_shapes(&[&[2, 4], &[2, 3]]).unwrap_err();
    /// assert_eq!(*e.lhs(), [2, 4]);
    /// assert_eq!(*e.rhs(), [2, 3]);
    /// ```
    pub fn lhs(&self) -> DynShape {
        self.lists.get(0).0
    }

    /// The second shape the message names: the target, or the second conflicting operand
    /// (cut short like [`lhs`](Self::lhs) if very long).
    ///
    /// ```
    /// let e = shapecast_rules::broadcast_to(&[3], &[1]).unwrap_err();
    /// assert_eq!(*e.rhs(), [1]);
    /// ```
    pub fn rhs(&self) -> DynShape {
        self.lists.get(1).0
    }

    /// The `dims` or `axes` list, for the forms that take one (empty otherwise; cut short like
    /// [`lhs`](Self::lhs) if very long).
    ///
    /// ```
    /// let e = shapecast_rules::broadcast_with_dims(&[2, 3], &[3], &[0]).unwrap_err();
    /// assert_eq!(*e.list(), [0]);
    /// ```
    pub fn list(&self) -> DynShape {
        self.lists.get(2).0
    }

    fn list_name(&self) -> &'static str {
        match self.form {
            Form::Axes => "axes",
            Form::Permute => "order",
            _ => "dims",
        }
    }

    fn write_header(&self, f: &mut fmt::Formatter<'_>, names: &[&str]) -> fmt::Result {
        if self.form == Form::Einsum {
            let (text, complete) = self.lists.get(2);
            f.write_str("einsum \"")?;
            for &c in text.iter() {
                write!(f, "{}", char::from_u32(c as u32).unwrap_or(char::REPLACEMENT_CHARACTER))?;
            }
            return f.write_str(if complete { "\"" } else { "…\"" });
        }
        if let ErrorKind::TooManyAxes { .. } = self.kind {
            // (The shapes are not kept: only the operation is named.)
            return f.write_str(match self.form {
                Form::Shape => "invalid shape",
                Form::Permute => "cannot permute",
                Form::Reshape => "cannot reshape",
                Form::Concat => "cannot concatenate",
                Form::Stack => "cannot stack",
                Form::Slice => "cannot slice",
                Form::Index => "cannot index",
                Form::MatMul => "cannot multiply",
                Form::Convert => "cannot convert",
                _ => "cannot broadcast",
            });
        }
        if let ErrorKind::NotDivisible { axis, factor, .. } = self.kind {
            // (Its target, with the quotient rounded down, would name a shape nothing asked for.)
            write!(f, "cannot split axis {axis} of ")?;
            self.write_list(f, names, 0)?;
            return write!(f, " by {factor}");
        }
        if matches!(self.form, Form::Permute | Form::Reshape | Form::Concat) {
            let (verb, by) = match self.form {
                Form::Permute => ("permute ", " by "),
                Form::Reshape => ("reshape ", " to "),
                _ => ("concatenate ", " with "),
            };
            f.write_str("cannot ")?;
            f.write_str(verb)?;
            self.write_list(f, names, 0)?;
            f.write_str(by)?;
            self.write_list(f, names, 1)?;
            if self.form == Form::Concat {
                write!(f, " along axis {}", self.list().first().copied().unwrap_or(0))?;
            }
            return Ok(());
        }
        if self.form == Form::Stack {
            let list = self.list();
            let at = |k: usize| list.get(k).copied().unwrap_or(0);
            f.write_str("cannot stack ")?;
            if self.kind != ErrorKind::NoOperands {
                self.write_list(f, names, 0)?;
                if at(1) > 0 {
                    f.write_str(" with ")?;
                    self.write_list(f, names, 1)?;
                }
                f.write_str(" ")?;
            }
            return write!(f, "along a new axis {}", at(0));
        }
        if self.form == Form::Shape {
            f.write_str("invalid data for shape ")?;
            return self.write_list(f, names, 0);
        }
        if self.form == Form::Index {
            let list = self.list();
            let at = |k: usize| list.get(k).copied().unwrap_or(0);
            f.write_str("cannot index ")?;
            self.write_list(f, names, 0)?;
            return write!(f, " along axis {} at {}", at(0), at(1));
        }
        if self.form == Form::Slice {
            let list = self.list();
            let at = |k: usize| list.get(k).copied().unwrap_or(0);
            f.write_str("cannot slice ")?;
            self.write_list(f, names, 0)?;
            write!(f, " along axis {} to {}..{}", at(0), at(1), at(2))?;
            return match at(3) {
                1 => Ok(()),
                step => write!(f, " in steps of {step}"),
            };
        }
        if self.form == Form::MatMul {
            f.write_str("cannot multiply ")?;
            self.write_list(f, names, 0)?;
            f.write_str(" by ")?;
            return self.write_list(f, names, 1);
        }
        if self.form == Form::Convert {
            f.write_str("cannot convert ")?;
            self.write_list(f, names, 0)?;
            f.write_str(" to ")?;
            return self.write_list(f, names, 1);
        }
        f.write_str("cannot broadcast ")?;
        if let (Form::Numpy, ErrorKind::SizeMismatch { operands: [i, j], .. }) = (self.form, self.kind)
            && self.operands > 2
        {
            self.write_slot(f, Slot::Operand(i))?;
            f.write_str(" ")?;
            self.write_list(f, names, 0)?;
            f.write_str(" with ")?;
            self.write_slot(f, Slot::Operand(j))?;
            f.write_str(" ")?;
            return self.write_list(f, names, 1);
        }
        let symmetric = matches!(self.form, Form::Numpy | Form::WithDims);
        self.write_list(f, names, 0)?;
        if self.form == Form::Numpy && self.operands < 2 {
            return Ok(()); // one operand: there is nothing to name beside it
        }
        f.write_str(if symmetric { " with " } else { " to " })?;
        self.write_list(f, names, 1)?;
        match self.form {
            Form::Axes | Form::InDim => write!(f, " with {} ", self.list_name())?,
            Form::WithDims => f.write_str(" using dims ")?,
            _ => return Ok(()),
        }
        self.write_list(f, names, 2)
    }

    /// The input `slot` as a noun phrase. Operands are counted in words: "the operand" when
    /// there is one, "the first operand" and "the second operand" when there are two, and
    /// "operand 1" to "operand n" (from 1) when there are more. (`ErrorKind` counts from 0.)
    fn write_slot(&self, f: &mut fmt::Formatter<'_>, slot: Slot) -> fmt::Result {
        match slot {
            Slot::Operand(_) if self.form == Form::Shape => f.write_str("the shape"),
            Slot::Operand(i)
                if matches!(self.form, Form::Numpy | Form::WithDims | Form::MatMul | Form::Concat) =>
            {
                match (self.operands, i) {
                    (0 | 1, _) => f.write_str("the operand"),
                    (2, 0) => f.write_str("the first operand"),
                    (2, _) => f.write_str("the second operand"),
                    _ => write!(f, "operand {}", i + 1),
                }
            }
            // (Einsum's operands are counted from 1 in its other messages: "operand 2 (`jk`)".)
            Slot::Operand(i) if self.form == Form::Einsum => write!(f, "operand {}", i + 1),
            Slot::Operand(_) => f.write_str("the operand"),
            Slot::Target if self.form == Form::Einsum => f.write_str("the output"),
            Slot::Target => f.write_str("the target"),
            Slot::List => write!(f, "the {} list", self.list_name()),
        }
    }
}

impl fmt::Display for BroadcastError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.write(f, &[])
    }
}

impl BroadcastError {
    fn write(&self, f: &mut fmt::Formatter<'_>, names: &[&str]) -> fmt::Result {
        self.write_header(f, names)?;
        f.write_str(": ")?;
        self.write_reason(f, names)
    }

    /// The message after its header: the rule broken, with its axis and sizes.
    fn write_reason(&self, f: &mut fmt::Formatter<'_>, names: &[&str]) -> fmt::Result {
        let size = |f: &mut fmt::Formatter<'_>, d| self.write_size(f, names, d);
        let list = self.list_name();
        match self.kind {
            ErrorKind::TooManyAxes { slot: Slot::Operand(o), rank } if self.form == Form::Einsum => {
                write!(f, "operand {} has {rank} labels; at most {MAX_RANK} axes are supported", o + 1)
            }
            ErrorKind::TooManyAxes { slot: Slot::Target, rank } if self.form == Form::Stack => {
                write!(f, "the result would have {rank} axes; at most {MAX_RANK} axes are supported")
            }
            ErrorKind::TooManyAxes { slot, rank } => {
                self.write_slot(f, slot)?;
                write!(f, " has {rank} entries; at most {MAX_RANK} axes are supported")
            }
            ErrorKind::RepeatedAxis { entry, first } => write!(
                f,
                "entry {entry} names the axis that entry {first} already names; an order names each axis once"
            ),
            ErrorKind::NotDivisible { size: n, factor, .. } => {
                f.write_str("its size ")?;
                size(f, n)?;
                write!(f, " is not a multiple of {factor}")
            }
            ErrorKind::CountMismatch { counts: [a, b] } => {
                write!(f, "the element counts {a} and {b} differ; a reshape keeps every element")
            }
            ErrorKind::TooManyElements => self.write_overflow(f, names),
            ErrorKind::NoOperands => f.write_str("there is no array to stack; a stack needs at least one"),
            ErrorKind::SizeMismatch { axis, sizes: [a, b], operands: [i, j] } if self.form == Form::Stack => {
                write!(f, "axis {axis} has size ")?;
                size(f, a)?;
                write!(f, " in part {i} and ")?;
                size(f, b)?;
                write!(f, " in part {j}; stacked arrays have one shape")
            }
            ErrorKind::SizeMismatch { axis, sizes: [a, b], .. } => {
                if self.form == Form::Concat {
                    write!(f, "axis {axis} has sizes ")?;
                    size(f, a)?;
                    f.write_str(" and ")?;
                    size(f, b)?;
                    return f.write_str("; every axis but the joined one must be the same size");
                }
                let batch = if self.form == Form::MatMul { "batch " } else { "" };
                write!(f, "{batch}axis {axis} has sizes ")?;
                size(f, a)?;
                f.write_str(" and ")?;
                size(f, b)?;
                let rule = self.run_time_rule(a, b).unwrap_or("sizes must be equal or one of them 1");
                write!(f, "; {rule}")
            }
            ErrorKind::CannotStretch { operand_axis, axis, size: from, target } => {
                if self.form == Form::InDim {
                    write!(f, "operand axis {operand_axis} (size ")?;
                    size(f, from)?;
                    write!(f, ") maps to target axis {axis} (size ")?;
                    size(f, target)?;
                    f.write_str(")")?;
                } else {
                    write!(f, "axis {axis} has size ")?;
                    size(f, from)?;
                    f.write_str(" but the target has ")?;
                    size(f, target)?;
                }
                let rule = match self.form {
                    Form::Convert => "the sizes must be equal",
                    _ => self.run_time_rule(from, target).unwrap_or("a size must equal the target's or be 1"),
                };
                write!(f, "; {rule}")
            }
            ErrorKind::ContractedSizes { sizes: [a, b], axes: [i, j] } => {
                f.write_str("the contracted sizes differ, ")?;
                size(f, a)?;
                write!(f, " (axis {i} of the first operand) and ")?;
                size(f, b)?;
                write!(f, " (axis {j} of the second)")?;
                let rule = self.run_time_rule(a, b).unwrap_or("they must be equal");
                write!(f, "; {rule}")
            }
            ErrorKind::ScalarOperand { operand } => {
                let which = if operand == 0 { "first" } else { "second" };
                write!(
                    f,
                    "the {which} operand is a scalar, which has no matrix; a product needs at least one axis on each side"
                )
            }
            ErrorKind::RankTooLarge { rank, target_rank } => write!(
                f,
                "rank {rank} exceeds the target's rank {target_rank}; broadcasting never removes axes"
            ),
            ErrorKind::RangeOutOfBounds { start, end, size: n } => {
                write!(f, "the range {start}..{end} does not lie within the axis' size ")?;
                size(f, n)?;
                f.write_str("; a range needs start ≤ end ≤ size")
            }
            ErrorKind::ZeroStep => f.write_str("a step is at least 1"),
            ErrorKind::IndexOutOfRange { size: n, .. } => {
                f.write_str("the axis has size ")?;
                size(f, n)?;
                f.write_str("; an index must be below it")
            }
            ErrorKind::AxisOutOfRange { axis, rank, .. } if self.form == Form::Stack => {
                write!(f, "the new axis {axis} is out of range for the result's rank {rank}")
            }
            ErrorKind::AxisOutOfRange { axis, rank, .. }
                if matches!(self.form, Form::Concat | Form::Slice | Form::Index) =>
            {
                write!(f, "axis {axis} is out of range for rank {rank}")
            }
            ErrorKind::AxisOutOfRange { entry, axis, rank } => {
                write!(f, "{list} entry {entry} is {axis}, out of range for rank {rank}")
            }
            ErrorKind::NotIncreasing { entry, previous, axis } => write!(
                f,
                "{list} entry {entry} is {axis}, not greater than the entry before it ({previous}); \
                 {list} must be strictly increasing"
            ),
            ErrorKind::WrongAxisCount { expected, found } => match self.form {
                Form::Permute => write!(
                    f,
                    "the order has {found} entr{} but the shape has rank {expected}; an order names every axis once",
                    if found == 1 { "y" } else { "ies" }
                ),
                Form::Concat => write!(
                    f,
                    "the second operand has rank {found} but the first has rank {expected}; concatenated tensors have one rank"
                ),
                Form::Stack => write!(
                    f,
                    "part {} has rank {found} but part 0 has rank {expected}; stacked arrays have one shape",
                    self.list().get(1).copied().unwrap_or(0)
                ),
                Form::Axes => write!(
                    f,
                    "the target without the broadcast axes has rank {expected}, but the argument has rank {found}; \
                     they must be equal"
                ),
                Form::WithDims => write!(
                    f,
                    "dims has {found} entr{} but the lower-rank operand has rank {expected}; \
                     there must be one entry per axis",
                    if found == 1 { "y" } else { "ies" }
                ),
                Form::Convert => {
                    write!(
                        f,
                        "the target has rank {expected} but the shape has rank {found}; the ranks must be equal"
                    )
                }
                _ => write!(
                    f,
                    "dims has {found} entr{} but the operand has rank {expected}; \
                     there must be one entry per axis",
                    if found == 1 { "y" } else { "ies" }
                ),
            },
            ErrorKind::KeptSizeMismatch { arg_axis, axis, size: arg, target } => {
                write!(f, "target axis {axis} has size ")?;
                size(f, target)?;
                write!(f, " but argument axis {arg_axis} has size ")?;
                size(f, arg)?;
                f.write_str("; sizes outside the broadcast axes must be equal")?;
                match self.run_time_rule(arg, target) {
                    Some(rule) => write!(f, ", and {rule}"),
                    None => Ok(()),
                }
            }
            ErrorKind::RanksDifferWithoutDims { ranks: [a, b] } => write!(
                f,
                "ranks {a} and {b} differ and neither operand is a scalar; \
                 dims must say where the lower-rank operand's axes go"
            ),
            ErrorKind::NotIdentity { rank } => {
                write!(f, "the ranks are equal, so dims must be empty or the identity ")?;
                write_list(f, DynShape::identity(rank).as_ref())
            }
            ErrorKind::AllocationFailed { element_size } => write!(
                f,
                "its elements ({element_size} bytes each) cannot be allocated: more than isize::MAX \
                 bytes, or more memory than the allocator gives"
            ),
            ErrorKind::PastIsize => f.write_str(
                "its non-zero sizes multiply past isize::MAX, the most elements an ndarray array counts",
            ),
            ErrorKind::NotContiguous => f.write_str(
                "the data is not contiguous in row-major order (standard layout); copy it into a \
                 standard-layout array first",
            ),
            ErrorKind::EinsumNoArrow => f.write_str(
                "no `->`: write the output's labels after `->`, as in \"ij,jk->ik\" (a product) or \"ij->\" \
                 (a total); only NumPy's explicit mode is supported",
            ),
            ErrorKind::EinsumNotALabel { at, found } => {
                write!(
                    f,
                    "`{found}` (character {at}) is not a label; labels are ASCII letters, `a` to `z` and `A` to `Z`"
                )?;
                match found {
                    ',' => f.write_str(", and the output is one subscript, without commas"),
                    '-' | '>' => f.write_str(", and `->` comes once, before the output's labels"),
                    _ => Ok(()),
                }
            }
            ErrorKind::EinsumEllipsis { at } => {
                write!(f, "`...` (character {at}) is not supported: give each axis a label of its own")
            }
            ErrorKind::EinsumOperandCount { subscripts, operands } => write!(
                f,
                "{subscripts} subscript{} (before `->`, separated by commas) but {operands} operand{}; \
                 there must be one subscript per operand",
                if subscripts == 1 { "" } else { "s" },
                if operands == 1 { "" } else { "s" },
            ),
            ErrorKind::EinsumTooManyOperands { operands } => {
                write!(f, "{operands} operands; at most {} are supported", crate::MAX_OPERANDS)
            }
            ErrorKind::EinsumUnknownLabel { label, axis } => write!(
                f,
                "output label `{label}` (axis {axis} of the output) appears in no operand; \
                 each output label must label an axis of an operand"
            ),
            ErrorKind::EinsumRepeatedOutput { label, axes: [a, b] } => write!(
                f,
                "output label `{label}` is axes {a} and {b} of the output; the output's labels must be \
                 distinct (a label repeated within an operand takes its diagonal: \"ii->i\")"
            ),
            ErrorKind::EinsumRank { operand, labels, rank } => {
                write!(f, "operand {}", operand + 1)?;
                self.write_operand_subscripts(f, operand)?;
                write!(f, " has {labels} label{} but its shape ", if labels == 1 { "" } else { "s" })?;
                self.write_list(f, names, 0)?;
                write!(
                    f,
                    " has {rank} ax{}; an operand has one label per axis",
                    if rank == 1 { "is" } else { "es" }
                )
            }
            ErrorKind::EinsumSizes { label, operands: [o1, o2], axes: [a1, a2], sizes: [s1, s2] } => {
                write!(f, "label `{label}` is axis {a1} of operand {} (size ", usize::from(o1) + 1)?;
                size(f, s1)?;
                write!(f, ") and axis {a2} of operand {} (size ", usize::from(o2) + 1)?;
                size(f, s2)?;
                f.write_str("); every axis a label names must have the same size (a size 1 does not stretch)")
            }
            ErrorKind::NotTheResult => {
                self.write_slot(f, Slot::Target)?;
                f.write_str("'s shape ")?;
                self.write_list(f, names, 1)?;
                f.write_str(" is not the result's ")?;
                self.write_list(f, names, 0)
            }
            ErrorKind::WrongLength { slot, expected, found } => {
                if self.form == Form::Shape {
                    f.write_str("the slice")?;
                } else {
                    self.write_slot(f, slot)?;
                    f.write_str("'s slice")?;
                }
                let s = if found == 1 { "" } else { "s" };
                write!(f, " holds {found} element{s} but its shape has {expected}")
            }
        }
    }
}

impl BroadcastError {
    /// The reason of an [`ErrorKind::TooManyElements`]: the element count of the shape that
    /// overflows, or, for a shape with a size 0 (no elements), its other sizes' product; the
    /// sum of a concatenation's joined sizes.
    fn write_overflow(&self, f: &mut fmt::Formatter<'_>, names: &[&str]) -> fmt::Result {
        const NONE_MAY: &str = "multiply past usize, which no shape's may, even one with no elements";
        let whose = match (self.form, self.overflow) {
            (Form::Shape, _) => "its",
            (_, Overflow::OperandCount | Overflow::OperandEmpty) => "the operand",
            (Form::Reshape, _) => "the target",
            _ => "the result",
        };
        match self.overflow {
            Overflow::Sum => {
                let axis = self.list().first().copied().unwrap_or(0);
                let (a, b) = (self.lhs().get(axis).copied(), self.rhs().get(axis).copied());
                let (Some(a), Some(b)) = (a, b) else {
                    return write!(f, "the sizes of the joined axis {axis} add up past usize");
                };
                write!(f, "the joined axis {axis} would have size ")?;
                self.write_size(f, names, a)?;
                f.write_str(" + ")?;
                self.write_size(f, names, b)?;
                f.write_str(", past usize")
            }
            Overflow::Count | Overflow::OperandCount if self.form == Form::Shape => {
                f.write_str("its element count overflows usize")
            }
            Overflow::Count | Overflow::OperandCount => {
                write!(f, "{whose} has more elements than usize can count")
            }
            Overflow::Empty | Overflow::OperandEmpty if self.form == Form::Shape => {
                write!(f, "its sizes other than 0 {NONE_MAY}")
            }
            Overflow::Empty | Overflow::OperandEmpty => write!(f, "{whose}'s sizes other than 0 {NONE_MAY}"),
        }
    }

    /// Writes ` (`ij`)`: operand `o`'s subscript, if the error kept the subscripts whole.
    fn write_operand_subscripts(&self, f: &mut fmt::Formatter<'_>, o: usize) -> fmt::Result {
        let (text, complete) = self.lists.get(2);
        if !complete {
            return Ok(());
        }
        let arrow = text.windows(2).position(|w| w == [b'-' as usize, b'>' as usize]).unwrap_or(text.len());
        let Some(sub) = text[..arrow].split(|&c| c == b',' as usize).nth(o) else { return Ok(()) };
        f.write_str(" (`")?;
        for &c in sub.iter().filter(|&&c| c != b' ' as usize) {
            write!(f, "{}", char::from_u32(c as u32).unwrap_or(char::REPLACEMENT_CHARACTER))?;
        }
        f.write_str("`)")
    }
}

impl fmt::Debug for BroadcastError {
    /// The sentence, then the data: `Debug` output in a test failure should be readable.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "BroadcastError(\"{self}\", {:?})", self.kind)
    }
}

impl core::error::Error for BroadcastError {}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn is_cheap_to_return() {
        // clippy's `result_large_err` fires at 128 bytes and above, in every user's code.
        assert!(size_of::<BroadcastError>() < 128, "{}", size_of::<BroadcastError>());
    }

    #[test]
    fn each_input_is_named_by_a_noun_phrase() {
        let text = |e: BroadcastError| e.to_string();
        let many = [1; MAX_RANK + 1];
        assert_eq!(
            text(crate::broadcast_shapes(&[&many]).unwrap_err()),
            "cannot broadcast: the operand has 65 entries; at most 64 axes are supported"
        );
        assert_eq!(
            text(crate::broadcast_shapes(&[&[2], &many]).unwrap_err()),
            "cannot broadcast: the second operand has 65 entries; at most 64 axes are supported"
        );
        assert_eq!(
            text(crate::broadcast_shapes(&[&[2], &[2], &many]).unwrap_err()),
            "cannot broadcast: operand 3 has 65 entries; at most 64 axes are supported"
        );
        assert_eq!(
            text(crate::broadcast_shapes(&[&[2], &[1], &[3]]).unwrap_err()),
            "cannot broadcast operand 1 [2] with operand 3 [3]: axis 0 has sizes 2 and 3; \
             sizes must be equal or one of them 1"
        );
        assert_eq!(
            text(crate::broadcast_with_dims(&many, &[2], &[0]).unwrap_err()),
            "cannot broadcast: the first operand has 65 entries; at most 64 axes are supported"
        );
        assert_eq!(
            text(crate::broadcast_to(&[2], &many).unwrap_err()),
            "cannot broadcast: the target has 65 entries; at most 64 axes are supported"
        );
        assert_eq!(
            text(crate::broadcast_axes(&[2], &[2, 3], &many).unwrap_err()),
            "cannot broadcast: the axes list has 65 entries; at most 64 axes are supported"
        );
        assert_eq!(
            text(DynShape::new(&many).unwrap_err()),
            "invalid shape: the shape has 65 entries; at most 64 axes are supported"
        );
        // The shape algebra names its own operation, not a broadcast.
        assert_eq!(
            text(crate::reshape_shape(&many, &[1]).unwrap_err()),
            "cannot reshape: the operand has 65 entries; at most 64 axes are supported"
        );
        assert_eq!(
            text(crate::slice_shape(&many, 0, 0, 1, 1).unwrap_err()),
            "cannot slice: the operand has 65 entries; at most 64 axes are supported"
        );
        assert_eq!(
            text(crate::index_shape(&many, 0, 0).unwrap_err()),
            "cannot index: the operand has 65 entries; at most 64 axes are supported"
        );
        assert_eq!(
            text(crate::concat_shape(&[1], &many, 0).unwrap_err()),
            "cannot concatenate: the second operand has 65 entries; at most 64 axes are supported"
        );
        assert_eq!(
            text(crate::stack_shape(&[&many[1..]], 0).unwrap_err()),
            "cannot stack: the result would have 65 axes; at most 64 axes are supported"
        );
        let wrong = |form, slot| BroadcastError::wrong_length(form, (&[2], &[3]), slot, 2, 3);
        assert_eq!(
            text(wrong(Form::Numpy, Slot::Operand(1))),
            "cannot broadcast [2] with [3]: the second operand's slice holds 3 elements but its shape has 2"
        );
        assert_eq!(
            text(wrong(Form::BroadcastTo, Slot::Operand(0))),
            "cannot broadcast [2] to [3]: the operand's slice holds 3 elements but its shape has 2"
        );
        assert_eq!(
            text(wrong(Form::Shape, Slot::Operand(0))),
            "invalid data for shape [2]: the slice holds 3 elements but its shape has 2"
        );
    }

    #[test]
    fn one_operand_is_named_alone_and_one_element_is_singular() {
        let e = crate::broadcast_shapes(&[&[0, 1 << 40, 1 << 40]]).unwrap_err();
        assert_eq!(
            e.to_string(),
            "cannot broadcast [0, 1099511627776, 1099511627776]: the result's sizes other than 0 multiply \
             past usize, which no shape's may, even one with no elements"
        );
        let e = BroadcastError::wrong_length(Form::BroadcastTo, (&[2], &[2]), Slot::Target, 2, 1);
        assert_eq!(
            e.to_string(),
            "cannot broadcast [2] to [2]: the target's slice holds 1 element but its shape has 2"
        );
    }

    #[test]
    fn an_overflow_names_what_overflows_and_an_empty_shape_is_not_too_many() {
        let text = |e: BroadcastError| e.to_string();
        let (max, big) = (usize::MAX, 1usize << 62);
        const NONE_MAY: &str = "multiply past usize, which no shape's may, even one with no elements";
        // A reshape: the target, empty or not, and the operand.
        assert_eq!(
            text(crate::reshape_shape(&[0, 3], &[max, 2, 0]).unwrap_err()),
            format!("cannot reshape [0, 3] to [{max}, 2, 0]: the target's sizes other than 0 {NONE_MAY}")
        );
        assert_eq!(
            text(crate::reshape_shape(&[6, 2], &[max, 2]).unwrap_err()),
            format!("cannot reshape [6, 2] to [{max}, 2]: the target has more elements than usize can count")
        );
        assert_eq!(
            text(crate::reshape_shape(&[max, 2, 0], &[0]).unwrap_err()),
            format!("cannot reshape [{max}, 2, 0] to [0]: the operand's sizes other than 0 {NONE_MAY}")
        );
        assert_eq!(
            text(crate::reshape_shape(&[max, 2], &[0]).unwrap_err()),
            format!("cannot reshape [{max}, 2] to [0]: the operand has more elements than usize can count")
        );
        // A concatenation: the joined axis' sum, and a result with no elements.
        assert_eq!(
            text(crate::concat_shape(&[max, 0], &[1, 0], 0).unwrap_err()),
            format!(
                "cannot concatenate [{max}, 0] with [1, 0] along axis 0: the joined axis 0 would have size {max} + 1, past usize"
            )
        );
        assert_eq!(
            text(crate::concat_shape(&[big, 0, 2], &[big, 0, 2], 0).unwrap_err()),
            format!(
                "cannot concatenate [{big}, 0, 2] with [{big}, 0, 2] along axis 0: the result's sizes other than 0 {NONE_MAY}"
            )
        );
        assert_eq!(
            text(crate::stack_shape(&[&[big, 0, 2], &[big, 0, 2]], 1).unwrap_err()),
            format!(
                "cannot stack [{big}, 0, 2] along a new axis 1: the result's sizes other than 0 {NONE_MAY}"
            )
        );
        // A result with elements keeps its words.
        assert_eq!(
            text(crate::broadcast_shapes(&[&[1 << 40, 1], &[1, 1 << 40]]).unwrap_err()),
            "cannot broadcast [1099511627776, 1] with [1, 1099511627776]: the result has more elements than usize can count"
        );
    }

    #[test]
    fn long_shapes_are_cut_short_in_messages_but_kind_is_exact() {
        let huge = [usize::MAX; 8];
        let e = crate::broadcast_shapes(&[&huge, &[2; 8]]).unwrap_err();
        assert_eq!(e.kind(), ErrorKind::SizeMismatch { axis: 0, sizes: [usize::MAX, 2], operands: [0, 1] });
        // 64 bytes: six sizes of 10 bytes each, then four of 1 byte.
        let max = usize::MAX;
        assert_eq!(
            e.to_string(),
            format!(
                "cannot broadcast [{max}, {max}, {max}, {max}, {max}, {max}, …] with [2, 2, 2, 2, …]: \
                 axis 0 has sizes {max} and 2; sizes must be equal or one of them 1"
            )
        );
    }
}
