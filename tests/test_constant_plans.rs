//! Expressions whose every operand has a fixed shape are planned while the program compiles.
//! Each case here is evaluated three ways against a plain-loop reference written in this file
//! (which never calls the library): with every shape fixed (the constant plan), into a new
//! tensor, into a borrowed output and in place; and with one operand's outermost size bound at
//! run time (the plan made at run time). Integer data, so every result is exact.

// Each case is a closure called where it is written: a frame of its own, so that a debug build's
// frames do not add up over a whole test.
#![allow(clippy::redundant_closure_call)]

use shapecast::prelude::*;

struct N;

/// A reference array: sizes outermost first, elements row-major.
#[derive(Clone, Debug, PartialEq)]
struct Nd {
    dims: Vec<usize>,
    data: Vec<i64>,
}

#[derive(Clone, Copy)]
enum Fold {
    Sum,
    Max,
    Min,
    ArgMax,
    ArgMin,
}

/// The multi-index of the flat row-major position `flat` within `dims`.
fn unflat(dims: &[usize], mut flat: usize) -> Vec<usize> {
    let mut idx = vec![0; dims.len()];
    for k in (0..dims.len()).rev() {
        idx[k] = flat % dims[k];
        flat /= dims[k];
    }
    idx
}

/// The flat row-major position of `idx` within `dims`.
fn flat(dims: &[usize], idx: &[usize]) -> usize {
    dims.iter().zip(idx).fold(0, |acc, (&d, &i)| acc * d + i)
}

/// NumPy's broadcast of two shapes (aligned on the right; sizes equal or one of them 1).
fn numpy_shape(a: &[usize], b: &[usize]) -> Vec<usize> {
    let rank = a.len().max(b.len());
    (0..rank)
        .map(|k| {
            let x = if k + a.len() >= rank { a[k + a.len() - rank] } else { 1 };
            let y = if k + b.len() >= rank { b[k + b.len() - rank] } else { 1 };
            assert!(x == y || x == 1 || y == 1, "reference: {a:?} and {b:?} do not broadcast");
            if x == 1 { y } else { x }
        })
        .collect()
}

impl Nd {
    /// Sizes `dims`, elements `(k * 7 + seed * 5) % 13 - 6` (ties among them, and negatives).
    fn seeded(dims: &[usize], seed: u64) -> Nd {
        let len = dims.iter().product::<usize>();
        let data = (0..len as u64).map(|k| ((k * 7 + seed * 5) % 13) as i64 - 6).collect();
        Nd { dims: dims.to_vec(), data }
    }

    fn scalar(v: i64) -> Nd {
        Nd { dims: vec![], data: vec![v] }
    }

    /// The element at `idx`, an index into `out` onto which `self` broadcasts by NumPy's rule.
    fn numpy_at(&self, out_idx: &[usize]) -> i64 {
        let skip = out_idx.len() - self.dims.len();
        let idx: Vec<usize> =
            self.dims.iter().enumerate().map(|(k, &d)| if d == 1 { 0 } else { out_idx[skip + k] }).collect();
        self.data[flat(&self.dims, &idx)]
    }

    /// `f` element by element over the NumPy broadcast of `self` and `other`.
    fn zip(&self, other: &Nd, f: impl Fn(i64, i64) -> i64) -> Nd {
        let dims = numpy_shape(&self.dims, &other.dims);
        let len = dims.iter().product::<usize>();
        let data = (0..len)
            .map(|i| {
                let idx = unflat(&dims, i);
                f(self.numpy_at(&idx), other.numpy_at(&idx))
            })
            .collect();
        Nd { dims, data }
    }

    fn map(&self, f: impl Fn(i64) -> i64) -> Nd {
        Nd { dims: self.dims.clone(), data: self.data.iter().map(|&v| f(v)).collect() }
    }

    /// XLA's binary op: `self`'s axis `k` is `other`'s axis `at[k]`.
    fn xla(&self, at: &[usize], other: &Nd, f: impl Fn(i64, i64) -> i64) -> Nd {
        assert_eq!(at.len(), self.dims.len());
        let mut dims = other.dims.clone();
        for (k, &a) in at.iter().enumerate() {
            assert!(dims[a] == self.dims[k] || dims[a] == 1 || self.dims[k] == 1, "reference: bad XLA dims");
            if dims[a] == 1 {
                dims[a] = self.dims[k];
            }
        }
        let len = dims.iter().product::<usize>();
        let data = (0..len)
            .map(|i| {
                let idx = unflat(&dims, i);
                let mine: Vec<usize> =
                    at.iter().enumerate().map(|(k, &a)| if self.dims[k] == 1 { 0 } else { idx[a] }).collect();
                f(self.data[flat(&self.dims, &mine)], other.numpy_at(&idx))
            })
            .collect();
        Nd { dims, data }
    }

    /// A size-1 axis inserted before position `at`.
    fn insert(&self, at: usize) -> Nd {
        let mut dims = self.dims.clone();
        dims.insert(at, 1);
        Nd { dims, data: self.data.clone() }
    }

