//! `exp` of `f32` and `f64` and `ln` of `f32` in expressions, computed a block at a time in
//! vector registers rather than by libm: libm's special values exactly, within 1 ulp of the exact
//! result on a sample of a few hundred thousand values (the `f32` reference is the `f64`
//! function, whose error is far below an `f32` ulp), and an element computed alone equal to the
//! same element computed in a block. `ln` of `f64` is libm's, bit for bit.

use shapecast::prelude::*;

struct N;

/// `exp` of every element of `xs` through an expression.
fn exp32(xs: &[f32]) -> Vec<f32> {
    bind!(let n: N = xs.len());
    TensorRef::from_shape(dims![n], xs).unwrap().lazy().exp().eval().as_slice().to_vec()
}

fn ln32(xs: &[f32]) -> Vec<f32> {
    bind!(let n: N = xs.len());
    TensorRef::from_shape(dims![n], xs).unwrap().lazy().ln().eval().as_slice().to_vec()
}

fn exp64(xs: &[f64]) -> Vec<f64> {
    bind!(let n: N = xs.len());
    TensorRef::from_shape(dims![n], xs).unwrap().lazy().exp().eval().as_slice().to_vec()
}

fn ln64(xs: &[f64]) -> Vec<f64> {
    bind!(let n: N = xs.len());
    TensorRef::from_shape(dims![n], xs).unwrap().lazy().ln().eval().as_slice().to_vec()
}

/// Whether `got` is `want` to the bit, or both are NaN.
fn same32(got: f32, want: f32) -> bool {
    got.to_bits() == want.to_bits() || (got.is_nan() && want.is_nan())
}

fn same64(got: f64, want: f64) -> bool {
    got.to_bits() == want.to_bits() || (got.is_nan() && want.is_nan())
}

/// The distance in ulps between two finite floats of the same sign.
fn ulps32(a: f32, b: f32) -> u32 {
    (a.to_bits() as i32).abs_diff(b.to_bits() as i32)
}

fn ulps64(a: f64, b: f64) -> u64 {
    (a.to_bits() as i64).abs_diff(b.to_bits() as i64)
}

/// A xorshift stream.
fn stream(seed: u64) -> impl FnMut() -> u64 {
    let mut s = seed;
    move || {
        s ^= s << 13;
        s ^= s >> 7;
        s ^= s << 17;
        s
    }
}

#[test]
fn special_values_are_libms() {
    let xs32 = [
        f32::NAN,
        -f32::NAN,
        f32::INFINITY,
        f32::NEG_INFINITY,
        0.0,
        -0.0,
        1.0,
        -1.0,
        f32::MAX,
        f32::MIN,
        f32::MIN_POSITIVE,
        -f32::MIN_POSITIVE,
        1e-45,
        -1e-45,
        1e-40,
        88.72283,
        88.72284,
        89.0,
        -87.33655,
        -103.97207,
        -103.97208,
        -104.0,
        -150.0,
    ];
    for (x, got) in xs32.iter().zip(exp32(&xs32)) {
        let want = x.exp();
        // At the edges of the range the result is libm's bit for bit; inside, within 1 ulp.
        let close = want.is_finite() && want != 0.0 && ulps32(got, want) <= 1;
        assert!(same32(got, want) || close, "exp({x:e}) = {got:e}, libm {want:e}");
    }
    for (x, got) in xs32.iter().zip(ln32(&xs32)) {
        let want = x.ln();
        let close = want.is_finite() && ulps32(got, want) <= 1;
        assert!(same32(got, want) || close, "ln({x:e}) = {got:e}, libm {want:e}");
    }
    assert_eq!(
        exp32(&[f32::NEG_INFINITY, f32::INFINITY, 0.0, 100.0, -200.0]),
        [0.0, f32::INFINITY, 1.0, f32::INFINITY, 0.0]
    );
    let lns = ln32(&[0.0, -0.0, f32::INFINITY, 1.0, -1.0, f32::NAN, f32::NEG_INFINITY]);
    assert_eq!(lns[..4], [f32::NEG_INFINITY, f32::NEG_INFINITY, f32::INFINITY, 0.0]);
    assert!(lns[4..].iter().all(|v| v.is_nan()));

    let xs64 = [
        f64::NAN,
        f64::INFINITY,
        f64::NEG_INFINITY,
        0.0,
        -0.0,
        1.0,
        -1.0,
        f64::MAX,
        f64::MIN,
        f64::MIN_POSITIVE,
        5e-324,
        -5e-324,
        1e-310,
        709.782712893384,
        709.7827128933841,
        710.0,
        -708.3964185322641,
        -745.1332191019411,
        -745.1332191019412,
        -746.0,
        -1000.0,
    ];
    for (x, got) in xs64.iter().zip(exp64(&xs64)) {
        let want = x.exp();
        let close = want.is_finite() && want != 0.0 && ulps64(got, want) <= 1;
        assert!(same64(got, want) || close, "exp({x:e}) = {got:e}, libm {want:e}");
    }
    for (x, got) in xs64.iter().zip(ln64(&xs64)) {
        let want = x.ln();
        let close = want.is_finite() && ulps64(got, want) <= 1;
        assert!(same64(got, want) || close, "ln({x:e}) = {got:e}, libm {want:e}");
    }
}

