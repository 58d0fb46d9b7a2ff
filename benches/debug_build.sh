#!/usr/bin/env bash
# What the fast form costs in a debug build: batch norm forward into a buffer,
# `((x.lazy() - &mean) * &inv_std * &gamma + &beta).eval_into(&mut out)` over `[R, 1024]` f32
# with `R` bound at run time, beside the same computation as a hand-written fused loop, built
# in a scratch crate under eight profiles:
#
#   dev                      cargo's dev profile as it comes (opt-level 0)
#   dev, opt-level 1         `[profile.dev] opt-level = 1`
#   dev, shapecast at 3      `[profile.dev.package.shapecast] opt-level = 3` only
#   dev, kernel crate at 3   `[profile.dev.package.bn-kernel] opt-level = 3` only: the crate that
#                            calls shapecast (below) optimized, the rest of the program not
#     and no debug asserts   the same with `debug-assertions = false` for that crate too
#     and shapecast at 3     the kernel crate and shapecast at opt-level 3, the rest not
#   dev, opt-level 3         `[profile.dev] opt-level = 3`
#   release                  cargo's release profile
#
#   bash benches/debug_build.sh [ROWS] [SAMPLES]
#
# The expression lives in a small library crate of the scratch workspace (`bn-kernel`), as an
# application's numerics would; the hand loop and the timing in the binary, at the profile's
# own opt-level (0 in the plain dev build and in the three that raise one crate only).
# The program checks that both compute the same bits, then times each (std::time::Instant):
# the best of SAMPLES (default 7) samples of at least 20 ms, ROWS (default 512) rows.
# The table gives each build's times of both, its expression's time over the hand loop of the
# plain dev build and over the expression in release, and two build times, wall (CPU user +
# sys): everything from an empty target directory, and the two crates of the scratch workspace
# alone again (their incremental caches removed), the part that an edit to the numerics
# recompiles.
set -euo pipefail
rows=${1:-512}
samples=${2:-7}
repo=$(cd "$(dirname "$0")/.." && pwd)
source "$(dirname "$0")/probe_crate.sh"
probe_crate debug-build-probe "$repo" 'bn-kernel = { path = "kernel" }'
cp "$work/Cargo.toml" "$work/Cargo.base.toml"
mkdir -p "$work/kernel/src"
cat > "$work/kernel/Cargo.toml" <<TOML
[package]
name = "bn-kernel"
version = "0.0.0"
edition = "2024"
publish = false
[dependencies]
shapecast = { path = "$repo" }
TOML

cat > "$work/kernel/src/lib.rs" <<'RS'
use shapecast::prelude::*;

pub use shapecast;

/// The run-time row count.
pub struct Rows;
pub type Row = Tensor<f32, shape![1024]>;

