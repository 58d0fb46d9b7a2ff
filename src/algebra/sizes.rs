//! Size arithmetic on run-time sizes: the product of two sizes ([`Times`]), their sum
//! ([`Plus`]), what is left of a size past another ([`Minus`]) and the quotient of a size by a
//! fixed factor ([`Over`]), each a size of its own type, made only where the operation that
//! needs it checks it.

use core::fmt;
use core::marker::PhantomData;
use shapecast_macros::hot;

use crate::shape::sealed::{FromValue, Proven};
use crate::shape::{CountSize, Extent};

/// The product of the sizes `A` and `B`, one of them at least known only at run time: what
/// merging the axes `[Batch, 16]` into one gives, `Times<Batch, Dim<16>>`, printed `Batch*16`.
/// Its value was computed, and checked not to overflow, when the merge ran; two merges of the
/// same sizes give the same type, so their results meet as one size.
///
/// ```
/// use shapecast::prelude::*;
/// struct Batch;
/// let data = [0u8; 3 * 16];
/// bind!(let batch: Batch = 3);
/// let x = TensorRef::from_shape(dims![batch, 16], &data)?;
/// let flat = x.merge_axes::<0>(); // shape [Batch*16]
/// assert!(format!("{flat:?}").starts_with("TensorRef<[Batch*16 = 48]>"));
/// # Ok::<(), shapecast::ShapeError>(())
/// ```
pub struct Times<A, B> {
    value: usize,
    parts: PhantomData<fn() -> (A, B)>,
}

/// The size `A` divided by the fixed factor `F`, checked to divide it: what splitting an axis
/// of a run-time size into `[A/F, F]` gives, printed `Batch/4`.
///
/// ```
/// use shapecast::prelude::*;
/// struct Batch;
/// let data = [0u8; 12];
/// bind!(let batch: Batch = 12);
/// let x = TensorRef::from_shape(dims![batch], &data)?;
/// let groups = x.split_axis::<0, 4>()?; // shape [Batch/4, 4]
/// assert!(format!("{groups:?}").starts_with("TensorRef<[Batch/4 = 3, 4]>"));
/// assert!(x.split_axis::<0, 5>().is_err()); // 5 does not divide 12
/// # Ok::<(), shapecast::ShapeError>(())
/// ```
pub struct Over<A, F> {
    value: usize,
    parts: PhantomData<fn() -> (A, F)>,
}

/// The sum of the sizes `A` and `B`, one of them at least known only at run time: the joined
/// axis of a concatenation along a run-time axis (`[Batch, 3]` and `[Extra, 3]` along axis 0
/// give `[Batch+Extra, 3]`), printed `Batch+Extra`. Its value was computed, and checked not to
/// overflow, when the concatenation ran.
///
/// ```
/// use shapecast::prelude::*;
/// struct Batch;
/// struct Extra;
/// let (a, b) = ([1, 2, 3, 4], [5, 6]);
/// bind!(let batch: Batch = 2);
/// bind!(let extra: Extra = 1);
/// let a = TensorRef::from_shape(dims![batch, 2], &a)?;
/// let b = TensorRef::from_shape(dims![extra, 2], &b)?;
/// let ab = a.concat::<0>(&b); // BoxedTensor of shape [Batch+Extra, 2]
/// assert_eq!(ab.as_slice(), [1, 2, 3, 4, 5, 6]);
/// assert!(format!("{ab:?}").starts_with("BoxedTensor<[Batch+Extra = 3, 2]>"));
/// let flat = ab.merge_axes::<0>(); // a sum's name in parentheses where it is a factor
/// assert!(format!("{flat:?}").starts_with("TensorRef<[(Batch+Extra)*2 = 6]>"));
/// # Ok::<(), shapecast::ShapeError>(())
/// ```
pub struct Plus<A, B> {
    value: usize,
    parts: PhantomData<fn() -> (A, B)>,
}

/// What is left of the size `A` past the first `B` positions, `B` a run-time size checked not
/// to pass `A`: the second part of [`split_off`](crate::TensorBase::split_off) (`[Rows]` split
/// after `Train` rows gives `[Train]` and `[Rows-Train]`), printed `Rows-Train`.
/// [`rejoin`](crate::algebra::Concat::rejoin) joins the two parts back into `Rows`.
///
/// ```
/// use shapecast::prelude::*;
/// struct Rows;
/// struct Train;
/// let data = [1, 2, 3, 4, 5];
/// bind!(let rows: Rows = 5);
/// bind!(let train: Train = 3);
/// let x = TensorRef::from_shape(dims![rows], &data)?;
/// let (fit, test) = x.split_off::<0, _>(train)?; // [Train] and [Rows-Train]
/// assert_eq!(fit.to_tensor().as_slice(), [1, 2, 3]);
/// assert!(format!("{test:?}").starts_with("StridedView<[Rows-Train = 2]>"));
/// let whole = fit.to_tensor().rejoin::<0>(&test.to_tensor()); // [Rows]
/// assert_eq!(whole.as_slice(), x.as_slice());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub struct Minus<A, B> {
    value: usize,
    parts: PhantomData<fn() -> (A, B)>,
}

macro_rules! arithmetic {
    ($($Size:ident, $op:literal, $precedence:literal;)*) => {$(
        impl<A, B> Clone for $Size<A, B> {
            fn clone(&self) -> Self {
                *self
            }
        }
        impl<A, B> Copy for $Size<A, B> {}
        impl<A, B> PartialEq for $Size<A, B> {
            fn eq(&self, other: &Self) -> bool {
                self.value == other.value
            }
        }
        impl<A, B> Eq for $Size<A, B> {}

        impl<A: Extent, B: Extent> fmt::Debug for $Size<A, B> {
            /// The size as the types name it, and its value: `Batch*16 = 48`.
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                Self::write_name(f)?;
                write!(f, " = {}", self.value)
            }
        }

        impl<A, B> FromValue for $Size<A, B> {
            #[hot]
            fn from_value<P: Proven>(value: usize, _: P) -> Self {
                $Size { value, parts: PhantomData }
            }
        }

        impl<A, B> CountSize for $Size<A, B> {
            type U = typenum::U0;
        }

        impl<A: Extent, B: Extent> Extent for $Size<A, B> {
            type Kind = crate::typelevel::Runtime;
            const FIXED: Option<usize> = None;
            #[hot]
            fn get(self) -> usize {
                self.value
            }
            fn describe(self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                write!(f, "{self:?}")
            }
            const PRECEDENCE: u8 = $precedence;
            /// `A` and `B` around the operator, each in parentheses where it binds less tightly
            /// (the right one also where it binds as tightly): `(A+B)*4`, `A-(B-C)`.
            fn write_name(f: &mut fmt::Formatter<'_>) -> fmt::Result {
                let operand = |f: &mut fmt::Formatter<'_>, grouped: bool, name: fn(&mut fmt::Formatter<'_>) -> fmt::Result| {
                    if grouped {
                        f.write_str("(")?;
                        name(f)?;
                        f.write_str(")")
                    } else {
                        name(f)
                    }
                };
                operand(f, A::PRECEDENCE < $precedence, A::write_name)?;
                f.write_str($op)?;
                operand(f, B::PRECEDENCE <= $precedence, B::write_name)
            }
        }

        #[diagnostic::do_not_recommend]
        impl<A, B> crate::product::Contracts<$Size<A, B>> for $Size<A, B> {}
    )*};
}

arithmetic! {
    Times, "*", 2;
    Over, "/", 2;
    Plus, "+", 1;
    Minus, "-", 1;
}
