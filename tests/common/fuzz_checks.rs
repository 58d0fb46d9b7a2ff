//! One hostile case of the run-time API, decoded from arbitrary bytes and checked against the
//! naive reference: the fuzz target `fuzz/fuzz_targets/dynamic.rs` calls [`dynamic_case`] on
//! what libFuzzer generates, and `tests/test_fuzz_corpus.rs` replays the checked-in corpus and
//! every input the fuzzer ever found through the same function, on stable, in `cargo test`.
//!
//! Each case calls one function of `shapecast::dynamic`, its operands paired with their shapes
//! by `Array::new`/`ArrayMut::new` within the call, and checks: it does not panic; it
//! succeeds exactly when the reference accepts the shapes, no shape has more than 64 axes, the
//! result's non-zero sizes multiply within `usize`, and every slice has its shape's length; on
//! success the output equals the reference's, element by element; on error nothing was written;
//! and the call returns within [`CALL_LIMIT`], however large the sizes.
#![allow(dead_code)]

use std::ops::{Add, AddAssign};
use std::time::{Duration, Instant};

use super::reference::{self as naive, Shape};
use shapecast::dynamic::{self, Array, ArrayMut};

/// The most time one call may take: every case holds at most [`MAX_ELEMENTS`] elements, so any
/// call that takes longer loops over a size instead of over elements.
pub const CALL_LIMIT: Duration = Duration::from_secs(2);

/// The largest element count for which slices of the right length are built.
pub const MAX_ELEMENTS: usize = 512;

/// Reads the case's choices from the bytes, then zeros.
struct Bytes<'a>(&'a [u8]);

impl Bytes<'_> {
    fn byte(&mut self) -> u8 {
        let (&b, rest) = self.0.split_first().unwrap_or((&0, &[]));
        self.0 = rest;
        b
    }

    /// A size: small ones mostly, and the hostile ones.
    fn size(&mut self) -> usize {
        match self.byte() {
            b @ 0..=199 => usize::from(b % 5),
            200..=209 => 1 << 62,
            210..=219 => usize::MAX,
            220..=229 => 1 << 32,
            230..=239 => 65536,
            240..=247 => 1 << 31,
            _ => usize::from_le_bytes(std::array::from_fn(|_| self.byte())),
        }
    }

    /// A list of up to 8 entries, or (rarely) 60 to 70 entries of 0 to 2.
    fn shape(&mut self) -> Shape {
        let n = self.byte();
        if n >= 250 {
            let len = 60 + usize::from(self.byte() % 11);
            return (0..len).map(|_| usize::from(self.byte() % 3)).collect();
        }
        (0..n % 9).map(|_| self.size()).collect()
    }

    /// An axis list: small positions, sometimes out of order or huge.
    fn list(&mut self) -> Shape {
        let n = self.byte() % 7;
        (0..n)
            .map(|_| match self.byte() {
                b @ 0..=239 => usize::from(b % 10),
                _ => self.size(),
            })
            .collect()
    }

    /// A shape derived from `out` (a size set to 1 or to 0, leading axes dropped), so that
    /// shapes that broadcast are common; or an unrelated one.
    fn operand_of(&mut self, out: &Shape) -> Shape {
        let how = self.byte();
        if how < 64 {
            return self.shape();
        }
        let mut a = out.clone();
        let drop = usize::from(self.byte() % 4).min(a.len());
        a.drain(..drop);
        for d in a.iter_mut() {
            match self.byte() {
                0..=99 => *d = 1,
                100..=109 => *d = 0,
                110..=114 => *d = self.size(),
                _ => {}
            }
        }
        a
    }

    /// A slice length for `shape`: its element count if small, else (or sometimes) another.
    fn len_for(&mut self, shape: &Shape) -> usize {
        let right = count(shape).filter(|&n| n <= MAX_ELEMENTS);
        match (self.byte(), right) {
            (0..=239, Some(n)) => n,
            (b, _) => usize::from(b % 9),
        }
    }
}

/// The element count, computed naively: `None` past `usize`.
fn count(shape: &[usize]) -> Option<usize> {
    shape.iter().try_fold(1usize, |acc, &d| acc.checked_mul(d))
}

