//! Checking: literal shapes are decided here, at expansion time, by the same rules functions as
//! `shapecast::dynamic`; each error is placed on the token at fault.

use proc_macro2::{Span, TokenStream};
use shapecast_rules::{self as rules, BroadcastError, ErrorKind, Form, MAX_RANK, Slot};

use crate::expand;
use crate::parse::{BroadcastInput, Keyword, Literals, Operand};

/// The run-time sizes named in one `broadcast!`'s literal lists, each a symbol of the rules: the
/// same name is the same size (one binding), two names are two sizes.
#[derive(Default)]
struct Symbols {
    keys: Vec<String>,
    types: Vec<TokenStream>,
}

impl Symbols {
    /// `l`'s values with each named size replaced by its symbol.
    fn values(&mut self, l: &Literals) -> Vec<usize> {
        (l.values.iter().zip(&l.names))
            .map(|(&v, name)| {
                let Some(name) = name else { return v };
                let k = self.keys.iter().position(|k| *k == name.key).unwrap_or_else(|| {
                    self.keys.push(name.key.clone());
                    self.types.push(name.ty.clone());
                    self.keys.len() - 1
                });
                rules::symbol(k).unwrap_or(usize::MAX)
            })
            .collect()
    }

    fn names(&self) -> Vec<&str> {
        self.keys.iter().map(String::as_str).collect()
    }

    /// The output type for the dims the rules returned.
    fn list(&self, dims: &[usize]) -> TokenStream {
        expand::list_named(dims, &self.types)
    }

    /// The error at `span`, run-time sizes by name.
    fn error(&self, span: Span, e: &BroadcastError) -> syn::Error {
        syn::Error::new(span, e.named(&self.names()))
    }

    /// The rules' broadcast, with symbols when a list names a run-time size.
    fn run<R>(&self, plain: impl FnOnce() -> R, symbolic: impl FnOnce(rules::Symbolic) -> R) -> R {
        if self.keys.is_empty() { plain() } else { symbolic(rules::Symbolic) }
    }
}

/// Every error a macro found, and the best-effort type it expands to anyway.
pub struct Failure {
    pub errors: Vec<syn::Error>,
    pub fallback: TokenStream,
}

impl Failure {
    /// `Ok(ty())` if there are no errors; else the errors with `ty()` as the fallback.
    pub fn unless(errors: Vec<syn::Error>, ty: impl FnOnce() -> TokenStream) -> Result<TokenStream, Failure> {
        if errors.is_empty() { Ok(ty()) } else { Err(Failure { errors, fallback: ty() }) }
    }
}

/// Checks a parsed `broadcast!` and returns its expansion, or every error found.
pub fn broadcast(input: BroadcastInput) -> Result<TokenStream, Failure> {
    let fallback = best_effort(&input);
    broadcast_errors(input).map_err(|errors| Failure { errors, fallback })
}

/// What a failed `broadcast!` expands to, so that code using it sees no second error: the target
/// if there is one; for literal operands, the shape with each axis's largest size; else the
/// first operand.
fn best_effort(input: &BroadcastInput) -> TokenStream {
    if let Some(target) = &input.target {
        return expand::operand(target);
    }
    if let Some(lits) = input.operands.iter().map(Operand::literal).collect::<Option<Vec<_>>>() {
        let rank = lits.iter().map(|l| l.values.len()).max().unwrap_or(0).min(MAX_RANK);
        let mut out = vec![1; rank];
        for l in lits {
            for (o, &d) in out.iter_mut().rev().zip(l.values.iter().rev()) {
                *o = (*o).max(d);
            }
        }
        return expand::list(&out);
    }
    input.operands.first().map_or_else(|| expand::list(&[]), expand::operand)
}

fn broadcast_errors(input: BroadcastInput) -> Result<TokenStream, Vec<syn::Error>> {
    let mut errors = input.errors;
    let literals = input.operands.iter().chain(&input.target).filter_map(Operand::literal);
    for l in literals {
        errors.extend(shape_limits(l));
    }
    if let Some(opts) = &input.options
        && !all_literal(&input.operands, input.target.as_ref())
    {
        // With a type operand only the list's own order can be checked here; the traits
        // check the rest.
        errors.extend(list_order(&opts.list, opts.keyword));
    }
    if !errors.is_empty() {
        return Err(errors);
    }
    let option = input.options.as_ref().map(|o| (o.keyword, &o.list));
    match (&input.target, option) {
        (Some(target), option) => to_target(&input.operands[0], target, option),
        (None, Some((_, dims))) => with_dims(&input.operands[0], &input.operands[1], dims),
        (None, None) => numpy(&input.operands),
    }
    .map_err(|e| vec![e])
}

fn all_literal(operands: &[Operand], target: Option<&Operand>) -> bool {
    operands.iter().chain(target).all(|o| o.literal().is_some())
}