    /// `fold` over `axes` (increasing), removed or `keep`t as size 1. An arg fold gives the
    /// flat row-major index within the reduced axes of the first extreme.
    fn reduce(&self, axes: &[usize], fold: Fold, keep: bool) -> Nd {
        let kept: Vec<usize> = (0..self.dims.len()).filter(|k| !axes.contains(k)).collect();
        let out_dims: Vec<usize> = kept.iter().map(|&k| self.dims[k]).collect();
        let red_dims: Vec<usize> = axes.iter().map(|&k| self.dims[k]).collect();
        let red_len = red_dims.iter().product::<usize>();
        let len = out_dims.iter().product::<usize>();
        let data = (0..len)
            .map(|o| {
                let oi = unflat(&out_dims, o);
                let mut best: Option<(i64, usize)> = None;
                let mut sum = 0;
                for r in 0..red_len {
                    let ri = unflat(&red_dims, r);
                    let mut idx = vec![0; self.dims.len()];
                    for (j, &k) in kept.iter().enumerate() {
                        idx[k] = oi[j];
                    }
                    for (j, &k) in axes.iter().enumerate() {
                        idx[k] = ri[j];
                    }
                    let v = self.data[flat(&self.dims, &idx)];
                    sum += v;
                    let better = match (fold, best) {
                        (_, None) => true,
                        (Fold::Max | Fold::ArgMax, Some((b, _))) => v > b,
                        (Fold::Min | Fold::ArgMin, Some((b, _))) => v < b,
                        (Fold::Sum, _) => false,
                    };
                    if better {
                        best = Some((v, r));
                    }
                }
                match fold {
                    Fold::Sum => sum,
                    Fold::Max | Fold::Min => best.expect("reference: a non-empty reduction").0,
                    Fold::ArgMax | Fold::ArgMin => best.expect("reference: a non-empty reduction").1 as i64,
                }
            })
            .collect();
        let dims = if keep {
            (0..self.dims.len()).map(|k| if axes.contains(&k) { 1 } else { self.dims[k] }).collect()
        } else {
            out_dims
        };
        Nd { dims, data }
    }

    fn total(&self, fold: Fold) -> Option<i64> {
        let all: Vec<usize> = (0..self.dims.len()).collect();
        if self.data.is_empty() && !matches!(fold, Fold::Sum) {
            return None;
        }
        Some(self.reduce(&all, fold, false).data[0])
    }
}

/// An element of an output, as an exact `i64`.
trait Exact: Copy {
    const SENTINEL: Self;
    fn exact(self) -> i64;
}
impl Exact for i64 {
    const SENTINEL: Self = i64::MIN + 12345;
    fn exact(self) -> i64 {
        self
    }
}
impl Exact for usize {
    const SENTINEL: Self = usize::MAX - 12345;
    fn exact(self) -> i64 {
        self as i64
    }
}

/// Checks `got` (sizes `dims`) against `want`, bit for bit.
fn same<T: Exact>(want: &Nd, dims: &[usize], got: &[T], what: &str) {
    let got: Vec<i64> = got.iter().map(|v| v.exact()).collect();
    assert_eq!(dims, &want.dims[..], "{what}: sizes");
    assert_eq!(got, want.data, "{what}: elements");
}

/// Evaluates `$e` with the operands bound (as tensors) and checks every way of evaluating it.
macro_rules! evaluate {
    ($want:ident, $label:expr, $e:expr) => {{
        let label = $label;
        let got = ($e).eval();
        same(&$want, &got.shape().extents(), got.as_slice(), &format!("{label}: eval"));
        let mut into = got.clone();
        for v in into.as_mut_slice() {
            *v = Exact::SENTINEL;
        }
        let mut view = into.as_mut_slice().to_vec();
        ($e).eval_into(&mut into);
        same(&$want, &into.shape().extents(), into.as_slice(), &format!("{label}: eval_into"));
        let mut borrowed = TensorMut::from_shape(got.shape(), &mut view).unwrap();
        ($e).eval_into(&mut borrowed);
        same(&$want, &got.shape().extents(), &view, &format!("{label}: eval_into a TensorMut"));
        let mut acc = got.clone();
        acc += $e;
        let twice = $want.map(|v| 2 * v);
        same(&twice, &acc.shape().extents(), acc.as_slice(), &format!("{label}: +="));
    }};
}

/// One case: operands `name: [sizes]` (data from `Nd::seeded`), the expression over them as
/// tensors, and the reference over them as `Nd`s. With `dyn` first, that operand's outermost
/// size is also bound at run time and the expression evaluated again.
macro_rules! case {
    (dyn $d:ident : [$d0:literal $(, $dn:literal)*] $(, $v:ident : [$($n:literal),*])* => $e:expr ; $want:expr) => {(|| {
        let mut seed = 0u64;
        let mut next = || { seed += 1; seed };
        let $d = Nd::seeded(&[$d0 $(, $dn)*], next());
        $( let $v = Nd::seeded(&[$($n),*], next()); )*
        let want: Nd = $want;
        {
            let $d = Tensor::<i64, shape![$d0 $(, $dn)*]>::from_slice(&$d.data).unwrap();
            $( let $v = Tensor::<i64, shape![$($n),*]>::from_slice(&$v.data).unwrap(); )*
            evaluate!(want, concat!("fixed: ", stringify!($e)), $e);
        }
        {
            bind!(let n: N = $d0);
            let $d = TensorRef::from_shape(dims![n $(, $dn)*], &$d.data).unwrap();
            $( let $v = Tensor::<i64, shape![$($n),*]>::from_slice(&$v.data).unwrap(); )*
            evaluate!(want, concat!("run-time: ", stringify!($e)), $e);
        }
    })()};
    ($($v:ident : [$($n:literal),*]),* => $e:expr ; $want:expr) => {(|| {
        let mut seed = 0u64;
        let mut next = || { seed += 1; seed };
        $( let $v = Nd::seeded(&[$($n),*], next()); )*
        let want: Nd = $want;
        {
            $( let $v = Tensor::<i64, shape![$($n),*]>::from_slice(&$v.data).unwrap(); )*
            evaluate!(want, concat!("fixed: ", stringify!($e)), $e);
        }
    })()};
}

