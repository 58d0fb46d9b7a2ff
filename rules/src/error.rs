//! `BroadcastError`: what went wrong, as data and as one sentence.

use core::fmt;

use crate::packed::PackedLists;
use crate::shape::{DynShape, MAX_RANK, write_list};

/// Which broadcasting form was asked for (SEMANTICS.md's sections).
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
    /// No broadcast: a shape on its own (too many axes, a slice of the wrong length).
    Shape,
}

/// One of the inputs of a broadcast, as named in an error.
///
/// ```
/// use shapecast_rules::{BroadcastError, ErrorKind, Form, Slot};
/// let e = BroadcastError::wrong_length(Form::BroadcastTo, (&[3], &[2, 3]), Slot::Target, 6, 4);
/// assert!(matches!(e.kind(), ErrorKind::WrongLength { slot: Slot::Target, .. }));
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
    /// A shape or list has more than [`MAX_RANK`] entries.
    TooManyAxes {
        /// Which input.
        slot: Slot,
        /// How many entries it has.
        rank: usize,
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
    /// How many operands the broadcast had (saturating): the message names them if over 2.
    operands: u8,
}

impl BroadcastError {
    pub(crate) fn new(form: Form, kind: ErrorKind, lhs: &[usize], rhs: &[usize]) -> Self {
        BroadcastError { kind, lists: PackedLists::new([lhs, rhs, &[]]), form, operands: 2 }
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
    /// assert_eq!(e.to_string(), "cannot broadcast [3] to [2, 3]: the target slice holds 4 elements but its shape has 6");
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

    /// Attaches the `dims`/`axes` list the message names, for the forms that take one
    /// ([`Form::Axes`], [`Form::InDim`], [`Form::WithDims`]).
    ///
    /// ```
    /// use shapecast_rules::{BroadcastError, Form, Slot};
    /// let e = BroadcastError::wrong_length(Form::InDim, (&[3], &[2, 3]), Slot::Target, 6, 4).naming_list(&[1]);
    /// assert_eq!(*e.list(), [1]);
    /// ```
    pub fn naming_list(mut self, list: &[usize]) -> Self {
        let (lhs, rhs) = (self.lists.get(0).0, self.lists.get(1).0);
        self.lists = PackedLists::new([&lhs, &rhs, list]);
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
        if self.form == Form::Axes { "axes" } else { "dims" }
    }

    fn write_header(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if let ErrorKind::TooManyAxes { .. } = self.kind {
            return f.write_str(match self.form {
                Form::Shape => "invalid shape",
                _ => "cannot broadcast",
            });
        }
        let p = &self.lists;
        if self.form == Form::Shape {
            f.write_str("invalid data for shape ")?;
            return p.write(f, 0);
        }
        f.write_str("cannot broadcast ")?;
        if let (Form::Numpy, ErrorKind::SizeMismatch { operands: [i, j], .. }) = (self.form, self.kind) {
            if self.operands > 2 {
                write!(f, "operand {i} ")?;
                p.write(f, 0)?;
                write!(f, " with operand {j} ")?;
                return p.write(f, 1);
            }
        }
        let symmetric = matches!(self.form, Form::Numpy | Form::WithDims);
        p.write(f, 0)?;
        f.write_str(if symmetric { " with " } else { " to " })?;
        p.write(f, 1)?;
        match self.form {
            Form::Axes | Form::InDim => write!(f, " with {} ", self.list_name())?,
            Form::WithDims => f.write_str(" using dims ")?,
            _ => return Ok(()),
        }
        p.write(f, 2)
    }

    fn write_slot(&self, f: &mut fmt::Formatter<'_>, slot: Slot) -> fmt::Result {
        match slot {
            Slot::Operand(i) if self.form == Form::Numpy || self.form == Form::WithDims => {
                write!(f, "operand {i}")
            }
            Slot::Operand(_) if self.form == Form::Shape => f.write_str("the"),
            Slot::Operand(_) => f.write_str("the operand"),
            Slot::Target => f.write_str("the target"),
            Slot::List => write!(f, "the {} list", self.list_name()),
        }
    }
}

impl fmt::Display for BroadcastError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.write_header(f)?;
        f.write_str(": ")?;
        let list = self.list_name();
        match self.kind {
            ErrorKind::TooManyAxes { slot, rank } => {
                self.write_slot(f, slot)?;
                write!(f, " has {rank} entries; at most {MAX_RANK} axes are supported")
            }
            ErrorKind::TooManyElements => f.write_str("the result has more elements than usize can count"),
            ErrorKind::SizeMismatch { axis, sizes: [a, b], .. } => {
                write!(f, "axis {axis} has sizes {a} and {b}; sizes must be equal or one of them 1")
            }
            ErrorKind::CannotStretch { operand_axis, axis, size, target } => {
                if self.form == Form::InDim {
                    write!(
                        f,
                        "operand axis {operand_axis} (size {size}) maps to target axis {axis} (size {target})"
                    )?;
                } else {
                    write!(f, "axis {axis} has size {size} but the target has {target}")?;
                }
                f.write_str("; a size must equal the target's or be 1")
            }
            ErrorKind::RankTooLarge { rank, target_rank } => write!(
                f,
                "rank {rank} exceeds the target's rank {target_rank}; broadcasting never removes axes"
            ),
            ErrorKind::AxisOutOfRange { entry, axis, rank } => {
                write!(f, "{list} entry {entry} is {axis}, out of range for rank {rank}")
            }
            ErrorKind::NotIncreasing { entry, previous, axis } => write!(
                f,
                "{list} entry {entry} is {axis}, not greater than the entry before it ({previous}); \
                 {list} must be strictly increasing"
            ),
            ErrorKind::WrongAxisCount { expected, found } => match self.form {
                Form::Axes => write!(
                    f,
                    "the target without the broadcast axes has rank {expected}, but the argument has rank {found}; \
                     they must be equal"
                ),
                Form::WithDims => write!(
                    f,
                    "dims has {found} entries but the lower-rank operand has rank {expected}; \
                     there must be one entry per axis"
                ),
                _ => write!(
                    f,
                    "dims has {found} entries but the operand has rank {expected}; \
                     there must be one entry per axis"
                ),
            },
            ErrorKind::KeptSizeMismatch { arg_axis, axis, size, target } => write!(
                f,
                "target axis {axis} has size {target} but argument axis {arg_axis} has size {size}; \
                 sizes outside the broadcast axes must be equal"
            ),
            ErrorKind::RanksDifferWithoutDims { ranks: [a, b] } => write!(
                f,
                "ranks {a} and {b} differ and neither operand is a scalar; \
                 dims must say where the lower-rank operand's axes go"
            ),
            ErrorKind::NotIdentity { rank } => {
                write!(f, "the ranks are equal, so dims must be empty or the identity ")?;
                write_list(f, DynShape::identity(rank).as_ref())
            }
            ErrorKind::WrongLength { slot, expected, found } => {
                self.write_slot(f, slot)?;
                write!(f, " slice holds {found} elements but its shape has {expected}")
            }
        }
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
        // clippy's `result_large_err` fires above 128 bytes, in every user's code.
        assert!(size_of::<BroadcastError>() <= 128, "{}", size_of::<BroadcastError>());
    }

    #[test]
    fn long_shapes_are_cut_short_in_messages_but_kind_is_exact() {
        let huge = [usize::MAX; 8];
        let e = crate::broadcast_shapes(&[&huge, &[2; 8]]).unwrap_err();
        assert!(matches!(e.kind(), ErrorKind::SizeMismatch { axis: 0, sizes: [usize::MAX, 2], .. }));
        assert!(e.to_string().contains(", …]"), "{e}");
    }
}