fn numpy(operands: &[Operand]) -> syn::Result<TokenStream> {
    let Some(lits) = operands.iter().map(Operand::literal).collect::<Option<Vec<_>>>() else {
        return Ok(expand::numpy(operands));
    };
    let mut symbols = Symbols::default();
    let values: Vec<Vec<usize>> = lits.iter().map(|l| symbols.values(l)).collect();
    let shapes: Vec<&[usize]> = values.iter().map(Vec::as_slice).collect();
    let result = symbols.run(|| rules::broadcast_shapes(&shapes), |s| s.broadcast_shapes(&shapes));
    match result {
        Ok(out) => Ok(symbols.list(&out)),
        Err(e) => {
            let rank = shapes.iter().map(|s| s.len()).max().unwrap_or(0);
            let span = match e.kind() {
                ErrorKind::SizeMismatch { axis, operands: [_, j], .. } => {
                    let l = lits[j];
                    l.spans.get(axis + l.values.len() - rank).copied().unwrap_or(l.span)
                }
                // The result overflows: blame the last operand, which made it so.
                _ => lits.last().map_or_else(Span::call_site, |l| l.span),
            };
            match misplaced(&shapes, &e, &symbols.names()) {
                Some(hint) => Err(syn::Error::new(span, format!("{}; {hint}", e.named(&symbols.names())))),
                None => Err(symbols.error(span, &e)),
            }
        }
    }
}

/// The fix for a run-time size that NumPy's right alignment puts on the wrong axis, as in
/// `[Samples, 10]` with `[Samples]` (the rank-1 operand's `Samples` meets the 10): if the same
/// size sits on an axis further left in another operand, a size-1 axis appended lines it up.
fn misplaced(shapes: &[&[usize]], e: &BroadcastError, names: &[&str]) -> Option<String> {
    let ErrorKind::SizeMismatch { axis, sizes: [a, b], operands: [i, j] } = e.kind() else { return None };
    let (size, holder) = match (rules::symbol_index(a), rules::symbol_index(b)) {
        (Some(_), None) => (a, i),
        (None, Some(_)) => (b, j),
        _ => return None,
    };
    let rank = shapes.iter().map(|s| s.len()).max()?;
    let shape = shapes.get(holder)?;
    let wanted = (shapes.iter().enumerate())
        .filter(|&(o, _)| o != holder)
        .find_map(|(_, s)| s.iter().position(|&d| d == size).map(|q| q + rank - s.len()))
        .filter(|&p| p < axis)?;
    let ones = axis - wanted;
    if shape.len() + ones > rank {
        return None;
    }
    let name = |d: usize| rules::symbol_index(d).and_then(|k| names.get(k).copied());
    let write = |dims: &[usize]| {
        let parts: Vec<String> =
            dims.iter().map(|&d| name(d).map_or_else(|| d.to_string(), str::to_string)).collect();
        format!("[{}]", parts.join(", "))
    };
    let mut fixed = shape.to_vec();
    fixed.extend(std::iter::repeat_n(1, ones));
    let tensor =
        if ones == 1 { format!(", `insert_axis::<{}>()` on a tensor", shape.len()) } else { String::new() };
    Some(format!(
        "if {} belongs on axis {wanted}, write {} for {} (a size-1 axis where it should stretch: NumPy's `np.newaxis`{tensor})",
        name(size)?,
        write(&fixed),
        write(shape),
    ))
}

fn to_target(
    a: &Operand,
    target: &Operand,
    option: Option<(Keyword, &Literals)>,
) -> syn::Result<TokenStream> {
    let list = option.map(|(k, l)| (k, l.values.as_slice()));
    let (Some(op), Some(s)) = (a.literal(), target.literal()) else {
        return Ok(expand::to_target(a, target, list));
    };
    let mut symbols = Symbols::default();
    let (from, to) = (symbols.values(op), symbols.values(s));
    let result = match option {
        None => symbols.run(|| rules::broadcast_to(&from, &to), |r| r.broadcast_to(&from, &to)),
        Some((Keyword::Axes, axes)) => symbols.run(
            || rules::broadcast_axes(&from, &to, &axes.values),
            |r| r.broadcast_axes(&from, &to, &axes.values),
        ),
        Some((Keyword::Dims, dims)) => symbols.run(
            || rules::broadcast_in_dim(&from, &to, &dims.values),
            |r| r.broadcast_in_dim(&from, &to, &dims.values),
        ),
    };
    match result {
        Ok(out) => Ok(symbols.list(&out)),
        Err(e) => {
            let listed = option.map(|(_, l)| l);
            Err(symbols.error(blame(&e, [op, s], listed), &e))
        }
    }
}

