#!/usr/bin/env python3
"""The cases of `benches/products.rs` in NumPy, on the same shapes and the same numbers: each
product is `np.matmul(a, b, out=c)` into an existing array (as `matmul_into` and ndarray's
`general_mat_mul` are timed there). Prints the median time of one product per case, as JSON too
when given `--json FILE`, for `benches/products_ratios.py`.

    python3 benches/products_numpy.py [--threads N] [--repeats R] [--filter REGEX] [--json FILE]

Threads: the script sets OPENBLAS_NUM_THREADS, OMP_NUM_THREADS, MKL_NUM_THREADS,
BLIS_NUM_THREADS and VECLIB_MAXIMUM_THREADS to N (default 1) itself, before it imports NumPy,
so the default run is NumPy on one thread, as the GEMM of the default Rust build; `--threads 2`
for the run beside `cargo bench --features rayon` with `MATMUL_NUM_THREADS=2`.

The environment caveat of `benches/programs_numpy.py`: on some processors these machines set
OPENBLAS_CORETYPE and OPENBLAS_L2_SIZE, which slow a current NumPy. This script removes both from
its own environment before importing NumPy (so OpenBLAS picks its kernel for the processor it
runs on), and prints which kernel OpenBLAS chose; `--keep-env` keeps them.

Each case runs once untimed, then REPEATS samples (default 7; 5 for the 2048 cases), each a
loop of enough calls to last at least 50 ms; the figure is the median sample over its call
count. `--filter REGEX` runs only the cases whose names match. Without NumPy the script says so
and exits 0."""
import json, os, re, statistics, sys, time

args = sys.argv[1:]


def option(name, default=None):
    if name in args:
        i = args.index(name)
        value = args[i + 1]
        del args[i:i + 2]
        return value
    return default


threads = int(option("--threads", "1"))
repeats = int(option("--repeats", "7"))
pattern = re.compile(option("--filter", ""))
out_file = option("--json")
keep_env = "--keep-env" in args
if keep_env:
    args.remove("--keep-env")
if args:
    sys.exit(f"products_numpy.py: unexpected arguments {args}")

for var in ["OPENBLAS_NUM_THREADS", "OMP_NUM_THREADS", "MKL_NUM_THREADS", "BLIS_NUM_THREADS", "VECLIB_MAXIMUM_THREADS"]:
    os.environ[var] = str(threads)
if not keep_env:
    for var in ["OPENBLAS_CORETYPE", "OPENBLAS_L2_SIZE"]:
        os.environ.pop(var, None)

try:
    import numpy as np
except ImportError:
    print("products_numpy.py: numpy is not installed (pip install numpy); skipping the NumPy timings")
    sys.exit(0)


def values(n, seed, dtype):
    """`values(n, seed)` of products.rs: ((i·7 + seed) mod 23)/8 − 1, exact in f32 and f64."""
    i = np.arange(n)
    return (((i * 7 + seed) % 23) * 0.125 - 1.0).astype(dtype)


