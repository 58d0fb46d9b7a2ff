//! A constant-velocity Kalman filter (state 4: position and velocity in x and y; measurement 2:
//! the position; f64, soft float on a Cortex-M3), the filter of `benches/programs.rs`. Written
//! with shapecast's products as a user writes them (`matmul`, the transposed views `mt()`,
//! `inv`), and as the hand loop over arrays that it should cost no more than twice.

use shapecast::prelude::*;

/// The state: position and velocity, in x and y.
pub type State = shape![4];
/// A 4×4 matrix over the state (the transition, the covariances).
pub type Square = shape![4, 4];
/// A measurement: the position.
pub type Measurement = shape![2];

/// The transition `F`: the position moves by the velocity times 0.1 each step.
pub const F: [[f64; 4]; 4] =
    [[1.0, 0.0, 0.1, 0.0], [0.0, 1.0, 0.0, 0.1], [0.0, 0.0, 1.0, 0.0], [0.0, 0.0, 0.0, 1.0]];
/// The process noise `Q`.
pub const Q: [[f64; 4]; 4] =
    [[1e-4, 0.0, 0.0, 0.0], [0.0, 1e-4, 0.0, 0.0], [0.0, 0.0, 1e-3, 0.0], [0.0, 0.0, 0.0, 1e-3]];
/// The measurement `H`: the position.
pub const H: [[f64; 4]; 2] = [[1.0, 0.0, 0.0, 0.0], [0.0, 1.0, 0.0, 0.0]];
/// The measurement noise `R`.
pub const R: [[f64; 2]; 2] = [[0.05, 0.0], [0.0, 0.05]];
/// The initial covariance `P`: the identity.
pub const P: [[f64; 4]; 4] =
    [[1.0, 0.0, 0.0, 0.0], [0.0, 1.0, 0.0, 0.0], [0.0, 0.0, 1.0, 0.0], [0.0, 0.0, 0.0, 1.0]];

/// The model and the state of the filter, as tensors.
pub struct Kalman {
    pub f: Tensor<f64, Square>,
    pub q: Tensor<f64, Square>,
    pub h: Tensor<f64, shape![2, 4]>,
    pub r: Tensor<f64, shape![2, 2]>,
    pub x: Tensor<f64, State>,
    pub p: Tensor<f64, Square>,
}

impl Kalman {
    /// The filter of model `f`, `q`, `h`, `r` at the state zero, of covariance [`P`].
    pub fn new(f: [[f64; 4]; 4], q: [[f64; 4]; 4], h: [[f64; 4]; 2], r: [[f64; 2]; 2]) -> Self {
        Kalman {
            f: Tensor::from(f),
            q: Tensor::from(q),
            h: Tensor::from(h),
            r: Tensor::from(r),
            x: Tensor::splat(0.0),
            p: Tensor::from(P),
        }
    }
}

/// One predict and update step with `matmul`, `mt()` and `inv`: an error, the filter
/// unchanged, when the innovation covariance `S` is singular.
#[inline(never)]
pub fn step(k: &mut Kalman, z: &Tensor<f64, Measurement>) -> Result<(), SingularError> {
    let x = k.f.matmul(&k.x);
    let p = &k.f.matmul(&k.p).matmul(&k.f.mt()) + &k.q;
    let y = z - &k.h.matmul(&x);
    let ph = p.matmul(&k.h.mt()); // P·Hᵀ, [4, 2]
    let s = &k.h.matmul(&ph) + &k.r;
    let s_inv = s.inv()?;
    let gain = ph.matmul(&s_inv);
    k.x = &x + &gain.matmul(&y);
    k.p = &p - &gain.matmul(&ph.mt());
    Ok(())
}

/// The same filter over arrays.
pub struct KalmanHand {
    pub f: [[f64; 4]; 4],
    pub q: [[f64; 4]; 4],
    pub h: [[f64; 4]; 2],
    pub r: [[f64; 2]; 2],
    pub x: [f64; 4],
    pub p: [[f64; 4]; 4],
}

