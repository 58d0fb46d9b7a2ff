#!/usr/bin/env python3
"""Reads criterion's estimates from `cargo bench --bench programs` and prints, per program, each
contender's median time as a ratio to that program's hand loop ("hand loop": into an existing
buffer where the program has one, else returning its result). Contenders that return a new
array are also given over "hand loop new" (a hand loop returning a new `Vec`) where the program
has one. Ratios, not times: the machines are shared and noisy.

    python3 benches/programs_ratios.py [CRITERION_DIR] [--numpy FILE]

With `--numpy FILE` (the JSON of `benches/programs_numpy.py --json FILE`), it adds NumPy's time
over shapecast's and over the hand loop's. Run NumPy with the OPENBLAS variables unset (see that
script): `env -u OPENBLAS_CORETYPE -u OPENBLAS_L2_SIZE python3 benches/programs_numpy.py`."""
import json, pathlib, sys

args = sys.argv[1:]
numpy = {}
if "--numpy" in args:
    i = args.index("--numpy")
    numpy = json.loads(pathlib.Path(args[i + 1]).read_text())
    del args[i:i + 2]
root = pathlib.Path(args[0] if args else "target/criterion")

# The contenders, in the order of the table (criterion stores "copy_from_slice" as "copy_from_slice").
order = ["shapecast", "shapecast into", "shapecast in place", "hand loop", "hand loop new", "ndarray",
         "ndarray zip", "copy_from_slice"]
new_ones = {"shapecast", "ndarray", "hand loop new"}  # those that return a new array

rows = []
for group in sorted(p for p in root.iterdir() if p.is_dir()):
    benches = list(group.glob("*/new/benchmark.json"))
    if not benches:
        continue
    name = json.loads(benches[0].read_text())["group_id"]
    if not name.startswith("program "):
        continue
    times = {}
    for b in benches:
        meta = json.loads(b.read_text())
        est = json.loads((b.parent / "estimates.json").read_text())
        times[meta["function_id"]] = est["median"]["point_estimate"] / 1e9  # seconds
    rows.append((name, times))

for name, times in rows:
    ref = times["hand loop"]
    print(f"## {name.removeprefix('program ')}")
    print("| contender | / hand loop | / hand loop new |")
    print("| --- | --- | --- |")
    for c in sorted(times, key=lambda c: order.index(c) if c in order else len(order)):
        new = f"{times[c] / times['hand loop new']:.2f}" if c in new_ones and "hand loop new" in times else "—"
        print(f"| {c} | {times[c] / ref:.2f} | {new} |")
    if name in numpy:
        t = numpy[name]
        print(f"| NumPy | {t / ref:.2f} | {t / times['hand loop new']:.2f} |" if "hand loop new" in times
              else f"| NumPy | {t / ref:.2f} | — |")
        print(f"\nNumPy / shapecast: {t / times['shapecast']:.2f}; NumPy / hand loop: {t / ref:.2f}")
    print()
