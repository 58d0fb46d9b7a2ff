//! The type-level conformance file: vectors and random shapes as static assertions.

use super::common;
use super::common::reference as naive;
use super::kernels::Unique;
use super::rng::Rng;

pub fn list(v: &[usize]) -> String {
    v.iter().map(|d| d.to_string()).collect::<Vec<_>>().join(", ")
}

fn increasing(v: &[usize]) -> bool {
    v.windows(2).all(|w| w[0] < w[1])
}

fn bracketed(s: &[usize]) -> String {
    format!("[{}]", list(s))
}

/// One broadcast as the `case!` of `common/cases.rs` writes it: the form and operands, then
/// `=> [result]` or `=> error`. `None` if the traits cannot be handed the case (an unsorted
/// `dims`/`axes` list).
fn case_line(form: &Form, expect: Option<&[usize]>) -> Option<String> {
    let result = |e: Option<&[usize]>| e.map_or("error".to_string(), bracketed);
    let body = match form {
        Form::Numpy(inputs) => match expect {
            Some(e) => {
                let operands: Vec<String> = inputs.iter().map(|s| bracketed(s)).collect();
                let operands = operands.join(", ");
                let sep = if operands.is_empty() { "" } else { " " };
                format!("numpy{sep}{operands} => {}", bracketed(e))
            }
            None => {
                // The first pairwise step that fails, its left side computed by the reference.
                let mut acc: Vec<usize> = inputs.first().cloned().unwrap_or_default();
                let mut failing = None;
                for next in inputs.iter().skip(1) {
                    match naive::numpy(&[acc.clone(), next.clone()]) {
                        Some(s) => acc = s,
                        None => {
                            failing = Some(next);
                            break;
                        }
                    }
                }
                let next = failing.expect("the reference rejects the case too");
                format!("numpy {}, {} => error", bracketed(&acc), bracketed(next))
            }
        },
        Form::To(a, s) => match expect {
            Some(_) => format!("to {} => {}", bracketed(a), bracketed(s)),
            None => format!("to {} => {} => error", bracketed(a), bracketed(s)),
        },
        Form::Axes(a, s, l) | Form::InDim(a, s, l) => {
            if !increasing(l) {
                return None;
            }
            let kw = if matches!(form, Form::Axes(..)) { "axes" } else { "in_dim" };
            let end = if expect.is_some() { "" } else { " => error" };
            format!("{kw} {} => {}, {}{end}", bracketed(a), bracketed(s), bracketed(l))
        }
        Form::WithDims(a, b, l) => {
            if !increasing(l) {
                return None;
            }
            format!("with_dims {}, {}, {} => {}", bracketed(a), bracketed(b), bracketed(l), result(expect))
        }
    };
    if let (Form::To(_, s) | Form::Axes(_, s, _) | Form::InDim(_, s, _), Some(e)) = (form, expect) {
        assert_eq!(s.as_slice(), e, "a one-way form's result is its target");
    }
    Some(format!("case!({body});"))
}

/// A broadcast: a form and its operands.
enum Form {
    Numpy(Vec<Vec<usize>>),
    To(Vec<usize>, Vec<usize>),
    Axes(Vec<usize>, Vec<usize>, Vec<usize>),
    InDim(Vec<usize>, Vec<usize>, Vec<usize>),
    WithDims(Vec<usize>, Vec<usize>, Vec<usize>),
}

impl Form {
    /// The result by the naive reference.
    fn reference(&self) -> Option<Vec<usize>> {
        match self {
            Form::Numpy(inputs) => naive::numpy(inputs),
            Form::To(a, s) => naive::broadcast_to(a, s),
            Form::Axes(a, s, l) => naive::axes(a, s, l),
            Form::InDim(a, s, l) => naive::in_dim(a, s, l),
            Form::WithDims(a, b, l) => naive::with_dims(a, b, l),
        }
    }
}

/// A vector as a form and its operands, if its fields make one.
fn form_of(case: &common::Case, inputs: &[Vec<usize>]) -> Option<Form> {
    let first = || inputs[0].clone();
    match case.kind() {
        "numpy" if case.op() == Some("broadcast_to") => case.out_shape().map(|s| Form::To(first(), s)),
        "numpy" => Some(Form::Numpy(inputs.to_vec())),
        "xla_binary" => case.list("broadcast_dims").map(|d| Form::WithDims(first(), inputs[1].clone(), d)),
        "ngraph" => case.out_shape().zip(case.list("axes")).map(|(s, l)| Form::Axes(first(), s, l)),
        _ => case.out_shape().zip(case.list("broadcast_dims")).map(|(s, l)| Form::InDim(first(), s, l)),
    }
}

fn vector_section(cases: &mut Unique) -> (usize, usize) {
    let (mut checked, mut skipped) = (0, 0);
    for case in common::cases() {
        // A negative size or list entry: only the macro's literal parser meets it (macro tests).
        let Some(inputs) = case.inputs() else {
            skipped += 1;
            continue;
        };
        match form_of(&case, &inputs).and_then(|f| case_line(&f, case.expect().as_deref())) {
            Some(line) => {
                cases.add(line, case.line);
                checked += 1;
            }
            None => skipped += 1,
        }
    }
    (checked, skipped)
}

