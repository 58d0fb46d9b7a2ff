#!/usr/bin/env python3
"""Reads criterion's estimates from `cargo bench --bench algebra` (the groups named
"algebra …") and prints a markdown table of ratios of median times, one row per case:

- shapecast ÷ copy_from_slice of the output's bytes into an existing buffer (the bandwidth
  ceiling), and ÷ the same bytes copied into a new `Vec` (the ceiling for a result that pays for
  its own allocation: above 32 MiB each one is a fresh `mmap`, and its first touch of every
  page is a fault);
- shapecast's `_into` twin (concat, stack; `assign` of a transposed view) ÷ copy_from_slice;
- shapecast ÷ the hand loop (naive), ÷ the hand loop in tiles (transposes);
- shapecast ÷ ndarray (`.t().to_owned()`, which copies into a column-major array, or the
  operation itself), and ÷ ndarray's row-major copy (`as_standard_layout().into_owned()`);
- for the expressions over a transposed view, shapecast ÷ `mt().to_tensor()` (the tiled
  transpose);
- with `--numpy FILE` (the JSON of `benches/algebra_numpy.py --json FILE`), NumPy's time ÷
  shapecast's: above 1, shapecast is the faster.

Ratios, not times: the machines are shared and noisy.

    python3 benches/algebra_ratios.py [CRITERION_DIR] [--numpy FILE]

CRITERION_DIR defaults to `$CARGO_TARGET_DIR/criterion`, else `target/criterion`."""
import json, os, pathlib, sys

args = sys.argv[1:]
numpy = {}
if "--numpy" in args:
    i = args.index("--numpy")
    numpy = json.loads(pathlib.Path(args[i + 1]).read_text())
    del args[i:i + 2]
default_root = pathlib.Path(os.environ.get("CARGO_TARGET_DIR", "target")) / "criterion"
root = pathlib.Path(args[0]) if args else default_root

rows = []
for group in sorted(p for p in root.iterdir() if p.is_dir()):
    times, name = {}, None
    for meta in group.glob("*/new/benchmark.json"):
        m = json.loads(meta.read_text())
        if not m["group_id"].startswith("algebra "):
            break
        name = m["group_id"]
        times[m["function_id"]] = json.loads((meta.parent / "estimates.json").read_text())["median"]["point_estimate"]
    if name and "shapecast" in times:
        rows.append((name, times))


def position(name):  # the order of benches/algebra.rs
    for i, key in enumerate(["transpose [4096", "transpose [1024", "permute", "transpose [R", "concat axis 0",
                             "concat axis 1", "stack", "split_at", "expression x*2+1 [4096,4096] contiguous",
                             "expression x*2+1 [4096,4096] slice", "expression x*2+1 [4096,4096] transposed",
                             "expression x*2+1 [4096,4096] flipped 0", "expression x*2+1 [4096,4096] flipped 1",
                             "x.mt()+y [4096", "x.mt()+y [1024", "x.mt()+y [1000"]):
        if key in name:
            return i
    return 99


def ratio(a, b):
    return f"{a / b:.2f}" if a and b else "—"


head = ["case", "÷ copy_from_slice", "÷ copy to new Vec", "`_into` ÷ copy_from_slice", "÷ hand loop",
        "÷ hand loop in tiles", "÷ ndarray", "÷ ndarray row-major", "÷ tiled transpose"]
if numpy:
    head.append("NumPy ÷ shapecast")
print("| " + " | ".join(head) + " |")
print("|" + " --- |" * len(head))
for name, t in sorted(rows, key=lambda r: (position(r[0]), r[0])):
    s = t["shapecast"]
    cells = [name.removeprefix("algebra "), ratio(s, t.get("copy from slice")), ratio(s, t.get("copy to new vec")),
             ratio(t.get("shapecast into"), t.get("copy from slice")), ratio(s, t.get("hand loop")),
             ratio(s, t.get("hand loop blocked")), ratio(s, t.get("ndarray")),
             ratio(s, t.get("ndarray standard layout")), ratio(s, t.get("shapecast to_tensor"))]
    if numpy:  # NumPy has one transpose for fixed and run-time sizes; its JSON is in seconds
        seconds = numpy.get(name.replace("[R,4096] R=4096 run-time", "[4096,4096]"))
        cells.append(ratio(seconds * 1e9 if seconds else None, s))
    print("| " + " | ".join(cells) + " |")

# The expression over a view against the contiguous one, per element (the slice has half the
# elements): the contiguous one's time per element over the view's, so 1 is the same speed.
expr = {n: t["shapecast"] for n, t in rows if "expression x*2+1" in n}
base = next((v for n, v in expr.items() if "contiguous" in n), None)
if base:
    print()
    for n, v in expr.items():
        per = 0.5 if "slice" in n else 1.0
        print(f"{n.removeprefix('algebra ')}: speed per element ÷ the contiguous one's {base * per / v:.2f}")
if numpy.get("_meta"):
    print(f"\nNumPy {numpy['_meta'].get('numpy')}")
