//! Run-time sizes: [`Dyn`], made by `bind!`; the rules are in `Dyn`'s documentation, which
//! users read.

use core::fmt;
use core::marker::PhantomData;
use shapecast_macros::hot;

pub use generativity::Guard;

/// A size bound at run time, named `Name`, branded by the binding `'id`.
///
/// Made only by [`bind!`](crate::bind) (or [`Dyn::bind`] with a fresh [`Guard`]); every value of
/// one `Dyn<'id, Name>` type holds the same size. `Name` is any type: it is what compile errors
/// print (`Cons<Dyn<'_, Samples>, Cons<Dim<4>, Nil>>`).
///
/// ```
/// use shapecast::prelude::*;
/// struct Batch;
/// bind!(let batch: Batch = 32);
/// assert_eq!(batch.get(), 32);
/// assert_eq!(format!("{batch:?}"), "Batch = 32");
/// ```
///
/// # Run-time sizes
///
/// A run-time size is a size whose value comes from data (the rows of a file, a batch), named
/// by a type of the program's choosing and bound once.
///
/// `bind!(let samples: Samples = n);` binds the size named `Samples` to `n`: `samples` has type
/// `Dyn<'id, Samples>`, and `shape![Samples, 4]` names shapes that carry it. Each execution of a
/// `bind!` makes a size of its own: the brand `'id` is a fresh, invariant lifetime (the
/// [`generativity`](https://docs.rs/generativity) technique), so two bindings, of two names or of
/// the same name twice, or the same line run twice in a loop, never have the same type, and no
/// size escapes the scope that bound it. Nothing else makes a `Dyn`, nor a shape value holding
/// one, from a number: not a constructor, not `Default`, not a method of the traits `Extent` and
/// `AnyShape` called through a generic bound. Its value is the one its type promises, everywhere
/// it appears, which is what lets the kernels trust the types.
///
/// ```compile_fail
/// use shapecast::prelude::*;
/// fn forge<E: Extent>(value: usize) -> E {
///     E::from_value(value) // the crate's own constructor needs a proof only it can make
/// }
/// ```
///
/// The pair rule, decided at compile time wherever two sizes meet: a run-time size `R` with
/// itself gives `R`; `R` with `1` gives `R` (the 1 is stretched); `R` with a fixed size other
/// than 1, or with another run-time size, does not compile, even if the values would agree when
/// the program runs. A run-time size is never stretched, whatever its value, so a result's shape
/// never depends on data. To meet another size, convert explicitly, with a checked step.
///
/// ```
/// use shapecast::prelude::*;
///
/// struct Samples;
/// struct Classes;
/// bind!(let samples: Samples = 150);
/// bind!(let classes: Classes = 3);
/// assert_eq!((samples.get(), classes.get()), (150, 3));
/// static_assertions::assert_type_eq_all!(
///     broadcast!([Samples, 1], [Classes]),
///     shape![Samples, Classes]
/// );
/// ```
///
/// ```compile_fail
/// use shapecast::prelude::*;
/// struct Samples;
/// struct Classes;
/// type Out = broadcast!([Samples], [Classes]);
/// ```
///
/// ```txt
/// error: cannot broadcast [Samples] with [Classes]: axis 0 has sizes Samples and Classes; two run-time sizes are never assumed equal
/// ```
///
/// ## Functions and structs over run-time shapes
///
/// A `let` infers the binding's lifetime: `let x: TensorRef<f32, shape![Samples, 4]> = …`. A
/// signature, a struct field or a type alias names it, as `Samples<'id>`, or is generic over
/// the size:
///
/// ```
/// use shapecast::prelude::*;
/// struct Samples;
///
/// /// Rows centred on their mean: `[Samples, 4]` in, `[Samples, 4]` out, `[4]` in between.
/// fn centred<'id>(x: TensorRef<'_, f64, shape![Samples<'id>, 4]>) -> BoxedTensor<f64, shape![Samples<'id>, 4]> {
///     let mean: Tensor<f64, shape![4]> = x.mean_axes::<axes![0]>();
///     x - &mean
/// }
///
/// /// Any run-time size `N`: the same code for every binding (`N<'id>` is `Dyn<'id, N>`).
/// fn row_sums<'id, N>(x: TensorRef<'_, f32, shape![N<'id>, 16]>) -> BoxedTensor<f32, shape![N<'id>]> {
///     x.sum_axes::<axes![1]>()
/// }
///
/// let data = [1.0, 2.0, 3.0, 4.0, 3.0, 4.0, 5.0, 6.0];
/// bind!(let samples: Samples = 2);
/// let x = TensorRef::from_shape(dims![samples, 4], &data)?;
/// assert_eq!(centred(x).as_slice(), [-1.0, -1.0, -1.0, -1.0, 1.0, 1.0, 1.0, 1.0]);
/// struct Batch;
/// bind!(let batch: Batch = 1);
/// let ones = [1.0f32; 16];
/// assert_eq!(row_sums(TensorRef::from_shape(dims![batch, 16], &ones)?).as_slice(), [16.0]);
/// # Ok::<(), shapecast::ShapeError>(())
/// ```
///
/// In a return type, a struct field or a type alias, rustc asks for the lifetime (E0106
/// "missing lifetime specifier", pointing at the name, and suggesting `'a` in its place, which
/// does not apply here): write `Samples<'id>` and declare `'id`.
///
/// ## One size, two arguments
///
/// In argument position the lifetime may be left out, but each `shape![Samples, 2]` written in
/// a signature then gets a binding of its own: two arguments written so hold two sizes that
/// never meet, and `a + b` inside is refused (rustc's lifetime suggestions there do not help).
/// Name the binding once and write it in each argument that shares it:
///
/// ```
/// use shapecast::prelude::*;
/// struct Samples;
///
/// /// Squared distance of each row of `a` to the same row of `b`: one `Samples`, `'id`, for both.
/// fn distances<'id>(
///     a: TensorRef<'_, f32, shape![Samples<'id>, 2]>,
///     b: TensorRef<'_, f32, shape![Samples<'id>, 2]>,
/// ) -> BoxedTensor<f32, shape![Samples<'id>]> {
///     let d = &a - &b;
///     (&d * &d).sum_axes::<axes![1]>()
/// }
///
/// let (p, q) = ([0.0, 0.0, 1.0, 1.0, 2.0, 2.0], [0.0, 1.0, 1.0, 3.0, 5.0, 6.0]);
/// bind!(let samples: Samples = 3);
/// let a = TensorRef::from_shape(dims![samples, 2], &p)?;
/// let b = TensorRef::from_shape(dims![samples, 2], &q)?;
/// assert_eq!(distances(a, b).as_slice(), [1.0, 4.0, 25.0]);
/// # Ok::<(), shapecast::ShapeError>(())
/// ```
///
/// ```compile_fail
/// use shapecast::prelude::*;
/// struct Samples;
/// // Two bindings, one per argument: `a - b` puts two run-time sizes on one axis.
/// fn distances(a: TensorRef<'_, f32, shape![Samples, 2]>, b: TensorRef<'_, f32, shape![Samples, 2]>) {
///     let _ = &a - &b;
/// }
/// ```
///
/// ## Read the data, bind its size, run code over it
///
/// A function cannot return a tensor whose shape holds a size it bound (E0106 on the return
/// type, then E0515 at the `bind!`): it hands the tensor to a closure that accepts every
/// binding, and returns the closure's result, which cannot hold the size.
/// [`TensorRef::with_rows`](crate::TensorRef::with_rows) does it for rows of a fixed width:
///
/// ```
/// use shapecast::prelude::*;
/// struct Samples;
/// let rows = vec![[1.0f64, 10.0], [3.0, 30.0]];
/// let peak = TensorRef::with_rows(&rows, |x: TensorRef<f64, shape![Samples, 2]>| x.max_axes::<axes![0]>())?;
/// assert_eq!(peak.map(|t| t.as_slice().to_vec()), Some(vec![3.0, 30.0]));
/// # Ok::<(), shapecast::ShapeError>(())
/// ```
///
/// ## What the brand rejects, and what rustc says
///
/// A size cannot leave the scope that bound it, and two bindings never meet, even of the same
/// name: rustc rejects both as a borrow error pointing at a `bind!`,
/// `error[E0716]: temporary value dropped while borrowed`. Read it as "this size is not that
/// one". To let the data meet, convert it: `b.cast_shape(a.shape())?` (checked at run time),
/// or reduce away the run-time axis (`sum_axes`, giving a fixed-size [`Tensor`](crate::Tensor)
/// that outlives the binding), or copy the elements out (`as_slice().to_vec()`).
///
/// ```compile_fail
/// use shapecast::prelude::*;
/// struct Samples;
/// let escaped = {
///     bind!(let samples: Samples = 3);
///     samples
/// };
/// ```
pub struct Dyn<'id, Name> {
    value: usize,
    /// Invariant in `'id`, so that no two bindings unify.
    brand: PhantomData<fn(&'id ()) -> &'id ()>,
    name: PhantomData<fn() -> Name>,
}

