//! Every case of the test vectors (tests/data/vectors.jsonl) through `shapecast::dynamic`: the result shape or the error,
//! the values through the run-time kernels, and TensorFlow's gradient reduction axes.

mod common;

use common::{Case, messages};
use serde_json::Value;
use shapecast::dynamic::{self, Array, ArrayMut, BroadcastError, DynShape};

/// The shape rule the case names, on the dynamic API; `None` if a shape or list holds a
/// negative number (inexpressible as `usize`: the type system already rejects it).
fn shape_result(case: &Case) -> Option<Result<DynShape, BroadcastError>> {
    let inputs = case.inputs()?;
    Some(match case.kind() {
        "numpy" if case.op() == Some("broadcast_to") => dynamic::broadcast_to(&inputs[0], &case.out_shape()?),
        "numpy" => {
            let refs: Vec<&[usize]> = inputs.iter().map(Vec::as_slice).collect();
            dynamic::broadcast_shapes(&refs)
        }
        "xla_binary" => dynamic::broadcast_with_dims(&inputs[0], &inputs[1], &case.list("broadcast_dims")?),
        "xla_in_dim" => {
            dynamic::broadcast_in_dim(&inputs[0], &case.out_shape()?, &case.list("broadcast_dims")?)
        }
        "ngraph" => dynamic::broadcast_axes(&inputs[0], &case.out_shape()?, &case.list("axes")?),
        other => panic!("{}: unknown kind {other}", case.label()),
    })
}

/// The message the reference expects for the case (`None`: accepted).
fn expected_message(case: &Case) -> Option<String> {
    let inputs = case.inputs()?;
    match case.kind() {
        "numpy" if case.op() == Some("broadcast_to") => {
            messages::broadcast_to(&inputs[0], &case.out_shape()?)
        }
        "numpy" => messages::numpy(&inputs),
        "xla_binary" => messages::with_dims(&inputs[0], &inputs[1], &case.list("broadcast_dims")?),
        "xla_in_dim" => messages::in_dim(&inputs[0], &case.out_shape()?, &case.list("broadcast_dims")?),
        _ => messages::axes(&inputs[0], &case.out_shape()?, &case.list("axes")?),
    }
}

#[test]
fn every_vector_gives_the_expected_shape_or_error() {
    let cases = common::cases();
    assert_eq!(cases.len(), 465, "the vectors file changed size");
    let (mut ok, mut rejected, mut unrepresentable) = (0, 0, 0);
    for case in &cases {
        match (shape_result(case), case.expect()) {
            (Some(Ok(got)), Some(want)) => {
                assert_eq!(*got, *want, "{}", case.label());
                assert_eq!(expected_message(case), None, "{}", case.label());
                ok += 1;
            }
            (Some(Err(e)), None) => {
                let want = expected_message(case).expect("the reference rejects it too");
                assert_eq!(e.to_string(), want, "{}", case.label());
                rejected += 1;
            }
            (None, None) => unrepresentable += 1,
            (got, want) => panic!("{}: got {got:?}, want {want:?}", case.label()),
        }
    }
    // 6 cases hold a negative size or axis: `usize` cannot say it (the macro's literals reject it).
    assert_eq!((ok, rejected, unrepresentable), (384, 75, 6));
}

/// A value of the vectors as a number (bools as 0/1), for the binary ops.
fn num(v: &Value) -> f64 {
    v.as_f64().or_else(|| v.as_bool().map(|b| b as u8 as f64)).unwrap()
}

fn apply(op: &str, x: &Value, y: &Value) -> Value {
    let (a, b) = (num(x), num(y));
    let n = |f: f64| serde_json::json!(f);
    match op {
        "add" => n(a + b),
        "multiply" => n(a * b),
        "max" => n(a.max(b)),
        "min" => n(a.min(b)),
        "gt" => Value::Bool(a > b),
        "le" => Value::Bool(a <= b),
        "eq" => Value::Bool(a == b),
        "ne" => Value::Bool(a != b),
        "and" => Value::Bool(a != 0.0 && b != 0.0),
        other => panic!("unknown op {other}"),
    }
}

fn same(x: &Value, y: &Value) -> bool {
    match (x.as_f64(), y.as_f64()) {
        (Some(a), Some(b)) => (a - b).abs() <= 1e-9 * a.abs().max(1.0),
        _ => x == y,
    }
}

fn flat(v: &Value) -> &[Value] {
    v.as_array().unwrap()
}

