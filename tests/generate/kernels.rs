//! The static-kernel test file: every vector with values through typed tensors, and random
//! static shapes through `common/static_checks.rs`.

use std::fmt::Write;

use serde_json::Value;
use shapecast::dynamic;

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

fn vec_of(values: &Value, ty: &str) -> String {
    let items: Vec<String> = values.as_array().unwrap().iter().map(|v| literal(v, ty)).collect();
    format!("{{ let v: Vec<{ty}> = vec![{}]; v }}", items.join(", "))
}

fn all<'a>(lists: &[&'a Value]) -> Vec<&'a Value> {
    lists.iter().flat_map(|l| l.as_array().unwrap().iter()).collect()
}

/// Asserts `out` equals the expected JSON list.
fn assert_out(out: &mut String, expect: &Value, ty: &str) {
    let want = vec_of(expect, ty);
    if ty == "f64" {
        writeln!(out, "    static_checks::close(&out, &{want});").unwrap();
    } else {
        writeln!(out, "    assert_eq!(out, {want});").unwrap();
    }
}

/// The typed call that copies `src` into `out` for a one-operand case.
fn copy_call(case: &Case, input: &[usize], out_shape: &[usize]) -> String {
    let src = format!("TensorRef::<_, shape![{}]>::new(&src).unwrap()", list(input));
    let dst = "&mut TensorMut::new(&mut out).unwrap()";
    match case.kind() {
        "ngraph" => {
            let axes = list(&case.list("axes").unwrap());
            format!("{src}.broadcast_axes_into::<shape![{}], axes![{axes}]>({dst})", list(out_shape))
        }
        "xla_in_dim" => {
            let dims = list(&case.list("broadcast_dims").unwrap());
            format!("{src}.broadcast_in_dim_into::<shape![{}], axes![{dims}]>({dst})", list(out_shape))
        }
        _ => format!("{src}.broadcast_to_into::<shape![{}]>({dst})", list(out_shape)),
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

/// One block of checks for a case with values, or `None` if it has none to check.
fn values_block(case: &Case) -> Option<String> {
    let v = case.values()?;
    let out_shape = case.expect()?;
    let inputs = case.inputs()?;
    let n: usize = out_shape.iter().product();
    let mut b = String::new();
    writeln!(b, "    // vectors line {}: {}", case.line, case.source()).unwrap();
    if let (Some(input), Some(output)) = (v.get("input"), v.get("output")) {
        let ty = elements(&all(&[input, output]));
        writeln!(b, "    let src = {};", vec_of(input, ty)).unwrap();
        writeln!(b, "    let mut out: Vec<{ty}> = vec![Default::default(); {n}];").unwrap();
        writeln!(b, "    {};", copy_call(case, &inputs[0], &out_shape)).unwrap();
        assert_out(&mut b, output, ty);
    } else if let (Some(x), Some(y)) = (v.get("input_splat"), v.get("output_splat")) {
        let len: usize = inputs[0].iter().product();
        writeln!(b, "    let src = vec![{}; {len}];", literal(x, "f64")).unwrap();
        writeln!(b, "    let mut out = vec![0.0f64; {n}];").unwrap();
        writeln!(b, "    {};", copy_call(case, &inputs[0], &out_shape)).unwrap();
        writeln!(b, "    assert!(out.iter().all(|&v| v == {}));", literal(y, "f64")).unwrap();
    } else if let (Some(ins), Some(op)) = (v.get("inputs"), v.get("op")) {
        let op = op.as_str().unwrap();
        let ty = elements(&all(&[&ins[0], &ins[1]]));
        let out_ty = if matches!(op, "gt" | "le" | "eq" | "ne" | "and") { "bool" } else { ty };
        writeln!(b, "    let (a, c) = ({}, {});", vec_of(&ins[0], ty), vec_of(&ins[1], ty)).unwrap();
        writeln!(b, "    let mut out: Vec<{out_ty}> = vec![Default::default(); {n}];").unwrap();
        let a = format!("TensorRef::<_, shape![{}]>::new(&a).unwrap()", list(&inputs[0]));
        let c = format!("TensorRef::<_, shape![{}]>::new(&c).unwrap()", list(&inputs[1]));
        let dst = "&mut TensorMut::new(&mut out).unwrap()";
        let f = format!("|x: {ty}, y: {ty}| {}", op_expr(op));
        if case.kind() == "xla_binary" {
            let dims = list(&case.list("broadcast_dims").unwrap());
            writeln!(b, "    {a}.zip_with_dims_into::<axes![{dims}], _, _, _>(&{c}, {dst}, {f});").unwrap();
        } else {
            writeln!(b, "    {a}.zip_with_into(&{c}, {dst}, {f});").unwrap();
        }
        assert_out(&mut b, &v["output"], out_ty);
    } else if let Some(outputs) = v.get("outputs") {
        for (j, (input, output)) in
            v["inputs"].as_array().unwrap().iter().zip(outputs.as_array().unwrap()).enumerate()
        {
            if output.is_null() {
                continue;
            }
            let ty = elements(&all(&[input, output]));
            writeln!(b, "    {{").unwrap();
            writeln!(b, "    let src = {};", vec_of(input, ty)).unwrap();
            writeln!(b, "    let mut out: Vec<{ty}> = vec![Default::default(); {n}];").unwrap();
            let src = format!("TensorRef::<_, shape![{}]>::new(&src).unwrap()", list(&inputs[j]));
            writeln!(
                b,
                "    {src}.broadcast_to_into::<shape![{}]>(&mut TensorMut::new(&mut out).unwrap());",
                list(&out_shape)
            )
            .unwrap();
            assert_out(&mut b, output, ty);
            writeln!(b, "    }}").unwrap();
        }
    } else {
        return None;
    }
    Some(b)
}

fn shape_type(s: &[usize]) -> String {
    format!("shape![{}]", list(s))
}

/// Random static cases that the rules accept, as calls to `static_checks`.
fn random_calls(out: &mut String) -> usize {
    let mut rng = Rng(0x0dd5_eed5_ba5e_ba11);
    let mut n = 0;
    while n < 200 {
        let out_shape = rng.shape(5);
        let (s, form) = (shape_type(&out_shape), n % 5);
        let call = match form {
            0 => {
                let a = rng.stretchable(&out_shape);
                dynamic::broadcast_to(&a, &out_shape)
                    .ok()
                    .map(|_| format!("broadcast_to::<{}, {s}>()", shape_type(&a)))
            }
            1 => {
                let axes = rng.subset(out_shape.len());
                let arg: Vec<usize> =
                    (0..out_shape.len()).filter(|i| !axes.contains(i)).map(|i| out_shape[i]).collect();
                Some(format!("axes::<{}, {s}, axes![{}]>()", shape_type(&arg), list(&axes)))
            }
            2 => {
                let dims = rng.subset(out_shape.len());
                let a = rng.picked(&out_shape, &dims);
                Some(format!("in_dim::<{}, {s}, axes![{}]>()", shape_type(&a), list(&dims)))
            }
            3 => {
                let (a, b) = (rng.stretchable(&out_shape), rng.stretchable(&out_shape));
                dynamic::broadcast_shapes(&[&a, &b])
                    .ok()
                    .map(|_| format!("zip::<{}, {}>()", shape_type(&a), shape_type(&b)))
            }
            _ => {
                let dims = rng.subset(out_shape.len());
                let (low, high) = (rng.picked(&out_shape, &dims), rng.some_ones(&out_shape));
                let dims = if low.len() == high.len() { vec![] } else { dims };
                let (l, r) = if rng.below(2) == 0 { (low, high) } else { (high, low) };
                dynamic::broadcast_with_dims(&l, &r, &dims).ok().map(|_| {
                    format!("zip_dims::<{}, {}, axes![{}]>()", shape_type(&l), shape_type(&r), list(&dims))
                })
            }
        };
        if let Some(call) = call {
            writeln!(out, "    static_checks::{call};").unwrap();
            n += 1;
        }
    }
    n
}

pub fn render() -> String {
    let mut values = String::new();
    let mut count = 0;
    for case in common::cases() {
        if let Some(block) = values_block(&case) {
            writeln!(values, "{{\n{block}}}").unwrap();
            count += 1;
        }
    }
    let mut random = String::new();
    let n_random = random_calls(&mut random);
    format!(
        "//! GENERATED by tests/test_generated_fresh.rs — do not edit; regenerate with\n\
         //! `SHAPECAST_BLESS=1 cargo test --test test_generated_fresh`.\n\
         //!\n\
         //! The typed tensors' static kernels on {count} vectors with values, and on {n_random} random\n\
         //! static shapes checked against the run-time kernel and the naive reference.\n\
         #![allow(clippy::all)]\n\n\
         mod common;\n\n\
         use common::static_checks;\n\
         use shapecast::prelude::*;\n\n\
         #[test]\nfn vectors_with_values() {{\n{values}}}\n\n\
         #[test]\nfn random_static_shapes() {{\n{random}}}\n"
    )
}