def cases():
    """(criterion group name, a, b, out) in the order of products.rs."""
    for dtype, m, k, n, name in [
        (np.float64, 4, 4, 4, "[4,4]·[4,4]"),
        (np.float32, 4, 4, 4, "[4,4]·[4,4]"),
        (np.float64, 4, 4, 1, "[4,4]·[4,1]"),
        (np.float32, 4, 4, 1, "[4,4]·[4,1]"),
        (np.float64, 2, 4, 4, "[2,4]·[4,4]"),
    ]:
        t = np.dtype(dtype).name.replace("float", "f")
        yield (f"small product {name} {t}", lambda m=m, k=k, n=n, dtype=dtype: (
            values(m * k, 1, dtype).reshape(m, k), values(k * n, 2, dtype).reshape(k, n), np.zeros((m, n), dtype)))
    for dtype in [np.float32, np.float64]:
        t = np.dtype(dtype).name.replace("float", "f")
        for n in [256, 1024, 2048]:
            def square(n=n, dtype=dtype):
                i = np.arange(n * n)
                a = (((i * 7 + 1) % 23) * 0.125 - 1.0).astype(dtype).reshape(n, n)
                b = (((i * 5 + 2) % 19) * 0.125 - 1.0).astype(dtype).reshape(n, n)
                return a, b, np.zeros((n, n), dtype)
            yield (f"gemm square {n} {t}", square)

    def batched():
        a = ((np.arange(64 * 128 * 128) % 23) * 0.125 - 1.0).astype(np.float32).reshape(64, 128, 128)
        b = ((np.arange(64 * 128 * 64) % 19) * 0.125 - 1.0).astype(np.float32).reshape(64, 128, 64)
        return a, b, np.zeros((64, 128, 64), np.float32)
    yield ("batched [64,128,128]·[64,128,64] f32", batched)

    def broadcast():
        x = ((np.arange(4096 * 128) % 23) * 0.125 - 1.0).astype(np.float32).reshape(4096, 128)
        w = ((np.arange(128 * 10) % 19) * 0.125 - 1.0).astype(np.float32).reshape(128, 10)
        return x, w, np.zeros((4096, 10), np.float32)
    yield ("broadcast [B,128]·[128,10] B=4096 f32", broadcast)


def median_time(f, samples):
    """The median over `samples` samples of one call's time, each sample at least 50 ms."""
    f()
    number, spent = 1, 0.0
    while True:  # calibrate: double the calls until a sample lasts 50 ms
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


def blas_info():
    """OpenBLAS's kernel (core) and thread count, read from the library NumPy loaded."""
    import ctypes, glob
    libs = glob.glob(os.path.join(os.path.dirname(np.__file__), os.pardir, "numpy.libs", "*openblas*"))
    libs += glob.glob(os.path.join(os.path.dirname(np.__file__), ".dylibs", "*openblas*"))
    for path in libs:
        lib = ctypes.CDLL(path)
        for prefix, suffix in [("scipy_", "64_"), ("", "64_"), ("", "")]:
            try:
                core = getattr(lib, f"{prefix}openblas_get_corename{suffix}")
                count = getattr(lib, f"{prefix}openblas_get_num_threads{suffix}")
            except AttributeError:
                continue
            core.restype = ctypes.c_char_p
            return f"OpenBLAS core {core().decode()}, {count()} thread(s)"
    return "the BLAS kernel and thread count not read back (not NumPy's bundled OpenBLAS)"


def main():
    print(f"NumPy {np.__version__}, {threads} thread(s) (OPENBLAS_NUM_THREADS={threads}); {blas_info()}")
    kept = {v: os.environ[v] for v in ["OPENBLAS_CORETYPE", "OPENBLAS_L2_SIZE"] if v in os.environ}
    print(f"OPENBLAS_CORETYPE/OPENBLAS_L2_SIZE: {kept or 'unset'}")
    result = {}
    for name, make in cases():
        if not pattern.search(name):
            continue
        a, b, c = make()
        np.matmul(a, b, out=c)
        # The same result as the Rust bench's: check one element against a plain sum.
        want = float(np.sum(a[..., -1, :].astype(np.float64) * b[..., :, -1].astype(np.float64), axis=-1).ravel()[-1])
        assert abs(float(c[..., -1, -1].ravel()[-1]) - want) <= 1e-3 * max(1.0, abs(want)), name
        samples = min(repeats, 5) if "2048" in name else repeats
        result[name] = median_time(lambda: np.matmul(a, b, out=c), samples)
        print(f"{name:<44} {result[name] * 1e6:12.3f} µs")
    if out_file:
        with open(out_file, "w") as fh:
            json.dump({"_meta": {"numpy": np.__version__, "threads": threads, "blas": blas_info()}, **result}, fh, indent=1)


if __name__ == "__main__":
    main()
