//! A fixed-point signal pipeline written as it would be on a microcontroller: every tensor on
//! the stack, no allocator, nothing from `std` in the pipeline itself (only `main` prints):
//! `cargo run --example embedded`. `tests/no-std` runs the same kind of code in a binary that
//! links without `std` at all.
//!
//! Four sensor channels of 32 samples each, in Q15 fixed point (i32 holding i16 range):
//! 1. subtract each channel's calibration offset (a `[4, 1]` column broadcast over `[4, 32]`),
//! 2. apply a window to every channel (a `[32]` row broadcast over `[4, 32]`, Q15 multiply),
//! 3. scale each channel by its gain (XLA-style: a `[4]` vector onto axis 0 with dims `[0]`),
//! 4. sum each channel's samples (`sum_axes::<axes![1]>`), the per-channel signal energy proxy.

use shapecast::prelude::*;

type Samples = shape![4, 32];

/// Q15 multiply: `a * b / 2^15`, rounded.
fn q15(a: i32, b: i32) -> i32 {
    (a * b + (1 << 14)) >> 15
}

/// The pipeline: only `core` and shapecast, on the stack.
fn pipeline(
    raw: &Tensor<i32, Samples>,
    offsets: &Tensor<i32, shape![4, 1]>,
    window: &Tensor<i32, shape![32]>,
    gains: &Tensor<i32, shape![4]>,
) -> Tensor<i32, shape![4]> {
    let centered = raw - offsets; // [4, 32] - [4, 1]
    let windowed = centered.zip_with(window, q15); // [4, 32] * [32]
    let scaled = windowed.with_dims::<axes![0]>().zip_with(gains, q15); // [4, 32] with [4] on axis 0
    scaled.map(i32::abs).sum_axes::<axes![1]>() // [4, 32] -> [4]
}

fn main() {
    // A triangle wave per channel, each with its own offset and amplitude.
    let raw = Tensor::<i32, Samples>::from_index_fn(|ix| {
        let (ch, t) = (ix[0] as i32, ix[1] as i32);
        let tri = if t < 16 { t } else { 32 - t };
        100 * (ch + 1) + tri * 500 * (ch + 1)
    });
    let offsets = Tensor::<i32, shape![4, 1]>::from([[100], [200], [300], [400]]);
    // A Q15 triangular window, peak 1.0 (= 32767) in the middle.
    let window = Tensor::<i32, shape![32]>::from_fn(|t| {
        let t = t as i32;
        (if t < 16 { t } else { 32 - t }) * 32767 / 16
    });
    let gains = Tensor::<i32, shape![4]>::from([32767, 16384, 8192, 4096]); // 1.0, 0.5, 0.25, 0.125

    let energy = pipeline(&raw, &offsets, &window, &gains);
    println!(
        "stack used by the tensors: raw {} bytes, result {} bytes",
        size_of_val(&raw),
        size_of_val(&energy)
    );
    println!("per-channel energy (Q15 units): {energy:?}");

    // The same with plain loops, to check.
    let mut naive = [0i32; 4];
    for (ch, e) in naive.iter_mut().enumerate() {
        for t in 0..32 {
            let x = raw.as_slice()[ch * 32 + t] - offsets.as_slice()[ch];
            *e += q15(q15(x, window.as_slice()[t]), gains.as_slice()[ch]).abs();
        }
    }
    assert_eq!(energy.as_slice(), naive);
    println!("matches the plain-loop computation: {naive:?}");
}
