//! The type-level conformance file: vectors and random shapes as static assertions.

use std::fmt::Write;

use shapecast::dynamic;

use super::common;
use super::rng::Rng;

pub fn list(v: &[usize]) -> String {
    v.iter().map(|d| d.to_string()).collect::<Vec<_>>().join(", ")
}

fn increasing(v: &[usize]) -> bool {
    v.windows(2).all(|w| w[0] < w[1])
}

/// One broadcast, as the macro call with literal operands and with `shape!` operands, and the
/// trait bound that expresses it for `assert_not_impl_any!`.
struct Call {
    literal: String,
    typed: String,
    /// `(self type, trait)` of the failing step, when the traits can express it.
    bound: Option<(String, String)>,
}

fn numpy_call(inputs: &[Vec<usize>]) -> Call {
    let lits: Vec<String> = inputs.iter().map(|s| format!("[{}]", list(s))).collect();
    let types: Vec<String> = inputs.iter().map(|s| format!("shape![{}]", list(s))).collect();
    // The first pairwise step that fails, with its left side computed by the dynamic API.
    let mut acc: Vec<usize> = inputs.first().cloned().unwrap_or_default();
    let mut bound = None;
    for next in inputs.iter().skip(1) {
        match dynamic::broadcast_shapes(&[&acc, next]) {
            Ok(s) => acc = s.to_vec(),
            Err(_) => {
                bound =
                    Some((format!("shape![{}]", list(&acc)), format!("Broadcast<shape![{}]>", list(next))));
                break;
            }
        }
    }
    Call {
        literal: format!("broadcast!({})", lits.join(", ")),
        typed: format!("broadcast!({})", types.join(", ")),
        bound,
    }
}

fn target_call(a: &[usize], s: &[usize], option: Option<(&str, &[usize])>) -> Call {
    let (opt, tr) = match option {
        None => (String::new(), format!("BroadcastTo<shape![{}]>", list(s))),
        Some((kw, l)) => {
            let tr = if kw == "axes" { "BroadcastAxes" } else { "BroadcastInDim" };
            (format!(", {kw} = [{}]", list(l)), format!("{tr}<shape![{}], axes![{}]>", list(s), list(l)))
        }
    };
    let expressible = option.is_none_or(|(_, l)| increasing(l));
    Call {
        literal: format!("broadcast!([{}] => [{}]{opt})", list(a), list(s)),
        typed: format!("broadcast!(shape![{}] => shape![{}]{opt})", list(a), list(s)),
        bound: expressible.then(|| (format!("shape![{}]", list(a)), tr)),
    }
}

fn dims_call(l: &[usize], r: &[usize], dims: &[usize]) -> Call {
    Call {
        literal: format!("broadcast!([{}], [{}], dims = [{}])", list(l), list(r), list(dims)),
        typed: format!("broadcast!(shape![{}], shape![{}], dims = [{}])", list(l), list(r), list(dims)),
        bound: increasing(dims).then(|| {
            (
                format!("shape![{}]", list(l)),
                format!("BroadcastWithDims<shape![{}], axes![{}]>", list(r), list(dims)),
            )
        }),
    }
}

/// Appends the checks of one case: equalities if `expect` is a shape, else the failing bound.
fn emit(out: &mut String, label: &str, call: Call, expect: Option<&[usize]>) -> bool {
    match expect {
        Some(e) => {
            let e = format!("shape![{}]", list(e));
            writeln!(out, "// {label}\nassert_type_eq_all!({}, {}, {e});", call.literal, call.typed).unwrap();
            true
        }
        None => match call.bound {
            Some((ty, tr)) => {
                writeln!(out, "// {label}\nassert_not_impl_any!({ty}: {tr});").unwrap();
                true
            }
            None => false,
        },
    }
}

