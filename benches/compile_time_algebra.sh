#!/usr/bin/env bash
# What shape algebra costs `cargo check`, beside a broadcast: COUNT functions of random fixed
# shapes (rank 2-4), each doing one operation and returning a new tensor of its result, against
# the same functions returning the broadcast `&a + &c` of two tensors of the result's shape, and
# a baseline that returns a copy of its argument. The operations: a `reshape` (the sizes
# reversed), a `concat` along a random axis, a `slice` of a random axis, a `permute` (the axes
# reversed), each made a tensor (`to_tensor`, `to_inline`) as a program would use it.
#
#   bash benches/compile_time_algebra.sh [COUNT] [RUNS]
#
# Prints the extra `cargo check` time per call over the baseline, for each, and each one's
# ratio to a broadcast (the target: at most 3x). Each file is checked RUNS times (default 3);
# the median counts.
set -euo pipefail
count=${1:-200}
runs=${2:-3}
source "$(dirname "$0")/probe_crate.sh"
probe_crate compile-time-algebra

python3 - "$count" "$work" <<'PY'
import random, sys
count, work = int(sys.argv[1]), sys.argv[2]
rng = random.Random(20261205)
def size(): return rng.choice([1, 2, 3, 4, 5, 7, 8, 16])
def lst(v): return ", ".join(map(str, v))
def s(v): return f"shape![{lst(v)}]"
names = ["baseline", "broadcast", "reshape", "concat", "slice", "permute"]
files = {n: [] for n in names}
for i in range(count):
    dims = [size() for _ in range(rng.randint(2, 4))]
    axis = rng.randrange(len(dims))
    other = list(dims); other[axis] = size()
    joined = list(dims); joined[axis] += other[axis]
    lo = rng.randint(0, dims[axis]); hi = rng.randint(lo, dims[axis])
    sliced = list(dims); sliced[axis] = hi - lo
    rev = list(reversed(dims))
    order = list(reversed(range(len(dims))))
    A = s(dims)
    files["baseline"].append(f"pub fn f{i}(a: &Tensor<f32, {A}>) -> Tensor<f32, {A}> {{ a.clone() }}")
    files["broadcast"].append(f"pub fn f{i}(a: &Tensor<f32, {A}>, c: &Tensor<f32, {A}>) -> Tensor<f32, {A}> {{ a + c }}")
    files["reshape"].append(f"pub fn f{i}(a: &Tensor<f32, {A}>) -> Tensor<f32, {s(rev)}> {{ a.reshape::<{s(rev)}>().to_inline() }}")
    files["concat"].append(f"pub fn f{i}(a: &Tensor<f32, {A}>, b: &Tensor<f32, {s(other)}>) -> Tensor<f32, {s(joined)}> {{ a.concat::<{axis}>(b) }}")
    files["slice"].append(f"pub fn f{i}(a: &Tensor<f32, {A}>) -> Tensor<f32, {s(sliced)}> {{ a.slice::<{axis}, {lo}, {hi}>().to_tensor() }}")
    files["permute"].append(f"pub fn f{i}(a: &Tensor<f32, {A}>) -> Tensor<f32, {s(rev)}> {{ a.permute::<perm![{lst(order)}]>().to_tensor() }}")
for name, fns in files.items():
    with open(f"{work}/{name}.rs", "w") as f:
        f.write("#![allow(clippy::all)]\nuse shapecast::prelude::*;\n" + "\n".join(fns) + "\n")
PY

prime "$work/baseline.rs"
base=$(time_check "$work/baseline.rs" "$runs")
bc=$(time_check "$work/broadcast.rs" "$runs")
printf 'calls: %d, cargo check median of %d runs (user + sys)\n' "$count" "$runs"
awk -v b="$base" -v c="$bc" -v n="$count" 'BEGIN {
  printf "baseline %.2f s; broadcast %.2f s (%.2f ms per call)\n", b, c, (c - b) * 1000 / n
}'
for op in reshape concat slice permute; do
  t=$(time_check "$work/$op.rs" "$runs")
  awk -v b="$base" -v c="$bc" -v t="$t" -v n="$count" -v op="$op" 'BEGIN {
    printf "%-8s %.2f s (%.2f ms per call): %.2fx a broadcast\n", op, t, (t - b) * 1000 / n, (t - b) / (c - b)
  }'
done
