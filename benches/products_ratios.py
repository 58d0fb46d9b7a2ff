#!/usr/bin/env python3
"""Reads criterion's estimates from `cargo bench --bench products` and prints a markdown table of
ratios of median times, one row per case (the groups of `benches/products.rs`: "gemm square …",
and those whose names have a `·`):

- shapecast / hand loop (the small fixed products, which have one);
- shapecast / ndarray (ndarray's `dot`, or `general_mat_mul` into an existing array);
- shapecast / copy_from_slice of the output's bytes (the floor of writing it), where measured;
- with `--numpy FILE` (the JSON of `benches/products_numpy.py --json FILE`), NumPy / shapecast:
  NumPy's time over shapecast's, so above 1 shapecast is the faster (0.8 means shapecast runs
  at 0.8× NumPy's speed).

Ratios, not times: the machines are shared and noisy.

    python3 benches/products_ratios.py [CRITERION_DIR] [--baseline NAME] [--numpy FILE]

CRITERION_DIR defaults to `$CARGO_TARGET_DIR/criterion`, else `target/criterion`. `--baseline
NAME` reads the run saved with `cargo bench --bench products -- --save-baseline NAME` (default:
the latest run, criterion's `new`), so that a one-thread and a two-thread run can be kept side
by side."""
import json, os, pathlib, sys

args = sys.argv[1:]


def option(name, default=None):
    if name in args:
        i = args.index(name)
        value = args[i + 1]
        del args[i:i + 2]
        return value
    return default


numpy_file = option("--numpy")
baseline = option("--baseline", "new")
numpy = json.loads(pathlib.Path(numpy_file).read_text()) if numpy_file else {}
default_root = pathlib.Path(os.environ.get("CARGO_TARGET_DIR", "target")) / "criterion"
root = pathlib.Path(args[0]) if args else default_root

rows = []
for group in sorted(p for p in root.iterdir() if p.is_dir()):
    times, name = {}, None
    for meta in group.glob(f"**/{baseline}/benchmark.json"):
        m = json.loads(meta.read_text())
        if "·" not in m["group_id"] and not m["group_id"].startswith("gemm square "):  # not benches/products.rs
            break
        name = m["group_id"]
        est = json.loads((meta.parent / "estimates.json").read_text())
        times[m["function_id"]] = est["median"]["point_estimate"] / 1e9  # seconds
    if name and "shapecast" in times:
        rows.append((name, times))


def position(name):  # the order of benches/products.rs
    for i, key in enumerate(["small product [4,4]·[4,4] f64", "small product [4,4]·[4,4] f32",
                             "small product [4,4]·[4,1] f64", "small product [4,4]·[4,1] f32", "small product [2,4]",
                             "gemm square 256 f32", "gemm square 1024 f32", "gemm square 2048 f32",
                             "gemm square 256 f64", "gemm square 1024 f64", "gemm square 2048 f64",
                             "batched", "broadcast", "few rows"]):
        if name.startswith(key):
            return i
    return 99


def ratio(a, b, digits=2):
    return f"{a / b:.{digits}f}" if a and b else "—"


meta = numpy.get("_meta", {})
head = ["case", "shapecast / hand loop", "shapecast / ndarray", "shapecast / copy_from_slice"]
if numpy:
    head.append(f"NumPy / shapecast ({meta.get('threads', '?')} thread{'s' if str(meta.get('threads')) != '1' else ''})")
print("| " + " | ".join(head) + " |")
print("|" + " --- |" * len(head))
for name, t in sorted(rows, key=lambda r: (position(r[0]), r[0])):
    s = t["shapecast"]
    cells = [name, ratio(s, t.get("hand loop")), ratio(s, t.get("ndarray")), ratio(s, t.get("copy from slice"), 1)]
    if numpy:
        cells.append(ratio(numpy.get(name), s))
    print("| " + " | ".join(cells) + " |")
if meta:
    print(f"\nNumPy {meta.get('numpy')}, {meta.get('blas')}")
