//! A naive evaluator of expression trees over plain `Vec<f64>`s and shapes, for
//! `tests/test_expression_trees.rs`: the reference that the library's fused expressions are
//! checked against. It broadcasts by the rules of `reference.rs` (NumPy's, and XLA's binary form)
//! coordinate by coordinate, applies each element function as its documentation states it, and
//! reduces by the rules of README ("Expressions: a whole formula in one pass"). Nothing here
//! calls shapecast.
//!
//! Each element carries how closely the library must match it:
//!
//! - [`Status::Exact`]: the same bits (any NaN matching any NaN). An element-wise operation on
//!   exact elements is exact: the library applies the same operation to the same values. A sum
//!   is exact when every term is exact and is a small dyadic number (or not finite): then every
//!   order of addition gives the same result, and the library adds in lanes, in its own order.
//! - [`Status::Near`]: within an absolute tolerance. `exp` is within 1 ulp of the exact result
//!   in the library and in libm, so within 2 ulps of libm's; a sum of other terms may be
//!   reassociated, so it is within a bound from the sum of the terms' magnitudes. Addition,
//!   subtraction, multiplication, `max`, `min`, negation and `abs` carry a tolerance on.
//! - [`Status::Unknown`]: not checked. A tolerance does not survive a division or a comparison,
//!   and the maximum of elements whose largest value is zero of both signs is either zero (the
//!   documentation does not say which one, and the lanes fold in their own order).
#![allow(dead_code)]

use super::reference as naive;

/// How closely the library's element must match the reference's.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Status {
    Exact,
    Near(f64),
    Unknown,
}

/// The binary element functions.
#[derive(Clone, Copy, Debug)]
pub enum Bin {
    Add,
    Sub,
    Mul,
    Div,
    Max,
    Min,
}

/// The unary element functions.
#[derive(Clone, Copy, Debug)]
pub enum Un {
    Neg,
    Abs,
    Sqrt,
    Recip,
    Exp,
    Ln,
    Powi(i32),
    Clamp(f64, f64),
    /// An index (the result of an arg reduction) as a float.
    ToFloat,
}

/// The comparisons that make a select's mask.
#[derive(Clone, Copy, Debug)]
pub enum Cmp {
    Lt,
    Le,
    Gt,
    Ge,
    Eq,
}

/// The reductions.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Red {
    Sum,
    Mean,
    Max,
    Min,
    ArgMax,
    ArgMin,
}

/// An expression tree.
#[derive(Clone, Debug)]
pub enum Node {
    /// Operand `k` of the tree.
    Leaf(usize),
    /// A number.
    Num(f64),
    /// Two operands broadcast by NumPy's rule.
    Bin(Bin, Box<Node>, Box<Node>),
    /// Two operands broadcast by XLA's binary rule with these dims.
    Dims(Bin, Vec<usize>, Box<Node>, Box<Node>),
    Un(Un, Box<Node>),
    /// `cmp(a, b).select(yes, no)`, the four broadcast together.
    Select(Cmp, Box<[Node; 4]>),
    /// A reduction over the axes, which are removed, or kept as size 1 (`true`); with an id,
    /// the `try_` form, which has no result when a reduced axis is empty.
    Reduce(Red, Vec<usize>, bool, Option<usize>, Box<Node>),
}

pub fn leaf(k: usize) -> Node {
    Node::Leaf(k)
}
pub fn num(v: f64) -> Node {
    Node::Num(v)
}
pub fn bin(op: Bin, a: Node, b: Node) -> Node {
    Node::Bin(op, Box::new(a), Box::new(b))
}
pub fn dims(op: Bin, dims: &[usize], a: Node, b: Node) -> Node {
    Node::Dims(op, dims.to_vec(), Box::new(a), Box::new(b))
}
pub fn un(op: Un, a: Node) -> Node {
    Node::Un(op, Box::new(a))
}
pub fn select(cmp: Cmp, a: Node, b: Node, yes: Node, no: Node) -> Node {
    Node::Select(cmp, Box::new([a, b, yes, no]))
}
pub fn reduce(red: Red, axes: &[usize], keep: bool, a: Node) -> Node {
    Node::Reduce(red, axes.to_vec(), keep, None, Box::new(a))
}
/// The `try_` form of a maximum, minimum or position: the tree's reduction number `id`, in the
/// order the test writes them (see [`eval_tries`]).
pub fn try_reduce(id: usize, red: Red, axes: &[usize], keep: bool, a: Node) -> Node {
    Node::Reduce(red, axes.to_vec(), keep, Some(id), Box::new(a))
}
/// `x.clamp(low, high)` with bounds of any shape: as documented, `max(low)` then `min(high)`,
/// the three broadcast together by NumPy's rule.
pub fn clamp(x: Node, low: Node, high: Node) -> Node {
    bin(Bin::Min, bin(Bin::Max, x, low), high)
}