impl KalmanHand {
    /// The filter of model `f`, `q`, `h`, `r` at the state zero, of covariance [`P`].
    pub fn new(f: [[f64; 4]; 4], q: [[f64; 4]; 4], h: [[f64; 4]; 2], r: [[f64; 2]; 2]) -> Self {
        KalmanHand { f, q, h, r, x: [0.0; 4], p: P }
    }
}

/// One step of the same filter as a hand loop (`kalman_hand` of `benches/programs.rs`): `S` is
/// inverted by its determinant, unchecked.
#[inline(never)]
pub fn by_hand(k: &mut KalmanHand, z: &[f64; 2]) {
    let mut x = [0.0; 4];
    for (xi, fi) in x.iter_mut().zip(&k.f) {
        *xi = fi.iter().zip(&k.x).map(|(a, b)| a * b).sum();
    }
    let mut fp = [[0.0; 4]; 4];
    for (fpi, fi) in fp.iter_mut().zip(&k.f) {
        for (fil, pl) in fi.iter().zip(&k.p) {
            for (o, plj) in fpi.iter_mut().zip(pl) {
                *o += fil * plj;
            }
        }
    }
    let mut p = k.q;
    for (pi, fpi) in p.iter_mut().zip(&fp) {
        for (o, fj) in pi.iter_mut().zip(&k.f) {
            *o += fpi.iter().zip(fj).map(|(a, b)| a * b).sum::<f64>();
        }
    }
    let mut y = *z;
    for (yi, hi) in y.iter_mut().zip(&k.h) {
        *yi -= hi.iter().zip(&x).map(|(a, b)| a * b).sum::<f64>();
    }
    let mut hp = [[0.0; 4]; 2];
    for (hpi, hi) in hp.iter_mut().zip(&k.h) {
        for (hil, pl) in hi.iter().zip(&p) {
            for (o, plj) in hpi.iter_mut().zip(pl) {
                *o += hil * plj;
            }
        }
    }
    let mut s = k.r;
    for (si, hpi) in s.iter_mut().zip(&hp) {
        for (o, hj) in si.iter_mut().zip(&k.h) {
            *o += hpi.iter().zip(hj).map(|(a, b)| a * b).sum::<f64>();
        }
    }
    let det = s[0][0] * s[1][1] - s[0][1] * s[1][0];
    let s_inv = [[s[1][1] / det, -s[0][1] / det], [-s[1][0] / det, s[0][0] / det]];
    let mut gain = [[0.0; 2]; 4];
    for (i, gi) in gain.iter_mut().enumerate() {
        for (j, o) in gi.iter_mut().enumerate() {
            *o = hp[0][i] * s_inv[0][j] + hp[1][i] * s_inv[1][j];
        }
    }
    for ((xi, gi), x) in k.x.iter_mut().zip(&gain).zip(x) {
        *xi = x + gi[0] * y[0] + gi[1] * y[1];
    }
    for ((ki, pi), gi) in k.p.iter_mut().zip(&p).zip(&gain) {
        for (j, o) in ki.iter_mut().enumerate() {
            *o = pi[j] - gi[0] * hp[0][j] - gi[1] * hp[1][j];
        }
    }
}

/// The `i`-th measurement of the proof and the flash binaries: a target moving at (1, 0.5) per
/// unit of time, sampled every 0.1, with a small deterministic wobble in x.
pub fn measurement(i: u32) -> [f64; 2] {
    let t = f64::from(i) * 0.1;
    let wobble = f64::from(i.wrapping_mul(2_654_435_761) >> 24) / 256.0 * 0.01;
    [t + wobble, t * 0.5]
}

/// The soft-float routines of f64 arithmetic that both spellings call (`+`, `-`, `*`, `/`):
/// every Kalman flash binary calls this, so that `kalman-none` (the same program with no filter)
/// holds them, and `.ci/thumb` measures each filter without them.
#[inline(never)]
pub fn float_routines(a: f64, b: f64) -> [f64; 4] {
    [a + b, a - b, a * b, a / b]
}