fn vector_section(out: &mut String) -> (usize, usize) {
    let (mut checked, mut skipped) = (0, 0);
    for case in common::cases() {
        let label = format!("vectors line {}: {}", case.line, case.source());
        let Some(inputs) = case.inputs() else {
            skipped += 1; // a negative size: only the macro's literal parser meets it (macro tests)
            continue;
        };
        let expect = case.expect();
        let call = match case.kind() {
            "numpy" if case.op() == Some("broadcast_to") => match case.out_shape() {
                Some(s) => target_call(&inputs[0], &s, None),
                None => {
                    skipped += 1;
                    continue;
                }
            },
            "numpy" => numpy_call(&inputs),
            "xla_binary" => match case.list("broadcast_dims") {
                Some(d) => dims_call(&inputs[0], &inputs[1], &d),
                None => {
                    skipped += 1;
                    continue;
                }
            },
            kind => {
                let key = if kind == "ngraph" { "axes" } else { "broadcast_dims" };
                let (Some(s), Some(l)) = (case.out_shape(), case.list(key)) else {
                    skipped += 1;
                    continue;
                };
                let kw = if kind == "ngraph" { "axes" } else { "dims" };
                target_call(&inputs[0], &s, Some((kw, &l)))
            }
        };
        if emit(out, &label, call, expect.as_deref()) {
            checked += 1;
        } else {
            skipped += 1;
        }
    }
    (checked, skipped)
}

fn random_section(out: &mut String) -> usize {
    let mut rng = Rng(0x5eed_cafe_f00d_d00d);
    let mut n = 0;
    for i in 0..240 {
        let label = format!("random {i}");
        let form = i % 5;
        let out_shape = rng.shape(5);
        let call_and_expect = match form {
            0 => {
                let (a, b) = (rng.stretchable(&out_shape), rng.stretchable(&out_shape));
                let b = if rng.below(4) == 0 { rng.shape(4) } else { b };
                (numpy_call(&[a.clone(), b.clone()]), dynamic::broadcast_shapes(&[&a, &b]))
            }
            1 => {
                let a = if rng.below(4) == 0 { rng.shape(3) } else { rng.stretchable(&out_shape) };
                (target_call(&a, &out_shape, None), dynamic::broadcast_to(&a, &out_shape))
            }
            2 => {
                let axes = rng.subset(out_shape.len());
                let mut arg: Vec<usize> =
                    (0..out_shape.len()).filter(|i| !axes.contains(i)).map(|i| out_shape[i]).collect();
                if rng.below(4) == 0 && !arg.is_empty() {
                    arg[0] = 1;
                }
                (
                    target_call(&arg, &out_shape, Some(("axes", &axes))),
                    dynamic::broadcast_axes(&arg, &out_shape, &axes),
                )
            }
            3 => {
                let dims = rng.subset(out_shape.len());
                let a = rng.picked(&out_shape, &dims);
                let a = if rng.below(5) == 0 { a.iter().map(|&d| d + 1).collect() } else { a };
                (
                    target_call(&a, &out_shape, Some(("dims", &dims))),
                    dynamic::broadcast_in_dim(&a, &out_shape, &dims),
                )
            }
            _ => {
                let dims = rng.subset(out_shape.len());
                let (low, high) = (rng.picked(&out_shape, &dims), rng.some_ones(&out_shape));
                let dims = if low.len() == high.len() && rng.below(2) == 0 { vec![] } else { dims };
                let (l, r) = if rng.below(2) == 0 { (low, high) } else { (high, low) };
                (dims_call(&l, &r, &dims), dynamic::broadcast_with_dims(&l, &r, &dims))
            }
        };
        let (call, expect) = call_and_expect;
        if emit(out, &label, call, expect.ok().as_deref()) {
            n += 1;
        }
    }
    n
}

pub fn render() -> String {
    let mut body = String::new();
    let (vectors, skipped) = vector_section(&mut body);
    let mut random = String::new();
    let n_random = random_section(&mut random);
    format!(
        "//! GENERATED by tests/test_generated_fresh.rs — do not edit; regenerate with\n\
         //! `SHAPECAST_BLESS=1 cargo test --test test_generated_fresh`.\n\
         //!\n\
         //! {vectors} vector cases checked at the type level ({skipped} not expressible here: negative\n\
         //! sizes, or an unsorted list the traits cannot be handed), and {n_random} random cases whose\n\
         //! expected shapes were computed by `shapecast::dynamic`. It passes by compiling.\n\
         #![allow(clippy::all)]\n\n\
         use shapecast::prelude::*;\n\
         use static_assertions::{{assert_not_impl_any, assert_type_eq_all}};\n\n\
         {body}\n// Random shapes, expected results from shapecast::dynamic.\n{random}\n\
         #[test]\nfn conformance_compiles() {{}}\n"
    )
}
