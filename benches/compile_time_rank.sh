#!/usr/bin/env bash
# How `cargo check` of one reduction grows with the rank of its operand: for each reduction,
# a scratch crate holding one call on a rank-R tensor, checked alone, for R in RANKS.
#
#   bash benches/compile_time_rank.sh [RUNS]
#
# Prints one table per variant (a fixed shape or a run-time outermost size; one axis reduced,
# the last, or every other axis from 0), rank against seconds of `cargo check` (median of RUNS,
# default 1) for each reduction, and a line with each one's rank-12 time over its rank-2 time.
# A check that runs past LIMIT seconds (default 60) or MEM_GB of memory (default 4) is shown as
# `>LIMIT` or `oom`, one that fails to compile as `err` (its error on stderr), and the larger
# ranks of that reduction are not tried. Before and after a change:
#   SHAPECAST=/path/to/old/checkout RANKS="2 4 6 8 10 12" bash benches/compile_time_rank.sh
#
# Environment: RANKS (default "2 4 6 8 10 12 16 32 64"), REDUCTIONS (default: all of them; the
# shape-changing operations `insert_axis` (at rank / 2), `zip_with` (with the `sum_to` target),
# `broadcast_to_into` (from it), `broadcast_axes_into` and `broadcast_in_dim_into` (from the
# reduced shape) can be named too),
# VARIANTS (default "fixed/one fixed/several runtime/one runtime/several"), SHAPECAST (the
# crate to measure, default this checkout).
set -euo pipefail
runs=${1:-1}
repo=${SHAPECAST:-$(cd "$(dirname "$0")/.." && pwd)}
ranks=${RANKS:-2 4 6 8 10 12 16 32 64}
reductions=${REDUCTIONS:-sum_axes sum_axes_into mean_axes mean_axes_into max_axes max_axes_into min_axes min_axes_into argmax_axes argmax_axes_into argmin_axes argmin_axes_into sum_to sum_to_into}
variants=${VARIANTS:-fixed/one fixed/several runtime/one runtime/several}
limit=${LIMIT:-60}
mem_gb=${MEM_GB:-4}
export CARGO_INCREMENTAL=0 # each check from scratch, as a first build would
source "$(dirname "$0")/probe_crate.sh"
probe_crate compile-time-rank-probe "$repo"

# The source of one probe: `gen VARIANT RANK REDUCTION`. The shape's sizes cycle through
# 2, 3, 1, 1 (a run-time variant's axis 0 is the run-time size `R`); `one` reduces the last
# axis, `several` every other axis from 0. `sum_to` sums to the shape with those axes set to 1.
gen() {
  python3 - "$@" <<'PY'
import sys
variant, rank, red = sys.argv[1], int(sys.argv[2]), sys.argv[3]
kind, which = variant.split("/")
sizes = [str([2, 3, 1, 1][k % 4]) for k in range(rank)]
if kind == "runtime":
    sizes[0] = "R<'id>"
axes = [rank - 1] if which == "one" else list(range(0, rank, 2))
kept = [s for k, s in enumerate(sizes) if k not in axes]
to = ["1" if k in axes else s for k, s in enumerate(sizes)]
j = ", ".join
big, small, ones, ax = f"shape![{j(sizes)}]", f"shape![{j(kept)}]", f"shape![{j(to)}]", f"axes![{j(map(str, axes))}]"
elem = "usize" if red.startswith("arg") else "f32"
kept_at = [str(k) for k in range(rank) if k not in axes]
if red == "insert_axis":
    body = f"let _ = t.insert_axis::<{rank // 2}>();"
elif red == "zip_with":
    body = "let _ = t.zip_with(&o, |a, b| a + b);"
elif red == "broadcast_to_into":
    body = "t.broadcast_to_into(out);"
elif red == "broadcast_axes_into":
    body = f"t.broadcast_axes_into::<_, {ax}>(out);"
elif red == "broadcast_in_dim_into":
    body = f"t.broadcast_in_dim_into::<_, axes![{j(kept_at)}]>(out);"
elif red == "sum_to":
    body = f"let _ = t.sum_to::<{ones}>();"
elif red == "sum_to_into":
    body = "t.sum_to_into(out);"
elif red.endswith("_into"):
    call = f"t.{red}::<{ax}>(out)"
    body = f"let _ = {call};" if red.startswith(("max", "min", "arg")) else f"{call};"
else:
    body = f"let _ = t.{red}::<{ax}>();"
out_shape = ones if red == "sum_to_into" else small
params = f"t: TensorRef<'_, f32, {big}>"
if red.startswith("broadcast"):  # the adjoints: from the reduced shape back to the big one
    params = f"t: TensorRef<'_, f32, {ones if red == 'broadcast_to_into' else small}>"
    out_shape = big
elif red == "zip_with":
    params += f", o: TensorRef<'_, f32, {ones}>"
if red.endswith("_into"):
    params += f", out: &mut TensorMut<'_, {elem}, {out_shape}>"
print("use shapecast::prelude::*;\npub struct R;")
print(f"pub fn probe<'id>({params}) {{ {body} }}")
PY
}

# Seconds of one `cargo check` of src/lib.rs, `>LIMIT` past the time limit, `oom` past the
# memory limit, `err` on a compile error (printed).
check_once() {
  touch src/lib.rs
  local t0 t1 rc=0
  t0=$(date +%s.%N)
  (ulimit -v $((mem_gb * 1024 * 1024)); timeout "$limit" cargo check -q 2>"$work/err") || rc=$?
  t1=$(date +%s.%N)
  if [ "$rc" = 124 ]; then echo ">$limit"
  elif [ "$rc" != 0 ]; then
    if grep -qi "memory\|allocat\|SIGABRT\|SIGSEGV" "$work/err"; then echo oom
    else cat "$work/err" >&2; echo err; fi
  else printf '%.2f\n' "$(echo "$t1 - $t0" | bc -l)"; fi
}

median() { sort -n | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'; }

cd "$work"
printf 'use shapecast::prelude::*;\n' > src/lib.rs
cargo check -q 2>/dev/null # build the dependencies once, outside the timing

echo "cargo check seconds of one call, rank against reduction (median of $runs; limit ${limit}s, ${mem_gb} GB)"
echo "shapecast: $repo"
for variant in $variants; do
  echo
  echo "## $variant"
  printf '%-5s' rank
  for red in $reductions; do printf ' %16s' "$red"; done
  echo
  declare -A dead=() at2=() at12=()
  for rank in $ranks; do
    printf '%-5s' "$rank"
    for red in $reductions; do
      if [ -n "${dead[$red]:-}" ]; then printf ' %16s' -; continue; fi
      gen "$variant" "$rank" "$red" > src/lib.rs
      t=$(for _ in $(seq "$runs"); do check_once; done | median)
      case "$t" in [0-9]*) ;; *) dead[$red]=1 ;; esac
      [ "$rank" = 2 ] && at2[$red]=$t
      [ "$rank" = 12 ] && at12[$red]=$t
      printf ' %16s' "$t"
    done
    echo
  done
  printf '%-5s' 12/2
  for red in $reductions; do
    a=${at2[$red]:-} b=${at12[$red]:-}
    if [[ $a =~ ^[0-9.]+$ && $b =~ ^[0-9.]+$ ]]; then
      printf ' %16s' "$(printf '%.1fx' "$(echo "$b / $a" | bc -l)")"
    else printf ' %16s' -; fi
  done
  echo
  unset dead at2 at12
done