fn add(a: i64, b: i64) -> i64 {
    a + b
}
fn sub(a: i64, b: i64) -> i64 {
    a - b
}
fn mul(a: i64, b: i64) -> i64 {
    a * b
}

#[test]
fn numpy_broadcasts() {
    case!(dyn x: [2, 1, 3], y: [3] => x.lazy() + &y; x.zip(&y, add));
    case!(dyn x: [3, 1], y: [4] => x.lazy() * &y; x.zip(&y, mul));
    case!(dyn x: [2, 1, 1], y: [1, 3, 1], z: [1, 1, 4] => x.lazy() - &y + &z; x.zip(&y, sub).zip(&z, add));
    case!(dyn x: [2, 3, 4], y: [3, 1], z: [1, 4], w: [4] => (x.lazy() - &y) * &z + &w; x.zip(&y, sub).zip(&z, mul).zip(&w, add));
    case!(dyn a: [2, 1, 3, 1, 2], b: [1, 4, 1, 3, 1], c: [3, 2], d: [4, 1, 1, 1], e: [1] =>
        a.lazy() * &b - c.lazy() * &d + &e;
        a.zip(&b, mul).zip(&c.zip(&d, mul), sub).zip(&e, add));
    case!(dyn x: [2, 1, 1, 3, 1, 2], y: [1, 2, 3, 1, 2, 1] => x.lazy() + &y; x.zip(&y, add));
    case!(dyn y: [2, 1, 2, 1, 2, 1], x: [1, 2, 1, 2, 1, 2] => y.lazy() - &x; y.zip(&x, sub));
    // Rank 0, and numbers on either side.
    case!(s: [], t: [] => s.lazy() * &t + 1; s.zip(&t, mul).zip(&Nd::scalar(1), add));
    case!(dyn x: [3, 2], s: [] => 10 - x.lazy() * &s; Nd::scalar(10).zip(&x.zip(&s, mul), sub));
    case!(dyn x: [4], s: [] => s.lazy() - &x; s.zip(&x, sub));
    case!(dyn x: [2, 3] => 3 * (x.lazy() + 2) - 1; x.map(|v| 3 * (v + 2) - 1));
    case!(dyn x: [2, 2, 2, 2, 2, 2] => -x.lazy() * 5; x.map(|v| -v * 5));
    // Size 1 on every axis, and sizes 1 against larger.
    case!(dyn x: [1, 1, 1, 1], y: [1, 1, 1] => x.lazy() + &y; x.zip(&y, add));
    case!(dyn x: [1, 1, 1], y: [2, 3] => x.lazy() * &y; x.zip(&y, mul));
    case!(dyn y: [2, 1], x: [1, 3] => x.lazy() - &y; x.zip(&y, sub));
    // The same operand read twice, and at a different rank.
    case!(dyn x: [3, 4], y: [4] => x.lazy() * &x - y.lazy() * &y; x.zip(&x, mul).zip(&y.zip(&y, mul), sub));
    // Element-wise methods on integers.
    case!(dyn x: [2, 5], y: [5] => x.lazy().max(&y).min(3).map(|v: i64| v.abs()); x.zip(&y, i64::max).map(|v| v.min(3).abs()));
}

#[test]
fn xla_dims_inside_expressions() {
    case!(m: [3, 4], v: [3] => (v.lazy() * 2).with_dims::<axes![0]>() - &m; v.map(|x| x * 2).xla(&[0], &m, sub));
    case!(dyn m: [3, 4], v: [1] => (v.lazy() * 2).with_dims::<axes![0]>() - &m; v.map(|x| x * 2).xla(&[0], &m, sub));
    case!(dyn m: [3, 4], v: [4] => (v.lazy() + 1).with_dims::<axes![1]>() * &m; v.map(|x| x + 1).xla(&[1], &m, mul));
    case!(dyn t: [2, 3, 4], v: [3, 4] => (v.lazy() - 3).with_dims::<axes![1, 2]>() + &t; v.map(|x| x - 3).xla(&[1, 2], &t, add));
    case!(t: [2, 3, 4], v: [2, 4] => v.lazy().with_dims::<axes![0, 2]>() * &t; v.xla(&[0, 2], &t, mul));
    case!(dyn t: [2, 3, 1, 4], v: [3] => v.lazy().with_dims::<axes![1]>() - &t; v.xla(&[1], &t, sub));
    case!(dyn t: [2, 3], v: [3], w: [3] => (v.lazy().with_dims::<axes![1]>() + &t) * &w; v.xla(&[1], &t, add).zip(&w, mul));
}

#[test]
fn inserted_axes() {
    case!(dyn c: [3, 1], r: [4] => r.lazy().insert_axis::<0>() + &c; r.insert(0).zip(&c, add));
    case!(dyn x: [2, 3], y: [4, 3] => x.lazy().insert_axis::<1>() * &y; x.insert(1).zip(&y, mul));
    case!(dyn x: [2, 3], y: [4] => x.lazy().insert_axis::<2>() - &y; x.insert(2).zip(&y, sub));
    case!(dyn x: [2, 3, 2], y: [3, 2, 5] => x.lazy().insert_axis::<3>() + &y; x.insert(3).zip(&y, add));
    case!(dyn x: [2, 3, 2], y: [2, 3] => x.lazy().insert_axis::<0>().insert_axis::<2>().insert_axis::<5>() * &y;
        x.insert(0).insert(2).insert(5).zip(&y, mul));
    case!(s: [], y: [3] => s.lazy().insert_axis::<0>() + &y; s.insert(0).zip(&y, add));
    // k-means' distances: points [N, 1, 2] against centroids [3, 2].
    case!(dyn p: [4, 2], c: [3, 2] => (p.lazy().insert_axis::<1>() - &c).map(|v: i64| v * v).sum_axes::<axes![2]>();
        p.insert(1).zip(&c, sub).map(|v| v * v).reduce(&[2], Fold::Sum, false));
}

