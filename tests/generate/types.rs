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

fn vector_section(cases: &mut Unique) -> (usize, usize) {
    let (mut checked, mut skipped) = (0, 0);
    for case in common::cases() {
        // A negative size or list entry: only the macro's literal parser meets it (macro tests).
        let Some(inputs) = case.inputs() else {
            skipped += 1;
            continue;
        };
        let first = || inputs[0].clone();
        let form = match case.kind() {
            "numpy" if case.op() == Some("broadcast_to") => case.out_shape().map(|s| Form::To(first(), s)),
            "numpy" => Some(Form::Numpy(inputs.clone())),
            "xla_binary" => {
                case.list("broadcast_dims").map(|d| Form::WithDims(first(), inputs[1].clone(), d))
            }
            "ngraph" => case.out_shape().zip(case.list("axes")).map(|(s, l)| Form::Axes(first(), s, l)),
            _ => case.out_shape().zip(case.list("broadcast_dims")).map(|(s, l)| Form::InDim(first(), s, l)),
        };
        match form.and_then(|f| case_line(&f, case.expect().as_deref())) {
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
        if let Some(line) = case_line(&form, form.reference().as_deref()) {
            if !vectors.contains(&line) {
                random.add(line, 0);
            }
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
