#!/usr/bin/env bash
# What the type-level machinery costs `cargo check`: 1000 random broadcasts of rank 1–6, checked
# as static assertions in a scratch crate, against a baseline that names the precomputed results.
#
#   bash benches/compile_time.sh [COUNT] [RUNS]
#
# Prints, for literal operands (`broadcast!([2, 1], [3])`) and for type operands
# (`broadcast!(shape![2, 1], shape![3])`), the extra `cargo check` time per broadcast over the
# baseline (`shape![2, 3]`); then the same broadcasts with a run-time size: where the output's
# outermost size is not 1 it becomes the run-time size `R`, in the target and in every operand
# that carries it (`broadcast!([R, 1], [3])` is `shape![R, 3]`), over a baseline of the results.
# Each variant is checked RUNS times (default 3); the median counts.
set -euo pipefail
count=${1:-1000}
runs=${2:-3}
source "$(dirname "$0")/probe_crate.sh"
probe_crate compile-time-probe "" 'static_assertions = "1.1"'

# Random valid broadcasts across the five forms, with their results (seeded: reproducible).
python3 - "$count" "$work" <<'PY'
import random, sys
count, work = int(sys.argv[1]), sys.argv[2]
rng = random.Random(20261122)
def size():
    return rng.choice([1, 1, 2, 3, 4, 5, 7, 8, 16, 32, 64, 100, 1024, 1500])
def lst(v): return ", ".join(map(str, v))
cases = []  # (literal call, type call, result)
rt_cases = []  # the same with the outermost output size made the run-time size R
def fmt_case(form, a, b, out, sel):
    """The literal and type calls of one case (a, b are operand lists; sel the axes/dims)."""
    if form == 0:
        return (f"[{lst(a)}], [{lst(b)}]", f"shape![{lst(a)}], shape![{lst(b)}]")
    if form == 1:
        return (f"[{lst(a)}] => [{lst(out)}]", f"shape![{lst(a)}] => shape![{lst(out)}]")
    if form in (2, 3):
        opt = f"axes = [{lst(sel)}]" if form == 2 else f"dims = [{lst(sel)}]"
        return (f"[{lst(a)}] => [{lst(out)}], {opt}", f"shape![{lst(a)}] => shape![{lst(out)}], {opt}")
    return (f"[{lst(a)}], [{lst(b)}], dims = [{lst(sel)}]", f"shape![{lst(a)}], shape![{lst(b)}], dims = [{lst(sel)}]")
for i in range(count):
    rank = rng.randint(1, 6)
    out = [size() for _ in range(rank)]
    form = i % 5
    if form == 0:
        a = [d if rng.random() < .6 else 1 for d in out]
        b = [d if rng.random() < .6 else 1 for d in out][rng.randint(0, rank - 1):]
        res = [max(x, y) for x, y in zip(a, [1] * (rank - len(b)) + b)]
        cases.append((f"[{lst(a)}], [{lst(b)}]", f"shape![{lst(a)}], shape![{lst(b)}]", res))
        if res[0] != 1:
            ra, rb, rr = list(a), list(b), list(res)
            ra[0] = "R" if a[0] == res[0] else a[0]
            if len(b) == rank and b[0] == res[0]:
                rb[0] = "R"
            rr[0] = "R"
            rt_cases.append((*fmt_case(0, ra, rb, rr, None), rr))
    elif form == 1:
        a = [d if rng.random() < .6 else 1 for d in out][rng.randint(0, rank - 1):]
        cases.append((f"[{lst(a)}] => [{lst(out)}]", f"shape![{lst(a)}] => shape![{lst(out)}]", out))
        if out[0] != 1:
            ra, ro = list(a), ["R"] + out[1:]
            if len(a) == rank and a[0] == out[0]:
                ra[0] = "R"
            rt_cases.append((*fmt_case(1, ra, None, ro, None), ro))
    elif form in (2, 3):
        sel = sorted(rng.sample(range(rank), rng.randint(0, rank)))
        if form == 2:
            axes = [k for k in range(rank) if k not in sel]
            arg = [out[k] for k in sel]
            opt = f"axes = [{lst(axes)}]"
        else:
            arg = [out[k] if rng.random() < .7 else 1 for k in sel]
            opt = f"dims = [{lst(sel)}]"
        cases.append((f"[{lst(arg)}] => [{lst(out)}], {opt}", f"shape![{lst(arg)}] => shape![{lst(out)}], {opt}", out))
        if out[0] != 1:
            ra, ro = list(arg), ["R"] + out[1:]
            if sel and sel[0] == 0 and arg[0] == out[0]:
                ra[0] = "R"
            rt_cases.append((*fmt_case(form, ra, None, ro, axes if form == 2 else sel), ro))
    else:
        sel = sorted(rng.sample(range(rank), rng.randint(1, rank)))
        low = [out[k] if rng.random() < .7 else 1 for k in sel]
        high = [d if k in sel or rng.random() < .7 else 1 for k, d in enumerate(out)]
        res = list(high)
        for j, k in enumerate(sel):
            res[k] = max(res[k], low[j])
        if len(low) == len(high):
            sel = list(range(rank))
        cases.append((f"[{lst(high)}], [{lst(low)}], dims = [{lst(sel)}]",
                       f"shape![{lst(high)}], shape![{lst(low)}], dims = [{lst(sel)}]", res))
        if res[0] != 1:
            rh, rl, rr = list(high), list(low), ["R"] + res[1:]
            if high[0] == res[0]:
                rh[0] = "R"
            if sel[0] == 0 and low[0] == res[0]:
                rl[0] = "R"
            rt_cases.append((*fmt_case(4, rh, rl, rr, sel), rr))
