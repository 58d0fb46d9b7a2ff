#!/usr/bin/env bash
# What a product costs `cargo check`, beside a broadcast: COUNT functions, each taking two
# tensors of random shapes that multiply (rank 1-4, batch axes that broadcast) and returning
# `a.matmul(&b)`, against the same functions returning the broadcast `&a + &c` of two tensors of
# the product's output shape (the operator that checks the most like a product), and a baseline
# that returns `a` itself.
#
#   bash benches/compile_time_products.sh [COUNT] [RUNS]
#
# Prints the extra `cargo check` time per call over the baseline, for each, and their ratio
# (the target: a product at most 3x a broadcast). Each file is checked RUNS times (default 3);
# the median counts.
set -euo pipefail
count=${1:-200}
runs=${2:-3}
source "$(dirname "$0")/probe_crate.sh"
probe_crate compile-time-products

python3 - "$count" "$work" <<'PY'
import random, sys
count, work = int(sys.argv[1]), sys.argv[2]
rng = random.Random(20261205)
def size(): return rng.choice([1, 2, 3, 4, 5, 7, 8, 16, 32, 64])
def lst(v): return ", ".join(map(str, v))
files = {"baseline": [], "matmul": [], "broadcast": []}
for i in range(count):
    ra, rb = rng.randint(1, 4), rng.randint(1, 4)
    m, k, n = size(), size(), size()
    batch = [size() for _ in range(2)]
    ba = [d if rng.random() < .6 else 1 for d in batch[2 - max(ra - 2, 0):]] if ra > 2 else []
    bb = [d if rng.random() < .6 else 1 for d in batch[2 - max(rb - 2, 0):]] if rb > 2 else []
    a = ba + ([m, k] if ra >= 2 else [k])
    b = bb + ([k, n] if rb >= 2 else [k])
    width = max(len(ba), len(bb))
    pa, pb = [1] * (width - len(ba)) + ba, [1] * (width - len(bb)) + bb
    out = [max(x, y) for x, y in zip(pa, pb)] + ([m] if ra >= 2 else []) + ([n] if rb >= 2 else [])
    A, B, O = f"shape![{lst(a)}]", f"shape![{lst(b)}]", f"shape![{lst(out)}]"
    files["baseline"].append(f"pub fn f{i}(a: &Tensor<f32, {A}>, _b: &Tensor<f32, {B}>) -> Tensor<f32, {A}> {{ a.clone() }}")
    files["matmul"].append(f"pub fn f{i}(a: &Tensor<f32, {A}>, b: &Tensor<f32, {B}>) -> Tensor<f32, {O}> {{ a.matmul(b) }}")
    files["broadcast"].append(f"pub fn f{i}(a: &Tensor<f32, {O}>, c: &Tensor<f32, {O}>) -> Tensor<f32, {O}> {{ a + c }}")
for name, fns in files.items():
    with open(f"{work}/{name}.rs", "w") as f:
        f.write("#![allow(clippy::all)]\nuse shapecast::prelude::*;\n" + "\n".join(fns) + "\n")
PY

prime "$work/baseline.rs"
base=$(time_check "$work/baseline.rs" "$runs")
mm=$(time_check "$work/matmul.rs" "$runs")
bc=$(time_check "$work/broadcast.rs" "$runs")
printf 'calls: %d, cargo check median of %d runs (user + sys)\n' "$count" "$runs"
awk -v b="$base" -v m="$mm" -v c="$bc" -v n="$count" 'BEGIN {
  printf "baseline %.2f s; matmul %.2f s (%.2f ms per call); broadcast %.2f s (%.2f ms per call)\n", b, m, (m - b) * 1000 / n, c, (c - b) * 1000 / n
  printf "a product costs %.2fx a broadcast\n", (m - b) / (c - b)
}'