/// Broadcasts element *indices* through the one-operand kernel the case names, so the check
/// works for values of any JSON type: `output[i]` must be `input[index[i]]`.
fn copy_indices(case: &Case, input_len: usize, out: &[usize]) -> Vec<usize> {
    let inputs = case.inputs().unwrap();
    let src: Vec<usize> = (0..input_len).collect();
    let mut dst = vec![usize::MAX; out.iter().product()];
    let copied = Array::new(&src, &inputs[0]).and_then(|src| {
        let dst = ArrayMut::new(&mut dst, out)?;
        match case.kind() {
            "ngraph" => dynamic::copy_broadcast_axes(src, dst, &case.list("axes").unwrap()),
            "xla_in_dim" => dynamic::copy_broadcast_in_dim(src, dst, &case.list("broadcast_dims").unwrap()),
            _ => dynamic::copy_broadcast_to(src, dst),
        }
    });
    copied.unwrap_or_else(|e| panic!("{}: {e}", case.label()));
    dst
}

#[test]
fn every_vector_with_values_matches_through_the_kernels() {
    let mut checked = 0;
    for case in common::cases().iter().filter(|c| c.values().is_some()) {
        let v = case.values().unwrap();
        let inputs = case.inputs().unwrap();
        let Some(out) = case.expect() else { continue }; // np.broadcast refusing: shape test
        if let (Some(input), Some(output)) = (v.get("input"), v.get("output")) {
            let (input, output) = (flat(input), flat(output));
            let idx = copy_indices(case, input.len(), &out);
            let got: Vec<&Value> = idx.iter().map(|&i| &input[i]).collect();
            assert_eq!(got, output.iter().collect::<Vec<_>>(), "{}", case.label());
        } else if let (Some(x), Some(y)) = (v.get("input_splat"), v.get("output_splat")) {
            // Every input element is `x`: every output element must be `y`.
            let input = vec![x; inputs[0].iter().product()];
            let got: Vec<&Value> = copy_indices(case, input.len(), &out).iter().map(|&i| input[i]).collect();
            assert_eq!(got, vec![y; out.iter().product()], "{}", case.label());
        } else if let (Some(ins), Some(op)) = (v.get("inputs"), v.get("op")) {
            let (a, b) = (flat(&ins[0]), flat(&ins[1]));
            let (ia, ib): (Vec<usize>, Vec<usize>) = ((0..a.len()).collect(), (0..b.len()).collect());
            let mut pairs = vec![(0, 0); out.iter().product()];
            let pair = |i, j| (i, j);
            let zipped = Array::new(&ia, &inputs[0]).and_then(|ia| {
                let ib = Array::new(&ib, &inputs[1])?;
                match case.kind() {
                    "xla_binary" => {
                        let dims = case.list("broadcast_dims").unwrap();
                        dynamic::zip_broadcast_with_dims(ia, ib, &dims, &mut pairs, pair)
                    }
                    _ => dynamic::zip_broadcast(ia, ib, &mut pairs, pair),
                }
            });
            let shape = zipped.unwrap_or_else(|e| panic!("{}: {e}", case.label()));
            assert_eq!(*shape, *out);
            let op = op.as_str().unwrap();
            for (k, (&(i, j), want)) in pairs.iter().zip(flat(&v["output"])).enumerate() {
                let got = apply(op, &a[i], &b[j]);
                assert!(same(&got, want), "{}: element {k}: {got} != {want}", case.label());
            }
        } else if let Some(outputs) = v.get("outputs") {
            for (j, (input, output)) in flat(&v["inputs"]).iter().zip(flat(outputs)).enumerate() {
                let Some(output) = output.as_array() else {
                    continue;
                };
                let src: Vec<usize> = (0..flat(input).len()).collect();
                let mut dst = vec![0; out.iter().product()];
                dynamic::copy_broadcast_to(
                    Array::new(&src, &inputs[j]).unwrap(),
                    ArrayMut::new(&mut dst, &out).unwrap(),
                )
                .unwrap();
                let got: Vec<&Value> = dst.iter().map(|&i| &flat(input)[i]).collect();
                assert_eq!(got, output.iter().collect::<Vec<_>>(), "{}", case.label());
            }
        } else {
            continue; // shape only (np.broadcast's inputs): covered by the shape test
        }
        checked += 1;
    }
    assert_eq!(checked, 79);
}

#[test]
fn tensorflow_gradient_axes_are_sum_to_axes() {
    let mut checked = 0;
    for case in common::cases() {
        let Some(per_operand) = case.raw.get("tf_grad_reduce_idx") else {
            continue;
        };
        let Some(out) = case.expect() else { continue };
        for (input, want) in case.inputs().unwrap().iter().zip(flat(per_operand)) {
            let want: Vec<usize> = flat(want).iter().map(|x| x.as_u64().unwrap() as usize).collect();
            let got = dynamic::sum_to_axes(&out, input).unwrap();
            assert_eq!(*got, *want, "{}", case.label());
            checked += 1;
        }
    }
    // 26 cases carry TensorFlow's reduction axes: 5 for three operands, 21 for two.
    assert_eq!(checked, 5 * 3 + 21 * 2);
}