/// Random cases, their expected results computed by the naive reference; each line once, and
/// none that a vector already checks.
fn random_section(vectors: &Unique) -> Unique {
    let mut rng = Rng(0x5eed_cafe_f00d_d00d);
    let mut random = Unique::default();
    for i in 0..240 {
        let out_shape = rng.shape(5);
        let form = match i % 5 {
            0 => {
                let (a, b) = (rng.stretchable(&out_shape), rng.stretchable(&out_shape));
                let b = if rng.below(4) == 0 { rng.shape(4) } else { b };
                Form::Numpy(vec![a, b])
            }
            1 => {
                let a = if rng.below(4) == 0 { rng.shape(3) } else { rng.stretchable(&out_shape) };
                Form::To(a, out_shape)
            }
            2 => {
                let axes = rng.subset(out_shape.len());
                let mut arg: Vec<usize> =
                    naive::axes_map(out_shape.len(), &axes).iter().map(|&i| out_shape[i]).collect();
                if rng.below(4) == 0 && !arg.is_empty() {
                    arg[0] = 1;
                }
                Form::Axes(arg, out_shape, axes)
            }
            3 => {
                let dims = rng.subset(out_shape.len());
                let a = rng.picked(&out_shape, &dims);
                let a = if rng.below(5) == 0 { a.iter().map(|&d| d + 1).collect() } else { a };
                Form::InDim(a, out_shape, dims)
            }
            _ => {
                let dims = rng.subset(out_shape.len());
                let (low, high) = (rng.picked(&out_shape, &dims), rng.some_ones(&out_shape));
                let dims = if low.len() == high.len() && rng.below(2) == 0 { vec![] } else { dims };
                let (l, r) = if rng.below(2) == 0 { (low, high) } else { (high, low) };
                Form::WithDims(l, r, dims)
            }
        };
        if let Some(line) = case_line(&form, form.reference().as_deref())
            && !vectors.contains(&line)
        {
            random.add(line, 0);
        }
    }
    random
}

pub fn render() -> String {
    let mut vectors = Unique::default();
    let (checked, skipped) = vector_section(&mut vectors);
    let random = random_section(&vectors);
    format!(
        "//! GENERATED by tests/test_generated_fresh.rs — do not edit; regenerate with\n\
         //! `SHAPECAST_BLESS=1 cargo test --test test_generated_fresh`.\n\
         //!\n\
         //! {checked} vector cases checked at the type level as {} distinct `case!`s (see\n\
         //! `common/cases.rs`; the comment names the lines of tests/data/vectors.jsonl; {skipped} not\n\
         //! expressible here: negative sizes, or an unsorted list the traits cannot be handed), and\n\
         //! {} distinct random cases whose expected shapes the naive reference computed\n\
         //! (`common/reference.rs`). It passes by compiling.\n\n\
         #[macro_use]\nmod common;\n\n\
         use shapecast::prelude::*;\n\
         use static_assertions::{{assert_not_impl_any, assert_type_eq_all}};\n\n\
         {}\n// Random shapes, expected results from the naive reference.\n{}\n\
         #[test]\nfn conformance_compiles() {{}}\n",
        vectors.len(),
        random.len(),
        vectors.render(""),
        random.render(""),
    )
}

/// The run-time size of the variants, and a second one for the negative cases.
const R: &str = "R<'static>";
const Q: &str = "Q<'static>";

fn tokens(v: &[usize]) -> Vec<String> {
    v.iter().map(usize::to_string).collect()
}

fn bracketed_tokens(v: &[String]) -> String {
    format!("[{}]", v.join(", "))
}

/// Where each axis of `operand` lands in an output of rank `rank` under `form`'s rule, for the
/// operand at `index` (NumPy's operands, the one-way forms' argument, XLA's two operands).
fn placed(form: &Form, index: usize, operand: &[usize], rank: usize) -> Vec<usize> {
    match form {
        Form::Numpy(_) | Form::To(..) => naive::numpy_map(operand.len(), rank),
        Form::Axes(_, _, l) => naive::axes_map(rank, l),
        Form::InDim(_, _, l) => l.clone(),
        Form::WithDims(a, b, l) => naive::with_dims_maps(a.len(), b.len(), l)[index].clone(),
    }
}

