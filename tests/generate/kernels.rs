//! The static-kernel test file: every vector with values through typed tensors, one `case!` line
//! each, and random static shapes through `common/static_checks.rs`.

use std::fmt::Write;

use serde_json::Value;

use super::common::reference as naive;
use super::common::{self, Case};
use super::rng::Rng;
use super::types::list;

/// The Rust element type for a list of JSON values, and each value written as a literal of it.
fn elements(values: &[&Value]) -> &'static str {
    if values.iter().any(|v| v.is_string()) {
        "&str"
    } else if values.iter().any(|v| v.is_boolean()) {
        "bool"
    } else if values.iter().any(|v| v.is_f64()) {
        "f64"
    } else {
        "i64"
    }
}

fn literal(v: &Value, ty: &str) -> String {
    match ty {
        "f64" => format!("{:?}", v.as_f64().unwrap()),
        "&str" => format!("{:?}", v.as_str().unwrap()),
        _ => v.to_string(),
    }
}

fn all<'a>(lists: &[&'a Value]) -> Vec<&'a Value> {
    lists.iter().flat_map(|l| l.as_array().unwrap().iter()).collect()
}

/// The values of a JSON list, as the bracketed literals of a `case!`.
fn values(v: &Value, ty: &str) -> String {
    let items: Vec<String> = v.as_array().unwrap().iter().map(|v| literal(v, ty)).collect();
    format!("[{}]", items.join(", "))
}

fn bracketed(s: &[usize]) -> String {
    format!("[{}]", list(s))
}

/// The form, operand and target of a one-operand case, as `case!` writes them.
fn copy_form(case: &Case, input: &[usize], out_shape: &[usize]) -> String {
    let (a, s) = (bracketed(input), bracketed(out_shape));
    match case.kind() {
        "ngraph" => format!("axes {a} => {s}, {}", bracketed(&case.list("axes").unwrap())),
        "xla_in_dim" => format!("in_dim {a} => {s}, {}", bracketed(&case.list("broadcast_dims").unwrap())),
        _ => format!("to {a} => {s}"),
    }
}

fn op_expr(op: &str) -> &'static str {
    match op {
        "add" => "x + y",
        "multiply" => "x * y",
        "max" => "x.max(y)",
        "min" => "x.min(y)",
        "gt" => "x > y",
        "le" => "x <= y",
        "eq" => "x == y",
        "ne" => "x != y",
        "and" => "x && y",
        other => panic!("unknown op {other}"),
    }
}

/// The `case!` lines of a case with values (one per checked output), or none.
fn value_cases(case: &Case) -> Vec<String> {
    let (Some(v), Some(out_shape), Some(inputs)) = (case.values(), case.expect(), case.inputs()) else {
        return vec![];
    };
    if let (Some(input), Some(output)) = (v.get("input"), v.get("output")) {
        let ty = elements(&all(&[input, output]));
        let form = copy_form(case, &inputs[0], &out_shape);
        vec![format!("case!({form}: {ty} {} => {});", values(input, ty), values(output, ty))]
    } else if let (Some(x), Some(y)) = (v.get("input_splat"), v.get("output_splat")) {
        let form = copy_form(case, &inputs[0], &out_shape);
        vec![format!("case!({form}: splat {} => {});", literal(x, "f64"), literal(y, "f64"))]
    } else if let (Some(ins), Some(op)) = (v.get("inputs"), v.get("op")) {
        let ty = elements(&all(&[&ins[0], &ins[1]]));
        let out_ty =
            if matches!(op.as_str().unwrap(), "gt" | "le" | "eq" | "ne" | "and") { "bool" } else { ty };
        let f = format!("|x: {ty}, y: {ty}| {}", op_expr(op.as_str().unwrap()));
        let (a, b, e) = (bracketed(&inputs[0]), bracketed(&inputs[1]), bracketed(&out_shape));
        let form = if case.kind() == "xla_binary" {
            format!("with_dims {a}, {b}, {} => {e}", bracketed(&case.list("broadcast_dims").unwrap()))
        } else {
            format!("zip {a}, {b} => {e}")
        };
        let (x, y, z) = (values(&ins[0], ty), values(&ins[1], ty), values(&v["output"], out_ty));
        vec![format!("case!({form}: {f}, {x}, {y} => {z});")]
    } else if let Some(outputs) = v.get("outputs") {
        // np.broadcast_arrays: each operand broadcast to the common shape.
        let pairs = v["inputs"].as_array().unwrap().iter().zip(outputs.as_array().unwrap());
        pairs
            .enumerate()
            .filter(|(_, (_, output))| !output.is_null())
            .map(|(j, (input, output))| {
                let ty = elements(&all(&[input, output]));
                let form = format!("to {} => {}", bracketed(&inputs[j]), bracketed(&out_shape));
                format!("case!({form}: {ty} {} => {});", values(input, ty), values(output, ty))
            })
            .collect()
    } else {
        vec![]
    }
}

/// Lines in first-seen order, each once, with the vector lines it stands for.
#[derive(Default)]
pub struct Unique {
    lines: Vec<(String, Vec<usize>)>,
}

