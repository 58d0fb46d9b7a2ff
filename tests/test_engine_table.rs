//! Reductions of expressions against the naive reference, as a table: each row is a shape,
//! the axes it reduces, a fold, an element type, where NaN lies, fixed or run-time sizes, and
//! whether the reduction is nested in or around another expression.
//!
//! A row's data is made from the row's number by a xorshift generator, so every run checks
//! the same cases. Each row runs the spellings of its reduction (the expression evaluated with
//! `eval()` and with `eval_into(…)`, the tensor's own method, and where the runner has them its
//! `_into` twin, the keep-dims twin, the forms that need no `try_` and the totals) and
//! checks each one against the reference of `common/reference.rs`, which never calls the
//! library, and against the others:
//!
//! - maxima, minima, positions and integer sums exactly (a maximum or minimum compared with
//!   `==`, since which of `0.0` and `-0.0` it holds is unspecified);
//! - float sums and means bit for bit when every term is a small multiple of 1/4 (every order
//!   of addition then gives the same sum), and within a relative tolerance otherwise: the
//!   library adds in 16 lanes, not left to right;
//! - `eval()` and `eval_into(…)` bit for bit always (they are the same pass);
//! - no result exactly where a maximum, minimum or position has an empty axis to fold, with
//!   the `_into` output left as it was.
//!
//! Each distinct expression type costs the compiler a pass of its own (most of a second of a
//! debug build, and some 25 MB of its memory), so the breadth (sizes 0 to 33, long axes, ranks
//! 1 to 4 as size-1 axes of rank 4) comes from run-time sizes, one instantiation for many
//! shapes, and fixed shapes are kept for the cases that matter most.

#[path = "common/reference.rs"]
mod naive;

use naive::Num;
use shapecast::prelude::*;
use shapecast::tensor::Data;

/// The folds.
#[derive(Clone, Copy, Debug, PartialEq)]
enum Fold {
    Sum,
    Mean,
    Max,
    Min,
    ArgMax,
    ArgMin,
}

use Fold::*;

/// What the elements are, before NaN is placed.
#[derive(Clone, Copy, Debug, PartialEq)]
enum Values {
    /// Multiples of 1/4 from -5.25 to 8.25 (integers from -5 to 8): sums exact in any order.
    Quarters,
    /// -2 to 2: ties everywhere.
    Ties,
    /// Zeros of both signs, the other elements on the side that keeps a zero the best: the
    /// maximum (or minimum) is a zero of either sign.
    Zeros,
    /// Floats with every bit of their mantissa used (sums round), or for integers values
    /// around ±2^31, whose sums wrap.
    Rough,
}

/// Where NaN lies in each group of elements that one output folds (floats only).
#[derive(Clone, Copy, Debug, PartialEq)]
enum Nan {
    None,
    First,
    Last,
    Middle,
    All,
}

use Values::{Quarters, Rough, Ties, Zeros};

/// The element types.
#[derive(Clone, Copy, Debug, PartialEq)]
enum Ty {
    F64,
    F32,
    I32,
}