/// An evaluated node: its shape, its elements row-major, and each element's status.
#[derive(Clone, Debug)]
pub struct Value {
    pub shape: Vec<usize>,
    pub data: Vec<f64>,
    pub status: Vec<Status>,
}

/// An operand of a tree: its elements and its shape.
pub type Operand<'a> = (&'a [f64], Vec<usize>);

/// Elements with their statuses.
type Elements = (Vec<f64>, Vec<Status>);

/// The elements of `v` read at each coordinate of `out`, where `v`'s axes land on `map`.
fn spread(v: &Value, map: &[usize], out: &[usize]) -> Elements {
    let at = naive::broadcast_indices(&v.shape, map, out);
    (at.iter().map(|&i| v.data[i]).collect(), at.iter().map(|&i| v.status[i]).collect())
}

/// Several values broadcast together by NumPy's rule: the shape, and each one's elements there.
fn numpy_all(values: &[&Value]) -> (Vec<usize>, Vec<Elements>) {
    let shapes: Vec<Vec<usize>> = values.iter().map(|v| v.shape.clone()).collect();
    let out = naive::numpy(&shapes).expect("the generated shapes broadcast");
    let spread =
        values.iter().map(|v| spread(v, &naive::numpy_map(v.shape.len(), out.len()), &out)).collect();
    (out, spread)
}

/// NumPy's `maximum`: the larger, NaN if either is, the first of two equal ones.
fn maximum(x: f64, y: f64) -> f64 {
    if x.is_nan() || x >= y { x } else { y }
}

/// NumPy's `minimum`: the smaller, NaN if either is, the first of two equal ones.
fn minimum(x: f64, y: f64) -> f64 {
    if x.is_nan() || x <= y { x } else { y }
}

/// A tolerance of a few units in the last place of `v` (at least a few of the smallest
/// subnormal's).
fn ulps(v: f64, n: f64) -> f64 {
    n * f64::EPSILON * v.abs() + n * f64::from_bits(1)
}

fn binary(op: Bin, x: f64, y: f64) -> f64 {
    match op {
        Bin::Add => x + y,
        Bin::Sub => x - y,
        Bin::Mul => x * y,
        Bin::Div => x / y,
        Bin::Max => maximum(x, y),
        Bin::Min => minimum(x, y),
    }
}

/// The status of `op(x, y) = r` from its operands'.
fn binary_status(op: Bin, (x, sx): (f64, Status), (y, sy): (f64, Status), r: f64) -> Status {
    use Status::*;
    let tol = |s: Status| match s {
        Exact => Some(0.0),
        Near(t) => Some(t),
        Unknown => None,
    };
    match (sx, sy) {
        (Exact, Exact) => Exact,
        _ => match (op, tol(sx), tol(sy)) {
            (_, None, _) | (_, _, None) => Unknown,
            _ if !r.is_finite() => Unknown,
            (Bin::Add | Bin::Sub, Some(a), Some(b)) => Near(a + b + ulps(r, 2.0)),
            (Bin::Mul, Some(a), Some(b)) => Near(x.abs() * b + y.abs() * a + a * b + ulps(r, 2.0)),
            (Bin::Max | Bin::Min, Some(a), Some(b)) if !x.is_nan() && !y.is_nan() => Near(a.max(b)),
            _ => Unknown,
        },
    }
}

fn unary(op: Un, x: f64) -> f64 {
    match op {
        Un::Neg => -x,
        Un::Abs => x.abs(),
        Un::Sqrt => x.sqrt(),
        Un::Recip => 1.0 / x,
        Un::Exp => x.exp(),
        Un::Ln => x.ln(),
        Un::Powi(n) => x.powi(n),
        Un::Clamp(low, high) => minimum(maximum(x, low), high),
        Un::ToFloat => x,
    }
}

