#!/usr/bin/env bash
# What a 5-operand element-wise expression costs `cargo check` today, written as four binary
# operators (`(a - b) * c * d + e`, each operator a new tensor): COUNT functions, each over its
# own random shapes, in a scratch crate, against a baseline of the same signatures whose body
# only copies `a`, and against one binary operator (`&a + b`) per function; then the same
# expression fused, `((a.lazy() - b) * c * d + e).eval()` (target: at most 2x the four
# operators' extra time).
#
#   bash benches/compile_time_expr.sh [COUNT] [RUNS]
#
# The output shape has rank 2-4, sizes from {2, 3, 4, 5, 8, 16, 32}; `a` has the output's
# shape, and `b`..`e` each a random suffix of it with some sizes made 1 (a bias, a column, ...).
# Then the same with the outermost size a run-time size `R` (borrowed operands, a
# `BoxedTensor` result). Each variant is checked RUNS times (default 5), without incremental
# compilation; the median CPU time (user + sys) counts, which a shared machine disturbs less
# than wall time (on a loaded one, run it twice and compare).
# To compare a new spelling, add a body to `variants` in the generator below.
set -euo pipefail
count=${1:-200}
runs=${2:-5}
source "$(dirname "$0")/probe_crate.sh"
probe_crate compile-time-expr-probe

python3 - "$count" "$work" <<'PY'
import random, sys
count, work = int(sys.argv[1]), sys.argv[2]
rng = random.Random(20261124)
def lst(v): return ", ".join(map(str, v))
funcs = []  # (output shape, [shapes of b, c, d, e])
for _ in range(count):
    rank = rng.randint(2, 4)
    out = [rng.choice([2, 3, 4, 5, 8, 16, 32]) for _ in range(rank)]
    ops = []
    for _ in range(4):
        s = [d if rng.random() < .6 else 1 for d in out][rng.randint(0, rank - 1):]
        ops.append(s)
    funcs.append((out, ops))

# Bodies over operands a (the output's shape), b, c, d, e: each returns the output.
variants = {
    "baseline": "let _ = (b, c, d, e);\n    a.{copy}()",
    "one": "let _ = (c, d, e);\n    a + b",
    "four": "(a - b) * c * d + e",
    "fused": "((a.lazy() - b) * c * d + e).eval()",
}
for name, body in variants.items():
    # Fixed shapes: inline tensors.
    with open(f"{work}/{name}.rs", "w") as f:
        f.write("#![allow(clippy::all)]\nuse shapecast::prelude::*;\n")
        for i, (out, ops) in enumerate(funcs):
            args = ", ".join(f"{v}: &Tensor<f32, shape![{lst(s)}]>" for v, s in zip("bcde", ops))
            f.write(f"pub fn f{i}(a: &Tensor<f32, shape![{lst(out)}]>, {args}) -> Tensor<f32, shape![{lst(out)}]> {{\n"
                    f"    {body.format(copy='clone')}\n}}\n")
    # The outermost size bound at run time: R where an operand carries the output's axis 0.
    with open(f"{work}/{name}_rt.rs", "w") as f:
        f.write("#![allow(clippy::all)]\nuse shapecast::prelude::*;\npub struct R;\n")
        for i, (out, ops) in enumerate(funcs):
            rt = ["R<'id>"] + out[1:]
            def shape(s):
                if len(s) == len(out) and s[0] != 1:
                    return lst(["R<'id>"] + s[1:])
                return lst(s)
            args = ", ".join(f"{v}: &TensorRef<'_, f32, shape![{shape(s)}]>" for v, s in zip("bcde", ops))
            f.write(f"pub fn f{i}<'id>(a: &TensorRef<'_, f32, shape![{lst(rt)}]>, {args}) -> BoxedTensor<f32, shape![{lst(rt)}]> {{\n"
                    f"    {body.format(copy='to_boxed')}\n}}\n")
PY

prime baseline.rs

per() { echo "scale=3; ($1 - $2) * 1000 / $count" | bc -l; }
printf 'functions: %d (rank 2-4, 5 operands each), cargo check CPU time (user + sys), median of %d runs\n' "$count" "$runs"
for suffix in "" _rt; do
  base=$(time_check "baseline$suffix.rs" "$runs")
  one=$(time_check "one$suffix.rs" "$runs")
  four=$(time_check "four$suffix.rs" "$runs")
  fused=$(time_check "fused$suffix.rs" "$runs")
  [ -z "$suffix" ] && echo "fixed shapes:" || echo "outermost size bound at run time (R):"
  printf '  baseline (copies a)              %6.2f s\n' "$base"
  printf '  one operator (a + b)             %6.2f s  -> %s ms per function over baseline\n' "$one" "$(per "$one" "$base")"
  printf '  four operators ((a-b)*c*d+e)     %6.2f s  -> %s ms per function over baseline\n' "$four" "$(per "$four" "$base")"
  printf '  one expression (.lazy() … eval)  %6.2f s  -> %s ms per function over baseline\n' "$fused" "$(per "$fused" "$base")"
done