/// The rule for a result (and for every operand, whose non-zero sizes are among the result's):
/// at most 64 axes, and non-zero sizes whose product fits in `usize`.
fn fits(shape: &[usize]) -> bool {
    shape.len() <= 64
        && shape.iter().filter(|&&d| d != 0).try_fold(1usize, |acc, &d| acc.checked_mul(d)).is_some()
}

fn small(shape: &[usize]) -> bool {
    shape.len() <= 64
}

/// An element type of size zero, with a sum.
#[derive(Clone, Copy, Debug, PartialEq, Default)]
pub struct Nothing;

impl Add for Nothing {
    type Output = Nothing;
    fn add(self, _: Nothing) -> Nothing {
        Nothing
    }
}

impl AddAssign for Nothing {
    fn add_assign(&mut self, _: Nothing) {}
}

impl shapecast::Summable for Nothing {
    const ZERO: Self = Nothing;
    fn plus(self, _: Nothing) -> Nothing {
        Nothing
    }
}

impl num_traits::Zero for Nothing {
    fn zero() -> Self {
        Nothing
    }
    fn is_zero(&self) -> bool {
        true
    }
}

/// An element of the case: its values are small `u32`s (a sum of 512 of them fits), or a
/// zero-sized type.
trait Element: Copy + PartialEq + std::fmt::Debug + AddAssign + num_traits::Zero + shapecast::Summable {
    fn from_index(i: usize) -> Self;
    fn mix(a: Self, b: Self) -> Self;
}

impl Element for u32 {
    fn from_index(i: usize) -> Self {
        (i % 251) as u32 + 1
    }
    fn mix(a: Self, b: Self) -> Self {
        a.wrapping_mul(1000).wrapping_add(b)
    }
}

impl Element for Nothing {
    fn from_index(_: usize) -> Self {
        Nothing
    }
    fn mix(_: Self, _: Self) -> Self {
        Nothing
    }
}

fn values<T: Element>(len: usize, offset: usize) -> Vec<T> {
    (0..len).map(|i| T::from_index(i + offset)).collect()
}

/// Runs `call` and checks that it returned in time.
fn timed<R>(what: &str, call: impl FnOnce() -> R) -> R {
    let start = Instant::now();
    let r = call();
    let took = start.elapsed();
    assert!(took < CALL_LIMIT, "{what} took {took:?}");
    r
}

/// The expected output of reading `src` (shape `operand`, its axes placed by `map`) as `out`.
fn gathered<T: Element>(src: &[T], operand: &[usize], map: &[usize], out: &[usize]) -> Vec<T> {
    if count(out) == Some(0) {
        return vec![]; // the reference would list the coordinates of the other axes first
    }
    naive::broadcast_indices(operand, map, out).into_iter().map(|i| src[i]).collect()
}

/// The expected sums of `src` (shape `big`) into the shape `small`, whose axes land in `big`
/// through `map`.
fn summed<T: Element>(src: &[T], big: &[usize], small: &[usize], map: &[usize]) -> Vec<T> {
    let mut out = vec![T::zero(); count(small).unwrap_or(0)];
    if count(big) == Some(0) {
        return out;
    }
    for (i, j) in naive::broadcast_indices(small, map, big).into_iter().enumerate() {
        out[j] += src[i];
    }
    out
}

/// Where each axis of the operands of XLA's binary form lands in the result.
fn with_dims_maps(l: &Shape, r: &Shape, dims: &[usize]) -> (Shape, Shape) {
    let lifted = |low: &Shape, high: &Shape| {
        if low.len() == high.len() { (0..low.len()).collect() } else { dims.to_vec() }
    };
    if l.len() < r.len() {
        (lifted(l, r), (0..r.len()).collect())
    } else {
        ((0..l.len()).collect(), lifted(r, l))
    }
}

/// Decodes one case from `bytes`, runs it, and panics if any property fails.
pub fn dynamic_case(bytes: &[u8]) {
    let mut b = Bytes(bytes);
    if b.byte() < 32 {
        run::<Nothing>(&mut b);
    } else {
        run::<u32>(&mut b);
    }
}