fn unary_status(op: Un, x: f64, s: Status, r: f64) -> Status {
    match (op, s) {
        // The library's `exp` is its own, within 1 ulp of the exact result; libm's is too.
        (Un::Exp, Status::Exact) => Status::Near(ulps(r, 2.0)),
        (_, Status::Exact) => Status::Exact,
        (Un::Neg | Un::Abs | Un::Clamp(..), Status::Near(t)) if !x.is_nan() => Status::Near(t),
        _ => Status::Unknown,
    }
}

fn compare(op: Cmp, x: f64, y: f64) -> bool {
    match op {
        Cmp::Lt => x < y,
        Cmp::Le => x <= y,
        Cmp::Gt => x > y,
        Cmp::Ge => x >= y,
        Cmp::Eq => x == y,
    }
}

/// Whether every order of adding up `terms` gives the same sum: each is not finite, or a
/// multiple of 2^-24 below 2^22 in magnitude, and there are at most 128 of them, so that every
/// partial sum is a multiple of 2^-24 below 2^29, which a float holds exactly.
fn exact_in_any_order(terms: &[f64]) -> bool {
    let small_dyadic =
        |t: f64| !t.is_finite() || (t.abs() < (1u64 << 22) as f64 && (t * 16777216.0).fract() == 0.0);
    terms.len() <= 128 && terms.iter().all(|&t| small_dyadic(t))
}

/// One output element of a reduction from its terms (in row-major order within the reduced
/// axes) and their statuses.
fn reduce_one(red: Red, terms: &[f64], status: &[Status]) -> (f64, Status) {
    let all_exact = status.iter().all(|&s| s == Status::Exact);
    let any_unknown = status.contains(&Status::Unknown);
    let worst = status.iter().fold(0.0f64, |w, s| if let Status::Near(t) = s { w.max(*t) } else { w });
    match red {
        Red::Sum | Red::Mean => {
            // From 0, left to right; the sum of nothing is 0, the mean of nothing NaN (0 / 0).
            let sum = terms.iter().fold(0.0, |a, &t| a + t);
            let n = terms.len() as f64;
            let status = if all_exact && exact_in_any_order(terms) {
                Status::Exact
            } else if any_unknown || !sum.is_finite() {
                // A sum that is not finite is NaN or an infinity in every order, unless a
                // term's tolerance says otherwise.
                if sum.is_finite() || !all_exact { Status::Unknown } else { Status::Exact }
            } else {
                let magnitude = terms.iter().fold(0.0, |a, &t| a + t.abs());
                let tolerance = worst * n + 2.0 * n * f64::EPSILON * magnitude + ulps(sum, 2.0);
                Status::Near(tolerance)
            };
            if red == Red::Sum {
                (sum, status)
            } else {
                let mean = sum / n;
                let status = match status {
                    Status::Near(t) => Status::Near(t / n + ulps(mean, 2.0)),
                    s => s,
                };
                (mean, status)
            }
        }
        Red::Max | Red::Min | Red::ArgMax | Red::ArgMin => {
            // NaN is ignored unless every element is NaN; the first best position.
            assert!(!terms.is_empty(), "only a `try_` form reduces an axis that may be empty");
            let better =
                |x: f64, best: f64| if matches!(red, Red::Max | Red::ArgMax) { x > best } else { x < best };
            let mut at = 0;
            for (i, &t) in terms.iter().enumerate() {
                if !t.is_nan() && (terms[at].is_nan() || better(t, terms[at])) {
                    at = i;
                }
            }
            let best = terms[at];
            if matches!(red, Red::ArgMax | Red::ArgMin) {
                return (at as f64, if all_exact { Status::Exact } else { Status::Unknown });
            }
            let both_zeros = best == 0.0
                && terms.iter().any(|&t| t == 0.0 && t.is_sign_positive())
                && terms.iter().any(|&t| t == 0.0 && t.is_sign_negative());
            let status = if any_unknown || both_zeros {
                Status::Unknown
            } else if all_exact {
                Status::Exact
            } else if best.is_nan() {
                Status::Unknown
            } else {
                Status::Near(worst)
            };
            (best, status)
        }
    }
}