#[test]
fn reductions() {
    use Fold::*;
    // Over one axis, each fold, removed and kept.
    case!(dyn x: [2, 3, 4] => x.lazy().sum_axes::<axes![1]>(); x.reduce(&[1], Sum, false));
    case!(dyn x: [2, 3, 4] => x.lazy().sum_axes::<axes![0]>(); x.reduce(&[0], Sum, false));
    case!(dyn x: [2, 3, 4] => x.lazy().sum_keepdims::<axes![0]>(); x.reduce(&[0], Sum, true));
    case!(dyn x: [2, 3, 4] => x.lazy().max_axes::<axes![2]>(); x.reduce(&[2], Max, false));
    case!(dyn x: [2, 3, 4] => x.lazy().min_keepdims::<axes![1]>(); x.reduce(&[1], Min, true));
    case!(dyn x: [2, 3, 4] => x.lazy().argmax_axes::<axes![1]>(); x.reduce(&[1], ArgMax, false));
    case!(dyn x: [2, 3, 4] => x.lazy().argmin_keepdims::<axes![2]>(); x.reduce(&[2], ArgMin, true));
    // Over several axes.
    case!(dyn x: [2, 3, 4, 5] => x.lazy().sum_axes::<axes![1, 3]>(); x.reduce(&[1, 3], Sum, false));
    case!(dyn x: [2, 3, 4, 5] => x.lazy().max_keepdims::<axes![1, 2, 3]>(); x.reduce(&[1, 2, 3], Max, true));
    case!(dyn x: [2, 3, 4, 5] => x.lazy().min_axes::<axes![2, 3]>(); x.reduce(&[2, 3], Min, false));
    case!(dyn x: [2, 3, 4, 5] => x.lazy().argmax_axes::<axes![1, 3]>(); x.reduce(&[1, 3], ArgMax, false));
    case!(dyn x: [2, 3, 4, 5] => x.lazy().argmin_keepdims::<axes![2, 3]>(); x.reduce(&[2, 3], ArgMin, true));
    case!(x: [2, 3, 4] => x.lazy().argmax_axes::<axes![0, 2]>(); x.reduce(&[0, 2], ArgMax, false));
    case!(x: [2, 3, 4] => x.lazy().max_axes::<axes![0, 1, 2]>(); x.reduce(&[0, 1, 2], Max, false));
    case!(dyn x: [2, 3, 4] => x.lazy().sum_axes::<axes![0, 1, 2]>(); x.reduce(&[0, 1, 2], Sum, false));
    // Of broadcast expressions, size-1 axes among the reduced ones.
    case!(dyn x: [3, 1, 4], y: [2, 1] => (x.lazy() * &y).sum_axes::<axes![0, 2]>(); x.zip(&y, mul).reduce(&[0, 2], Sum, false));
    case!(dyn x: [3, 1, 4], y: [2, 1] => (x.lazy() - &y).argmin_axes::<axes![1, 2]>(); x.zip(&y, sub).reduce(&[1, 2], ArgMin, false));
    case!(dyn x: [3, 1, 4], y: [2, 1] => (x.lazy() + &y).max_keepdims::<axes![1]>(); x.zip(&y, add).reduce(&[1], Max, true));
    case!(dyn x: [2, 1, 3] => x.lazy().min_axes::<axes![1]>(); x.reduce(&[1], Min, false));
    case!(dyn x: [2, 1, 3] => x.lazy().argmax_keepdims::<axes![1]>(); x.reduce(&[1], ArgMax, true));
    // A reduction inside an expression, and one that another reduction reads.
    case!(dyn x: [3, 4] => x.lazy() - x.lazy().max_keepdims::<axes![1]>(); x.zip(&x.reduce(&[1], Max, true), sub));
    case!(dyn x: [3, 4], y: [4] => x.lazy().sum_keepdims::<axes![1]>() * &y + &x;
        x.reduce(&[1], Sum, true).zip(&y, mul).zip(&x, add));
    case!(dyn x: [2, 3, 4] => (x.lazy() - x.lazy().min_keepdims::<axes![2]>()).sum_axes::<axes![2]>();
        x.zip(&x.reduce(&[2], Min, true), sub).reduce(&[2], Sum, false));
    case!(dyn x: [2, 3, 4] => x.lazy().sum_axes::<axes![2]>().max_axes::<axes![1]>();
        x.reduce(&[2], Sum, false).reduce(&[1], Max, false));
    case!(dyn x: [2, 3, 4], y: [3, 1] => ((x.lazy() * &y).max_keepdims::<axes![2]>() - &x).argmin_axes::<axes![1, 2]>();
        x.zip(&y, mul).reduce(&[2], Max, true).zip(&x, sub).reduce(&[1, 2], ArgMin, false));
    case!(dyn x: [2, 3, 4], y: [4] =>
        (x.lazy().sum_axes::<axes![1]>() + y.lazy().max_keepdims::<axes![0]>()).min_axes::<axes![1]>() * x.lazy().sum_axes::<axes![1, 2]>();
        x.reduce(&[1], Sum, false).zip(&y.reduce(&[0], Max, true), add).reduce(&[1], Min, false).zip(&x.reduce(&[1, 2], Sum, false), mul));
    case!(dyn p: [5, 2], c: [3, 2] => (p.lazy().insert_axis::<1>() - &c).map(|v: i64| v * v).sum_axes::<axes![2]>().argmin_axes::<axes![1]>();
        p.insert(1).zip(&c, sub).map(|v| v * v).reduce(&[2], Sum, false).reduce(&[1], ArgMin, false));
}

