//! A naive reference for every rule, written from the rules as their public sources state them
//! (NumPy's broadcasting documentation, XLA's broadcasting semantics, nGraph's `Broadcast` op)
//! without looking at the library: shapes as `Vec`s, `None` for "error", and the element mapping
//! `output[C] = input[p(C)]` evaluated coordinate by coordinate. Nothing here calls shapecast.
#![allow(dead_code)]

pub type Shape = Vec<usize>;

pub fn numpy(shapes: &[Shape]) -> Option<Shape> {
    let r = shapes.iter().map(Vec::len).max().unwrap_or(0);
    let padded: Vec<Shape> = shapes.iter().map(|s| [vec![1; r - s.len()], s.clone()].concat()).collect();
    (0..r)
        .map(|i| {
            let mut sizes: Vec<usize> = padded.iter().map(|s| s[i]).filter(|&d| d != 1).collect();
            sizes.dedup();
            match sizes.len() {
                0 => Some(1),
                1 => Some(sizes[0]),
                _ => None,
            }
        })
        .collect()
}

pub fn broadcast_to(a: &Shape, s: &Shape) -> Option<Shape> {
    if a.len() > s.len() {
        return None;
    }
    let pad = s.len() - a.len();
    a.iter().enumerate().all(|(k, &d)| d == 1 || d == s[k + pad]).then(|| s.clone())
}

fn increasing_below(list: &[usize], rank: usize) -> bool {
    list.windows(2).all(|w| w[0] < w[1]) && list.iter().all(|&x| x < rank)
}

pub fn axes(arg: &Shape, s: &Shape, axes: &[usize]) -> Option<Shape> {
    if !increasing_below(axes, s.len()) {
        return None;
    }
    let kept: Shape = (0..s.len()).filter(|i| !axes.contains(i)).map(|i| s[i]).collect();
    (kept == *arg).then(|| s.clone())
}

pub fn in_dim(a: &Shape, s: &Shape, dims: &[usize]) -> Option<Shape> {
    if dims.len() != a.len() || !increasing_below(dims, s.len()) {
        return None;
    }
    a.iter().zip(dims).all(|(&d, &i)| d == 1 || d == s[i]).then(|| s.clone())
}

pub fn with_dims(l: &Shape, r: &Shape, dims: &[usize]) -> Option<Shape> {
    let (low, high) = if l.len() < r.len() { (l, r) } else { (r, l) };
    let lifted: Shape = if low.len() == high.len() {
        if !dims.is_empty() && dims != (0..low.len()).collect::<Vec<_>>() {
            return None;
        }
        low.clone()
    } else {
        if low.is_empty() && dims.is_empty() {
            vec![1; high.len()]
        } else {
            if dims.len() != low.len() || !increasing_below(dims, high.len()) {
                return None;
            }
            let mut lifted = vec![1; high.len()];
            for (k, &i) in dims.iter().enumerate() {
                lifted[i] = low[k];
            }
            lifted
        }
    };
    lifted
        .iter()
        .zip(high)
        .map(|(&a, &b)| {
            if a == b || b == 1 {
                Some(a)
            } else if a == 1 {
                Some(b)
            } else {
                None
            }
        })
        .collect()
}

/// All coordinates of `shape`, row-major.
pub fn coords(shape: &[usize]) -> Vec<Shape> {
    let mut all = vec![vec![]];
    for &d in shape {
        all = all.into_iter().flat_map(|c| (0..d).map(move |i| [c.clone(), vec![i]].concat())).collect();
    }
    all
}

/// The flat row-major index of `c` in `shape`.
pub fn ravel(c: &[usize], shape: &[usize]) -> usize {
    c.iter().zip(shape).fold(0, |acc, (&i, &d)| acc * d + i)
}

/// `p(C)`: the operand coordinate read for output coordinate `c`, given where each operand axis
/// lands (`map`); a size-1 operand axis is read at 0.
pub fn source(c: &[usize], operand: &[usize], map: &[usize]) -> Shape {
    operand.iter().zip(map).map(|(&d, &i)| if d == 1 { 0 } else { c[i] }).collect()
}

/// The output of broadcasting `0..len(operand)` (element indices) through `map` onto `out`.
pub fn broadcast_indices(operand: &[usize], map: &[usize], out: &[usize]) -> Vec<usize> {
    coords(out).iter().map(|c| ravel(&source(c, operand, map), operand)).collect()
}

pub fn numpy_map(operand_rank: usize, out_rank: usize) -> Shape {
    (out_rank - operand_rank..out_rank).collect()
}

