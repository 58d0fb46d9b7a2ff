#!/usr/bin/env bash
# What one expression, alone in a binary, costs a release build: the build's wall and CPU time
# (user + sys), its peak memory (rustc's), and the binary's code (`.text`), the library and the
# dependencies already built. Each program is a `main` that evaluates one expression.
#
#   bash benches/compile_release_expr.sh [PROGRAM...]   (default: all, in the order below)
#
# Programs:
#   operands_20     20 operands over `[4, 8]` and `[8]`
#   depth_10        depth 10: three keep-dims reductions and maps between them, `[4, 8]`
#   rank_16         a `mean_keepdims` inside a `sum_axes` over a rank-16 tensor
#   nested_2_N      N keep-dims means nested (`x - (x - mean(x)).mean()…`), over `[24, 32]`,
#                   N = 1 to 4
#   nested_16_7     7 keep-dims means nested over all 16 axes of a rank-16 tensor (8 are too
#                   wide for one pass and refused while the program compiles)
#   shared_2        a layer norm's statistics shared (`share`, one inside the other), `[24, 32]`
#   program_20      a 35-line program of 20 expressions, fixed sizes and a batch counted at
#                   run time: a normalization, a layer with its softmax, column statistics,
#                   a covariance
#
# Prints one line per program: wall s, CPU s, peak MB, .text bytes, program.
set -euo pipefail
repo=$(cd "$(dirname "$0")/.." && pwd)
source "$repo/benches/probe_crate.sh"
probe_crate release_expr "$repo"
mkdir -p "$work/src/bin"
echo 'fn main() {}' > "$work/src/main.rs"

program() {  # $1: name; stdin: the body of main, with `x` of shape $2 and `b` of shape [8]
  {
    echo 'use shapecast::prelude::*;'
    echo 'use std::hint::black_box;'
    echo 'type All = axes![0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15];'
    echo '#[allow(unused)]'
    echo 'fn main() {'
    echo "    let x = Tensor::<f32, shape![$2]>::from_fn(|i| i as f32 * 0.5);"
    echo '    let b = Tensor::<f32, shape![8]>::from_fn(|i| i as f32 + 1.0);'
    echo '    let (x, b) = (black_box(&x), black_box(&b));'
    cat
    echo '    black_box(e.eval());'
    echo '}'
  } > "$work/src/bin/$1.rs"
}

program operands_20 "4, 8" <<'RS'
    let e = ((((((((((x.lazy() + b) * x - b) * x + b) - x.lazy() * b) + x - b) * x + b) - x.lazy() * b) + x - b)
        * x
        + b)
        - x.lazy() * b)
        + x;
RS
program depth_10 "4, 8" <<'RS'
    let e = x.lazy() - x.lazy().mean_keepdims::<axes![1]>();
    let e = (e * b).exp();
    let e = e.clone() / e.sum_keepdims::<axes![1]>();
    let e = (e + b).abs();
    let e = e.clone() - e.max_keepdims::<axes![0]>();
    let e = (e * x).sqrt() + b;
RS
rank16="2, 1, 2, 1, 2, 1, 2, 1, 2, 1, 2, 1, 2, 1, 2, 3"
program rank_16 "$rank16" <<'RS'
    let e = (x.lazy() - x.lazy().mean_keepdims::<axes![15]>()).sum_axes::<axes![0, 2, 4]>();
RS
for n in 1 2 3 4; do
  {
    echo '    let e = x.lazy() - x.lazy().mean_keepdims::<axes![1]>();'
    for _ in $(seq 2 "$n"); do echo '    let e = x.lazy() - e.mean_keepdims::<axes![1]>();'; done
  } | program "nested_2_$n" "24, 32"
