#!/usr/bin/env python3
"""Reads criterion's estimates from `cargo bench --bench programs` and prints, per program, each
contender's median time as a ratio to that program's hand loop ("hand loop": into an existing
buffer where the program has one, else returning its result), one row per program; where the
program also has a hand loop returning a new `Vec` ("hand loop new"), shapecast's time over
that one too. Ratios, not times: the machines are shared and noisy.

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
order = ["shapecast", "shapecast matmul", "shapecast fused", "shapecast fused labels", "shapecast fused nested", "shapecast fused into", "shapecast into", "shapecast in place",
         "hand loop", "hand loop new", "ndarray",
         "ndarray zip", "copy_from_slice"]

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

def position(name):  # the order of benches/programs.rs
    for i, key in enumerate(["batch norm", "standardization", "k-means N=1e6", "k-means N=1e5", "softmax", "layer norm",
                             "kalman", "mlp"]):
        if key in name:
            return i
    return 99


cols = [c for c in order if c != "hand loop" and any(c in t for _, t in rows)]
head = ["program"] + [f"{c} / hand loop" for c in cols]
head += ["shapecast / hand loop new", "shapecast fused / hand loop new"]
if numpy:
    head += ["NumPy / hand loop", "NumPy / shapecast", "NumPy / shapecast fused"]
print("| " + " | ".join(head) + " |")
print("|" + " --- |" * len(head))
for name, times in sorted(rows, key=lambda r: position(r[0])):
    ref = times["hand loop"]
    cells = [name.removeprefix("program ")]
    cells += [f"{times[c] / ref:.2f}" if c in times else "—" for c in cols]
    for c in ["shapecast", "shapecast fused"]:
        new = times.get("hand loop new")
        cells.append(f"{times[c] / new:.2f}" if new and c in times else "—")
    if numpy:
        t = numpy.get(name)
        cells += [f"{t / ref:.2f}", f"{t / times['shapecast']:.2f}"] if t else ["—", "—"]
        cells.append(f"{t / times['shapecast fused']:.2f}" if t and "shapecast fused" in times else "—")
    print("| " + " | ".join(cells) + " |")