impl Unique {
    /// Adds `line` for vector line `source` (0: not from a vector); whether it was new.
    pub fn add(&mut self, line: String, source: usize) -> bool {
        if let Some((_, sources)) = self.lines.iter_mut().find(|(l, _)| *l == line) {
            if source != 0 && !sources.contains(&source) {
                sources.push(source);
            }
            return false;
        }
        self.lines.push((line, if source == 0 { vec![] } else { vec![source] }));
        true
    }
    pub fn len(&self) -> usize {
        self.lines.len()
    }
    pub fn contains(&self, line: &str) -> bool {
        self.lines.iter().any(|(l, _)| l == line)
    }
    /// Each line, with the vector lines it checks as a trailing comment, indented by `indent`.
    pub fn render(&self, indent: &str) -> String {
        let mut out = String::new();
        for (line, sources) in &self.lines {
            let sources: Vec<String> = sources.iter().map(usize::to_string).collect();
            match sources.len() {
                0 => writeln!(out, "{indent}{line}").unwrap(),
                1 => writeln!(out, "{indent}{line} // line {}", sources[0]).unwrap(),
                _ => writeln!(out, "{indent}{line} // lines {}", sources.join(", ")).unwrap(),
            }
        }
        out
    }
}

fn shape_type(s: &[usize]) -> String {
    format!("shape![{}]", list(s))
}

/// Random static cases that the naive reference accepts, as calls to `static_checks`, each once.
fn random_calls() -> Unique {
    let mut rng = Rng(0x0dd5_eed5_ba5e_ba11);
    let mut calls = Unique::default();
    let mut n = 0;
    while n < 200 {
        let out_shape = rng.shape(5);
        let (s, form) = (shape_type(&out_shape), n % 5);
        let call = match form {
            0 => {
                let a = rng.stretchable(&out_shape);
                naive::broadcast_to(&a, &out_shape)
                    .map(|_| format!("broadcast_to::<{}, {s}>()", shape_type(&a)))
            }
            1 => {
                let axes = rng.subset(out_shape.len());
                let arg: Vec<usize> =
                    naive::axes_map(out_shape.len(), &axes).iter().map(|&i| out_shape[i]).collect();
                Some(format!("axes::<{}, {s}, axes![{}]>()", shape_type(&arg), list(&axes)))
            }
            2 => {
                let dims = rng.subset(out_shape.len());
                let a = rng.picked(&out_shape, &dims);
                Some(format!("in_dim::<{}, {s}, axes![{}]>()", shape_type(&a), list(&dims)))
            }
            3 => {
                let (a, b) = (rng.stretchable(&out_shape), rng.stretchable(&out_shape));
                naive::numpy(&[a.clone(), b.clone()])
                    .map(|_| format!("zip::<{}, {}>()", shape_type(&a), shape_type(&b)))
            }
            _ => {
                let dims = rng.subset(out_shape.len());
                let (low, high) = (rng.picked(&out_shape, &dims), rng.some_ones(&out_shape));
                let dims = if low.len() == high.len() { vec![] } else { dims };
                let (l, r) = if rng.below(2) == 0 { (low, high) } else { (high, low) };
                naive::with_dims(&l, &r, &dims).map(|_| {
                    format!("zip_dims::<{}, {}, axes![{}]>()", shape_type(&l), shape_type(&r), list(&dims))
                })
            }
        };
        // A repeat still counts as a draw, so that every form keeps its share of the 200.
        if let Some(call) = call {
            calls.add(format!("static_checks::{call};"), 0);
            n += 1;
        }
    }
    calls
}

pub fn render() -> String {
    let mut cases = Unique::default();
    let mut vectors = 0;
    for case in common::cases() {
        let lines = value_cases(&case);
        vectors += usize::from(!lines.is_empty());
        for line in lines {
            cases.add(line, case.line);
        }
    }
    let random = random_calls();
    format!(
        "//! GENERATED by tests/test_generated_fresh.rs — do not edit; regenerate with\n\
         //! `SHAPECAST_BLESS=1 cargo test --test test_generated_fresh`.\n\
         //!\n\
         //! The typed tensors' static kernels on the {vectors} vectors that carry values ({} distinct\n\
         //! `case!`s, see `common/cases.rs`; the comment names the lines of tests/data/vectors.jsonl),\n\
         //! and on {} distinct random static shapes, each operation checked against the run-time\n\
         //! kernel and the naive reference (`common/static_checks.rs`).\n\n\
         #[macro_use]\nmod common;\n\n\
         use common::static_checks;\n\
         use shapecast::prelude::*;\n\n\
         #[test]\n// The vectors hold 3.14 as data (a value in XLA's tests), not as an approximation of π.\n\
         #[allow(clippy::approx_constant)]\nfn vectors_with_values() {{\n{}}}\n\n\
         #[test]\nfn random_static_shapes() {{\n{}}}\n",
        cases.len(),
        random.len(),
        cases.render("    "),
        random.render("    "),
    )
}
