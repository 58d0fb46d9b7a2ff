//! The sentence each rejected broadcast must print, written from the rules and the message
//! formats the README and the rules' documentation give, without calling the library: for each
//! form, the checks in their documented order, the first failure named.
//!
//! `None` means the broadcast is accepted. Like the library, a message keeps its shapes in a
//! 64-byte budget (sizes as LEB128 varints, lists in the order lhs, rhs, dims/axes): a list that
//! does not fit is printed as far as it goes, then `…`.
#![allow(dead_code)]

const MAX_RANK: usize = 64;

/// The three lists a message names, printed within the budget.
fn printed(lists: [&[usize]; 3]) -> [String; 3] {
    let mut left = 64usize;
    lists.map(|list| {
        let mut kept = vec![];
        let mut cut = false;
        for &value in list {
            let bytes = (usize::BITS - value.leading_zeros()).max(1).div_ceil(7) as usize;
            if bytes > left || kept.len() == 255 {
                cut = true;
                break;
            }
            left -= bytes;
            kept.push(value.to_string());
        }
        match (cut, kept.is_empty()) {
            (false, _) => format!("[{}]", kept.join(", ")),
            (true, true) => "[…]".to_string(),
            (true, false) => format!("[{}, …]", kept.join(", ")),
        }
    })
}

fn overflows(shape: &[usize]) -> bool {
    shape.iter().filter(|&&d| d != 0).try_fold(1usize, |acc, &d| acc.checked_mul(d)).is_none()
}

fn too_many(noun: &str, list: &[usize]) -> Option<String> {
    (list.len() > MAX_RANK).then(|| {
        format!("cannot broadcast: {noun} has {} entries; at most 64 axes are supported", list.len())
    })
}

/// Operand `i` of `n`, in words.
fn operand(i: usize, n: usize) -> String {
    match (n, i) {
        (0 | 1, _) => "the operand".to_string(),
        (2, 0) => "the first operand".to_string(),
        (2, _) => "the second operand".to_string(),
        _ => format!("operand {}", i + 1),
    }
}

/// Why a result `out` that `overflows` is refused: its element count, or, with a size 0 (no
/// elements), its other sizes' product.
fn overflow(out: &[usize]) -> &'static str {
    if out.contains(&0) {
        "the result's sizes other than 0 multiply past usize, which no shape's may, even one with no elements"
    } else {
        "the result has more elements than usize can count"
    }
}
const SYMMETRIC: &str = "sizes must be equal or one of them 1";
const ONE_WAY: &str = "a size must equal the target's or be 1";

/// The first entry of `list` out of range for `rank`, then the first out of order.
fn range_error(name: &str, list: &[usize], rank: usize) -> Option<String> {
    let (entry, axis) = list.iter().enumerate().find(|&(_, &a)| a >= rank)?;
    Some(format!("{name} entry {entry} is {axis}, out of range for rank {rank}"))
}

fn order_error(name: &str, list: &[usize]) -> Option<String> {
    let entry = (1..list.len()).find(|&k| list[k] <= list[k - 1])?;
    Some(format!(
        "{name} entry {entry} is {}, not greater than the entry before it ({}); {name} must be strictly increasing",
        list[entry],
        list[entry - 1]
    ))
}