/// A total over an expression, with every shape fixed and with the first operand's outermost
/// size bound at run time.
macro_rules! total {
    ($d:ident : [$d0:literal $(, $dn:literal)*] $(, $v:ident : [$($n:literal),*])* => |$x:ident| $e:expr ; $want:expr) => {(|| {
        let mut seed = 0u64;
        let mut next = || { seed += 1; seed };
        let $d = Nd::seeded(&[$d0 $(, $dn)*], next());
        $( let $v = Nd::seeded(&[$($n),*], next()); )*
        let want: Nd = $want;
        let (sum, max, min) = (want.total(Fold::Sum).unwrap(), want.total(Fold::Max), want.total(Fold::Min));
        // The first position of the largest and of the smallest, by a plain loop.
        let first = |better: fn(i64, i64) -> bool| {
            want.data.iter().enumerate().fold(None, |best: Option<(i64, usize)>, (i, &v)| match best {
                Some((b, _)) if !better(v, b) => best,
                _ => Some((v, i)),
            })
        };
        let (argmax, argmin) = (first(|v, b| v > b).map(|(_, i)| i), first(|v, b| v < b).map(|(_, i)| i));
        {
            let $d = Tensor::<i64, shape![$d0 $(, $dn)*]>::from_slice(&$d.data).unwrap();
            $( let $v = Tensor::<i64, shape![$($n),*]>::from_slice(&$v.data).unwrap(); )*
            let $x = || $e;
            assert_eq!($x().sum_all(), sum, "fixed sum_all of {}", stringify!($e));
            assert_eq!($x().max_all(), max, "fixed max_all of {}", stringify!($e));
            assert_eq!($x().min_all(), min, "fixed min_all of {}", stringify!($e));
            assert_eq!($x().argmax_all(), argmax, "fixed argmax_all of {}", stringify!($e));
            assert_eq!($x().argmin_all(), argmin, "fixed argmin_all of {}", stringify!($e));
        }
        {
            bind!(let n: N = $d0);
            let $d = TensorRef::from_shape(dims![n $(, $dn)*], &$d.data).unwrap();
            $( let $v = Tensor::<i64, shape![$($n),*]>::from_slice(&$v.data).unwrap(); )*
            let $x = || $e;
            assert_eq!($x().sum_all(), sum, "run-time sum_all of {}", stringify!($e));
            assert_eq!($x().max_all(), max, "run-time max_all of {}", stringify!($e));
            assert_eq!($x().min_all(), min, "run-time min_all of {}", stringify!($e));
            assert_eq!($x().argmax_all(), argmax, "run-time argmax_all of {}", stringify!($e));
            assert_eq!($x().argmin_all(), argmin, "run-time argmin_all of {}", stringify!($e));
        }
    })()};
}

#[test]
fn totals() {
    total!(x: [7] => |e| x.lazy() * 2; x.map(|v| v * 2));
    total!(x: [3, 1, 4], y: [2, 1] => |e| x.lazy() * &y - 1; x.zip(&y, mul).map(|v| v - 1));
    total!(x: [2, 3, 4, 5], y: [5] => |e| x.lazy() + &y; x.zip(&y, add));
    total!(x: [2, 3, 4] => |e| x.lazy() - x.lazy().max_keepdims::<axes![2]>(); x.zip(&x.reduce(&[2], Fold::Max, true), sub));
    total!(x: [2, 3, 4] => |e| x.lazy().sum_axes::<axes![1]>(); x.reduce(&[1], Fold::Sum, false));
    total!(x: [0, 3] => |e| x.lazy() + 1; x.map(|v| v + 1));
    total!(x: [1, 1, 1, 1, 1, 1, 1, 1, 1] => |e| x.lazy() * 3; x.map(|v| v * 3));
    total!(x: [2, 1, 2, 1, 2, 1, 2, 1, 2, 1, 2, 1, 2, 1, 2, 1, 2] => |e| x.lazy() - 4; x.map(|v| v - 4));
}

/// The positions of the first maximum and minimum of all elements skip NaN unless every
/// element is NaN (then 0), over every path of the pass: whole blocks, a run's last part, and
/// short rows of fixed length.
#[test]
fn first_positions_over_every_element() {
    let nan = f64::NAN;
    let rows = Tensor::<f64, shape![3, 10]>::from_fn(|i| match i {
        0 | 7 => nan,
        13 | 29 => 9.0,
        21 => -9.0,
        _ => (i % 5) as f64,
    });
    assert_eq!(rows.lazy().argmax_all(), Some(13));
    assert_eq!(rows.lazy().argmin_all(), Some(21));
    assert_eq!((rows.lazy() - rows.lazy().max_keepdims::<axes![1]>()).argmin_all(), Some(21));
    let long = Tensor::<f64, shape![37]>::from_fn(|i| {
        if i == 36 {
            5.0
        } else if i < 20 {
            nan
        } else {
            1.0
        }
    });
    assert_eq!(long.lazy().argmax_all(), Some(36));
    assert_eq!(long.lazy().argmin_all(), Some(20));
    let all_nan = Tensor::<f32, shape![2, 17]>::splat(f32::NAN);
    assert_eq!(all_nan.lazy().argmax_all(), Some(0));
    assert_eq!(all_nan.lazy().argmin_all(), Some(0));
    let empty = Tensor::<f32, shape![4, 0]>::splat(0.0);
    assert_eq!(empty.lazy().argmax_all(), None);
}

