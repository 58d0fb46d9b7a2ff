#!/usr/bin/env python3
"""Reads criterion's estimates from `cargo bench --bench kernels` (and `--bench runtime`, whose
"shapecast fixed" column is the same shape with every size fixed) and prints, per case, each
contender's median time as a ratio to the reference of that case (copy_from_slice where it was
measured, else the hand loop). Ratios, not times: the machines are shared and noisy. The whole
programs of `--bench programs` have their own table: `benches/programs_ratios.py`, and the shape
algebra of `--bench algebra` theirs: `benches/algebra_ratios.py`."""
import json, pathlib, sys

root = pathlib.Path(sys.argv[1] if len(sys.argv) > 1 else "target/criterion")
rows = []
for group in sorted(p for p in root.iterdir() if p.is_dir() and p.name != "report"):
    times = {}
    for bench in group.iterdir():
        est = bench / "new" / "estimates.json"
        if est.exists():
            times[bench.name.replace("_", " ")] = json.loads(est.read_text())["median"]["point_estimate"]
    if not times:
        continue
    ref = "copy from slice" if "copy from slice" in times else "hand loop"
    if ref not in times:  # the thread counts of --bench parallel: benches/parallel_ratios.py
        continue
    name = json.loads(next(group.glob("*/new/benchmark.json")).read_text())["group_id"]
    if name.startswith("program "):  # whole programs: benches/programs_ratios.py
        continue
    if "·" in name or name.startswith("gemm square "):  # --bench products: benches/products_ratios.py
        continue
    if name.startswith("algebra "):  # --bench algebra: benches/algebra_ratios.py
        continue
    cells = {k: times[k] / times[ref] for k in times}
    rows.append((name, ref, cells))

# "read-only pass" is the floor of a reduction: reading the input once, nothing else.
cols = ["shapecast", "shapecast fused", "shapecast fused masked", "shapecast fixed", "hand loop", "ndarray", "read-only pass"]
print("| case | reference | " + " | ".join(f"{c} / ref" for c in cols) + " | ndarray / shapecast |")
print("| --- | --- | " + " | ".join("---" for _ in cols) + " | --- |")
for name, ref, cells in rows:
    vals = " | ".join(f"{cells[c]:.2f}" if c in cells else "—" for c in cols)
    nd = cells.get("ndarray", 0) / cells["shapecast"] if "shapecast" in cells else 0
    print(f"| {name} | {ref.replace('copy from slice', 'copy_from_slice')} | {vals} | {nd:.1f}× |")
