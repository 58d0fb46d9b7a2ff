#!/usr/bin/env python3
"""The cases of `benches/algebra.rs` in NumPy, on the same shapes and the same numbers, each
making a new array as the shapecast call does:

- a transpose materialized row-major: `x.T.copy()` (`copy` is C order by default), and the 3-D
  `x.transpose(2, 0, 1).copy()`;
- `np.concatenate((a, b), axis)`, `np.stack(parts, 0)`, and `np.split(x, [2048])` with both
  parts copied;
- `v * 2.0 + 1.0` over the contiguous array, `x[:, :2048]`, `x.T`, `x[::-1]` and `x[:, ::-1]` (two passes and a
  temporary: NumPy has no fused form; over `x.T` its ufuncs keep the input's layout, so the
  result is column-major, as ndarray's `mapv` there).

Prints the median time of one call per case in the criterion group's name, in µs, and as JSON
(seconds) with `--json FILE`, for `benches/algebra_ratios.py --numpy FILE`.

    python3 benches/algebra_numpy.py [--repeats R] [--filter REGEX] [--json FILE]

Each case runs once untimed, then R samples (default 7), each a loop of enough calls to last at
least 50 ms; the figure is the median sample over its call count. NumPy asks the kernel for
huge pages for arrays of 4 MiB and more (`madvise`), so its new arrays may pay fewer page faults
than a Rust `Vec` of the same size. Without NumPy the script says so and exits 0."""
import json, re, statistics, sys, time

args = sys.argv[1:]


def option(name, default=None):
    if name in args:
        i = args.index(name)
        value = args[i + 1]
        del args[i:i + 2]
        return value
    return default


repeats = int(option("--repeats", "7"))
pattern = re.compile(option("--filter", ""))
out_file = option("--json")
if args:
    sys.exit(f"algebra_numpy.py: unexpected arguments {args}")

try:
    import numpy as np
except ImportError:
    print("algebra_numpy.py: numpy is not installed (pip install numpy); skipping the NumPy timings")
    sys.exit(0)


def values(n, seed=0):
    """`values(n, seed)` of algebra.rs: ((i + seed) mod 97) / 4, exact in f32."""
    return (((np.arange(n) + seed) % 97) * 0.25).astype(np.float32)


def cases():
    """(criterion group name, the call, the expected result as algebra.rs's hand loop gives it)."""
    for n in [4096, 1024]:
        x = values(n * n).reshape(n, n)
        yield f"algebra transpose [{n},{n}] f32", lambda x=x: x.T.copy(), lambda x=x: np.ascontiguousarray(x.T)
    x3 = values(64 * 256 * 256).reshape(64, 256, 256)
    yield ("algebra permute [64,256,256] to [2,0,1] f32", lambda: x3.transpose(2, 0, 1).copy(),
           lambda: np.ascontiguousarray(x3.transpose(2, 0, 1)))
    a, b = values(2048 * 1024, 0).reshape(2048, 1024), values(2048 * 1024, 1).reshape(2048, 1024)
    for axis in [0, 1]:
        yield (f"algebra concat axis {axis} [2048,1024]+[2048,1024] f32", lambda axis=axis: np.concatenate((a, b), axis),
               lambda axis=axis: np.block([a, b]) if axis else np.vstack([a, b]))
    parts = [values(1024 * 1024, k).reshape(1024, 1024) for k in range(4)]
    yield ("algebra stack axis 0 4x[1024,1024] f32", lambda: np.stack(parts, 0),
           lambda: np.concatenate([p.ravel() for p in parts]).reshape(4, 1024, 1024))
    xs = values(4096 * 1024).reshape(4096, 1024)

    def split():
        top, rest = np.split(xs, [2048])
        return top.copy(), rest.copy()
    yield "algebra split_at axis 0 [4096,1024] at 2048, both copied f32", split, lambda: (xs[:2048].copy(), xs[2048:].copy())
    x = values(4096 * 4096).reshape(4096, 4096)
    for name, v in [("contiguous", x), ("slice 1 0..2048", x[:, :2048]), ("transposed", x.T),
                    ("flipped 0", x[::-1]), ("flipped 1", x[:, ::-1])]:
        yield (f"algebra expression x*2+1 [4096,4096] {name} f32", lambda v=v: v * np.float32(2.0) + np.float32(1.0),
               lambda v=v: np.ascontiguousarray(v) * np.float32(2.0) + np.float32(1.0))
    for n in [4096, 1024, 1000]:
        x, y = values(n * n, 0).reshape(n, n), values(n * n, 5).reshape(n, n)
        yield (f"algebra expression x.mt()+y [{n},{n}] f32", lambda x=x, y=y: x.T + y,
               lambda x=x, y=y: np.ascontiguousarray(x.T) + y)


def median_time(f, samples):
    """The median over `samples` samples of one call's time, each sample at least 50 ms."""
    f()
    number = 1
    while True:  # calibrate: multiply the calls until a sample lasts 50 ms
        t0 = time.perf_counter()
        for _ in range(number):
            f()
        spent = time.perf_counter() - t0
        if spent >= 0.05:
            break
        number *= 2 if spent > 0.005 else 10
    times = [spent / number]
    for _ in range(samples - 1):
        t0 = time.perf_counter()
        for _ in range(number):
            f()
        times.append((time.perf_counter() - t0) / number)
    return statistics.median(times)


def main():
    print(f"NumPy {np.__version__}")
    result = {}
    for name, call, want in cases():
        if not pattern.search(name):
            continue
        got, expected = call(), want()
        if isinstance(got, tuple):
            assert all(np.array_equal(g, e) for g, e in zip(got, expected)), name
        else:
            assert got.shape == expected.shape and np.array_equal(got, expected), name
        result[name] = median_time(call, repeats)
        print(f"{name:<64} {result[name] * 1e6:12.1f} µs")
    if out_file:
        with open(out_file, "w") as fh:
            json.dump({"_meta": {"numpy": np.__version__}, **result}, fh, indent=1)


if __name__ == "__main__":
    main()
