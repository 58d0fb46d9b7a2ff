#!/usr/bin/env python3
"""The programs of `benches/programs.rs` in NumPy (all but layer norm and the Kalman filter), on
the same data (the same SplitMix64 numbers) and sizes, each written as a NumPy user writes it.
Prints the median wall time of each over REPEATS runs (default 7; each program runs once first,
untimed), as JSON when given `--json FILE` too, for `benches/programs_ratios.py`.

    env -u OPENBLAS_CORETYPE -u OPENBLAS_L2_SIZE python3 benches/programs_numpy.py [REPEATS] [--json FILE] [--filter REGEX] [--threads N]

`--filter REGEX` runs only the programs whose names match (`--filter mlp`). The BLAS (only the
MLP step's products use it) runs on N threads, 1 by default: the script sets
OPENBLAS_NUM_THREADS, OMP_NUM_THREADS and MKL_NUM_THREADS before it imports NumPy.

The environment caveat: on some processors these machines set OPENBLAS_CORETYPE and
OPENBLAS_L2_SIZE, which slow a current NumPy; for benchmarking against NumPy unset both in that
one command, as above (nothing else needs them changed). Without NumPy the script says so and
exits 0."""
import json, os, re, statistics, sys, time

_args = sys.argv[1:]
THREADS = "1"
if "--threads" in _args:
    THREADS = _args[_args.index("--threads") + 1]
for _var in ["OPENBLAS_NUM_THREADS", "OMP_NUM_THREADS", "MKL_NUM_THREADS"]:
    os.environ[_var] = THREADS

try:
    import numpy as np
except ImportError:
    print("programs_numpy.py: numpy is not installed (pip install numpy); skipping the NumPy timings")
    sys.exit(0)

F, ROWS = 1024, 16384
K, ITERATIONS = 4, 20
SAMPLES, CLASSES = 200_000, 10


def mix(z):
    """SplitMix64's finalizer over a uint64 array (wrapping, as in the Rust bench)."""
    with np.errstate(over="ignore"):
        z = z + np.uint64(0x9E3779B97F4A7C15)
        z = (z ^ (z >> np.uint64(30))) * np.uint64(0xBF58476D1CE4E5B9)
        z = (z ^ (z >> np.uint64(27))) * np.uint64(0x94D049BB133111EB)
    return z ^ (z >> np.uint64(31))


def unit(stream, n):
    """The first n numbers of stream `stream`, in [0, 1), as float32 (exact)."""
    z = mix(np.uint64(stream << 40) ^ np.arange(n, dtype=np.uint64))
    return (z >> np.uint64(40)).astype(np.float32) / np.float32(16_777_216.0)


def features():
    j = (np.arange(ROWS * F) % F % 8).astype(np.float32)
    return (j + np.float32(4.0) * unit(1, ROWS * F) - np.float32(2.0)).reshape(ROWS, F)


def params():
    j = np.arange(F, dtype=np.float32)
    return ((j % 8) + np.float32(0.1), np.float32(0.5) + np.float32(0.001) * j,
            np.float32(1.0) + np.float32(0.0005) * j, np.float32(0.01) * j - np.float32(1.0))


def batch_norm(x, mu, inv_std, gamma, beta):
    return (x - mu) * inv_std * gamma + beta


def standardization(x):
    return (x - x.mean(axis=0)) / x.std(axis=0)


def points(n):
    i = np.arange(n * 2)
    blob = i // 2 % K
    centre = np.where(i % 2 == 0, np.array([0, 6, 0, 6], np.float32)[blob], np.array([0, 6, 6, 0], np.float32)[blob])
    return (centre.astype(np.float32) + np.float32(4.0) * unit(2, n * 2) - np.float32(2.0)).reshape(n, 2)


def kmeans(p):
    c = p[:K].copy()
    for _ in range(ITERATIONS):
        distances = ((p[:, None, :] - c[None, :, :]) ** 2).sum(axis=2)  # [N, K]
        nearest = distances.argmin(axis=1)
        c = np.stack([p[nearest == k].mean(axis=0) for k in range(K)])
    return c


def logits_and_labels():
    logits = (np.float32(8.0) * unit(3, SAMPLES * CLASSES) - np.float32(4.0)).reshape(SAMPLES, CLASSES)
    labels = (mix(np.uint64(4 << 40) ^ np.arange(SAMPLES, dtype=np.uint64)) % np.uint64(CLASSES)).astype(np.intp)
    return logits, labels


def softmax_cross_entropy(z, y):
    shifted = z - z.max(axis=1, keepdims=True)
    e = np.exp(shifted)
    s = e.sum(axis=1, keepdims=True)
    p = e / s
    log_p = shifted - np.log(s)
    rows = np.arange(len(y))
    loss = -log_p[rows, y].mean()
    grad = p  # p - onehot, the gradient of the summed loss (as in the Rust bench)
    grad[rows, y] -= 1
    return loss, grad


