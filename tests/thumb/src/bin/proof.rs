//! The `no_std` proof on a Cortex-M3 (thumbv7m-none-eabi, 32-bit `usize`, soft float), run under
//! QEMU by `.ci/thumb`: the checks of `tests/no-std`, the calibration pipeline (both spellings)
//! against its hand loop, the Kalman filter with `matmul`, `mt()` and `inv` against its hand
//! loop (soft-float f64), and what only a 32-bit target can check. It exits 0 when every check
//! holds.
#![no_std]
#![no_main]

use cortex_m_rt::entry;
use cortex_m_semihosting::hprintln;
use shapecast::dynamic::{self, Array, ErrorKind};
use shapecast::prelude::*;
use shapecast_thumb::{calibrate, checks, exit, kalman};

/// Counts past `u32::MAX` do not fit a 32-bit `usize`: each path that counts elements at run
/// time refuses them with `TooManyElements`, where a 64-bit target would accept the count.
fn count_checks() -> bool {
    struct Rows;
    struct Cols;
    let data = [0u8; 4];
    bind!(let rows: Rows = 65536);
    bind!(let cols: Cols = 65536);
    // 2^16 * 2^16 = 2^32, one past u32::MAX.
    let borrowed = TensorRef::from_shape(dims![rows, cols], &data[..]);
    let borrowed_ok = matches!(&borrowed, Err(e) if e.kind() == ErrorKind::TooManyElements);
    let mut out = [0u8; 4];
    let mutable = TensorMut::from_shape(dims![rows, cols], &mut out[..]);
    let mutable_ok = matches!(&mutable, Err(e) if e.kind() == ErrorKind::TooManyElements);
    let array_ok =
        matches!(Array::new(&data, &[65536, 65536]), Err(e) if e.kind() == ErrorKind::TooManyElements);
    // A broadcast whose result would hold 2^32 elements is refused before anything is written.
    let shapes_ok = matches!(
        dynamic::broadcast_shapes(&[&[65536, 1], &[1, 65536]]),
        Err(e) if e.kind() == ErrorKind::TooManyElements
    );
    // A zip of `[2^16, 1]` with `[1, 2^16]` (elements of size zero, so no memory) is refused
    // before anything is written.
    let (column, row) = ([(); 65536], [(); 65536]);
    let mut out = [7u8; 4];
    let zipped = match (Array::new(&column, &[65536, 1]), Array::new(&row, &[1, 65536])) {
        (Ok(column), Ok(row)) => dynamic::zip_broadcast(column, row, &mut out, |(), ()| 1u8),
        _ => return false,
    };
    let zip_ok = matches!(zipped, Err(e) if e.kind() == ErrorKind::TooManyElements) && out == [7; 4];
    // One below the limit still counts: 65535 * 65537 = u32::MAX.
    let largest_ok = Array::new(&[0u8; 0], &[0, 65535, 65537]).is_ok();
    usize::BITS == 32 && borrowed_ok && mutable_ok && array_ok && shapes_ok && zip_ok && largest_ok
}

/// The calibration with shapecast, both spellings (eager operators, fused expressions), gives
/// what its hand loop gives.
fn calibrate_checks() -> bool {
    let raw: [[i32; 3]; 16] = core::array::from_fn(|t| {
        let t = t as i32;
        [1000 + 37 * t, -2000 + 11 * (t % 5) * t, 16384 - 1024 * t]
    });
    let (offset, gain) = ([1000, -1500, 8000], [32767, 16384, 40000]);
    let (mean, peak) = calibrate::by_hand(&raw, &offset, &gain);
    let tensors = (Tensor::<i32, calibrate::Samples>::from(raw), Tensor::from(offset), Tensor::from(gain));
    let (e_mean, e_peak) = calibrate::eager(&tensors.0, &tensors.1, &tensors.2);
    let (f_mean, f_peak) = calibrate::fused(&tensors.0, &tensors.1, &tensors.2);
    let same = |t: &Tensor<i32, calibrate::PerAxis>, want: [i32; 3]| t.as_slice() == want;
    same(&e_mean, mean) && same(&e_peak, peak) && same(&f_mean, mean) && same(&f_peak, peak) && peak != [0; 3]
}

/// Whether `a` and `b` agree to 1e-9, relative to `b` (absolute below 1).
fn close(a: f64, b: f64) -> bool {
    (a - b).abs() <= 1e-9 * b.abs().max(1.0)
}

/// The Kalman filter with `matmul`, `mt()` and `inv` tracks what its hand loop tracks over 50
/// steps (state and covariance to 1e-9), the track is the target's, and a singular innovation
/// covariance is an error that leaves the filter as it was, not a panic, inf or NaN.
fn kalman_checks() -> bool {
    use kalman::{F, H, Q, R};
    let mut k = kalman::Kalman::new(F, Q, H, R);
    let mut hand = kalman::KalmanHand::new(F, Q, H, R);
    for i in 0..50 {
        let z = kalman::measurement(i);
        if kalman::step(&mut k, &Tensor::from(z)).is_err() {
            return false;
        }
        kalman::by_hand(&mut hand, &z);
    }
    let x_ok = k.x.as_slice().iter().zip(&hand.x).all(|(&a, &b)| close(a, b));
    let p_ok = k.p.as_slice().iter().zip(hand.p.as_flattened()).all(|(&a, &b)| close(a, b));
    // The target moves at (1, 0.5) from the origin: at step 49, t = 4.9.
    let [px, py, vx, vy] = hand.x;
    let track_ok = (px - 4.9).abs() < 0.05
        && (py - 2.45).abs() < 0.05
        && (vx - 1.0).abs() < 0.1
        && (vy - 0.5).abs() < 0.1;
    // Two rows of H alike and no measurement noise: S = H·P·Hᵀ is [[a, a], [a, a]].
    let alike = [[1.0, 0.0, 0.0, 0.0], [1.0, 0.0, 0.0, 0.0]];
    let mut singular = kalman::Kalman::new(F, Q, alike, [[0.0; 2]; 2]);
    singular.x = Tensor::from([1.0, 2.0, 3.0, 4.0]);
    let err = kalman::step(&mut singular, &Tensor::from([1.0, 1.0]));
    let err_ok = matches!(err, Err(e) if e.column() == Some(1))
        && singular.x.as_slice() == [1.0, 2.0, 3.0, 4.0]
        && singular.p == Tensor::<f64, kalman::Square>::eye();
    x_ok && p_ok && track_ok && err_ok
}

/// A panic is a failure: it is printed, and QEMU exits with 1.
#[panic_handler]
fn panic(info: &core::panic::PanicInfo) -> ! {
    hprintln!("panicked: {}", info);
    exit(false)
}

#[entry]
fn main() -> ! {
    let results = [
        ("no_std checks", checks::all()),
        ("32-bit counts", count_checks()),
        ("calibration", calibrate_checks()),
        ("kalman filter", kalman_checks()),
    ];
    for (name, ok) in results {
        hprintln!("{}: {}", name, if ok { "ok" } else { "FAILED" });
    }
    exit(results.iter().all(|(_, ok)| *ok))
}