fn run<T: Element>(b: &mut Bytes) {
    let form = b.byte() % 13;
    let out = b.shape();
    let a = b.operand_of(&out);
    let list = b.list();
    let (src_len, dst_len) = (b.len_for(&a), b.len_for(&out));
    let src: Vec<T> = values(src_len, 0);
    let sentinel: Vec<T> = values(dst_len, 7);
    let mut dst = sentinel.clone();
    let small_ranks = small(&a) && small(&out);
    let lens_ok = |from: &[usize], to: &[usize]| count(from) == Some(src_len) && count(to) == Some(dst_len);
    let label = format!("form {form}: {a:?}, {out:?}, list {list:?}, lengths {src_len}, {dst_len}");

    // The shape rules alone.
    let rule = |what: &str, r: Result<dynamic::DynShape, dynamic::BroadcastError>, want: Option<Shape>| {
        let want = want.filter(|w| small_ranks && fits(w));
        match (&r, &want) {
            (Ok(got), Some(w)) => assert_eq!(&got[..], &w[..], "{what}: {label}"),
            (Err(e), None) => assert!(!e.to_string().is_empty()),
            _ => panic!("{what}: {r:?}, the reference says {want:?}: {label}"),
        }
    };
    match form {
        0 => rule(
            "broadcast_shapes",
            timed("broadcast_shapes", || dynamic::broadcast_shapes(&[&a, &out])),
            naive::numpy(&[a.clone(), out.clone()]),
        ),
        1 => rule(
            "broadcast_to",
            timed("broadcast_to", || dynamic::broadcast_to(&a, &out)),
            naive::broadcast_to(&a, &out),
        ),
        2 => rule(
            "broadcast_axes",
            timed("broadcast_axes", || dynamic::broadcast_axes(&a, &out, &list)),
            naive::axes(&a, &out, &list),
        ),
        3 => rule(
            "broadcast_in_dim",
            timed("broadcast_in_dim", || dynamic::broadcast_in_dim(&a, &out, &list)),
            naive::in_dim(&a, &out, &list),
        ),
        4 => rule(
            "broadcast_with_dims",
            timed("broadcast_with_dims", || dynamic::broadcast_with_dims(&a, &out, &list)),
            naive::with_dims(&a, &out, &list),
        ),
        _ => {}
    }

    // The kernels: `Some(expected output)` when the call must succeed.
    let accept = |want: Option<Shape>| want.filter(|w| small_ranks && fits(w));
    let (result, want): (bool, Option<Vec<T>>) = match form {
        5 => {
            let ok = accept(naive::broadcast_to(&a, &out)).filter(|_| lens_ok(&a, &out));
            let r = timed("copy_broadcast_to", || {
                dynamic::copy_broadcast_to(Array::new(&src, &a)?, ArrayMut::new(&mut dst, &out)?)
            });
            (r.is_ok(), ok.map(|_| gathered(&src, &a, &naive::numpy_map(a.len(), out.len()), &out)))
        }
        6 => {
            let ok = accept(naive::axes(&a, &out, &list)).filter(|_| lens_ok(&a, &out));
            let r = timed("copy_broadcast_axes", || {
                dynamic::copy_broadcast_axes(Array::new(&src, &a)?, ArrayMut::new(&mut dst, &out)?, &list)
            });
            (r.is_ok(), ok.map(|_| gathered(&src, &a, &naive::axes_map(out.len(), &list), &out)))
        }
        7 => {
            let ok = accept(naive::in_dim(&a, &out, &list)).filter(|_| lens_ok(&a, &out));
            let r = timed("copy_broadcast_in_dim", || {
                dynamic::copy_broadcast_in_dim(Array::new(&src, &a)?, ArrayMut::new(&mut dst, &out)?, &list)
            });
            (r.is_ok(), ok.map(|_| gathered(&src, &a, &list, &out)))
        }
        8 | 9 => {
            // `a` and `out` are the two operands; the output has the result's length.
            let (other_len, out_len) = (b.len_for(&out), b.byte());
            let other: Vec<T> = values(other_len, 3);
            let shape = if form == 8 {
                naive::numpy(&[a.clone(), out.clone()])
            } else {
                naive::with_dims(&a, &out, &list)
            };
            let shape = accept(shape);
            let out_len = match (&shape, out_len) {
                (Some(s), 0..=239) => {
                    count(s).filter(|&n| n <= MAX_ELEMENTS).unwrap_or(usize::from(out_len % 9))
                }
                _ => usize::from(out_len % 9),
            };
            let before: Vec<T> = values(out_len, 5);
            let mut zipped = before.clone();
            let lens = count(&a) == Some(src_len) && count(&out) == Some(other_len);
            let ok = shape.filter(|s| lens && count(s) == Some(out_len));
            let r = if form == 8 {
                timed("zip_broadcast", || {
                    dynamic::zip_broadcast(
                        Array::new(&src, &a)?,
                        Array::new(&other, &out)?,
                        &mut zipped,
                        T::mix,
                    )
                })
            } else {
                timed("zip_broadcast_with_dims", || {
                    let (x, y) = (Array::new(&src, &a)?, Array::new(&other, &out)?);
                    dynamic::zip_broadcast_with_dims(x, y, &list, &mut zipped, T::mix)
                })
            };
            assert_eq!(r.is_ok(), ok.is_some(), "zip {r:?}: {label}, other {other_len}, out {out_len}");
            match (r, ok) {
                (Ok(got), Some(s)) => {
                    assert_eq!(&got[..], &s[..], "{label}");
                    let (ma, mb) = if form == 8 {
                        (naive::numpy_map(a.len(), s.len()), naive::numpy_map(out.len(), s.len()))
                    } else {
                        with_dims_maps(&a, &out, &list)
                    };
                    let xs = gathered(&src, &a, &ma, &s);
                    let ys = gathered(&other, &out, &mb, &s);
                    let want: Vec<T> = xs.iter().zip(&ys).map(|(&x, &y)| T::mix(x, y)).collect();
                    assert_eq!(zipped, want, "{label}");
                }
                _ => assert_eq!(zipped, before, "written on error: {label}"),
            }
            return;
        }
        10 => {
            // In place: `src` (shape `a`) stretched onto `dst` (shape `out`).
            let ok = accept(naive::broadcast_to(&a, &out)).filter(|_| lens_ok(&a, &out));
            let r = timed("zip_assign", || {
                dynamic::zip_assign(Array::new(&src, &a)?, ArrayMut::new(&mut dst, &out)?, T::mix)
            });
            let want = ok.map(|_| {
                let xs = gathered(&src, &a, &naive::numpy_map(a.len(), out.len()), &out);
                sentinel.iter().zip(&xs).map(|(&o, &x)| T::mix(o, x)).collect()
            });
            (r.is_ok(), want)
        }
        11 => {
            // `src` (shape `out`) summed into `dst` (shape `a`): lengths swap roles.
            let (src, sum_src_len) = (values::<T>(dst_len, 0), dst_len);
            let mut dst = values::<T>(src_len, 7);
            let before = dst.clone();
            let ok = accept(naive::broadcast_to(&a, &out))
                .filter(|_| count(&out) == Some(sum_src_len) && count(&a) == Some(src_len));
            let r =
                timed("sum_to", || dynamic::sum_to(Array::new(&src, &out)?, ArrayMut::new(&mut dst, &a)?));
            assert_eq!(r.is_ok(), ok.is_some(), "sum_to {r:?}: {label}");
            let want = ok.map(|_| summed(&src, &out, &a, &naive::numpy_map(a.len(), out.len())));
            assert_eq!(dst, want.unwrap_or(before), "{label}");
            return;
        }
        12 => {
            // `src` (shape `a`) summed over `list` into `dst`.
            let valid = list.windows(2).all(|w| w[0] < w[1]) && list.iter().all(|&x| x < a.len());
            let kept: Shape = (0..a.len()).filter(|i| !list.contains(i)).map(|i| a[i]).collect();
            // Only `a` and the list are involved (`out` may have more than 64 axes).
            let ok = naive::axes(&kept, &a, &list)
                .filter(|w| fits(w))
                .filter(|_| valid && count(&a) == Some(src_len) && count(&kept) == Some(dst_len));
            let r = timed("sum_axes", || dynamic::sum_axes(Array::new(&src, &a)?, &list, &mut dst));
            assert_eq!(r.is_ok(), ok.is_some(), "sum_axes {r:?}: {label}");
            match r {
                Ok(shape) => {
                    assert_eq!(&shape[..], &kept[..], "{label}");
                    assert_eq!(dst, summed(&src, &a, &kept, &naive::axes_map(a.len(), &list)), "{label}");
                }
                Err(_) => assert_eq!(dst, sentinel, "written on error: {label}"),
            }
            return;
        }
        _ => return,
    };
    assert_eq!(result, want.is_some(), "{label}");
    assert_eq!(dst, want.unwrap_or(sentinel), "{label}");
}