/// The `f32` functions against the `f64` ones rounded to `f32` (within 1 ulp), on 200,000
/// values over the whole range where the result is finite and not zero, subnormals included.
#[test]
fn f32_within_one_ulp_on_a_sample() {
    let mut next = stream(0x2545_f491_4f6c_dd1d);
    let xs: Vec<f32> =
        (0..200_000).map(|_| (next() >> 40) as f32 / (1u64 << 24) as f32 * 192.0 - 103.0).collect();
    for (x, got) in xs.iter().zip(exp32(&xs)) {
        let want = f64::from(*x).exp() as f32;
        assert!(same32(got, want) || ulps32(got, want) <= 1, "exp({x:e}) = {got:e}, exact {want:e}");
    }
    // Every positive float, subnormals included: the bits at random below those of +∞.
    let xs: Vec<f32> = (0..200_000).map(|_| f32::from_bits((next() >> 33) as u32 % 0x7f80_0000)).collect();
    for (x, got) in xs.iter().zip(ln32(&xs)) {
        let want = f64::from(*x).ln() as f32;
        assert!(same32(got, want) || ulps32(got, want) <= 1, "ln({x:e}) = {got:e}, exact {want:e}");
    }
}

/// `exp` of `f64` against libm's (at most 1 ulp apart) on 200,000 values; `ln` is libm's.
#[test]
fn f64_within_one_ulp_of_libm_on_a_sample() {
    let mut next = stream(0x9e37_79b9_7f4a_7c15);
    let unit = |u: u64| (u >> 11) as f64 / (1u64 << 53) as f64;
    let xs: Vec<f64> = (0..200_000).map(|_| unit(next()) * 1460.0 - 750.0).collect();
    for (x, got) in xs.iter().zip(exp64(&xs)) {
        let want = x.exp();
        assert!(same64(got, want) || ulps64(got, want) <= 1, "exp({x:e}) = {got:e}, libm {want:e}");
    }
    let xs: Vec<f64> = (0..200_000).map(|_| f64::from_bits((next() >> 1) % 0x7ff0_0000_0000_0000)).collect();
    for (x, got) in xs.iter().zip(ln64(&xs)) {
        let want = x.ln();
        assert!(same64(got, want), "ln({x:e}) = {got:e}, libm {want:e}");
    }
}

/// An element gives the same bits whether it is computed in a block of 16, in the short block
/// at the end of a run, or alone.
#[test]
fn an_element_does_not_depend_on_its_block() {
    let xs: Vec<f32> = (0..53).map(|i| i as f32 * 0.37 - 9.0).collect();
    let (whole_exp, whole_ln) = (exp32(&xs), ln32(&xs));
    for start in [0, 1, 5, 17, 52] {
        assert_eq!(exp32(&xs[start..]), whole_exp[start..], "exp from {start}");
        assert_eq!(
            ln32(&xs[start..]).iter().map(|v| v.to_bits()).collect::<Vec<_>>(),
            whole_ln[start..].iter().map(|v| v.to_bits()).collect::<Vec<_>>(),
            "ln from {start}"
        );
    }
    // A strided view: the columns of a `[N, 2]` tensor.
    bind!(let n: N = 26);
    let t = TensorRef::from_shape(dims![n, 2], &xs[..52]).unwrap();
    let cols = t.lazy().exp().eval();
    assert_eq!(cols.as_slice(), &whole_exp[..52]);
    let one = Tensor::<f64, shape![1]>::from([0.37]);
    assert_eq!(one.lazy().exp().eval().as_slice(), &exp64(&[0.37; 20])[..1]);
}