/// NumPy: the first axis, left to right (shapes aligned on the right), where an operand's size
/// is neither 1 nor the size of the first operand that is not 1 there.
pub fn numpy(shapes: &[Vec<usize>]) -> Option<String> {
    let n = shapes.len();
    for (i, s) in shapes.iter().enumerate() {
        if let Some(m) = too_many(&operand(i, n), s) {
            return Some(m);
        }
    }
    let rank = shapes.iter().map(Vec::len).max().unwrap_or(0);
    let mut out = vec![1; rank];
    for (axis, size) in out.iter_mut().enumerate() {
        let mut seen: Option<(usize, usize)> = None;
        for (j, s) in shapes.iter().enumerate() {
            if axis + s.len() < rank {
                continue;
            }
            let d = s[axis + s.len() - rank];
            match seen {
                _ if d == 1 => {}
                None => seen = Some((j, d)),
                Some((_, first)) if first == d => {}
                Some((i, first)) => {
                    let [a, b, _] = printed([&shapes[i], &shapes[j], &[]]);
                    let (a, b) = if n > 2 {
                        (format!("operand {} {a}", i + 1), format!("operand {} {b}", j + 1))
                    } else {
                        (a, b)
                    };
                    return Some(format!(
                        "cannot broadcast {a} with {b}: axis {axis} has sizes {first} and {d}; {SYMMETRIC}"
                    ));
                }
            }
        }
        *size = seen.map_or(1, |(_, d)| d);
    }
    // The first two operands (a lone operand alone).
    overflows(&out).then(|| match shapes {
        [a] => format!("cannot broadcast {}: {}", printed([a, &[], &[]])[0], overflow(&out)),
        _ => {
            let [a, b, _] = printed([&shapes[0], &shapes[1], &[]]);
            format!("cannot broadcast {a} with {b}: {}", overflow(&out))
        }
    })
}

/// NumPy's `broadcast_to`: the rank, then each size of `a` (aligned on the right) against the
/// target's.
pub fn broadcast_to(a: &[usize], s: &[usize]) -> Option<String> {
    if let Some(m) = too_many("the operand", a).or_else(|| too_many("the target", s)) {
        return Some(m);
    }
    let [pa, ps, _] = printed([a, s, &[]]);
    let head = format!("cannot broadcast {pa} to {ps}");
    if a.len() > s.len() {
        return Some(format!(
            "{head}: rank {} exceeds the target's rank {}; broadcasting never removes axes",
            a.len(),
            s.len()
        ));
    }
    let pad = s.len() - a.len();
    for (k, &d) in a.iter().enumerate() {
        let target = s[k + pad];
        if d != 1 && d != target {
            return Some(format!(
                "{head}: axis {} has size {d} but the target has {target}; {ONE_WAY}",
                k + pad
            ));
        }
    }
    overflows(s).then(|| format!("{head}: {}", overflow(s)))
}

/// nGraph's `Broadcast`: each axis's range, the order, the argument's rank, then each kept size.
pub fn axes(arg: &[usize], s: &[usize], axes: &[usize]) -> Option<String> {
    if let Some(m) = too_many("the operand", arg)
        .or_else(|| too_many("the target", s))
        .or_else(|| too_many("the axes list", axes))
    {
        return Some(m);
    }
    let [pa, ps, pl] = printed([arg, s, axes]);
    let head = format!("cannot broadcast {pa} to {ps} with axes {pl}");
    if let Some(m) = range_error("axes", axes, s.len()).or_else(|| order_error("axes", axes)) {
        return Some(format!("{head}: {m}"));
    }
    let kept: Vec<usize> = (0..s.len()).filter(|i| !axes.contains(i)).collect();
    if arg.len() != kept.len() {
        return Some(format!(
            "{head}: the target without the broadcast axes has rank {}, but the argument has rank {}; they must be equal",
            kept.len(),
            arg.len()
        ));
    }
    for (k, (&d, &axis)) in arg.iter().zip(&kept).enumerate() {
        if d != s[axis] {
            return Some(format!(
                "{head}: target axis {axis} has size {} but argument axis {k} has size {d}; sizes outside the broadcast axes must be equal",
                s[axis]
            ));
        }
    }
    overflows(s).then(|| format!("{head}: {}", overflow(s)))
}

/// XLA's `BroadcastInDim`: the rank, the length of `dims`, each entry's range, each size, then
/// the order.
pub fn in_dim(a: &[usize], s: &[usize], dims: &[usize]) -> Option<String> {
    if let Some(m) = too_many("the operand", a)
        .or_else(|| too_many("the target", s))
        .or_else(|| too_many("the dims list", dims))
    {
        return Some(m);
    }
    let [pa, ps, pl] = printed([a, s, dims]);
    let head = format!("cannot broadcast {pa} to {ps} with dims {pl}");
    if a.len() > s.len() {
        return Some(format!(
            "{head}: rank {} exceeds the target's rank {}; broadcasting never removes axes",
            a.len(),
            s.len()
        ));
    }
    if dims.len() != a.len() {
        return Some(format!(
            "{head}: dims has {} {} but the operand has rank {}; there must be one entry per axis",
            dims.len(),
            entries(dims.len()),
            a.len()
        ));
    }
    if let Some(m) = range_error("dims", dims, s.len()) {
        return Some(format!("{head}: {m}"));
    }
    for (k, (&d, &axis)) in a.iter().zip(dims).enumerate() {
        if d != 1 && d != s[axis] {
            return Some(format!(
                "{head}: operand axis {k} (size {d}) maps to target axis {axis} (size {}); {ONE_WAY}",
                s[axis]
            ));
        }
    }
    if let Some(m) = order_error("dims", dims) {
        return Some(format!("{head}: {m}"));
    }
    overflows(s).then(|| format!("{head}: {}", overflow(s)))
}