/// Batch norm forward, the README's fast form, into an existing buffer.
#[inline(never)]
pub fn bn_fused<'id>(
    x: &TensorRef<f32, shape![Rows<'id>, 1024]>,
    [mu, inv_std, gamma, beta]: &[Row; 4],
    out: &mut TensorMut<f32, shape![Rows<'id>, 1024]>,
) {
    ((x.lazy() - mu) * inv_std * gamma + beta).eval_into(out);
}
RS

cat > "$work/src/main.rs" <<'RS'
use bn_kernel::shapecast::prelude::*;
use bn_kernel::{Row, Rows, bn_fused};
use std::hint::black_box;
use std::time::Instant;

const F: usize = 1024;

/// The same computation as a fused hand loop, over rows as arrays.
#[inline(never)]
fn bn_hand(x: &[f32], [mu, inv_std, gamma, beta]: &[[f32; F]; 4], out: &mut [f32]) {
    for (o, x) in out.chunks_exact_mut(F).zip(x.chunks_exact(F)) {
        let (o, x): (&mut [f32; F], &[f32; F]) = (o.try_into().unwrap(), x.try_into().unwrap());
        for j in 0..F {
            o[j] = (x[j] - mu[j]) * inv_std[j] * gamma[j] + beta[j];
        }
    }
}

/// Seconds per call of `f`: the best of `samples` samples, each of as many calls as take
/// 20 ms (at least one).
fn best(samples: usize, mut f: impl FnMut()) -> f64 {
    let start = Instant::now();
    f();
    let calls = ((0.02 / start.elapsed().as_secs_f64()) as usize).max(1);
    let mut best = f64::INFINITY;
    for _ in 0..samples {
        let start = Instant::now();
        for _ in 0..calls {
            f();
        }
        best = best.min(start.elapsed().as_secs_f64() / calls as f64);
    }
    best
}

fn main() {
    let mut args = std::env::args().skip(1).map(|a| a.parse::<usize>().expect("ROWS SAMPLES"));
    let (rows, samples) = (args.next().unwrap_or(512), args.next().unwrap_or(7));
    bind!(let r: Rows = black_box(rows));
    let xs: Vec<f32> =
        (0..rows * F).map(|i| (i % F % 8) as f32 + (i * 7919 % 1000) as f32 / 250.0 - 2.0).collect();
    let p: [[f32; F]; 4] = [
        std::array::from_fn(|j| (j % 8) as f32 + 0.1),
        std::array::from_fn(|j| 0.5 + 0.001 * j as f32),
        std::array::from_fn(|j| 1.0 + 0.0005 * j as f32),
        std::array::from_fn(|j| 0.01 * j as f32 - 1.0),
    ];
    let sp = p.map(|v| Row::from_slice(&v).unwrap());
    let x = TensorRef::from_shape(dims![r, 1024], &xs).unwrap();
    let (mut want, mut got) = (vec![0f32; rows * F], vec![0f32; rows * F]);
    let mut out = TensorMut::from_shape(dims![r, 1024], &mut got).unwrap();

    bn_hand(&xs, &p, &mut want);
    bn_fused(&x, &sp, &mut out);
    assert!(out.as_slice() == &want[..], "the expression and the hand loop differ");

    let hand = best(samples, || bn_hand(black_box(&xs), black_box(&p), black_box(&mut want)));
    let fused = best(samples, || bn_fused(black_box(&x), black_box(&sp), black_box(&mut out)));
    println!("{fused:e} {hand:e}");
}
RS

cd "$work"
names=("dev" "dev, opt-level 1" "dev, shapecast at 3" "dev, kernel crate at 3"
  "  and no debug asserts" "  and shapecast at 3" "dev, opt-level 3" "release")
profiles=("" $'[profile.dev]\nopt-level = 1' $'[profile.dev.package.shapecast]\nopt-level = 3'
  $'[profile.dev.package.bn-kernel]\nopt-level = 3'
  $'[profile.dev.package.bn-kernel]\nopt-level = 3\ndebug-assertions = false'
  $'[profile.dev.package.bn-kernel]\nopt-level = 3\n[profile.dev.package.shapecast]\nopt-level = 3'
  $'[profile.dev]\nopt-level = 3' "")
flags=("" "" "" "" "" "" "" "--release")
last=$((${#names[@]} - 1))
exec 3>&2
timed() {  # prints "wall (cpu)" seconds of the command, its own output to stderr
  local TIMEFORMAT='%R %U %S'
  { time "$@" >&3 2>&3; } 2>&1 | awk '{printf "%.1f (%.1f)", $1, $2 + $3}'
}
declare -a fused hand full again
for i in "${!names[@]}"; do
  echo "building: ${names[$i]}" >&2
  { cat Cargo.base.toml; printf '%s\n' "${profiles[$i]}"; } > Cargo.toml
  export CARGO_TARGET_DIR="$work/target-$i"
  dir=$CARGO_TARGET_DIR/$([ -n "${flags[$i]}" ] && echo release || echo debug)
  full[$i]=$(timed cargo build -q ${flags[$i]})
  touch src/main.rs kernel/src/lib.rs
  rm -rf "$dir/incremental"
  again[$i]=$(timed cargo build -q ${flags[$i]})
  read -r fused[$i] hand[$i] < <("$dir/debug-build-probe" "$rows" "$samples")
done

printf '\nbatch norm into a buffer, [R, 1024] f32, R = %d bound at run time; best of %d samples\n' \
  "$rows" "$samples"
printf '%-24s %12s %12s %13s %13s %16s %14s\n' build "shapecast µs" "hand µs" "÷ dev hand" \
  "÷ release" "build s (CPU)" "rebuild s (CPU)"
for i in "${!names[@]}"; do
  awk -v n="${names[$i]}" -v f="${fused[$i]}" -v h="${hand[$i]}" -v dh="${hand[0]}" \
    -v rf="${fused[$last]}" -v b="${full[$i]}" -v a="${again[$i]}" 'BEGIN {
      printf "%-24s %12.0f %12.0f %12.2fx %12.1fx %16s %15s\n", n, f * 1e6, h * 1e6, f / dh, f / rf, b, a
    }'
done
