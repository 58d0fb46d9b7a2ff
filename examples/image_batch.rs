//! An image batch into a dense layer: `cargo run --release --example image_batch -- [BATCH]`
//! (default 8).
//!
//! The images are `[B, 32, 32, 3]` (height, width, RGB), `B` read at run time. Each channel is
//! normalized by its own mean and standard deviation over the batch and every pixel
//! (`mean_keepdims` over axes 0, 1 and 2, so the statistics are `[1, 1, 1, 3]` and broadcast back
//! over the images), one expression per line. The normalized batch is then flattened into
//! `[B, 3072]` by `merge_axes`, a view (`32 · 32 = 1024`, then `1024 · 3 = 3072`, computed while
//! compiling), and multiplied by the layer's weights `[3072, 10]` with `matmul`, plus a bias.
//! The logits are checked against plain loops in f64 (to 1e-4 of the largest).

use std::process::ExitCode;

use shapecast::prelude::*;

mod common;

const SIDE: usize = 32;
const CHANNELS: usize = 3;
const CLASSES: usize = 10;
const PIXELS: usize = SIDE * SIDE * CHANNELS;
const DEFAULT_BATCH: usize = 8;
const MAX_BATCH: usize = 4096;

/// The run-time batch size.
struct Batch;

fn main() -> ExitCode {
    common::main_of("image_batch", run)
}

fn run() -> Result<(), String> {
    let batch = common::batch_argument(DEFAULT_BATCH, MAX_BATCH)?;
    let mut lcg = common::Lcg(0x1a6e_u64);
    let mut next = move || lcg.next_f32();
    // Pixels in 0..255, each channel with its own brightness.
    let pixels: Vec<f32> =
        (0..batch * PIXELS).map(|i| (next() * 200.0 + 20.0 * (i % CHANNELS) as f32).floor()).collect();
    let weights = BoxedTensor::<f32, shape![3072, 10]>::from_fn(|_| next() - 0.5);
    let bias = Tensor::<f32, shape![10]>::from_fn(|k| k as f32 * 0.1);

    bind!(let b: Batch = batch);
    let images = TensorRef::from_shape(dims![b, 32, 32, 3], &pixels).map_err(|e| e.to_string())?;

    // Per-channel statistics over the batch and every pixel: [1, 1, 1, 3], broadcast back.
    let mean = images.lazy().mean_keepdims::<axes![0, 1, 2]>().eval();
    let std = (images.lazy() - &mean).powi(2).mean_keepdims::<axes![0, 1, 2]>().sqrt().eval();
    let normalized = ((images.lazy() - &mean) / (std.lazy() + 1e-5)).eval(); // [B, 32, 32, 3]

    // Flattened to [B, 3072]: views of the same data, the sizes multiplied at compile time.
    let rows = normalized.merge_axes::<1>(); // [B, 1024, 3]
    let flat = rows.merge_axes::<1>(); // [B, 3072]
    debug_assert_eq!(*flat.shape().extents(), [batch, PIXELS]); // shape![Batch, 3072]
    let logits = (flat.matmul(&weights).lazy() + &bias).eval(); // [B, 10]

    let want = logits_loops(&pixels, weights.as_slice(), bias.as_slice(), batch);
    let scale = want.iter().fold(1e-9f64, |m, x| m.max(x.abs()));
    let worst = logits
        .as_slice()
        .iter()
        .zip(&want)
        .map(|(&a, &b)| (f64::from(a) - b).abs() / scale)
        .fold(0.0f64, |w, d| if d > w || d.is_nan() { d } else { w });
    println!("channel means {:?}, deviations {:?}", mean.as_slice(), std.as_slice());
    println!("logits of image 0: {:?}", &logits.as_slice()[..CLASSES]);
    println!("largest difference from the plain loops, relative to the largest logit: {worst:.3e}");
    if logits.as_slice().len() != want.len() || worst.is_nan() || worst > 1e-4 {
        return Err(format!("the logits differ from the plain loops by {worst:e}"));
    }
    println!("all checks passed");
    Ok(())
}

/// The same with plain loops in f64: per-channel statistics, normalization, the layer.
fn logits_loops(pixels: &[f32], weights: &[f32], bias: &[f32], batch: usize) -> Vec<f64> {
    let count = (batch * SIDE * SIDE) as f64;
    let mut mean = [0.0f64; CHANNELS];
    for (i, &p) in pixels.iter().enumerate() {
        mean[i % CHANNELS] += f64::from(p) / count;
    }
    let mut var = [0.0f64; CHANNELS];
    for (i, &p) in pixels.iter().enumerate() {
        var[i % CHANNELS] += (f64::from(p) - mean[i % CHANNELS]).powi(2) / count;
    }
    let mut out = vec![0.0; batch * CLASSES];
    for n in 0..batch {
        for (k, o) in out[n * CLASSES..][..CLASSES].iter_mut().enumerate() {
            let mut sum = f64::from(bias[k]);
            for j in 0..PIXELS {
                let c = j % CHANNELS;
                let x = (f64::from(pixels[n * PIXELS + j]) - mean[c]) / (var[c].sqrt() + 1e-5);
                sum += x * f64::from(weights[j * CLASSES + k]);
            }
            *o = sum;
        }
    }
    out
}