/// XLA's binary form: how `dims` fits the ranks, each entry's range, each size pair, then the
/// order.
pub fn with_dims(l: &[usize], r: &[usize], dims: &[usize]) -> Option<String> {
    if let Some(m) = too_many("the first operand", l)
        .or_else(|| too_many("the second operand", r))
        .or_else(|| too_many("the dims list", dims))
    {
        return Some(m);
    }
    let [pl, pr, pd] = printed([l, r, dims]);
    let head = format!("cannot broadcast {pl} with {pr} using dims {pd}");
    let (low, high) = if l.len() < r.len() { (l, r) } else { (r, l) };
    if low.len() == high.len() {
        if !dims.is_empty() && dims.iter().copied().ne(0..low.len()) {
            let identity: Vec<String> = (0..low.len()).map(|i| i.to_string()).collect();
            return Some(format!(
                "{head}: the ranks are equal, so dims must be empty or the identity [{}]",
                identity.join(", ")
            ));
        }
    } else if dims.is_empty() && !low.is_empty() {
        return Some(format!(
            "{head}: ranks {} and {} differ and neither operand is a scalar; dims must say where the lower-rank operand's axes go",
            l.len(),
            r.len()
        ));
    } else if dims.len() != low.len() {
        return Some(format!(
            "{head}: dims has {} {} but the lower-rank operand has rank {}; there must be one entry per axis",
            dims.len(),
            entries(dims.len()),
            low.len()
        ));
    } else if let Some(m) = range_error("dims", dims, high.len()) {
        return Some(format!("{head}: {m}"));
    }
    let mut out = high.to_vec();
    for (k, &small) in low.iter().enumerate() {
        let axis = dims.get(k).copied().unwrap_or(k);
        let big = high[axis];
        if small != big && small != 1 && big != 1 {
            let (a, b) = if l.len() < r.len() { (small, big) } else { (big, small) };
            return Some(format!("{head}: axis {axis} has sizes {a} and {b}; {SYMMETRIC}"));
        }
        if big == 1 {
            out[axis] = small;
        }
    }
    if let Some(m) = order_error("dims", dims) {
        return Some(format!("{head}: {m}"));
    }
    overflows(&out).then(|| format!("{head}: {}", overflow(&out)))
}

/// What pairing a slice of length `len` with `shape` must print (`Array::new`, a tensor's
/// constructor): too many axes, then an element count past `usize`, then a wrong length.
pub fn data(shape: &[usize], len: usize) -> Option<String> {
    if shape.len() > MAX_RANK {
        return Some(format!(
            "invalid shape: the shape has {} entries; at most 64 axes are supported",
            shape.len()
        ));
    }
    let [printed, ..] = printed([shape, &[], &[]]);
    if overflows(shape) {
        let why = if shape.contains(&0) {
            "its sizes other than 0 multiply past usize, which no shape's may, even one with no elements"
        } else {
            "its element count overflows usize"
        };
        return Some(format!("invalid data for shape {printed}: {why}"));
    }
    let count: usize = shape.iter().product();
    let s = if len == 1 { "" } else { "s" };
    (len != count).then(|| {
        format!(
            "invalid data for shape {printed}: the slice holds {len} element{s} but its shape has {count}"
        )
    })
}

/// "entry" or "entries", for `n` of them.
fn entries(n: usize) -> &'static str {
    if n == 1 { "entry" } else { "entries" }
}
