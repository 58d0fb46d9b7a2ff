//! A constant-velocity Kalman filter, every shape fixed and every tensor on the stack, no
//! allocator in the filter itself (only `main` prints): `cargo run --example kalman`.
//!
//! The state is position and velocity in 2-D (`[4]`), the measurement the position (`[2]`). Each
//! step predicts (`x = F·x`, `P = F·P·Fᵀ + Q`) and updates with the measurement
//! (`K = P·Hᵀ·(H·P·Hᵀ + R)⁻¹`, `x += K·(z − H·x)`, `P −= K·H·P`), with `matmul`, the transposed
//! views `mt()` and `inv` (a singular innovation covariance is an error value, not a panic). The
//! measurements are read row by row from a `[50, 2]` tensor and the states written row by row
//! into a `[50, 4]` one; both are checked against the same filter written with plain loops.
//! The same filter runs on a Cortex-M3 in CI (`tests/thumb`).

use shapecast::prelude::*;

const STEPS: usize = 50;

/// The model and the filter's state.
struct Filter {
    f: Tensor<f64, shape![4, 4]>,
    q: Tensor<f64, shape![4, 4]>,
    h: Tensor<f64, shape![2, 4]>,
    r: Tensor<f64, shape![2, 2]>,
    x: Tensor<f64, shape![4]>,
    p: Tensor<f64, shape![4, 4]>,
}

impl Filter {
    fn new() -> Self {
        let dt = 0.1;
        Filter {
            f: Tensor::from([
                [1.0, 0.0, dt, 0.0],
                [0.0, 1.0, 0.0, dt],
                [0.0, 0.0, 1.0, 0.0],
                [0.0, 0.0, 0.0, 1.0],
            ]),
            q: (Tensor::<f64, shape![4, 4]>::eye().lazy() * 1e-3).eval(),
            h: Tensor::from([[1.0, 0.0, 0.0, 0.0], [0.0, 1.0, 0.0, 0.0]]),
            r: (Tensor::<f64, shape![2, 2]>::eye().lazy() * 0.05).eval(),
            x: Tensor::splat(0.0),
            p: Tensor::eye(),
        }
    }

    /// One predict and update step with the measurement `z`.
    fn step(&mut self, z: TensorRef<'_, f64, shape![2]>) -> Result<(), SingularError> {
        let x = self.f.matmul(&self.x);
        let p = &self.f.matmul(&self.p).matmul(&self.f.mt()) + &self.q;
        let ph = p.matmul(&self.h.mt()); // P·Hᵀ, [4, 2]
        let s = &self.h.matmul(&ph) + &self.r; // the innovation covariance, [2, 2]
        let gain = ph.matmul(&s.inv()?); // [4, 2]
        self.x = &x + &gain.matmul(&(z - &self.h.matmul(&x)));
        self.p = &p - &gain.matmul(&ph.mt());
        Ok(())
    }
}

/// The same filter with plain loops over arrays: the states, row by row.
fn by_hand(zs: &[[f64; 2]]) -> Vec<[f64; 4]> {
    let dt = 0.1;
    let f = [[1.0, 0.0, dt, 0.0], [0.0, 1.0, 0.0, dt], [0.0, 0.0, 1.0, 0.0], [0.0, 0.0, 0.0, 1.0]];
    let (mut x, mut p) = ([0.0f64; 4], [[0.0f64; 4]; 4]);
    (0..4).for_each(|i| p[i][i] = 1.0);
    let mut out = vec![];
    for z in zs {
        let xp: [f64; 4] = core::array::from_fn(|i| (0..4).map(|k| f[i][k] * x[k]).sum());
        let fp: [[f64; 4]; 4] =
            core::array::from_fn(|i| core::array::from_fn(|j| (0..4).map(|k| f[i][k] * p[k][j]).sum()));
        let pp: [[f64; 4]; 4] = core::array::from_fn(|i| {
            core::array::from_fn(|j| {
                (0..4).map(|k| fp[i][k] * f[j][k]).sum::<f64>() + if i == j { 1e-3 } else { 0.0 }
            })
        });
        // H picks the position: H·P·Hᵀ is P's top-left 2×2, P·Hᵀ its first two columns.
        let s = [[pp[0][0] + 0.05, pp[0][1]], [pp[1][0], pp[1][1] + 0.05]];
        let det = s[0][0] * s[1][1] - s[0][1] * s[1][0];
        let s_inv = [[s[1][1] / det, -s[0][1] / det], [-s[1][0] / det, s[0][0] / det]];
        let gain: [[f64; 2]; 4] = core::array::from_fn(|i| {
            core::array::from_fn(|j| pp[i][0] * s_inv[0][j] + pp[i][1] * s_inv[1][j])
        });
        let y = [z[0] - xp[0], z[1] - xp[1]];
        x = core::array::from_fn(|i| xp[i] + gain[i][0] * y[0] + gain[i][1] * y[1]);
        p = core::array::from_fn(|i| {
            core::array::from_fn(|j| pp[i][j] - gain[i][0] * pp[0][j] - gain[i][1] * pp[1][j])
        });
        out.push(x);
    }
    out
}

fn main() -> Result<(), SingularError> {
    // A target moving at (1.0, 0.5) per second, measured with a small deterministic wobble.
    let zs = Tensor::<f64, shape![50, 2]>::from_index_fn(|ix| {
        let t = ix[0] as f64 * 0.1;
        let wobble = ((ix[0] * 7 + ix[1] * 3) % 11) as f64 / 11.0 - 0.5;
        [t * 1.0, t * 0.5][ix[1]] + 0.05 * wobble
    });
    let mut filter = Filter::new();
    let mut track = Tensor::<f64, shape![50, 4]>::splat(0.0);
    for (z, mut state) in zs.rows().zip(track.rows_mut()) {
        filter.step(z)?;
        state.as_mut_slice().copy_from_slice(filter.x.as_slice());
    }

    let hand: Vec<[f64; 2]> = zs.rows().map(|z| [z.as_slice()[0], z.as_slice()[1]]).collect();
    let want = by_hand(&hand);
    let worst = track
        .rows()
        .zip(&want)
        .flat_map(|(got, w)| got.as_slice().iter().zip(w).map(|(a, b)| (a - b).abs()).collect::<Vec<_>>())
        .fold(0.0, f64::max);
    let last = track.index_axis::<0>(STEPS - 1).unwrap_or_else(|_| unreachable!());
    println!("after {STEPS} steps: state {:?}", last.to_tensor());
    println!("largest difference from the plain loops: {worst:.2e}");
    assert!(worst < 1e-12, "the filter differs from the plain loops by {worst}");
    let velocity = [last.get(&[2]).copied().unwrap_or(0.0), last.get(&[3]).copied().unwrap_or(0.0)];
    assert!((velocity[0] - 1.0).abs() < 0.2 && (velocity[1] - 0.5).abs() < 0.2, "velocity {velocity:?}");
    println!("all checks against the plain loops passed");
    Ok(())
}