done
{
  echo '    let e = x.lazy() - x.lazy().mean_keepdims::<All>();'
  for _ in $(seq 2 7); do echo '    let e = x.lazy() - e.mean_keepdims::<All>();'; done
} | program nested_16_7 "$rank16"
program shared_2 "24, 32" <<'RS'
    let e = x.lazy().mean_keepdims::<axes![1]>().share(|m| {
        let c = x.lazy() - m;
        (c.powi(2).mean_keepdims::<axes![1]>() + 1e-5).sqrt().recip().share(|s| c * s)
    });
RS

cat > "$work/src/bin/program_20.rs" <<'RS'
use shapecast::prelude::*;
use std::hint::black_box;

struct Batch;

fn main() {
    let n = black_box(1000usize);
    let data: Vec<f32> = (0..n * 16).map(|i| (i % 13) as f32 * 0.25 - 1.0).collect();
    bind!(let b: Batch = n);
    let x = TensorRef::from_shape(dims![b, 16], &data).unwrap();
    let w = Tensor::<f32, shape![16, 8]>::from_fn(|i| (i % 7) as f32 * 0.1);
    let g = Tensor::<f32, shape![16]>::from_fn(|i| 1.0 + i as f32 * 0.01);
    let f = Tensor::<f32, shape![4, 16]>::from_fn(|i| i as f32 * 0.5);
    let mean = x.lazy().mean_keepdims::<axes![1]>().eval();
    let var = (x.lazy() - &mean).powi(2).mean_keepdims::<axes![1]>().eval();
    let norm = ((x.lazy() - &mean) / (var.lazy() + 1e-5).sqrt() * &g).eval();
    let h = (norm.lazy().insert_axis::<2>() * &w).sum_axes::<axes![1]>().eval();
    let relu = h.lazy().max(0.0).eval();
    let m = relu.lazy().max_keepdims::<axes![1]>().eval();
    let p = (relu.lazy() - &m).exp().eval();
    let s = p.lazy().sum_keepdims::<axes![1]>().eval();
    let soft = (p.lazy() / &s).eval();
    let col = soft.lazy().mean_axes::<axes![0]>().eval();
    let best = soft.lazy().argmax_axes::<axes![1]>().eval();
    let fm = (f.lazy() * 2.0 - 1.0).abs().eval();
    let fs = fm.lazy().sum_axes::<axes![1]>().eval();
    let fx = (f.lazy() - fm.lazy().mean_keepdims::<axes![0]>()).eval();
    let total = x.lazy().map(|v| v * v).sum_all();
    let peak = x.lazy().max_all().unwrap_or(0.0);
    let centred = (x.lazy() - x.lazy().mean_keepdims::<axes![0]>()).eval();
    let cov = (centred.lazy().insert_axis::<2>() * centred.lazy().insert_axis::<1>()).sum_axes::<axes![0]>().eval();
    let diag = (cov.lazy() * 0.5).sqrt().eval();
    let score = (norm.lazy() * &g).sum_axes::<axes![1]>().eval();
    black_box((col, best, fs, fx, total, peak, diag, score, soft));
}
RS

if [ $# -eq 0 ]; then
  set -- operands_20 depth_10 rank_16 nested_2_1 nested_2_2 nested_2_3 nested_2_4 nested_16_7 shared_2 program_20
fi
cd "$work"
cargo build -q --release --bin release_expr 2> /dev/null || cargo build --release --bin release_expr
printf '%7s %7s %8s %10s  %s\n' "wall s" "CPU s" "peak MB" ".text B" "program"
for p in "$@"; do
  log=$(mktemp)
  /usr/bin/time -f '%e %U %S %M' -o "$log" cargo build -q --release --bin "$p" > /dev/null 2>&1 \
    || { echo "error: $p does not build" >&2; cat "$log" >&2; exit 1; }
  read -r wall user sys peak < "$log"
  rm -f "$log"
  text=$(size -A "${CARGO_TARGET_DIR:-target}/release/$p" | awk '$1 == ".text" { print $2 }')
  printf '%7.1f %7.1f %8.0f %10d  %s\n' "$wall" "$(echo "$user + $sys" | bc)" "$(echo "$peak / 1024" | bc)" "$text" "$p"
done