/// Evaluates `node` over `operands`.
pub fn eval(node: &Node, operands: &[Operand]) -> Value {
    eval_tries(node, operands).0
}

/// Evaluates `node` over `operands`, and says for each `try_` reduction (by its id) whether one
/// of its reduced axes is empty, so that the library must answer `None`. Such a reduction's
/// elements are unknown (the test stops there), but it has its shape, so the tree around it
/// still evaluates.
pub fn eval_tries(node: &Node, operands: &[Operand]) -> (Value, Vec<bool>) {
    let mut empty = vec![];
    let value = eval_in(node, operands, &mut empty);
    (value, empty)
}

fn eval_in(node: &Node, operands: &[Operand], empty: &mut Vec<bool>) -> Value {
    let mut operand = |node: &Node| eval_in(node, operands, empty);
    match node {
        Node::Leaf(k) => {
            let (data, shape) = &operands[*k];
            assert_eq!(data.len(), shape.iter().product::<usize>(), "operand {k}");
            Value { shape: shape.clone(), data: data.to_vec(), status: vec![Status::Exact; data.len()] }
        }
        Node::Num(v) => Value { shape: vec![], data: vec![*v], status: vec![Status::Exact] },
        Node::Bin(op, a, b) => {
            let (a, b) = (operand(a), operand(b));
            let (shape, spread) = numpy_all(&[&a, &b]);
            zip(*op, shape, &spread[0], &spread[1])
        }
        Node::Dims(op, dims, a, b) => {
            let (a, b) = (operand(a), operand(b));
            let shape = naive::with_dims(&a.shape, &b.shape, dims).expect("the generated dims apply");
            let [ma, mb] = naive::with_dims_maps(a.shape.len(), b.shape.len(), dims);
            zip(*op, shape.clone(), &spread(&a, &ma, &shape), &spread(&b, &mb, &shape))
        }
        Node::Un(op, a) => {
            let a = operand(a);
            let data: Vec<f64> = a.data.iter().map(|&x| unary(*op, x)).collect();
            let status =
                (0..data.len()).map(|i| unary_status(*op, a.data[i], a.status[i], data[i])).collect();
            Value { shape: a.shape, data, status }
        }
        Node::Select(cmp, parts) => {
            let parts: Vec<Value> = parts.iter().map(&mut operand).collect();
            let (shape, spread) = numpy_all(&parts.iter().collect::<Vec<_>>());
            let [(a, sa), (b, sb), (yes, syes), (no, sno)] = <[_; 4]>::try_from(spread).unwrap();
            let picks: Vec<Option<bool>> = (0..a.len())
                .map(|i| {
                    (sa[i] == Status::Exact && sb[i] == Status::Exact).then(|| compare(*cmp, a[i], b[i]))
                })
                .collect();
            let data = (0..a.len()).map(|i| if picks[i].unwrap_or(false) { yes[i] } else { no[i] }).collect();
            let status = (0..a.len())
                .map(|i| match picks[i] {
                    Some(true) => syes[i],
                    Some(false) => sno[i],
                    None => Status::Unknown,
                })
                .collect();
            Value { shape, data, status }
        }
        Node::Reduce(red, axes, keep, id, a) => {
            let a = operand(a);
            let none = axes.iter().any(|&i| a.shape[i] == 0);
            if let Some(id) = *id {
                if empty.len() <= id {
                    empty.resize(id + 1, false);
                }
                empty[id] = none;
            }
            let kept: Vec<usize> = (0..a.shape.len()).filter(|i| !axes.contains(i)).collect();
            let out: Vec<usize> = kept.iter().map(|&i| a.shape[i]).collect();
            let mut groups: Vec<Elements> = vec![(vec![], vec![]); out.iter().product()];
            // Row-major over the operand: each output's terms come in row-major order within
            // the reduced axes.
            for (k, c) in naive::coords(&a.shape).iter().enumerate() {
                let o: Vec<usize> = kept.iter().map(|&i| c[i]).collect();
                let group = &mut groups[naive::ravel(&o, &out)];
                group.0.push(a.data[k]);
                group.1.push(a.status[k]);
            }
            let folded: Vec<(f64, Status)> = if none && id.is_some() {
                vec![(f64::NAN, Status::Unknown); groups.len()]
            } else {
                groups.iter().map(|(t, s)| reduce_one(*red, t, s)).collect()
            };
            let shape = if *keep {
                (0..a.shape.len()).map(|i| if axes.contains(&i) { 1 } else { a.shape[i] }).collect()
            } else {
                out
            };
            Value {
                shape,
                data: folded.iter().map(|f| f.0).collect(),
                status: folded.iter().map(|f| f.1).collect(),
            }
        }
    }
}