pub fn axes_map(out_rank: usize, axes: &[usize]) -> Shape {
    (0..out_rank).filter(|i| !axes.contains(i)).collect()
}

/// XLA's binary form: where each operand's axes land in the output, whose rank is the higher of
/// the two. An operand of that rank keeps its axes in place (both do when the ranks are equal,
/// where `dims` is empty or the identity); the lower-rank operand's axis `k` lands on `dims[k]`
/// (a scalar, with `dims` empty, lands nowhere).
pub fn with_dims_maps(l_rank: usize, r_rank: usize, dims: &[usize]) -> [Shape; 2] {
    let out_rank = l_rank.max(r_rank);
    let lands = |rank: usize| if rank == out_rank { (0..out_rank).collect() } else { dims.to_vec() };
    [lands(l_rank), lands(r_rank)]
}

/// Whether a shape's element count is one `usize` can hold: the product of its non-zero sizes
/// must not overflow (so that every stride of an empty array fits too).
pub fn count_fits(shape: &[usize]) -> bool {
    shape.iter().filter(|&&d| d != 0).try_fold(1usize, |acc, &d| acc.checked_mul(d)).is_some()
}

/// The element types the reductions are checked over, as the reference folds them: a sum from
/// 0 left to right (wrapping for integers, whose sums are the true sum modulo 2^bits), a mean
/// as that sum divided by the count in the element's own type (0 / 0 is NaN), and the order
/// `>`/`<` of the numbers, under which NaN is never better and `0.0` ties `-0.0`.
pub trait Num: Copy + PartialOrd + core::fmt::Debug {
    const ZERO: Self;
    fn add(self, other: Self) -> Self;
    /// `sum / count`; `None` for types without a mean (integers).
    fn mean(sum: Self, count: usize) -> Option<Self>;
    /// As `f64`, exactly (every value these tests use fits).
    fn wide(self) -> f64;
    #[allow(clippy::eq_op)]
    fn is_nan(self) -> bool {
        self != self
    }
}

impl Num for f64 {
    const ZERO: Self = 0.0;
    fn add(self, other: Self) -> Self {
        self + other
    }
    fn mean(sum: Self, count: usize) -> Option<Self> {
        Some(sum / count as f64)
    }
    fn wide(self) -> f64 {
        self
    }
}

impl Num for f32 {
    const ZERO: Self = 0.0;
    fn add(self, other: Self) -> Self {
        self + other
    }
    fn mean(sum: Self, count: usize) -> Option<Self> {
        Some(sum / count as f32)
    }
    fn wide(self) -> f64 {
        f64::from(self)
    }
}

impl Num for i32 {
    const ZERO: Self = 0;
    fn add(self, other: Self) -> Self {
        self.wrapping_add(other)
    }
    fn mean(_: Self, _: usize) -> Option<Self> {
        None
    }
    fn wide(self) -> f64 {
        f64::from(self)
    }
}

/// The shape of a reduction of `shape` over `axes`: those axes removed, or kept as size 1.
pub fn reduced_shape(shape: &[usize], axes: &[usize], keep: bool) -> Shape {
    (0..shape.len())
        .filter_map(|i| match (axes.contains(&i), keep) {
            (false, _) => Some(shape[i]),
            (true, true) => Some(1),
            (true, false) => None,
        })
        .collect()
}

/// The groups of a reduction of `shape` over `axes`: for each output element (the kept axes'
/// coordinates, row-major), the flat indices of the input elements folded into it, in
/// row-major order of the reduced axes (so that a position within a group is the flat
/// row-major index within the reduced axes).
pub fn groups(shape: &[usize], axes: &[usize]) -> Vec<Vec<usize>> {
    let out = reduced_shape(shape, axes, false);
    let kept: Vec<usize> = (0..shape.len()).filter(|i| !axes.contains(i)).collect();
    let mut groups = vec![vec![]; out.iter().product()];
    for (k, c) in coords(shape).iter().enumerate() {
        let o: Vec<usize> = kept.iter().map(|&i| c[i]).collect();
        groups[ravel(&o, &out)].push(k);
    }
    groups
}