/// Cursors are 4, 8, 16 or 129 axes wide, by the output's rank plus the reduced axes; a
/// constant plan holds fewer than 32 of them (from 32 on, the plan is made at run time).
#[test]
fn widths_at_every_boundary() {
    use Fold::*;
    // output rank + reduced axes = 3
    case!(dyn x: [2, 3, 2], y: [3, 2] => x.lazy() + y.lazy() * 3; x.zip(&y.map(|v| v * 3), add));
    case!(dyn x: [2, 3, 2], y: [3, 2] => (x.lazy() - &y).sum_axes::<axes![1, 2]>(); x.zip(&y, sub).reduce(&[1, 2], Sum, false));
    case!(dyn x: [2, 3, 2], y: [3, 2] => (x.lazy() * &y).argmin_axes::<axes![1, 2]>(); x.zip(&y, mul).reduce(&[1, 2], ArgMin, false));
    case!(dyn x: [2, 2] => x.lazy() - x.lazy().max_keepdims::<axes![1]>(); x.zip(&x.reduce(&[1], Max, true), sub));
    // output rank + reduced axes = 4
    case!(dyn x: [2, 1, 3, 2], y: [1, 3, 2] => x.lazy() + y.lazy() * 3; x.zip(&y.map(|v| v * 3), add));
    case!(dyn x: [2, 1, 3, 2], y: [1, 3, 2] => (x.lazy() - &y).sum_axes::<axes![2, 3]>(); x.zip(&y, sub).reduce(&[2, 3], Sum, false));
    case!(dyn x: [2, 1, 3, 2], y: [1, 3, 2] => (x.lazy() * &y).argmin_axes::<axes![1, 3]>(); x.zip(&y, mul).reduce(&[1, 3], ArgMin, false));
    case!(dyn x: [2, 3, 2] => x.lazy() - x.lazy().max_keepdims::<axes![1]>(); x.zip(&x.reduce(&[1], Max, true), sub));
    // output rank + reduced axes = 7
    case!(dyn x: [2, 1, 1, 3, 1, 1, 2], y: [1, 2, 3, 1, 1, 2] => x.lazy() + y.lazy() * 3; x.zip(&y.map(|v| v * 3), add));
    case!(dyn x: [2, 1, 1, 3, 1, 1, 2], y: [1, 2, 3, 1, 1, 2] => (x.lazy() - &y).sum_axes::<axes![3, 6]>(); x.zip(&y, sub).reduce(&[3, 6], Sum, false));
    case!(dyn x: [2, 1, 1, 3, 1, 1, 2], y: [1, 2, 3, 1, 1, 2] => (x.lazy() * &y).argmin_axes::<axes![1, 6]>(); x.zip(&y, mul).reduce(&[1, 6], ArgMin, false));
    case!(dyn x: [2, 1, 1, 3, 1, 2] => x.lazy() - x.lazy().max_keepdims::<axes![3]>(); x.zip(&x.reduce(&[3], Max, true), sub));
    // output rank + reduced axes = 8
    case!(dyn x: [2, 1, 1, 1, 3, 1, 1, 2], y: [1, 2, 1, 3, 1, 1, 2] => x.lazy() + y.lazy() * 3; x.zip(&y.map(|v| v * 3), add));
    case!(dyn x: [2, 1, 1, 1, 3, 1, 1, 2], y: [1, 2, 1, 3, 1, 1, 2] => (x.lazy() - &y).sum_axes::<axes![4, 7]>(); x.zip(&y, sub).reduce(&[4, 7], Sum, false));
    case!(dyn x: [2, 1, 1, 1, 3, 1, 1, 2], y: [1, 2, 1, 3, 1, 1, 2] => (x.lazy() * &y).argmin_axes::<axes![1, 7]>(); x.zip(&y, mul).reduce(&[1, 7], ArgMin, false));
    case!(dyn x: [2, 1, 1, 3, 1, 1, 2] => x.lazy() - x.lazy().max_keepdims::<axes![3]>(); x.zip(&x.reduce(&[3], Max, true), sub));
    // output rank + reduced axes = 15
    case!(dyn x: [2, 1, 1, 1, 1, 1, 1, 3, 1, 1, 1, 1, 1, 1, 2], y: [1, 2, 1, 1, 1, 1, 3, 1, 1, 1, 1, 1, 1, 2] => x.lazy() + y.lazy() * 3; x.zip(&y.map(|v| v * 3), add));
    case!(dyn x: [2, 1, 1, 1, 1, 1, 1, 3, 1, 1, 1, 1, 1, 1, 2], y: [1, 2, 1, 1, 1, 1, 3, 1, 1, 1, 1, 1, 1, 2] => (x.lazy() - &y).sum_axes::<axes![7, 14]>(); x.zip(&y, sub).reduce(&[7, 14], Sum, false));
    case!(dyn x: [2, 1, 1, 1, 1, 1, 1, 3, 1, 1, 1, 1, 1, 1, 2], y: [1, 2, 1, 1, 1, 1, 3, 1, 1, 1, 1, 1, 1, 2] => (x.lazy() * &y).argmin_axes::<axes![1, 14]>(); x.zip(&y, mul).reduce(&[1, 14], ArgMin, false));
    case!(dyn x: [2, 1, 1, 1, 1, 1, 1, 3, 1, 1, 1, 1, 1, 2] => x.lazy() - x.lazy().max_keepdims::<axes![7]>(); x.zip(&x.reduce(&[7], Max, true), sub));
    // output rank + reduced axes = 16
    case!(dyn x: [2, 1, 1, 1, 1, 1, 1, 1, 3, 1, 1, 1, 1, 1, 1, 2], y: [1, 2, 1, 1, 1, 1, 1, 3, 1, 1, 1, 1, 1, 1, 2] => x.lazy() + y.lazy() * 3; x.zip(&y.map(|v| v * 3), add));
    case!(dyn x: [2, 1, 1, 1, 1, 1, 1, 1, 3, 1, 1, 1, 1, 1, 1, 2], y: [1, 2, 1, 1, 1, 1, 1, 3, 1, 1, 1, 1, 1, 1, 2] => (x.lazy() - &y).sum_axes::<axes![8, 15]>(); x.zip(&y, sub).reduce(&[8, 15], Sum, false));
    case!(dyn x: [2, 1, 1, 1, 1, 1, 1, 1, 3, 1, 1, 1, 1, 1, 1, 2], y: [1, 2, 1, 1, 1, 1, 1, 3, 1, 1, 1, 1, 1, 1, 2] => (x.lazy() * &y).argmin_axes::<axes![1, 15]>(); x.zip(&y, mul).reduce(&[1, 15], ArgMin, false));
    case!(dyn x: [2, 1, 1, 1, 1, 1, 1, 3, 1, 1, 1, 1, 1, 1, 2] => x.lazy() - x.lazy().max_keepdims::<axes![7]>(); x.zip(&x.reduce(&[7], Max, true), sub));
    // output rank + reduced axes = 31
    case!(dyn x: [2, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 3, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 2], y: [1, 2, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 3, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 2] => x.lazy() + y.lazy() * 3; x.zip(&y.map(|v| v * 3), add));
    case!(dyn x: [2, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 3, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 2], y: [1, 2, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 3, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 2] => (x.lazy() - &y).sum_axes::<axes![15, 30]>(); x.zip(&y, sub).reduce(&[15, 30], Sum, false));
    case!(dyn x: [2, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 3, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 2], y: [1, 2, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 3, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 2] => (x.lazy() * &y).argmin_axes::<axes![1, 30]>(); x.zip(&y, mul).reduce(&[1, 30], ArgMin, false));
    case!(dyn x: [2, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 3, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 2] => x.lazy() - x.lazy().max_keepdims::<axes![15]>(); x.zip(&x.reduce(&[15], Max, true), sub));
    // output rank + reduced axes = 32
    case!(dyn x: [2, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 3, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 2], y: [1, 2, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 3, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 2] => x.lazy() + y.lazy() * 3; x.zip(&y.map(|v| v * 3), add));
    case!(dyn x: [2, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 3, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 2], y: [1, 2, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 3, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 2] => (x.lazy() - &y).sum_axes::<axes![16, 31]>(); x.zip(&y, sub).reduce(&[16, 31], Sum, false));
    case!(dyn x: [2, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 3, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 2], y: [1, 2, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 3, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 2] => (x.lazy() * &y).argmin_axes::<axes![1, 31]>(); x.zip(&y, mul).reduce(&[1, 31], ArgMin, false));
    case!(dyn x: [2, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 3, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 2] => x.lazy() - x.lazy().max_keepdims::<axes![15]>(); x.zip(&x.reduce(&[15], Max, true), sub));
    // output rank + reduced axes = 33
    case!(dyn x: [2, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 3, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 2], y: [1, 2, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 3, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 2] => x.lazy() + y.lazy() * 3; x.zip(&y.map(|v| v * 3), add));
    case!(dyn x: [2, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 3, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 2], y: [1, 2, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 3, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 2] => (x.lazy() - &y).sum_axes::<axes![16, 32]>(); x.zip(&y, sub).reduce(&[16, 32], Sum, false));
    case!(dyn x: [2, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 3, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 2], y: [1, 2, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 3, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 2] => (x.lazy() * &y).argmin_axes::<axes![1, 32]>(); x.zip(&y, mul).reduce(&[1, 32], ArgMin, false));
    case!(dyn x: [2, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 3, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 2] => x.lazy() - x.lazy().max_keepdims::<axes![16]>(); x.zip(&x.reduce(&[16], Max, true), sub));
}