/// An element type of the table.
trait Elem: Num {
    const FLOAT: bool;
    /// Half an ulp of 1.
    const EPSILON: f64;
    fn of(x: f64) -> Self;
    /// This type's runner among a runner's three.
    fn pick(r: &Runners) -> Option<(Runner<Self>, &'static [Fold])>;
}

impl Elem for f64 {
    const FLOAT: bool = true;
    const EPSILON: f64 = f64::EPSILON;
    fn of(x: f64) -> Self {
        x
    }
    fn pick(r: &Runners) -> Option<(Runner<Self>, &'static [Fold])> {
        r.f64
    }
}

impl Elem for f32 {
    const FLOAT: bool = true;
    const EPSILON: f64 = f32::EPSILON as f64;
    fn of(x: f64) -> Self {
        x as f32
    }
    fn pick(r: &Runners) -> Option<(Runner<Self>, &'static [Fold])> {
        r.f32
    }
}

impl Elem for i32 {
    const FLOAT: bool = false;
    const EPSILON: f64 = 0.0;
    fn of(x: f64) -> Self {
        x as i64 as i32
    }
    fn pick(r: &Runners) -> Option<(Runner<Self>, &'static [Fold])> {
        r.i32
    }
}

/// Elements and positions, as `f64` for comparing (exactly: every value here fits).
trait Wide: Copy + PartialEq {
    fn wide(self) -> f64;
}

impl<T: Num> Wide for T {
    fn wide(self) -> f64 {
        Num::wide(self)
    }
}

/// A position (`usize` is not a `Num`: it has no place in the reference's sums).
#[derive(Clone, Copy, PartialEq)]
struct At(usize);

impl Wide for At {
    fn wide(self) -> f64 {
        self.0 as f64
    }
}

/// What one spelling gave: its shape and elements, or `None` where the API says there is no
/// result (the maximum of nothing).
struct Answer {
    name: &'static str,
    /// Whether the reduced axes are kept as size 1.
    kept: bool,
    got: Option<(Vec<usize>, Vec<f64>)>,
}

fn widen<T: Wide>(xs: &[T]) -> Vec<f64> {
    xs.iter().map(|&x| x.wide()).collect()
}

fn positions(xs: &[usize]) -> Vec<At> {
    xs.iter().map(|&i| At(i)).collect()
}

/// A new tensor's answer.
fn answer<D: Data, S: AnyShape>(name: &'static str, kept: bool, t: Option<&TensorBase<D, S>>) -> Answer
where
    D::Elem: Wide,
{
    Answer { name, kept, got: t.map(|t| (t.shape().extents().to_vec(), widen(t.as_slice()))) }
}

/// A new tensor of positions' answer.
fn answer_at<D: Data<Elem = usize>, S: AnyShape>(
    name: &'static str,
    kept: bool,
    t: Option<&TensorBase<D, S>>,
) -> Answer {
    Answer { name, kept, got: t.map(|t| (t.shape().extents().to_vec(), widen(&positions(t.as_slice())))) }
}

/// An `_into` output's answer: the buffer, if the call said it wrote it; if not, the buffer
/// must hold only `sentinel`, as it did before.
fn answer_into<S: AnyShape, T: Wide>(
    name: &'static str,
    kept: bool,
    shape: S,
    wrote: bool,
    buf: &[T],
    sentinel: T,
) -> Answer {
    assert!(wrote || buf.iter().all(|&x| x == sentinel), "{name}: written, though it said no result");
    Answer { name, kept, got: wrote.then(|| (shape.extents().to_vec(), widen(buf))) }
}

/// A buffer for an `_into` output of `shape`.
fn buffer<S: AnyShape, T: Copy>(shape: &S, fill: T) -> Vec<T> {
    vec![fill; shape.element_count()]
}

/// The spellings of the folds `[…]` of the tensor `$x` over the axes `$ax`, the one `$fold`
/// names answered: the expression's `eval()` and `eval_into(…)`, the tensor's method and its
/// `_into` twin, then each extra the runner asks for (`keep`: the keep-dims twin, both ways;
/// `sure`: the forms over fixed axes that are not empty, with no `try_`; `totals`: `sum_all`
/// and the others, where `$ax` is every axis). `$kind` is `float` where the type has a mean.
macro_rules! spell {
    ($x:ident, $t:ty, $ax:ty, $fold:ident, $kind:ident, [$($f:ident),*], $extras:tt) => {
        match $fold {
            $(Fold::$f => {
                #[allow(unused_mut)]
                let mut answers = spell!(@$f $x, $t, $ax, $kind);
                spell!(@extras $f answers, $x, $t, $ax, $kind, $extras);
                answers
            })*
            #[allow(unreachable_patterns)]
            other => panic!("{other:?} is not a fold of this runner"),
        }
    };
    (@extras $f:ident $answers:ident, $x:ident, $t:ty, $ax:ty, $kind:ident, [$($extra:ident),*]) => {
        $(spell!(@$extra $f $answers, $x, $t, $ax, $kind);)*
    };
    (@Sum $x:ident, $t:ty, $ax:ty, $kind:ident) => {
        spell!(@always $x, $t, $ax, sum_axes, sum_axes_into)
    };
    (@Mean $x:ident, $t:ty, $ax:ty, float) => {
        spell!(@always $x, $t, $ax, mean_axes, mean_axes_into)
    };
    (@Max $x:ident, $t:ty, $ax:ty, $kind:ident) => {
        spell!(@maybe $x, $t, $ax, try_max_axes, max_axes, max_axes_into)
    };
    (@Min $x:ident, $t:ty, $ax:ty, $kind:ident) => {
        spell!(@maybe $x, $t, $ax, try_min_axes, min_axes, min_axes_into)
    };
    (@ArgMax $x:ident, $t:ty, $ax:ty, $kind:ident) => {
        spell!(@at $x, $ax, try_argmax_axes, argmax_axes, argmax_axes_into)
    };
    (@ArgMin $x:ident, $t:ty, $ax:ty, $kind:ident) => {
        spell!(@at $x, $ax, try_argmin_axes, argmin_axes, argmin_axes_into)
    };
    (@always $x:ident, $t:ty, $ax:ty, $method:ident, $into:ident) => {{
        let e = $x.lazy().$method::<$ax>();
        let s = e.shape();
        let mut into = buffer(&s, <$t>::MAX);
        e.eval_into(&mut TensorMut::from_shape(s, &mut into).unwrap());
        vec![
            answer("eval", false, Some(&e.eval())),
            answer_into("eval_into", false, s, true, &into, <$t>::MAX),
            answer("eager", false, Some(&$x.$method::<$ax>())),
        ]
    }};
    (@maybe $x:ident, $t:ty, $ax:ty, $lazy:ident, $eager:ident, $into:ident) => {{
        let e = $x.lazy().$lazy::<$ax>();
        // The output's shape, from a sum, which has one even over an empty axis.
        let s = $x.lazy().sum_axes::<$ax>().shape();
        let mut into = buffer(&s, <$t>::MAX);
        let wrote = e.map(|e| e.eval_into(&mut TensorMut::from_shape(s, &mut into).unwrap()));
        vec![
            answer("eval", false, e.map(|e| e.eval()).as_ref()),
            answer_into("eval_into", false, s, wrote.is_some(), &into, <$t>::MAX),
            answer("eager", false, $x.$eager::<$ax>().as_ref()),
        ]
    }};
    (@at $x:ident, $ax:ty, $lazy:ident, $eager:ident, $into:ident) => {{
        let e = $x.lazy().$lazy::<$ax>();
        let s = $x.lazy().sum_axes::<$ax>().shape();
        let mut into = buffer(&s, usize::MAX);
        let wrote = e.map(|e| e.eval_into(&mut TensorMut::from_shape(s, &mut into).unwrap()));
        vec![
            answer_at("eval", false, e.map(|e| e.eval()).as_ref()),
            answer_into("eval_into", false, s, wrote.is_some(), &positions(&into), At(usize::MAX)),
            answer_at("eager", false, $x.$eager::<$ax>().as_ref()),
        ]
    }};
    // The tensor's `_into` twins, into outputs that hold a sentinel first.
    (@into Sum $answers:ident, $x:ident, $t:ty, $ax:ty, $kind:ident) => {
        spell!(@eager_into $answers, $x, $t, $ax, sum_axes_into, |w: ()| Some(w), Wide::wide)
    };
    (@into Mean $answers:ident, $x:ident, $t:ty, $ax:ty, $kind:ident) => {
        spell!(@eager_into $answers, $x, $t, $ax, mean_axes_into, |w: ()| Some(w), Wide::wide)
    };
    (@into Max $answers:ident, $x:ident, $t:ty, $ax:ty, $kind:ident) => {
        spell!(@eager_into $answers, $x, $t, $ax, max_axes_into, |w| w, Wide::wide)
    };
    (@into Min $answers:ident, $x:ident, $t:ty, $ax:ty, $kind:ident) => {
        spell!(@eager_into $answers, $x, $t, $ax, min_axes_into, |w| w, Wide::wide)
    };
    (@into ArgMax $answers:ident, $x:ident, $t:ty, $ax:ty, $kind:ident) => {
        spell!(@eager_into $answers, $x, usize, $ax, argmax_axes_into, |w| w, |i| At(i).wide())
    };
    (@into ArgMin $answers:ident, $x:ident, $t:ty, $ax:ty, $kind:ident) => {
        spell!(@eager_into $answers, $x, usize, $ax, argmin_axes_into, |w| w, |i| At(i).wide())
    };
    (@eager_into $answers:ident, $x:ident, $t:ty, $ax:ty, $into:ident, $wrote:expr, $wide:expr) => {{
        let s = $x.lazy().sum_axes::<$ax>().shape();
        let mut out: Vec<$t> = buffer(&s, <$t>::MAX);
        let wrote: Option<()> = ($wrote)($x.$into::<$ax>(&mut TensorMut::from_shape(s, &mut out).unwrap()));
        let wide: Vec<f64> = out.iter().map(|&v| ($wide)(v)).collect();
        assert!(wrote.is_some() || out.iter().all(|&v| v == <$t>::MAX), "eager _into: written, though it said no result");
        $answers.push(Answer { name: "eager _into", kept: false, got: wrote.map(|()| (s.extents().to_vec(), wide)) });
    }};
    // The keep-dims twins.
    (@keep Sum $answers:ident, $x:ident, $t:ty, $ax:ty, $kind:ident) => {
        spell!(@kept $answers, $x, $t, Some($x.lazy().sum_keepdims::<$ax>()), widen)
    };
    (@keep Mean $answers:ident, $x:ident, $t:ty, $ax:ty, $kind:ident) => {
        spell!(@kept $answers, $x, $t, Some($x.lazy().mean_keepdims::<$ax>()), widen)
    };
    (@keep Max $answers:ident, $x:ident, $t:ty, $ax:ty, $kind:ident) => {
        spell!(@kept $answers, $x, $t, $x.lazy().try_max_keepdims::<$ax>(), widen)
    };
    (@keep Min $answers:ident, $x:ident, $t:ty, $ax:ty, $kind:ident) => {
        spell!(@kept $answers, $x, $t, $x.lazy().try_min_keepdims::<$ax>(), widen)
    };
    (@keep ArgMax $answers:ident, $x:ident, $t:ty, $ax:ty, $kind:ident) => {
        spell!(@kept $answers, $x, usize, $x.lazy().try_argmax_keepdims::<$ax>(), wide_at)
    };
    (@keep ArgMin $answers:ident, $x:ident, $t:ty, $ax:ty, $kind:ident) => {
        spell!(@kept $answers, $x, usize, $x.lazy().try_argmin_keepdims::<$ax>(), wide_at)
    };
    (@kept $answers:ident, $x:ident, $t:ty, $e:expr, $widen:ident) => {{
        let e = $e;
        let mut into: Vec<$t> = vec![];
        let wrote = e.map(|e| {
            into = buffer(&e.shape(), <$t>::MAX);
            e.eval_into(&mut TensorMut::from_shape(e.shape(), &mut into).unwrap());
            e.shape().extents().to_vec()
        });
        $answers.push(Answer {
            name: "keepdims eval",
            kept: true,
            got: e.map(|e| e.eval()).map(|t| (t.shape().extents().to_vec(), $widen(t.as_slice()))),
        });
        $answers.push(Answer { name: "keepdims eval_into", kept: true, got: wrote.map(|s| (s, $widen(&into))) });
    }};
    // The forms that need no `try_`: the same expression as the `try_` forms give.
    (@sure Sum $answers:ident, $x:ident, $t:ty, $ax:ty, $kind:ident) => {};
    (@sure Mean $answers:ident, $x:ident, $t:ty, $ax:ty, $kind:ident) => {};
    (@sure Max $answers:ident, $x:ident, $t:ty, $ax:ty, $kind:ident) => {
        $answers.push(answer("sure eval", false, Some(&$x.lazy().max_axes::<$ax>().eval())))
    };
    (@sure Min $answers:ident, $x:ident, $t:ty, $ax:ty, $kind:ident) => {
        $answers.push(answer("sure eval", false, Some(&$x.lazy().min_axes::<$ax>().eval())))
    };
    (@sure ArgMax $answers:ident, $x:ident, $t:ty, $ax:ty, $kind:ident) => {
        $answers.push(answer_at("sure eval", false, Some(&$x.lazy().argmax_axes::<$ax>().eval())))
    };
    (@sure ArgMin $answers:ident, $x:ident, $t:ty, $ax:ty, $kind:ident) => {
        $answers.push(answer_at("sure eval", false, Some(&$x.lazy().argmin_axes::<$ax>().eval())))
    };
    // The totals: every element folded, a result of shape [].
    (@totals $f:ident $answers:ident, $x:ident, $t:ty, $ax:ty, $kind:ident) => {
        $answers.push(Answer { name: "total", kept: false, got: spell!(@total $f $x, $kind).map(|v| (vec![], vec![v])) })
    };
    (@total Sum $x:ident, $kind:ident) => { Some(Wide::wide($x.lazy().sum_all())) };
    (@total Mean $x:ident, float) => { Some(Wide::wide($x.lazy().mean_all())) };
    (@total Max $x:ident, $kind:ident) => { $x.lazy().max_all().map(Wide::wide) };
    (@total Min $x:ident, $kind:ident) => { $x.lazy().min_all().map(Wide::wide) };
    (@total ArgMax $x:ident, $kind:ident) => { $x.lazy().argmax_all().map(|i| i as f64) };
    (@total ArgMin $x:ident, $kind:ident) => { $x.lazy().argmin_all().map(|i| i as f64) };
}

fn wide_at(xs: &[usize]) -> Vec<f64> {
    widen(&positions(xs))
}

/// A runner: the library's answers for one fold of `data` in `dims`.
type Runner<T> = fn(&[usize], &[T], Fold) -> Vec<Answer>;

/// A runner per element type (where it has one) over one shape type, with the folds it runs,
/// reducing `axes`, or summing to `to` (each entry the size of that axis of the operand, or
/// `None` for 1).
struct Runners {
    name: &'static str,
    axes: &'static [usize],
    to: Option<&'static [Option<usize>]>,
    f64: Option<(Runner<f64>, &'static [Fold])>,
    f32: Option<(Runner<f32>, &'static [Fold])>,
    i32: Option<(Runner<i32>, &'static [Fold])>,
}

impl Runners {
    const NONE: Runners = Runners { name: "", axes: &[], to: None, f64: None, f32: None, i32: None };
}

/// The names of the run-time sizes.
struct A;
struct B;
struct C;
struct D;

/// Runners: `NAME: sizes / [axes] { type (float or int): [folds] extras; … }`, where the sizes
/// are `runtime [a: A, …]` (each bound from the row's sizes, in order), `fixed [4, 4]` or
/// `mixed [r: R; 10]` (the first bound, the others fixed).
macro_rules! runners {
    ($(
        $(#[$doc:meta])*
        $name:ident: $how:ident $dims:tt / $axes:tt {
            $($t:ident ($kind:ident): [$($fold:ident),*] $($extra:ident)*;)*
        }
    )*) => {$(
        $(#[$doc])*
        const $name: Runners = Runners {
            name: stringify!($name),
            axes: &$axes,
            $($t: Some((|dims: &[usize], data: &[$t], fold: Fold| -> Vec<Answer> {
                runners!(@leaf x, $t, dims, data, $how $dims);
                spell!(x, $t, runners!(@axes $axes), fold, $kind, [$($fold),*], [$($extra),*])
            }, &[$(Fold::$fold),*])),)*
            ..Runners::NONE
        };
    )*};
    (@axes [$($a:literal),*]) => { axes![$($a),*] };
    (@leaf $x:ident, $t:ty, $dims:ident, $data:ident, runtime [$($n:ident: $s:ident),*]) => {
        let mut sizes = $dims.iter().copied();
        $(bind!(let $n: $s = sizes.next().unwrap());)*
        let $x = TensorRef::from_shape(dims![$($n),*], $data).unwrap();
    };
    (@leaf $x:ident, $t:ty, $dims:ident, $data:ident, fixed [$($d:literal),*]) => {
        assert_eq!($dims, [$($d),*]);
        let $x = TensorRef::<$t, shape![$($d),*]>::new($data).unwrap();
    };
    (@leaf $x:ident, $t:ty, $dims:ident, $data:ident, mixed [$n:ident: $s:ident; $($d:literal),*]) => {
        assert_eq!($dims[1..], [$($d),*]);
        bind!(let $n: $s = $dims[0]);
        let $x = TensorRef::from_shape(dims![$n, $($d),*], $data).unwrap();
    };
}

runners! {
    /// Rank 4, every size bound at run time, reducing two axes that are not neighbours: with
    /// sizes of 1 it is every rank from 1 to 4 and every pattern (`[1, n, 1, 1]` a vector's
    /// total, `[r, 1, 1, c]` rows, `[1, r, c, 1]` columns, `[b, k, m, 1]` the middle axis,
    /// `[1, r, 1, c]` every axis), a run-time size of 1 reduced or kept.
    RT4: runtime [a: A, b: B, c: C, d: D] / [1, 3] {
        f64 (float): [Sum, Mean, Max, ArgMin];
        f32 (float): [Min, ArgMax];
        i32 (int): [Sum, ArgMax];
    }
    /// Rank 1 at run time: a vector's total, also by `sum_all` and the others.
    RT1: runtime [a: A] / [0] {
        f64 (float): [Sum, Mean, Max, ArgMin] totals;
    }
    /// Rows of a fixed length, counted at run time (softmax's rows): planned while compiling.
    M10: mixed [a: A; 10] / [1] {
        f32 (float): [Sum, Max, ArgMax];
    }
    F4X4_1: fixed [4, 4] / [1] {
        f32 (float): [Sum, Max, ArgMin] sure keep into;
    }
    F4X4_0: fixed [4, 4] / [0] {
        f32 (float): [Sum, ArgMin] sure;
    }
    F16X3_0: fixed [16, 3] / [0] {
        f32 (float): [Sum, Min, ArgMax] sure;
        i32 (int): [Sum] into;
    }
    F16X3_1: fixed [16, 3] / [1] {
        f32 (float): [Sum, Max] sure;
    }
    /// `[B, K, 10]` reduced over the middle axis.
    F64X128X10_1: fixed [64, 128, 10] / [1] {
        f32 (float): [Sum, ArgMax] sure;
    }
    /// The middle axis reduced into rows of 7 counted at run time.
    M33X7_1: mixed [a: A; 33, 7] / [1] {
        f64 (float): [Sum, Mean, Max, ArgMin];
        i32 (int): [Sum, ArgMax];
    }
    /// Rows of 10 outputs, each folding a contiguous row of 128 (a whole number of blocks).
    F4X10X128_2: fixed [4, 10, 128] / [2] {
        f32 (float): [Sum, Max, ArgMax] sure;
    }
    /// Every axis of a fixed shape, and the totals.
    F4X4_01: fixed [4, 4] / [0, 1] {
        f32 (float): [Sum, ArgMin] sure totals;
    }
    /// A fixed axis of size 0: sums of nothing are 0, means NaN, and the others have no result.
    F0X3_0: fixed [0, 3] / [0] {
        f64 (float): [Sum, Max] into;
    }
}

/// Runners of `sum_to`: `NAME: sizes to [target] as shape { types }`, each entry of the
/// target the operand's axis it takes its size from, or `None` for 1.
macro_rules! sum_to_runners {
    ($($name:ident: $how:ident $dims:tt to $to:tt as $target:ty { $($t:ident),* })*) => {$(
        const $name: Runners = Runners {
            name: stringify!($name),
            to: Some(&$to),
            $($t: Some((|dims: &[usize], data: &[$t], fold: Fold| -> Vec<Answer> {
                assert_eq!(fold, Sum);
                runners!(@leaf x, $t, dims, data, $how $dims);
                let e = x.lazy().sum_to::<$target>();
                let s = e.shape();
                let sentinel = <$t>::MAX;
                let (mut into, mut eager_into) = (buffer(&s, sentinel), buffer(&s, sentinel));
                e.eval_into(&mut TensorMut::from_shape(s, &mut into).unwrap());
                x.sum_to_into::<$target>(&mut TensorMut::from_shape(s, &mut eager_into).unwrap());
                vec![
                    answer("eval", false, Some(&e.eval())),
                    answer_into("eval_into", false, s, true, &into, sentinel),
                    answer("eager", false, Some(&x.sum_to::<$target>())),
                    answer_into("eager _into", false, s, true, &eager_into, sentinel),
                ]
            }, &[Sum])),)*
            ..Runners::NONE
        };
    )*};
}

sum_to_runners! {
    TO_RT3: runtime [a: A, b: B, c: C] to [Some(1), None] as shape![B, 1] { f64 }
    TO_RT2: runtime [a: A, b: B] to [Some(1)] as shape![B] { f32 }
    TO_F16X3: fixed [16, 3] to [None, Some(1)] as shape![1, 3] { f32 }
}

/// A row of the table.
#[derive(Clone, Debug)]
struct Row {
    runner: &'static str,
    dims: Vec<usize>,
    axes: Vec<usize>,
    /// The target of a `sum_to`, instead of `axes`.
    to: Option<Vec<usize>>,
    fold: Fold,
    ty: Ty,
    values: Values,
    nan: Nan,
    seed: u64,
}

impl Row {
    /// The groups of elements that each output folds.
    fn groups(&self) -> Vec<Vec<usize>> {
        match &self.to {
            Some(to) => naive::sum_to_groups(&self.dims, to),
            None => naive::groups(&self.dims, &self.axes),
        }
    }

    /// The output's shape, without the reduced axes or with them kept as 1.
    fn shape(&self, kept: bool) -> Vec<usize> {
        match &self.to {
            Some(to) => to.clone(),
            None => naive::reduced_shape(&self.dims, &self.axes, kept),
        }
    }

    /// Whether a maximum, minimum or position has no result: an axis it folds is empty.
    fn empty(&self) -> bool {
        self.to.is_none() && self.axes.iter().any(|&a| self.dims[a] == 0)
    }
}

/// The xorshift generator of a row's data.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
    fn below(&mut self, n: u64) -> u64 {
        (self.next() >> 11) % n
    }
}

/// `len` values as the row says, then NaN placed in each group as the row says (floats).
fn data<T: Elem>(row: &Row, len: usize, groups: &[Vec<usize>]) -> Vec<T> {
    let mut rng = Rng(row.seed.wrapping_mul(0x9e37_79b9_7f4a_7c15) | 1);
    let high = matches!(row.fold, Max | ArgMax);
    let mut xs: Vec<T> = (0..len)
        .map(|_| {
            T::of(match row.values {
                Quarters if T::FLOAT => rng.below(55) as f64 * 0.25 - 5.25,
                Quarters => rng.below(14) as f64 - 5.0,
                Ties => rng.below(5) as f64 - 2.0,
                Zeros => {
                    let x = [0.0, -0.0, 1.0, 2.5][rng.below(4) as usize];
                    if high { -x } else { x }
                }
                Rough if T::FLOAT => (rng.next() >> 11) as f64 / (1u64 << 53) as f64 * 20.0 - 10.0,
                Rough => rng.below(1 << 32) as f64 - (1u64 << 31) as f64,
            })
        })
        .collect();
    if T::FLOAT {
        let nan = T::of(f64::NAN);
        for g in groups.iter().filter(|g| !g.is_empty()) {
            match row.nan {
                Nan::None => {}
                Nan::First => xs[g[0]] = nan,
                Nan::Last => xs[g[g.len() - 1]] = nan,
                Nan::Middle => xs[g[g.len() / 2]] = nan,
                Nan::All => g.iter().for_each(|&i| xs[i] = nan),
            }
        }
    }
    xs
}

/// The reference's elements for `fold` over `groups` of `data` (`None`: no result).
fn reference<T: Elem>(fold: Fold, empty: bool, data: &[T], groups: &[Vec<usize>]) -> Option<Vec<f64>> {
    let one = |g: &Vec<usize>| -> f64 {
        let xs: Vec<T> = g.iter().map(|&i| data[i]).collect();
        match fold {
            Sum => naive::sum(&xs).wide(),
            Mean => naive::mean(&xs).expect("a float").wide(),
            Max => naive::max(&xs).unwrap().wide(),
            Min => naive::min(&xs).unwrap().wide(),
            ArgMax => naive::argmax(&xs).unwrap() as f64,
            ArgMin => naive::argmin(&xs).unwrap() as f64,
        }
    };
    let none = empty && !matches!(fold, Sum | Mean);
    (!none).then(|| groups.iter().map(one).collect())
}

/// Whether two elements are the same bits (any NaN matching any NaN).
fn same(a: f64, b: f64) -> bool {
    a.to_bits() == b.to_bits() || (a.is_nan() && b.is_nan())
}

/// Checks every answer for `row` against the reference's `want` (folded from `data` by
/// `groups`), and `eval()` against `eval_into(…)`. Sums and means are compared within a
/// tolerance where `rough` (their terms may round, in any order), else bit for bit.
fn check<T: Elem>(row: &Row, data: &[T], groups: &[Vec<usize>], rough: bool, answers: &[Answer]) {
    let want = reference(row.fold, row.empty(), data, groups);
    for a in answers {
        let what = format!("{} {row:?}: {}", row.runner, a.name);
        let Some(want) = &want else {
            assert!(a.got.is_none(), "{what}: a result where there is none");
            continue;
        };
        let (shape, got) = a.got.as_ref().unwrap_or_else(|| panic!("{what}: no result"));
        if a.name != "total" {
            assert_eq!(*shape, row.shape(a.kept), "{what}: shape");
        }
        assert_eq!(got.len(), want.len(), "{what}: length");
        for (i, ((&g, &w), group)) in got.iter().zip(want).zip(groups).enumerate() {
            let ok = match row.fold {
                Sum | Mean if rough => {
                    let magnitude: f64 = group.iter().map(|&k| data[k].wide().abs()).sum();
                    let n = group.len().max(1) as f64;
                    let per = if row.fold == Mean { n } else { 1.0 };
                    same(g, w) || (g - w).abs() <= 2.0 * n * T::EPSILON * magnitude / per
                }
                Sum | Mean | ArgMax | ArgMin => same(g, w),
                // 0.0 and -0.0 are a tie, and which one the maximum holds is unspecified.
                Max | Min => g == w || same(g, w),
            };
            assert!(ok, "{what}: element {i} is {g:?}, the reference's {w:?}");
        }
    }
    // The same pass, so the same bits, whichever it writes into.
    for a in answers.iter().filter(|a| a.name.ends_with("eval")) {
        let into = format!("{}_into", a.name);
        if let Some(b) = answers.iter().find(|b| b.name == into)
            && let (Some((_, x)), Some((_, y))) = (&a.got, &b.got)
        {
            assert!(x.iter().zip(y).all(|(&x, &y)| same(x, y)), "{row:?}: {} and {into}", a.name);
        }
    }
}

/// Runs `row` through its runner `runners`, with elements `T`.
fn run<T: Elem>(row: &Row, runners: &Runners) {
    let groups = row.groups();
    let data = data::<T>(row, row.dims.iter().product(), &groups);
    let (runner, _) =
        T::pick(runners).unwrap_or_else(|| panic!("{}: no runner for {:?}", runners.name, row.ty));
    let answers = runner(&row.dims, &data, row.fold);
    check(row, &data, &groups, row.values == Rough && T::FLOAT, &answers);
}

/// A line of the table: a runner and the sizes and data it runs over. Its rows are every
/// combination of those with the runner's element types and folds (an integer's data without
/// NaN, which integers do not have).
struct Line {
    runner: &'static Runners,
    dims: Vec<Vec<usize>>,
    data: &'static [(Values, Nan)],
}

impl Line {
    fn rows(&self) -> Vec<Row> {
        let r = self.runner;
        let types =
            [(Ty::F64, r.f64.map(|r| r.1)), (Ty::F32, r.f32.map(|r| r.1)), (Ty::I32, r.i32.map(|r| r.1))];
        let mut rows: Vec<Row> = vec![];
        for dims in &self.dims {
            for (ty, folds) in types {
                for &fold in folds.unwrap_or_default() {
                    for &(values, nan) in self.data {
                        let nan = if ty == Ty::I32 { Nan::None } else { nan };
                        let again = rows.iter().any(|r| {
                            (&r.dims, r.fold, r.ty, r.values, r.nan) == (dims, fold, ty, values, nan)
                        });
                        if again {
                            continue;
                        }
                        rows.push(Row {
                            runner: r.name,
                            dims: dims.clone(),
                            axes: r.axes.to_vec(),
                            to: r.to.map(|to| to.iter().map(|a| a.map_or(1, |a| dims[a])).collect()),
                            fold,
                            ty,
                            values,
                            nan,
                            seed: 0,
                        });
                    }
                }
            }
        }
        rows
    }
}

/// Runs every row of `lines`, numbering them from `first` (each row's data comes from its
/// number); the number of rows run.
fn run_lines(first: u64, lines: &[Line]) -> usize {
    let mut count = 0;
    for line in lines {
        for mut row in line.rows() {
            row.seed = first + count as u64;
            count += 1;
            match row.ty {
                Ty::F64 => run::<f64>(&row, line.runner),
                Ty::F32 => run::<f32>(&row, line.runner),
                Ty::I32 => run::<i32>(&row, line.runner),
            }
        }
    }
    count
}

/// Every kind of values, and every place of NaN.
const EVERY_DATA: &[(Values, Nan)] = &[
    (Quarters, Nan::None),
    (Quarters, Nan::First),
    (Ties, Nan::None),
    (Ties, Nan::Last),
    (Zeros, Nan::None),
    (Zeros, Nan::Middle),
    (Rough, Nan::None),
    (Rough, Nan::All),
];

/// Fewer, for the long axes.
const SOME_DATA: &[(Values, Nan)] = &[(Quarters, Nan::Middle), (Ties, Nan::None), (Rough, Nan::First)];

/// `[r, 1, 1, c]`: rows of `c`.
fn rows_of(r: usize, cs: impl IntoIterator<Item = usize>) -> Vec<Vec<usize>> {
    cs.into_iter().map(|c| vec![r, 1, 1, c]).collect()
}

#[test]
fn runtime_sizes_every_pattern() {
    let mut dims: Vec<Vec<usize>> = vec![];
    // A vector's total.
    dims.extend([0, 1, 3, 4, 10, 16, 17, 33].map(|n| vec![1, n, 1, 1]));
    // Rows of 0 to 20, and of 33.
    dims.extend(rows_of(3, (0..=20).chain([33])));
    // Columns: the first axis of [r, c].
    dims.extend(
        [[4, 4], [4, 3], [16, 3], [17, 10], [33, 16], [3, 17], [16, 17], [1, 5]]
            .map(|[r, c]| vec![1, r, c, 1]),
    );
    // The middle axis of [b, k, m].
    dims.extend(
        [[2, 3, 10], [4, 16, 10], [8, 17, 10], [3, 33, 4], [2, 5, 16], [2, 5, 17]]
            .map(|[b, k, m]| vec![b, k, m, 1]),
    );
    // Two axes that are not neighbours, and every axis of [r, c].
    dims.extend(
        [
            [3, 4, 5, 6],
            [2, 16, 3, 17],
            [2, 3, 4, 33],
            [5, 1, 3, 16],
            [1, 4, 1, 4],
            [1, 16, 1, 3],
            [1, 33, 1, 17],
        ]
        .map(Vec::from),
    );
    // Empty: a kept axis, a reduced axis, both.
    dims.extend(
        [[0, 3, 2, 4], [3, 0, 2, 4], [2, 3, 4, 0], [2, 3, 0, 4], [1, 0, 1, 5], [0, 0, 0, 0]].map(Vec::from),
    );
    let rows = run_lines(0, &[Line { runner: &RT4, dims, data: EVERY_DATA }]);
    assert!(rows > 3000, "{rows}");
}

#[test]
fn runtime_sizes_long_axes() {
    let dims = vec![
        vec![1, 1000, 1, 1],
        vec![2, 1, 1, 1000],
        vec![1000, 1, 1, 3],
        vec![64, 1, 1, 10],
        vec![1, 1000, 3, 1],
        vec![3, 1000, 2, 1],
        vec![64, 128, 10, 1],
        vec![1, 100, 1, 10],
    ];
    run_lines(100_000, &[Line { runner: &RT4, dims, data: SOME_DATA }]);
}

#[test]
fn runtime_vector_and_its_totals() {
    let dims = [0, 1, 3, 4, 10, 15, 16, 17, 31, 32, 33, 1000].map(|n| vec![n]).to_vec();
    run_lines(200_000, &[Line { runner: &RT1, dims, data: EVERY_DATA }]);
}

#[test]
fn rows_of_ten_counted_at_run_time() {
    let dims = [0, 1, 3, 15, 16, 17, 33, 200].map(|r| vec![r, 10]).to_vec();
    run_lines(300_000, &[Line { runner: &M10, dims, data: EVERY_DATA }]);
}

#[test]
fn fixed_shapes() {
    let line = |runner, dims: &[usize]| Line { runner, dims: vec![dims.to_vec()], data: EVERY_DATA };
    run_lines(
        400_000,
        &[
            line(&F4X4_1, &[4, 4]),
            line(&F4X4_0, &[4, 4]),
            line(&F16X3_0, &[16, 3]),
            line(&F16X3_1, &[16, 3]),
            line(&F4X4_01, &[4, 4]),
            line(&F0X3_0, &[0, 3]),
        ],
    );
}

#[test]
fn fixed_middle_axis_of_b_k_10() {
    run_lines(500_000, &[Line { runner: &F64X128X10_1, dims: vec![vec![64, 128, 10]], data: SOME_DATA }]);
}

#[test]
fn middle_and_last_axes_into_short_rows() {
    let dims = [0, 1, 5, 17].map(|b| vec![b, 33, 7]).to_vec();
    run_lines(
        550_000,
        &[
            Line { runner: &M33X7_1, dims, data: EVERY_DATA },
            Line { runner: &F4X10X128_2, dims: vec![vec![4, 10, 128]], data: SOME_DATA },
        ],
    );
}

#[test]
fn sum_to() {
    let sizes = [[2, 3, 4], [1, 16, 3], [17, 4, 0], [0, 3, 5], [5, 33, 2], [3, 1, 1000]];
    let data = EVERY_DATA;
    run_lines(
        600_000,
        &[
            Line { runner: &TO_RT3, dims: sizes.map(Vec::from).to_vec(), data },
            Line { runner: &TO_RT2, dims: sizes.map(|[a, b, _]| vec![a, b]).to_vec(), data },
            Line { runner: &TO_F16X3, dims: vec![vec![16, 3]], data },
        ],
    );
}

/// Checks `answers` that are elements of `shape` (no reduction at the end) against `want`,
/// each within `tolerance` (0: the same bits), and `eval()` against `eval_into(…)`.
fn check_elements(what: &str, answers: &[Answer], shape: &[usize], want: &[f64], tolerance: &[f64]) {
    for a in answers {
        let (got_shape, got) = a.got.as_ref().unwrap_or_else(|| panic!("{what}: {}: no result", a.name));
        assert_eq!(got_shape, shape, "{what}: {}: shape", a.name);
        for (i, ((&g, &w), &t)) in got.iter().zip(want).zip(tolerance).enumerate() {
            let ok = same(g, w) || (g - w).abs() <= t;
            assert!(ok, "{what}: {}: element {i} is {g:?}, the reference's {w:?}", a.name);
        }
    }
    let [eval, into, ..] = answers else { panic!("{what}: eval and eval_into first") };
    assert!(
        eval.got.as_ref().unwrap().1.iter().zip(&into.got.as_ref().unwrap().1).all(|(&x, &y)| same(x, y))
    );
}

/// A row of a nested case: the shape and axes of its outermost fold.
fn nested_row(
    runner: &'static str,
    dims: &[usize],
    axes: &[usize],
    fold: Fold,
    ty: Ty,
    data: (Values, Nan),
    seed: u64,
) -> Row {
    let (values, nan) = data;
    Row { runner, dims: dims.to_vec(), axes: axes.to_vec(), to: None, fold, ty, values, nan, seed }
}

/// `(x * 2 + b)` summed over the rows of `[R, 10]`, `b` a row of 10 (a bias's gradient): a
/// reduction of an expression.
#[test]
fn nested_sum_of_an_expression() {
    let b: Vec<f32> = (0..10).map(|j| j as f32 * 0.75 - 3.0).collect();
    let bias = Tensor::<f32, shape![10]>::from_slice(&b).unwrap();
    let mut seed = 700_000;
    for r in [0, 1, 3, 15, 16, 17, 33, 100] {
        for &data in EVERY_DATA {
            seed += 1;
            let row = nested_row("(x * 2 + b).sum_axes::<0>", &[r, 10], &[0], Sum, Ty::F32, data, seed);
            let groups = row.groups();
            let xs = self::data::<f32>(&row, r * 10, &groups);
            let ys: Vec<f32> = xs.iter().enumerate().map(|(i, &x)| x * 2.0 + b[i % 10]).collect();
            bind!(let rows: A = r);
            let x = TensorRef::from_shape(dims![rows, 10], &xs).unwrap();
            let e = (x.lazy() * 2.0 + &bias).sum_axes::<axes![0]>();
            let mut into = buffer(&e.shape(), f32::MAX);
            e.eval_into(&mut TensorMut::from_shape(e.shape(), &mut into).unwrap());
            let y = (x.lazy() * 2.0 + &bias).eval();
            let answers = [
                answer("eval", false, Some(&e.eval())),
                answer_into("eval_into", false, e.shape(), true, &into, f32::MAX),
                answer("eager", false, Some(&y.sum_axes::<axes![0]>())),
            ];
            check(&row, &ys, &groups, data.0 == Rough, &answers);
        }
    }
}

/// Each row less its mean, `x - mean_keepdims` over the last axis of `[R, C]` at run time: a
/// reduction as an operand of another expression.
#[test]
fn nested_reduction_as_an_operand() {
    let mut seed = 710_000;
    let sizes = (0..=20).map(|c| [3, c]).chain([[0, 5], [2, 33], [16, 16], [40, 17]]);
    for [r, c] in sizes {
        for &data in EVERY_DATA {
            seed += 1;
            let row = nested_row("x - x.mean_keepdims::<1>", &[r, c], &[1], Mean, Ty::F64, data, seed);
            let groups = row.groups();
            let xs = self::data::<f64>(&row, r * c, &groups);
            let (mut want, mut tolerance) = (vec![0.0; r * c], vec![0.0; r * c]);
            for g in &groups {
                let m = naive::mean(&g.iter().map(|&i| xs[i]).collect::<Vec<_>>()).unwrap();
                let magnitude: f64 = g.iter().map(|&i| xs[i].abs()).sum();
                for &i in g {
                    want[i] = xs[i] - m;
                    if data.0 == Rough {
                        tolerance[i] = 2.0 * f64::EPSILON * (magnitude + want[i].abs());
                    }
                }
            }
            bind!(let rows: A = r);
            bind!(let cols: B = c);
            let x = TensorRef::from_shape(dims![rows, cols], &xs).unwrap();
            let e = x.lazy() - x.lazy().mean_keepdims::<axes![1]>();
            let mut into = buffer(&e.shape(), f64::MAX);
            e.eval_into(&mut TensorMut::from_shape(e.shape(), &mut into).unwrap());
            let answers = [
                answer("eval", false, Some(&e.eval())),
                answer_into("eval_into", false, e.shape(), true, &into, f64::MAX),
            ];
            check_elements(&format!("{row:?}"), &answers, &[r, c], &want, &tolerance);
        }
    }
}

/// The reference's variance: each group's `(x - mean)^2`, in place of `x`, for its mean.
fn squared_deviations<T: Elem + core::ops::Sub<Output = T> + core::ops::Mul<Output = T>>(
    xs: &[T],
    groups: &[Vec<usize>],
) -> Vec<T> {
    let mut d = xs.to_vec();
    for g in groups {
        let m = naive::mean(&g.iter().map(|&i| xs[i]).collect::<Vec<_>>()).unwrap();
        for &i in g {
            d[i] = (xs[i] - m) * (xs[i] - m);
        }
    }
    d
}

/// Values without rounding in the mean's sum, so that the deviations are the reference's.
const EXACT_DATA: &[(Values, Nan)] =
    &[(Quarters, Nan::None), (Quarters, Nan::First), (Ties, Nan::Last), (Zeros, Nan::All), (Ties, Nan::None)];

/// The variance, `(x - mean_keepdims).powi(2).mean_axes`: a reduction inside a reduction,
/// over the columns of a fixed `[16, 3]` and the rows of `[R, C]` at run time (layer norm's).
#[test]
fn nested_variance() {
    let mut seed = 720_000;
    for &data in EXACT_DATA {
        seed += 1;
        let row = nested_row("variance over [16, 3] axis 0", &[16, 3], &[0], Mean, Ty::F32, data, seed);
        let groups = row.groups();
        let xs = self::data::<f32>(&row, 48, &groups);
        let x = TensorRef::<f32, shape![16, 3]>::new(&xs).unwrap();
        let e = (x.lazy() - x.lazy().mean_keepdims::<axes![0]>()).powi(2).mean_axes::<axes![0]>();
        let mut into = [f32::MAX; 3];
        e.eval_into(&mut TensorMut::<f32, shape![3]>::new(&mut into).unwrap());
        let answers = [
            answer("eval", false, Some(&e.eval())),
            answer_into("eval_into", false, e.shape(), true, &into, f32::MAX),
        ];
        check(&row, &squared_deviations(&xs, &groups), &groups, true, &answers);
    }
    for [r, c] in [[3, 1], [3, 4], [2, 10], [5, 16], [4, 17], [2, 33], [0, 3], [3, 0], [2, 1000]] {
        for &data in EXACT_DATA {
            seed += 1;
            let row = nested_row("variance over [R, C] axis 1", &[r, c], &[1], Mean, Ty::F64, data, seed);
            let groups = row.groups();
            let xs = self::data::<f64>(&row, r * c, &groups);
            bind!(let rows: A = r);
            bind!(let cols: B = c);
            let x = TensorRef::from_shape(dims![rows, cols], &xs).unwrap();
            let e = (x.lazy() - x.lazy().mean_keepdims::<axes![1]>()).powi(2).mean_axes::<axes![1]>();
            let mut into = buffer(&e.shape(), f64::MAX);
            e.eval_into(&mut TensorMut::from_shape(e.shape(), &mut into).unwrap());
            let answers = [
                answer("eval", false, Some(&e.eval())),
                answer_into("eval_into", false, e.shape(), true, &into, f64::MAX),
            ];
            check(&row, &squared_deviations(&xs, &groups), &groups, true, &answers);
        }
    }
}

/// k-means' assignment, the nearest centroid of each point: the position of the minimum of a
/// sum of squares, `(p[:, None] - c)^2` summed over the coordinates, for 4 fixed centroids and
/// for `K` bound at run time (none: no nearest).
#[test]
fn nested_argmin_of_a_sum() {
    let mut seed = 730_000;
    for n in [0, 1, 3, 16, 17, 33, 200] {
        for k in [0, 1, 3, 4, 17] {
            for &data in EXACT_DATA {
                seed += 1;
                let points_row = nested_row("points", &[n, 2], &[1], ArgMin, Ty::F32, data, seed);
                let points = self::data::<f32>(&points_row, n * 2, &points_row.groups());
                let centroid_row =
                    nested_row("centroids", &[k, 2], &[1], ArgMin, Ty::F32, (data.0, Nan::None), !seed);
                let centroids = self::data::<f32>(&centroid_row, k * 2, &[]);
                let distances: Vec<f32> = (0..n * k)
                    .map(|at| {
                        let (p, c) = (&points[at / k * 2..][..2], &centroids[at % k * 2..][..2]);
                        naive::sum(&[(p[0] - c[0]) * (p[0] - c[0]), (p[1] - c[1]) * (p[1] - c[1])])
                    })
                    .collect();
                let row = nested_row("nearest centroid", &[n, k], &[1], ArgMin, Ty::F32, data, seed);
                let groups = row.groups();
                bind!(let count: A = n);
                let p = TensorRef::from_shape(dims![count, 2], &points).unwrap();
                let mut answers = vec![];
                if k == 4 {
                    let c = TensorRef::<f32, shape![4, 2]>::new(&centroids).unwrap();
                    let e = (p.lazy().insert_axis::<1>() - &c)
                        .powi(2)
                        .sum_axes::<axes![2]>()
                        .argmin_axes::<axes![1]>();
                    let mut into = buffer(&e.shape(), usize::MAX);
                    e.eval_into(&mut TensorMut::from_shape(e.shape(), &mut into).unwrap());
                    answers.push(answer_at("fixed K eval", false, Some(&e.eval())));
                    answers.push(answer_into(
                        "fixed K eval_into",
                        false,
                        e.shape(),
                        true,
                        &positions(&into),
                        At(usize::MAX),
                    ));
                }
                bind!(let centres: B = k);
                let c = TensorRef::from_shape(dims![centres, 2], &centroids).unwrap();
                let e = (p.lazy().insert_axis::<1>() - &c)
                    .powi(2)
                    .sum_axes::<axes![2]>()
                    .try_argmin_axes::<axes![1]>();
                let mut into = vec![usize::MAX; n];
                let wrote = e.map(|e| e.eval_into(&mut TensorMut::from_shape(e.shape(), &mut into).unwrap()));
                answers.push(answer_at("eval", false, e.map(|e| e.eval()).as_ref()));
                answers.push(answer_into(
                    "eval_into",
                    false,
                    dims![count],
                    wrote.is_some(),
                    &positions(&into),
                    At(usize::MAX),
                ));
                check(&row, &distances, &groups, false, &answers);
            }
        }
    }
}

/// `([2^62, 1, 0] + [1, 2^62, 0]).mean_keepdims::<axes![2]>()` has the shape
/// `[2^62, 2^62, 1]`: 2^124 elements, each the mean of nothing, NaN. No tensor has that shape,
/// and no pass can count its elements: its totals refuse it as `eval` does (a panic, as the
/// operators have no `Result`), never answering `None`, the answer for no elements.
#[test]
#[should_panic(expected = "no tensor has the shape of this result")]
fn min_all_of_more_elements_than_a_usize_counts() {
    bind!(let r: A = 1 << 62);
    bind!(let q: B = 1 << 62);
    let a = TensorRef::from_shape(dims![r, 1, 0], &[] as &[f64]).unwrap();
    let b = TensorRef::from_shape(dims![1, q, 0], &[] as &[f64]).unwrap();
    let m = (a.lazy() + &b).mean_keepdims::<axes![2]>();
    assert_eq!(*m.shape().extents(), [1 << 62, 1 << 62, 1]);
    let _ = m.min_all();
}

/// `got` against `want`, element by element, to a relative 1e-9.
fn close_to(got: &[f64], want: &[f64], what: &str) {
    assert_eq!(got.len(), want.len(), "{what}");
    for (i, (&g, &w)) in got.iter().zip(want).enumerate() {
        assert!((g - w).abs() <= 1e-9 * (1.0 + w.abs()), "{what}: element {i}: {g} against {w}");
    }
}

/// `n` values from -12 to 13 in steps of 1/4, in an order set by `seed`.
fn spread(n: usize, seed: usize) -> Vec<f64> {
    (0..n).map(|i| ((i * 37 + seed) % 101) as f64 * 0.25 - 12.0).collect()
}

/// Each row less its mean, three levels deep: `x - (x - (x - mean(x)).mean()).mean()`, every
/// mean over the last axis and kept. A reduction that holds another is read through a call
/// where one inlined would hold it too (see `expr::operand` in the library); this checks the two
/// ways against the reference: in a narrow pass (`[R, C]`, fixed and at run time) and in one
/// wider than 8 axes (rank 5).
#[test]
fn nested_three_deep() {
    fn reference(xs: &[f64], c: usize) -> Vec<f64> {
        let less_mean = |e: &[f64]| -> Vec<f64> {
            let means: Vec<f64> = e.chunks(c).map(|row| naive::mean(row).unwrap()).collect();
            xs.iter().enumerate().map(|(i, &x)| x - means[i / c]).collect()
        };
        less_mean(&less_mean(&less_mean(xs)))
    }

    let xs = spread(4 * 32, 1);
    let x = TensorRef::<f64, shape![4, 32]>::new(&xs).unwrap();
    let e1 = x.lazy() - x.lazy().mean_keepdims::<axes![1]>();
    let e2 = x.lazy() - e1.mean_keepdims::<axes![1]>();
    let e3 = x.lazy() - e2.mean_keepdims::<axes![1]>();
    close_to(e3.eval().as_slice(), &reference(&xs, 32), "fixed [4, 32]");

    for (r, c) in [(1, 1), (3, 5), (17, 16), (5, 33), (40, 64)] {
        let xs = spread(r * c, r + c);
        bind!(let rows: A = r);
        bind!(let cols: B = c);
        let x = TensorRef::from_shape(dims![rows, cols], &xs).unwrap();
        let e1 = x.lazy() - x.lazy().mean_keepdims::<axes![1]>();
        let e2 = x.lazy() - e1.mean_keepdims::<axes![1]>();
        let e3 = x.lazy() - e2.mean_keepdims::<axes![1]>();
        close_to(e3.eval().as_slice(), &reference(&xs, c), &format!("[{r}, {c}] at run time"));
        let mut into = vec![f64::MAX; r * c];
        e3.eval_into(&mut TensorMut::from_shape(e3.shape(), &mut into).unwrap());
        close_to(&into, &reference(&xs, c), &format!("[{r}, {c}] at run time, into"));
    }

    let xs = spread(2 * 3 * 2 * 20, 7);
    bind!(let cols: B = 20);
    let x = TensorRef::from_shape(dims![2, 1, 3, 2, cols], &xs).unwrap();
    let e1 = x.lazy() - x.lazy().mean_keepdims::<axes![4]>();
    let e2 = x.lazy() - e1.mean_keepdims::<axes![4]>();
    let e3 = x.lazy() - e2.mean_keepdims::<axes![4]>();
    close_to(e3.eval().as_slice(), &reference(&xs, 20), "rank 5, [2, 1, 3, 2, C]");
}

/// Statistics of a whole tensor kept as `[1, 1]` (a reduction with one output, folded once
/// and read everywhere), against loops written here: under `x − mean` over fixed shapes whose
/// rows are short (`[16, 3]`) or long (`[4, 32]`), nested three deep, inside another
/// reduction's fold (a variance, a row sum), as a maximum, and stretched over an operand whose
/// rows are counted at run time.
#[test]
fn statistics_of_the_whole() {
    let mean = |e: &[f64]| e.iter().sum::<f64>() / e.len() as f64;
    let less = |e: &[f64], m: f64| e.iter().map(|x| x - m).collect::<Vec<f64>>();

    let xs = spread(48, 3);
    let x = TensorRef::<f64, shape![16, 3]>::new(&xs).unwrap();
    let all = x.lazy().mean_keepdims::<axes![0, 1]>();
    close_to((x.lazy() - all).eval().as_slice(), &less(&xs, mean(&xs)), "[16, 3] less its mean");
    let max = xs.iter().copied().fold(f64::MIN, f64::max);
    let e = x.lazy() - x.lazy().try_max_keepdims::<axes![0, 1]>().unwrap();
    close_to(e.eval().as_slice(), &less(&xs, max), "[16, 3] less its maximum");
    let centred = less(&xs, mean(&xs));
    let var = mean(&centred.iter().map(|c| c * c).collect::<Vec<f64>>());
    let e = (x.lazy() - all).powi(2).mean_keepdims::<axes![0, 1]>();
    close_to(e.eval().as_slice(), &[var], "[16, 3] variance");
    let sums: Vec<f64> = centred.chunks(3).map(|row| row.iter().sum()).collect();
    close_to(
        (x.lazy() - all).sum_axes::<axes![1]>().eval().as_slice(),
        &sums,
        "[16, 3] row sums less the mean",
    );

    // Five leaves, more than a reduction remembers its output by, under a pass whose runs
    // are rows (a column of `[16, 1]` added).
    let col = Tensor::<f64, shape![16, 1]>::from_fn(|i| i as f64);
    let five = (x.lazy() + &x + &x + &x + &x).mean_keepdims::<axes![0, 1]>();
    let want: Vec<f64> = xs.iter().enumerate().map(|(i, v)| v + (i / 3) as f64 - 5.0 * mean(&xs)).collect();
    close_to((x.lazy() + &col - five).eval().as_slice(), &want, "[16, 3] plus a column less a mean of five");

    let xs = spread(128, 5);
    let x = TensorRef::<f64, shape![4, 32]>::new(&xs).unwrap();
    let e1 = x.lazy() - x.lazy().mean_keepdims::<axes![0, 1]>();
    let e2 = x.lazy() - e1.mean_keepdims::<axes![0, 1]>();
    let e3 = x.lazy() - e2.mean_keepdims::<axes![0, 1]>();
    let want = less(&xs, mean(&less(&xs, mean(&less(&xs, mean(&xs))))));
    close_to(e3.eval().as_slice(), &want, "[4, 32], three deep");
    let mut into = [f64::MAX; 128];
    e3.eval_into(&mut TensorMut::<f64, shape![4, 32]>::new(&mut into).unwrap());
    close_to(&into, &want, "[4, 32], three deep, into");

    for r in [0, 1, 5, 40] {
        let ys = spread(3 * r, r);
        bind!(let rows: A = r);
        let y = TensorRef::from_shape(dims![rows, 3], &ys).unwrap();
        let small = spread(48, 7);
        let x = TensorRef::<f64, shape![16, 3]>::new(&small).unwrap();
        let e = y.lazy() - x.lazy().mean_keepdims::<axes![0, 1]>();
        close_to(e.eval().as_slice(), &less(&ys, mean(&small)), &format!("[{r}, 3] at run time less a mean"));
    }
}
