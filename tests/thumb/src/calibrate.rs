//! A fixed-shape calibration of 16 samples of 3 axes (an accelerometer, say), in i32: subtract
//! each axis' offset, apply its gain (Q15 fixed point), then each axis' mean and peak (largest
//! magnitude). Written with shapecast twice, with the eager operators and as one fused
//! expression per result, and as the hand loop that each should cost no more than twice.

use shapecast::prelude::*;

/// 16 samples of 3 axes.
pub type Samples = shape![16, 3];
/// One value per axis.
pub type PerAxis = shape![3];

/// Q15 multiply: `x * gain / 2^15`, rounded down.
#[inline(always)]
fn q15(x: i32, gain: i32) -> i32 {
    (x * gain) >> 15
}

/// The calibration with shapecast's eager operators: `[16, 3] - [3]`, `[16, 3] * [3]`, then
/// reductions over axis 0, each a new tensor.
#[inline(never)]
pub fn eager(
    raw: &Tensor<i32, Samples>,
    offset: &Tensor<i32, PerAxis>,
    gain: &Tensor<i32, PerAxis>,
) -> (Tensor<i32, PerAxis>, Tensor<i32, PerAxis>) {
    let calibrated = (raw - offset).zip_with(gain, q15);
    let mean = calibrated.sum_axes::<axes![0]>().map(|s| s / 16);
    let peak = calibrated.map(i32::abs).max_axes::<axes![0]>().unwrap_or_default();
    (mean, peak)
}

/// The calibration as fused expressions, as the README teaches: the calibrated samples are an
/// expression, never a tensor, and each result one pass over `raw` that folds it.
#[inline(never)]
pub fn fused(
    raw: &Tensor<i32, Samples>,
    offset: &Tensor<i32, PerAxis>,
    gain: &Tensor<i32, PerAxis>,
) -> (Tensor<i32, PerAxis>, Tensor<i32, PerAxis>) {
    let calibrated = (raw.lazy() - offset).zip_with(gain, q15);
    let mean = (calibrated.sum_axes::<axes![0]>() / 16).eval();
    let peak = calibrated.abs().max_axes::<axes![0]>().eval();
    (mean, peak)
}

/// The same calibration as a hand loop over arrays.
#[inline(never)]
pub fn by_hand(raw: &[[i32; 3]; 16], offset: &[i32; 3], gain: &[i32; 3]) -> ([i32; 3], [i32; 3]) {
    let (mut sum, mut peak) = ([0i32; 3], [0i32; 3]);
    for row in raw {
        for axis in 0..3 {
            let x = q15(row[axis] - offset[axis], gain[axis]);
            sum[axis] += x;
            peak[axis] = peak[axis].max(x.abs());
        }
    }
    (sum.map(|s| s / 16), peak)
}