/// The case with output axis `k` (whose size is not 1) made the run-time size `R`: in the
/// output, in the target, and in every operand axis that lands on `k` with that size (a 1 there
/// stays 1, and is stretched). With `spoil`, the first operand that carries the size keeps it as
/// a literal (or, for NumPy's second operand, takes the other run-time size `Q`): the pair rule
/// must then reject it.
fn runtime_variant(form: &Form, expect: &[usize], k: usize, spoil: Option<&str>) -> Option<String> {
    let rank = expect.len();
    let size = expect[k];
    let mut out = tokens(expect);
    out[k] = R.to_string();
    let (mut spoiled, mut runtime) = (false, false);
    let mut mark = |index: usize, operand: &[usize]| -> Vec<String> {
        let map = placed(form, index, operand, rank);
        let mut t = tokens(operand);
        for (j, &axis) in map.iter().enumerate() {
            if axis == k && operand[j] == size {
                match spoil {
                    Some(other) if !spoiled && index == 1 => {
                        spoiled = true;
                        if other != "literal" {
                            t[j] = other.to_string();
                        }
                    }
                    _ => {
                        runtime = true;
                        t[j] = R.to_string();
                    }
                }
            }
        }
        t
    };
    let line = match form {
        Form::Numpy(inputs) => {
            let ops: Vec<String> =
                inputs.iter().enumerate().map(|(i, op)| bracketed_tokens(&mark(i, op))).collect();
            if spoil.is_some() {
                if !(spoiled && runtime) || ops.len() != 2 {
                    return None;
                }
                format!("rt numpy {} => error", ops.join(", "))
            } else {
                format!("rt numpy {} => {}", ops.join(", "), bracketed_tokens(&out))
            }
        }
        Form::To(a, _) if spoil.is_none() => {
            format!("rt to {} => {}", bracketed_tokens(&mark(0, a)), bracketed_tokens(&out))
        }
        Form::To(a, _) => {
            // The argument keeps the size as a literal: a fixed size never stretches to `R`.
            let map = placed(form, 0, a, rank);
            map.iter().zip(a).find(|&(&axis, &d)| axis == k && d == size)?;
            format!("rt to {} => {} => error", bracketed_tokens(&tokens(a)), bracketed_tokens(&out))
        }
        Form::Axes(a, _, l) if spoil.is_none() => {
            format!(
                "rt axes {} => {}, {}",
                bracketed_tokens(&mark(0, a)),
                bracketed_tokens(&out),
                bracketed(l)
            )
        }
        Form::Axes(a, _, l) => {
            // A kept axis left as a literal against `R` in the target: nGraph never stretches.
            if l.contains(&k) {
                return None;
            }
            format!(
                "rt axes {} => {}, {} => error",
                bracketed_tokens(&tokens(a)),
                bracketed_tokens(&out),
                bracketed(l)
            )
        }
        Form::InDim(a, _, l) if spoil.is_none() => {
            format!(
                "rt in_dim {} => {}, {}",
                bracketed_tokens(&mark(0, a)),
                bracketed_tokens(&out),
                bracketed(l)
            )
        }
        Form::WithDims(a, b, l) if spoil.is_none() => format!(
            "rt with_dims {}, {}, {} => {}",
            bracketed_tokens(&mark(0, a)),
            bracketed_tokens(&mark(1, b)),
            bracketed(l),
            bracketed_tokens(&out)
        ),
        _ => return None,
    };
    Some(format!("case!({line});"))
}

/// Every valid vector the traits can be handed, with each output axis whose size is not 1 made
/// a run-time size in turn; and, where an operand carries that size, the same with one operand
/// keeping it as a literal, or (NumPy) taking another run-time size: errors.
pub fn render_runtime() -> String {
    let mut valid = Unique::default();
    let mut errors = Unique::default();
    for case in common::cases() {
        let (Some(inputs), Some(expect)) = (case.inputs(), case.expect()) else { continue };
        let Some(form) = form_of(&case, &inputs) else { continue };
        if case_line(&form, Some(&expect)).is_none() || form.reference().as_deref() != Some(&expect[..]) {
            continue;
        }
        for k in (0..expect.len()).filter(|&k| expect[k] != 1) {
            if let Some(line) = runtime_variant(&form, &expect, k, None) {
                valid.add(line, case.line);
            }
            for spoil in ["literal", Q] {
                if let Some(line) = runtime_variant(&form, &expect, k, Some(spoil)) {
                    errors.add(line, case.line);
                }
            }
        }
    }
    format!(
        "//! GENERATED by tests/test_generated_fresh.rs — do not edit; regenerate with\n\
         //! `SHAPECAST_BLESS=1 cargo test --test test_generated_fresh`.\n\
         //!\n\
         //! The test vectors with run-time sizes: every valid vector the traits can be handed, with\n\
         //! each output axis whose size is not 1 made the run-time size `R` in turn (in the output,\n\
         //! the target, and every operand axis that lands there with that size; a 1 stays 1), {} distinct\n\
         //! `case!`s, through literal lists and `shape![…]` operands; then {} distinct errors of the\n\
         //! pair rule: the same with one operand keeping the size as a literal, or taking a second\n\
         //! run-time size `Q`. It passes by compiling.\n\n\
         #![allow(dead_code)]\n\n\
         #[macro_use]\nmod common;\n\n\
         use shapecast::prelude::*;\n\
         use static_assertions::{{assert_not_impl_any, assert_type_eq_all}};\n\n\
         struct R;\nstruct Q;\n\n\
         {}\n// The pair rule's errors.\n{}\n\
         #[test]\nfn runtime_conformance_compiles() {{}}\n",
        valid.len(),
        errors.len(),
        valid.render(""),
        errors.render(""),
    )
}