fn zip(op: Bin, shape: Vec<usize>, a: &Elements, b: &Elements) -> Value {
    let data: Vec<f64> = a.0.iter().zip(&b.0).map(|(&x, &y)| binary(op, x, y)).collect();
    let status =
        (0..data.len()).map(|i| binary_status(op, (a.0[i], a.1[i]), (b.0[i], b.1[i]), data[i])).collect();
    Value { shape, data, status }
}

/// Whether `got` (of shape `shape`) is `want`, element by element as each element's status
/// says; the message names the first element that is not.
pub fn check(got: &[f64], shape: &[usize], want: &Value) -> Result<(), String> {
    if shape != want.shape.as_slice() || got.len() != want.data.len() {
        return Err(format!("shape {shape:?} ({} elements), want {:?}", got.len(), want.shape));
    }
    for (i, (&g, (&w, &s))) in got.iter().zip(want.data.iter().zip(&want.status)).enumerate() {
        let ok = match s {
            Status::Exact => g.to_bits() == w.to_bits() || (g.is_nan() && w.is_nan()),
            Status::Near(t) => (g.is_nan() && w.is_nan()) || g == w || (g - w).abs() <= t,
            Status::Unknown => true,
        };
        if !ok {
            return Err(format!("element {i}: got {g:?}, want {w:?} ({s:?})"));
        }
    }
    Ok(())
}

/// How many elements of `want` are checked (not [`Status::Unknown`]).
pub fn checked(want: &Value) -> usize {
    want.status.iter().filter(|&&s| s != Status::Unknown).count()
}

/// `len` floats with the hazards (NaN, infinities, signed zeros) one time in `hazard` positions
/// or so (never for 0), the others multiples of 0.25 from −5.25 to 8.25, which add and multiply
/// exactly.
pub fn values(len: usize, seed: u64, hazard: u64) -> Vec<f64> {
    let mut state = seed | 1;
    (0..len)
        .map(|_| {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            let pick = state >> 32;
            if hazard != 0 && pick.is_multiple_of(hazard) {
                [f64::NAN, f64::INFINITY, f64::NEG_INFINITY, -0.0, 0.0][(pick / hazard % 5) as usize]
            } else {
                ((pick >> 8) % 55) as f64 * 0.25 - 5.25
            }
        })
        .collect()
}

/// `before` with `want` added element by element (`out += expression`).
pub fn added(before: &[f64], want: &Value) -> Value {
    let data: Vec<f64> = before.iter().zip(&want.data).map(|(&x, &y)| x + y).collect();
    let status = (0..data.len())
        .map(|i| binary_status(Bin::Add, (before[i], Status::Exact), (want.data[i], want.status[i]), data[i]))
        .collect();
    Value { shape: want.shape.clone(), data, status }
}

/// The reduction of every element of `v` (`sum_all`), as a value of shape `[]`.
pub fn total_of(red: Red, v: &Value) -> Value {
    let (data, status) = reduce_one(red, &v.data, &v.status);
    Value { shape: vec![], data: vec![data], status: vec![status] }
}

/// The flat row-major position of the first best element of `v` (`argmax_all` with
/// [`Red::ArgMax`], `argmin_all` with [`Red::ArgMin`]): `None` for no elements. Known only when
/// every element is exact (else the outer `None`).
pub fn position_of(red: Red, v: &Value) -> Option<Option<usize>> {
    if v.data.is_empty() {
        return Some(None);
    }
    match reduce_one(red, &v.data, &v.status) {
        (at, Status::Exact) => Some(Some(at as usize)),
        _ => None,
    }
}

/// Whether two float slices hold the same bits, any NaN matching any NaN.
pub fn same_bits(a: &[f64], b: &[f64]) -> bool {
    a.len() == b.len()
        && a.iter().zip(b).all(|(x, y)| x.to_bits() == y.to_bits() || (x.is_nan() && y.is_nan()))
}