/// A constant plan holds 16 leaves; from 17 on, the plan is made at run time. In a debug
/// build, `eval_into` of the 20-leaf case below takes between 2.6 and 3 MB of stack in one
/// frame (everything it calls is inlined), more than a test thread's 2 MB: it runs on a
/// thread of its own.
#[test]
fn many_leaves() {
    std::thread::Builder::new().stack_size(16 << 20).spawn(many_leaves_cases).unwrap().join().unwrap();
}

fn many_leaves_cases() {
    case!(dyn x: [2, 1, 3], y: [4, 1] =>
        x.lazy() + &y + &x + &y + &x + &y + &x + &y + &x + &y + &x + &y + &x + &y + &x + &y;
        { let s = x.zip(&y, add); (0..7).fold(s.clone(), |acc, _| acc.zip(&s, add)) });
    case!(dyn x: [2, 1, 3], y: [4, 1] =>
        x.lazy() + &y + &x + &y + &x + &y + &x + &y + &x + &y + &x + &y + &x + &y + &x + &y - &x;
        { let s = x.zip(&y, add); (0..7).fold(s.clone(), |acc, _| acc.zip(&s, add)).zip(&x, sub) });
    case!(dyn x: [2, 1, 3], y: [4, 1], z: [3] =>
        (x.lazy() * &y - &z + x.lazy() * &y - &z + x.lazy() * &y - &z + x.lazy() * &y - &z + x.lazy() * &y - &z + x.lazy() * &y - &z).sum_axes::<axes![1]>()
            * z.lazy().max_keepdims::<axes![0]>();
        { let t = x.zip(&y, mul).zip(&z, sub); (0..5).fold(t.clone(), |acc, _| acc.zip(&t, add))
            .reduce(&[1], Fold::Sum, false).zip(&z.reduce(&[0], Fold::Max, true), mul) });
    // A reduction over an expression of 17 leaves inside one of few.
    case!(dyn x: [2, 3] =>
        x.lazy() - (x.lazy() + &x + &x + &x + &x + &x + &x + &x + &x + &x + &x + &x + &x + &x + &x + &x + &x).min_keepdims::<axes![1]>();
        x.zip(&x.map(|v| 17 * v).reduce(&[1], Fold::Min, true), sub));
}