impl<'id, Name> Dyn<'id, Name> {
    /// Binds a size to `value`, branded by `guard`, which a `make_guard!` just made (that is
    /// what [`bind!`](crate::bind) does).
    ///
    /// ```
    /// use shapecast::shape::Dyn;
    /// struct Rows;
    /// shapecast::make_guard!(guard);
    /// let rows = Dyn::<Rows>::bind(guard, 4);
    /// assert_eq!(rows.get(), 4);
    /// ```
    #[inline]
    pub fn bind(guard: Guard<'id>, value: usize) -> Self {
        let _ = guard;
        Self::trusted(value)
    }

    /// A size whose value the types already prove (an output's, taken from its operands).
    #[hot]
    pub(crate) fn trusted(value: usize) -> Self {
        Dyn { value, brand: PhantomData, name: PhantomData }
    }

    /// The size.
    ///
    /// ```
    /// # use shapecast::prelude::*;
    /// struct Rows;
    /// bind!(let rows: Rows = 7);
    /// assert_eq!(rows.get(), 7);
    /// ```
    #[hot]
    pub fn get(self) -> usize {
        self.value
    }

    /// The name's type, without its path (`Samples`), as messages print it.
    ///
    /// ```
    /// # use shapecast::prelude::*;
    /// struct Samples;
    /// bind!(let samples: Samples = 7);
    /// assert_eq!(samples.name(), "Samples");
    /// ```
    pub fn name(self) -> &'static str {
        let full = core::any::type_name::<Name>();
        full.rsplit("::").next().unwrap_or(full)
    }
}