INPUTS, HIDDEN, BATCH, RATE = 64, 128, 4096, np.float32(0.1)


def mlp_data():
    """Inputs u − 0.5, labels, weights (u − 0.5)/4 and biases (u − 0.5)/10: streams 20–25."""
    def u(stream, shape, scale):
        return ((unit(stream, int(np.prod(shape))) - np.float32(0.5)) * np.float32(scale)).reshape(shape)
    x = u(20, (BATCH, INPUTS), 1.0)
    labels = (mix(np.uint64(21 << 40) ^ np.arange(BATCH, dtype=np.uint64)) % np.uint64(CLASSES)).astype(np.intp)
    net = [u(22, (INPUTS, HIDDEN), 0.25), u(23, (HIDDEN,), 0.1), u(24, (HIDDEN, CLASSES), 0.25), u(25, (CLASSES,), 0.1)]
    return x, labels, net


def mlp_step(net, x, y):
    """One step: forward, softmax cross-entropy, backward, SGD on the four arrays in place."""
    w1, b1, w2, b2 = net
    n = x.shape[0]
    h = np.maximum(x @ w1 + b1, 0)  # [B, 128]
    logits = h @ w2 + b2  # [B, 10]
    m = logits.max(axis=1, keepdims=True)
    e = np.exp(logits - m)
    s = e.sum(axis=1, keepdims=True)
    rows = np.arange(n)
    loss = ((np.log(s) + m).sum() - logits[rows, y].sum()) / n
    d = e / (s * n)  # (p − one_hot) / B
    d[rows, y] -= np.float32(1 / n)
    dw2 = h.T @ d
    db2 = d.sum(axis=0)
    dh = (d @ w2.T) * (h > 0)
    dw1 = x.T @ dh
    db1 = dh.sum(axis=0)
    w1 -= RATE * dw1
    b1 -= RATE * db1
    w2 -= RATE * dw2
    b2 -= RATE * db2
    return loss


def median_time(f, repeats):
    f()
    times = []
    for _ in range(repeats):
        t0 = time.perf_counter()
        f()
        times.append(time.perf_counter() - t0)
    return statistics.median(times)


def main():
    args = sys.argv[1:]
    out = None
    pattern = re.compile("")
    for flag in ["--json", "--filter", "--threads"]:
        if flag in args:
            i = args.index(flag)
            value = args[i + 1]
            del args[i:i + 2]
            if flag == "--json":
                out = value
            elif flag == "--filter":
                pattern = re.compile(value)
    repeats = int(args[0]) if args else 7
    # The same names as the criterion groups of benches/programs.rs, each with the data it needs.
    names = {
        "bn": "program batch norm [B,1024] B=16384",
        "std": "program standardization [B,1024] B=16384",
        "k6": "program k-means N=1e6 D=2 K=4 20 iterations",
        "k5": "program k-means N=1e5 D=2 K=4 20 iterations",
        "softmax": "program softmax cross-entropy B=200000 10 classes",
        "mlp": "program mlp step B=4096 64-128-10",
    }
    wanted = {k for k, name in names.items() if pattern.search(name)}
    cases = []
    if wanted & {"bn", "std"}:
        x, prm = features(), params()
        cases += [(names["bn"], lambda: batch_norm(x, *prm)), (names["std"], lambda: standardization(x))]
    # The results benches/programs.rs prints too: the same data give the same programs' results.
    for key, n in [("k6", 1_000_000), ("k5", 100_000)]:
        if key in wanted:
            pts = points(n)
            print(f"k-means N={n:.0e}: centroids [{', '.join(f'{v:.4f}' for v in kmeans(pts).ravel())}]".replace("e+0", "e"))
            cases.append((names[key], lambda pts=pts: kmeans(pts)))
    if "softmax" in wanted:
        z, y = logits_and_labels()
        print(f"softmax cross-entropy: mean loss {softmax_cross_entropy(z, y)[0]:.6f}")
        cases.append((names["softmax"], lambda: softmax_cross_entropy(z, y)))
    if "mlp" in wanted:
        mx, my, net = mlp_data()
        print(f"mlp step: first loss {mlp_step([p.copy() for p in net], mx, my):.6f}")
        cases.append((names["mlp"], lambda: mlp_step(net, mx, my)))
    print(f"NumPy {np.__version__}, BLAS threads {THREADS}, median of {repeats} runs each (seconds)")
    result = {}
    for name, f in cases:
        if not pattern.search(name):  # batch norm and standardization share their data
            continue
        result[name] = median_time(f, repeats)
        print(f"{name:<52} {result[name]:.6f}")
    if out:
        with open(out, "w") as fh:
            json.dump(result, fh, indent=1)


if __name__ == "__main__":
    main()