/// The groups of NumPy's `sum_to`, the adjoint of broadcasting `target` to `shape` (which must
/// be allowed): for each element of `target`, the flat indices of the elements of `shape` that
/// the broadcast copies it to, row-major.
pub fn sum_to_groups(shape: &[usize], target: &[usize]) -> Vec<Vec<usize>> {
    assert_eq!(broadcast_to(&target.to_vec(), &shape.to_vec()).as_ref(), Some(&shape.to_vec()));
    let map = numpy_map(target.len(), shape.len());
    let mut groups = vec![vec![]; target.iter().product()];
    for (k, c) in coords(shape).iter().enumerate() {
        groups[ravel(&source(&c[..], target, &map), target)].push(k);
    }
    groups
}

/// The reference folds of one group of elements.
pub fn sum<T: Num>(xs: &[T]) -> T {
    xs.iter().fold(T::ZERO, |a, &x| a.add(x))
}

pub fn mean<T: Num>(xs: &[T]) -> Option<T> {
    T::mean(sum(xs), xs.len())
}

/// The position of the first element that is `better` than every element before it, NaN never
/// better (and so the first element if every one is NaN): `None` for no elements.
pub fn position<T: Num>(xs: &[T], better: impl Fn(T, T) -> bool) -> Option<usize> {
    let mut best = None;
    for (i, &x) in xs.iter().enumerate() {
        best = match best {
            None => Some(i),
            Some(b) if xs[b].is_nan() && !x.is_nan() => Some(i),
            Some(b) if !x.is_nan() && better(x, xs[b]) => Some(i),
            keep => keep,
        };
    }
    best
}

pub fn argmax<T: Num>(xs: &[T]) -> Option<usize> {
    position(xs, |x, b| x > b)
}

pub fn argmin<T: Num>(xs: &[T]) -> Option<usize> {
    position(xs, |x, b| x < b)
}

/// The maximum: the element at [`argmax`], NaN only if every element is.
pub fn max<T: Num>(xs: &[T]) -> Option<T> {
    argmax(xs).map(|i| xs[i])
}

pub fn min<T: Num>(xs: &[T]) -> Option<T> {
    argmin(xs).map(|i| xs[i])
}

/// NumPy's `matmul` of two row-major arrays, element by element: the shape rule (a 1-D first
/// operand a row, a 1-D second a column, both removed again; batch axes broadcast), then each
/// output element as the sum over the contracted axis, in increasing order, from zero.
pub fn matmul<T: Copy>(
    (a, da): (&[T], &[usize]),
    (b, db): (&[T], &[usize]),
    zero: T,
    mul_add: impl Fn(T, T, T) -> T,
) -> Option<(Shape, Vec<T>)> {
    if da.is_empty() || db.is_empty() {
        return None;
    }
    let pa: Shape = if da.len() == 1 { vec![1, da[0]] } else { da.to_vec() };
    let pb: Shape = if db.len() == 1 { vec![db[0], 1] } else { db.to_vec() };
    let (m, k) = (pa[pa.len() - 2], pa[pa.len() - 1]);
    let (k2, n) = (pb[pb.len() - 2], pb[pb.len() - 1]);
    if k != k2 {
        return None;
    }
    let (ba, bb) = (pa[..pa.len() - 2].to_vec(), pb[..pb.len() - 2].to_vec());
    let batch = numpy(&[ba.clone(), bb.clone()])?;
    let flat = |dims: &[usize], index: &[usize]| index.iter().zip(dims).fold(0, |acc, (&i, &d)| acc * d + i);
    // The operand's batch index for an output batch index: right-aligned, 0 where its size is 1.
    let own = |dims: &[usize], index: &[usize]| -> Vec<usize> {
        let skip = index.len() - dims.len();
        dims.iter().enumerate().map(|(t, &d)| if d == 1 { 0 } else { index[t + skip] }).collect()
    };
    let count: usize = batch.iter().product();
    let mut out = Vec::new();
    for c in 0..count {
        let mut index = vec![0; batch.len()];
        let mut rest = c;
        for t in (0..batch.len()).rev() {
            index[t] = rest % batch[t];
            rest /= batch[t];
        }
        let (ia, ib) = (own(&ba, &index), own(&bb, &index));
        for i in 0..m {
            for j in 0..n {
                let mut acc = zero;
                for p in 0..k {
                    let x = a[flat(&pa, &[ia.clone(), vec![i, p]].concat())];
                    let y = b[flat(&pb, &[ib.clone(), vec![p, j]].concat())];
                    acc = mul_add(acc, x, y);
                }
                out.push(acc);
            }
        }
    }
    let mut shape = batch;
    if da.len() >= 2 {
        shape.push(m);
    }
    if db.len() >= 2 {
        shape.push(n);
    }
    Some((shape, out))
}