impl<Name> Clone for Dyn<'_, Name> {
    #[hot]
    fn clone(&self) -> Self {
        *self
    }
}
impl<Name> Copy for Dyn<'_, Name> {}

impl<Name> PartialEq for Dyn<'_, Name> {
    fn eq(&self, other: &Self) -> bool {
        self.value == other.value
    }
}
impl<Name> Eq for Dyn<'_, Name> {}
impl<Name> core::hash::Hash for Dyn<'_, Name> {
    fn hash<H: core::hash::Hasher>(&self, state: &mut H) {
        self.value.hash(state);
    }
}

impl<Name> fmt::Debug for Dyn<'_, Name> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} = {}", self.name(), self.value)
    }
}

/// Binds a run-time size: `bind!(let samples: Samples = n);` makes `samples`, of type
/// `Dyn<'_, Samples>`, holding `n`. Write it as a statement; each execution binds a new size,
/// valid until the end of the enclosing block.
///
/// `Samples` is any type (a unit struct serves); `shape![Samples, 4]` then names the shapes that
/// carry this size, and compile errors print it by that name.
///
/// ```
/// use shapecast::prelude::*;
/// struct Samples;
/// let rows = vec![[0.5f32; 4]; 150];
/// bind!(let samples: Samples = rows.len());
/// let shape: shape![Samples, 4] = dims![samples, 4];
/// assert_eq!(shape.element_count(), 600);
/// ```
///
/// The same line run twice binds two sizes, which never meet without a checked conversion:
///
/// ```compile_fail
/// use shapecast::prelude::*;
/// struct Batch;
/// let mut first = None;
/// for n in [2, 3] {
///     bind!(let batch: Batch = n);
///     if let Some(earlier) = first { let _same: bool = earlier == batch; }
///     first = Some(batch);
/// }
/// ```
#[macro_export]
macro_rules! bind {
    (let $var:ident : $name:ty = $value:expr) => {
        $crate::make_guard!(guard);
        let $var = $crate::__private::Dyn::<$name>::bind(guard, $value);
    };
}
