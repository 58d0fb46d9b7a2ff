#!/usr/bin/env bash
# How `cargo check` of one fused expression grows with its number of operands and with its rank:
# COUNT functions, each computing `(((a.lazy() + b) - c) * d …).eval()` over its own random shapes
# (each operand a random suffix of the output's shape, some sizes made 1; sizes up to 8 at rank
# 4 and below, 2 or 3 up to rank 8, 1 or 2 beyond), in a scratch crate,
# against a baseline of the same signatures whose body only copies `a`.
#
#   bash benches/compile_time_expr_growth.sh [COUNT] [RUNS]
#
# First the number of operands grows (2, 4, 8, 16 at rank 3), then the rank (2, 4, 8, 16 with 4
# operands); each with fixed shapes and with the outermost size bound at run time. Prints the
# extra CPU time (user + sys) per function over its baseline, median of RUNS (default 3), and
# that time over the first row's: linear growth doubles it at most as the operands or the rank
# double.
set -euo pipefail
count=${1:-60}
runs=${2:-3}
source "$(dirname "$0")/probe_crate.sh"
probe_crate compile-time-expr-growth-probe

# One source file per (operands, rank, kind) and its baseline.
python3 - "$count" "$work" <<'PY'
import random, sys
count, work = int(sys.argv[1]), sys.argv[2]
def lst(v): return ", ".join(map(str, v))
cases = [(n, 3) for n in (2, 4, 8, 16)] + [(4, r) for r in (2, 4, 8, 16)]
for n, rank in cases:
    rng = random.Random(20261125 + 100 * n + rank)
    funcs = []
    for _ in range(count):
        sizes = [2, 3, 4, 5, 8] if rank <= 4 else [2, 3] if rank <= 8 else [1, 2]
        out = [rng.choice(sizes) for _ in range(rank)]
        ops = [[d if rng.random() < .6 else 1 for d in out][rng.randint(0, rank - 1):] for _ in range(n - 1)]
        funcs.append((out, ops))
    names = [f"x{k}" for k in range(1, n)]
    signs = ["+", "-", "*"]
    fused = "a.lazy()"
    for k, v in enumerate(names):
        fused = f"({fused} {signs[k % 3]} {v})"
    fused += ".eval()"
    for kind in ("fixed", "rt"):
        for body_name in ("baseline", "fused"):
            path = f"{work}/{body_name}_{kind}_{n}_{rank}.rs"
            with open(path, "w") as f:
                f.write("#![allow(clippy::all)]\nuse shapecast::prelude::*;\npub struct R;\n")
                for i, (out, ops) in enumerate(funcs):
                    if kind == "fixed":
                        args = ", ".join(f"{v}: &Tensor<f32, shape![{lst(s)}]>" for v, s in zip(names, ops))
                        ret = f"Tensor<f32, shape![{lst(out)}]>"
                        a = f"&Tensor<f32, shape![{lst(out)}]>"
                        copy = "clone"
                        gen = ""
                    else:
                        def shape(s):
                            if len(s) == len(out) and s[0] != 1:
                                return lst(["R<'id>"] + s[1:])
                            return lst(s)
                        args = ", ".join(f"{v}: &TensorRef<'_, f32, shape![{shape(s)}]>" for v, s in zip(names, ops))
                        ret = f"BoxedTensor<f32, shape![{lst(['R<' + chr(39) + 'id>'] + out[1:])}]>"
                        a = f"&TensorRef<'_, f32, shape![{lst(['R<' + chr(39) + 'id>'] + out[1:])}]>"
                        copy = "to_boxed"
                        gen = "<'id>"
                    body = f"let _ = ({', '.join(names)},);\n    a.{copy}()" if body_name == "baseline" else fused
                    f.write(f"pub fn f{i}{gen}(a: {a}, {args}) -> {ret} {{\n    {body}\n}}\n")
PY

prime baseline_fixed_2_3.rs

printf 'functions: %d per row, cargo check CPU time (user + sys), median of %d runs; extra ms per function over the baseline\n' "$count" "$runs"
for kind in fixed rt; do
  [ "$kind" = fixed ] && echo "fixed shapes:" || echo "outermost size bound at run time (R):"
  for group in operands rank; do
    first=""
    if [ "$group" = operands ]; then rows="2:3 4:3 8:3 16:3"; else rows="4:2 4:4 4:8 4:16"; fi
    for row in $rows; do
      n=${row%:*}; rank=${row#*:}
      base=$(time_check "baseline_${kind}_${n}_${rank}.rs" "$runs")
      fused=$(time_check "fused_${kind}_${n}_${rank}.rs" "$runs")
      extra=$(echo "scale=3; ($fused - $base) * 1000 / $count" | bc -l)
      [ -z "$first" ] && first=$extra
      printf '  %2d operands, rank %2d: %8.2f ms per function (%5.2fx the first row)\n' \
        "$n" "$rank" "$extra" "$(echo "scale=3; $extra / $first" | bc -l)"
    done
  done
done
