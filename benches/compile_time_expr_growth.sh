#!/usr/bin/env bash
# How `cargo check` of one fused expression grows with its number of operands and with its rank:
# COUNT functions, each computing `(((a.lazy() + b) - c) * d …).eval()` over its own random shapes
# (each operand a random suffix of the output's shape, some sizes made 1; sizes up to 8 at rank
# 4 and below, 2 or 3 up to rank 8, 1 or 2 beyond), in a scratch crate,
# against a baseline of the same signatures whose body only copies `a`.
#
#   bash benches/compile_time_expr_growth.sh [COUNT] [RUNS]
#
# First the number of operands grows (2 to 32 at rank 3), then the rank (2, 4, 8, 16 with 4
# operands); each with fixed shapes and with the outermost size bound at run time. Then the
# same chains (8 to 64 operands) over a minimal expression template with no shapes, written in
# the script, whose every operator asks that the expression before it be one: rustc's own
# growth for such a type. Prints the extra CPU time (user + sys) per function over its
# baseline, median of RUNS (default 3), and that time over the first row's: linear growth
# doubles it at most as the operands or the rank double.
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
cases = [(n, 3) for n in (2, 4, 8, 16, 32)] + [(4, r) for r in (2, 4, 8, 16)]
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

# The compiler alone: the same chains over a minimal expression template written here (each
# operator a node generic over the expression before it, its element type a projection, as in
# any such library), with no shapes, so that its growth is rustc's own.
MODEL = '''#![allow(clippy::all)]
use core::ops::{Add, Mul, Sub};
pub trait Expr { type Elem: Copy; fn get(&self, i: usize) -> Self::Elem; }
pub trait Binary<X, Y> { type Output: Copy; fn call(&self, x: X, y: Y) -> Self::Output; }
pub struct Leaf<'a>(&'a [f32]);
pub struct Zip<A, B, F>(A, B, F);
pub struct Lazy<E>(E);
impl Expr for Leaf<'_> { type Elem = f32; fn get(&self, i: usize) -> f32 { self.0[i] } }
impl<A: Expr, B: Expr, F: Binary<A::Elem, B::Elem>> Expr for Zip<A, B, F> {
    type Elem = F::Output;
    fn get(&self, i: usize) -> F::Output { self.2.call(self.0.get(i), self.1.get(i)) }
}
pub fn lazy(x: &[f32]) -> Lazy<Leaf<'_>> { Lazy(Leaf(x)) }
impl<E: Expr> Lazy<E> { pub fn eval(self, n: usize) -> Vec<E::Elem> { (0..n).map(|i| self.0.get(i)).collect() } }
macro_rules! op { ($($Op:ident $m:ident $F:ident $o:tt;)*) => {$(
    pub struct $F;
    impl Binary<f32, f32> for $F { type Output = f32; fn call(&self, x: f32, y: f32) -> f32 { x $o y } }
    impl<'a, E: Expr> $Op<&'a [f32]> for Lazy<E> where $F: Binary<E::Elem, f32> {
        type Output = Lazy<Zip<E, Leaf<'a>, $F>>;
        fn $m(self, r: &'a [f32]) -> Self::Output { Lazy(Zip(self.0, Leaf(r), $F)) }
    }
)*} }
op! { Add add AddF +; Sub sub SubF -; Mul mul MulF *; }
'''
for n in (8, 16, 32, 64):
    names = [f"x{k}" for k in range(1, n)]
    chain = "lazy(a)"
    for k, v in enumerate(names):
        chain = f"({chain} {signs[k % 3]} {v})"
    args = ", ".join(f"{v}: &[f32]" for v in names)
    bodies = (("baseline", f"let _ = ({', '.join(names)},);\n    a.to_vec()"), ("fused", f"{chain}.eval(a.len())"))
    for body_name, body in bodies:
        with open(f"{work}/{body_name}_model_{n}_3.rs", "w") as f:
            f.write(MODEL)
            for i in range(count):
                f.write(f"pub fn f{i}(a: &[f32], {args}) -> Vec<f32> {{\n    {body}\n}}\n")
PY

prime baseline_fixed_2_3.rs

printf 'functions: %d per row, cargo check CPU time (user + sys), median of %d runs; extra ms per function over the baseline\n' "$count" "$runs"
for kind in fixed rt model; do
  case $kind in
    fixed) echo "fixed shapes:" ;;
    rt) echo "outermost size bound at run time (R):" ;;
    model) echo "the compiler alone (a minimal expression template over slices, no shapes):" ;;
  esac
  for group in operands rank; do
    [ "$kind" = model ] && [ "$group" = rank ] && continue
    first=""
    if [ "$group" = operands ]; then rows="2:3 4:3 8:3 16:3 32:3"; else rows="4:2 4:4 4:8 4:16"; fi
    [ "$kind" = model ] && rows="8:3 16:3 32:3 64:3"
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