/// Empty outputs (a fixed size 0) and size 1 everywhere.
#[test]
fn empty_and_size_one() {
    use Fold::*;
    case!(x: [2, 0, 3], y: [3] => x.lazy() + &y; x.zip(&y, add));
    case!(dyn x: [0, 3], y: [3] => x.lazy() * &y; x.zip(&y, mul));
    case!(dyn x: [2, 3], e: [0, 1, 1] => x.lazy() - &e; x.zip(&e, sub));
    case!(dyn x: [2, 3, 1], e: [0] => x.lazy() + &e; x.zip(&e, add));
    case!(dyn x: [3, 0] => x.lazy().sum_axes::<axes![1]>(); x.reduce(&[1], Sum, false));
    case!(dyn x: [3, 0, 2] => x.lazy().sum_keepdims::<axes![1]>() + 1; x.reduce(&[1], Sum, true).map(|v| v + 1));
    case!(dyn x: [2, 0, 4] => x.lazy().max_axes::<axes![2]>(); x.reduce(&[2], Max, false));
    case!(dyn x: [0, 4] => x.lazy().argmin_keepdims::<axes![1]>(); x.reduce(&[1], ArgMin, true));
    case!(dyn x: [1] => x.lazy() * 2; x.map(|v| v * 2));
    case!(dyn x: [1, 1, 1], y: [1, 1] => x.lazy() - &y; x.zip(&y, sub));
    case!(dyn x: [1, 1, 1, 1, 1, 1] => x.lazy().argmax_axes::<axes![1, 3, 5]>(); x.reduce(&[1, 3, 5], ArgMax, false));
    case!(dyn x: [1, 1, 1, 1] => x.lazy().sum_keepdims::<axes![0, 1, 2, 3]>() - &x; x.reduce(&[0, 1, 2, 3], Sum, true).zip(&x, sub));
    case!(s: [] => s.lazy() * 4 - 1; s.map(|v| v * 4 - 1));
}

/// `out.assign(expr)` stretches the expression over a larger output.
#[test]
fn assign_broadcasts_to_a_larger_output() {
    let (x, y) = (Nd::seeded(&[2, 1], 1), Nd::seeded(&[4], 2));
    let big = Nd::seeded(&[3, 2, 4], 3);
    let xy = x.zip(&y, mul);
    let want = big.zip(&xy, |_, v| v);
    let kept = x.zip(&y, add).reduce(&[1], Fold::Max, true); // [2, 1]
    let want_kept = big.zip(&kept, |_, v| v);
    let (xt, yt) = (
        Tensor::<i64, shape![2, 1]>::from_slice(&x.data).unwrap(),
        Tensor::<i64, shape![4]>::from_slice(&y.data).unwrap(),
    );
    let mut out = Tensor::<i64, shape![3, 2, 4]>::from_slice(&big.data).unwrap();
    out.assign(xt.lazy() * &yt);
    same(&want, &out.shape().extents(), out.as_slice(), "fixed assign");
    out.assign((xt.lazy() + &yt).max_keepdims::<axes![1]>());
    same(&want_kept, &out.shape().extents(), out.as_slice(), "fixed assign of a kept reduction");
    let mut buf = big.data.clone();
    bind!(let n: N = 3);
    let mut out = TensorMut::from_shape(dims![n, 2, 4], &mut buf).unwrap();
    out.assign(xt.lazy() * &yt);
    same(&want, &out.shape().extents(), out.as_slice(), "run-time assign");
    out.assign((xt.lazy() + &yt).max_keepdims::<axes![1]>());
    same(&want_kept, &out.shape().extents(), out.as_slice(), "run-time assign of a kept reduction");
    // Into a [2, 3, 1, 4] output: a number, and an expression with a size-1 axis kept.
    let big = Nd::seeded(&[2, 3, 1, 4], 4);
    let mut out = Tensor::<i64, shape![2, 3, 1, 4]>::from_slice(&big.data).unwrap();
    out.assign(yt.lazy() - 5);
    same(&big.zip(&y, |_, v| v - 5), &out.shape().extents(), out.as_slice(), "fixed assign over size 1");
    out += xt.lazy().insert_axis::<1>().insert_axis::<2>() * &yt;
    let x3 = x.insert(1).insert(2);
    let added = big.zip(&y, |_, v| v - 5).zip(&x3.zip(&y, mul), add);
    same(&added, &out.shape().extents(), out.as_slice(), "fixed += stretched");
}