head = "use shapecast::prelude::*;\nuse static_assertions::assert_type_eq_all;\npub struct R;\n"
for suffix, these in [("", cases), ("_rt", rt_cases)]:
    for name, pick in [("baseline", None), ("literal", 0), ("types", 1)]:
        with open(f"{work}/{name}{suffix}.rs", "w") as f:
            f.write(head)
            for c in these:
                res = f"shape![{lst(c[2])}]"
                lhs = res if pick is None else f"broadcast!({c[pick]})"
                f.write(f"assert_type_eq_all!({lhs}, {res});\n")
with open(f"{work}/rt_count", "w") as f:
    f.write(str(len(rt_cases)))
PY

cd "$work"
cp baseline.rs src/lib.rs
cargo check -q 2>/dev/null  # build the dependencies once, outside the timing

time_check() {  # median wall time of `cargo check` on src/lib.rs = $1, in seconds
  cp "$1" src/lib.rs
  for _ in $(seq "$runs"); do
    touch src/lib.rs
    local t0 t1
    t0=$(date +%s.%N)
    cargo check -q
    t1=$(date +%s.%N)
    echo "$t1 - $t0" | bc -l
  done | sort -n | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'
}

base=$(time_check baseline.rs)
lit=$(time_check literal.rs)
typ=$(time_check types.rs)
rt_count=$(cat rt_count)
rt_base=$(time_check baseline_rt.rs)
rt_lit=$(time_check literal_rt.rs)
rt_typ=$(time_check types_rt.rs)
per() { echo "scale=3; ($1 - $2) * 1000 / $3" | bc -l; }
printf 'broadcasts: %d (rank 1-6, all five forms), cargo check median of %d runs\n' "$count" "$runs"
printf 'baseline (shape![result])  %6.2f s\n' "$base"
printf 'literal operands           %6.2f s  -> %s ms per broadcast over baseline (target <= 0.5)\n' "$lit" "$(per "$lit" "$base" "$count")"
printf 'type operands              %6.2f s  -> %s ms per broadcast over baseline (target <= 1.0)\n' "$typ" "$(per "$typ" "$base" "$count")"
printf 'with a run-time size: %d of them (those whose outermost output size is not 1)\n' "$rt_count"
printf 'baseline (shape![R, ...])  %6.2f s\n' "$rt_base"
printf 'literal operands           %6.2f s  -> %s ms per broadcast over baseline\n' "$rt_lit" "$(per "$rt_lit" "$rt_base" "$rt_count")"
printf 'type operands              %6.2f s  -> %s ms per broadcast over baseline\n' "$rt_typ" "$(per "$rt_typ" "$rt_base" "$rt_count")"