fn with_dims(a: &Operand, b: &Operand, dims: &Literals) -> syn::Result<TokenStream> {
    let (Some(l), Some(r)) = (a.literal(), b.literal()) else {
        return Ok(expand::with_dims(a, b, &dims.values));
    };
    let mut symbols = Symbols::default();
    let (lhs, rhs) = (symbols.values(l), symbols.values(r));
    let result = symbols.run(
        || rules::broadcast_with_dims(&lhs, &rhs, &dims.values),
        |s| s.broadcast_with_dims(&lhs, &rhs, &dims.values),
    );
    match result {
        Ok(out) => Ok(symbols.list(&out)),
        Err(e) => Err(symbols.error(blame(&e, [l, r], Some(dims)), &e)),
    }
}

/// The token at fault for an error of the one-operand forms and of XLA's binary form:
/// `lits` are the operand and the target (or the two operands), `list` the dims/axes.
fn blame(e: &BroadcastError, lits: [&Literals; 2], list: Option<&Literals>) -> Span {
    let [a, b] = lits;
    let entry = |k: usize| list.and_then(|l| l.spans.get(k).copied());
    let size = |l: &Literals, k: usize| l.spans.get(k).copied();
    let whole_list = list.map(|l| l.span);
    let found = match e.kind() {
        ErrorKind::TooManyAxes { slot: Slot::Operand(i), .. } => Some(lits[i.min(1)].span),
        ErrorKind::TooManyAxes { slot: Slot::Target, .. } => Some(b.span),
        ErrorKind::CannotStretch { operand_axis, .. } => size(a, operand_axis),
        ErrorKind::KeptSizeMismatch { arg_axis, .. } => size(a, arg_axis),
        ErrorKind::RankTooLarge { .. } => Some(a.span),
        ErrorKind::AxisOutOfRange { entry: k, .. } | ErrorKind::NotIncreasing { entry: k, .. } => entry(k),
        ErrorKind::WrongAxisCount { .. } if e.form() == Form::Axes => Some(a.span),
        ErrorKind::WrongAxisCount { .. } | ErrorKind::NotIdentity { .. } => whole_list,
        ErrorKind::RanksDifferWithoutDims { .. } => {
            Some(if a.values.len() < b.values.len() { a.span } else { b.span })
        }
        ErrorKind::SizeMismatch { axis, .. } => {
            // XLA's binary form: the right operand's size on that axis of the result.
            let dims = list.map_or(&[][..], |l| &l.values[..]);
            let k = if b.values.len() >= a.values.len() {
                Some(axis)
            } else {
                dims.iter().position(|&d| d == axis)
            };
            k.and_then(|k| size(b, k))
        }
        ErrorKind::TooManyElements => Some(b.span),
        _ => None,
    };
    found.unwrap_or_else(Span::call_site)
}

/// A literal shape's own limits: at most 64 axes, and an element count that fits in `usize`.
/// The error points at the first entry past the limit.
pub fn shape_limits(l: &Literals) -> Option<syn::Error> {
    if l.values.len() > MAX_RANK {
        let msg = format!("a shape has at most {MAX_RANK} axes; this one has {}", l.values.len());
        return Some(syn::Error::new(l.spans[MAX_RANK], msg));
    }
    let k = (1..=l.values.len()).find(|&k| rules::element_count(&l.values[..k]).is_none())?;
    let shape = rules::DynShape::try_from_slice(&l.values).unwrap_or_default();
    let msg =
        format!("the element count of {shape} overflows usize (the product of its non-zero sizes must fit)");
    Some(syn::Error::new(l.spans[k - 1], msg))
}

/// `perm![…]`'s rules: at most 64 entries, each axis named once.
pub fn distinct(l: &Literals) -> Option<syn::Error> {
    if l.values.len() > MAX_RANK {
        let msg = format!("perm has at most {MAX_RANK} entries; this one has {}", l.values.len());
        return Some(syn::Error::new(l.spans[MAX_RANK], msg));
    }
    let (k, first) = (1..l.values.len())
        .find_map(|k| l.values[..k].iter().position(|&v| v == l.values[k]).map(|first| (k, first)))?;
    let msg = format!(
        "perm entry {k} is {}, which entry {first} already names; a permutation names each axis once",
        l.values[k]
    );
    Some(syn::Error::new(l.spans[k], msg))
}

/// A `dims`/`axes` list's own rules: at most 64 entries, strictly increasing.
pub fn list_order(l: &Literals, keyword: Keyword) -> Option<syn::Error> {
    let name = if keyword == Keyword::Axes { "axes" } else { "dims" };
    if l.values.len() > MAX_RANK {
        let msg = format!("{name} has at most {MAX_RANK} entries; this one has {}", l.values.len());
        return Some(syn::Error::new(l.spans[MAX_RANK], msg));
    }
    let (k, w) = l.values.windows(2).enumerate().find(|(_, w)| w[1] <= w[0])?;
    let msg = format!(
        "{name} entry {} is {}, not greater than the entry before it ({}); {name} must be strictly increasing",
        k + 1,
        w[1],
        w[0]
    );
    Some(syn::Error::new(l.spans[k + 1], msg))
}
