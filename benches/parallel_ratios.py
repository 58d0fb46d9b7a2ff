#!/usr/bin/env python3
"""Reads criterion's estimates from `cargo bench -p shapecast --features rayon --bench parallel`
and prints, per case, the speedup of two threads over one (one thread's median time divided by
two threads'). Ratios, not times: the machines are shared and noisy."""
import json, pathlib, sys

root = pathlib.Path(sys.argv[1] if len(sys.argv) > 1 else "target/criterion")
rows = []
for group in root.iterdir():
    if not group.name.startswith("parallel_"):
        continue
    times = {}
    for bench in group.iterdir():
        est = bench / "new" / "estimates.json"
        if est.exists():
            times[bench.name] = json.loads(est.read_text())["median"]["point_estimate"]
    if "1 thread" in times and "2 threads" in times:
        name = json.loads(next(group.glob("*/new/benchmark.json")).read_text())["group_id"]
        _, path, size = name.split("/")
        rows.append((path, int(size.removesuffix("MiB")), times["1 thread"], times["2 threads"]))

print("| evaluation | output | one thread | two threads | speedup |")
print("| --- | --- | --- | --- | --- |")
for path, mib, one, two in sorted(rows):
    print(f"| `{path}` | {mib} MiB | {one / 1e6:.2f} ms | {two / 1e6:.2f} ms | {one / two:.2f}× |")
