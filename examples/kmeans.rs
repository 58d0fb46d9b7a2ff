//! k-means clustering of 2-D points whose count is read at run time:
//! `cargo run --release --example kmeans -- [PATH]`.
//!
//! `PATH` is a text file with one point per line: two numbers separated by whitespace or a
//! comma (blank lines are skipped). With no argument, the example makes a data set of its own:
//! 10,000 points in 4 overlapping blobs. It runs k-means with K = 4 clusters, starting from the
//! first 4 points, for at most 20 iterations (an assignment, then an update) or until no
//! centroid moves, prints the final centroids, and checks the labels and centroids against a
//! plain-loop k-means on the same data.
//!
//! The number of points is a run-time size, `Points`; D = 2 and K = 4 are fixed. Each iteration
//! is one pass over the points, with no `[Points, 4, 2]`, `[Points, 4]` or `[Points]` temporary:
//! `mean_at` (PyTorch's `index_reduce(…, "mean", include_self=False)`) makes each centroid the
//! mean of its points, and its indices are an expression, the assignment, computed beside the
//! points as they are read:
//!
//! - assignment: the squared distance of every point to every centroid,
//!   `[Points, 1, 2] - [4, 2]`, summed over D and reduced to the nearest centroid's index over
//!   K;
//! - update: each centroid the mean of the points whose index is its own (a cluster with no
//!   points keeps its centroid).
//!
//! The labels are evaluated once, at the end, from the final centroids.
//!
//! Errors (an unreadable file, a malformed line, fewer than 4 points) are one line on stderr and
//! exit status 1, as is a disagreement with the plain loops.

use std::process::ExitCode;

use shapecast::prelude::*;

mod common;

/// Coordinates per point.
const D: usize = 2;
/// Clusters.
const K: usize = 4;
/// The most iterations run.
const ITERATIONS: usize = 20;
/// Points in the built-in data set.
const DEFAULT_POINTS: usize = 10_000;
/// The largest difference allowed between the centroids here and the plain loops' (relative to
/// `max(1, |a|, |b|)`): the sums over the points are added in another order.
const TOLERANCE: f64 = 1e-9;

/// The run-time number of points, as shapes name it: `shape![Points, 2]`.
struct Points;

/// The outcome of a k-means run.
struct Clustering {
    /// The centroids, row-major `[K, D]`.
    centroids: [[f64; D]; K],
    /// Each point's cluster.
    labels: Vec<usize>,
    /// The iterations run.
    iterations: usize,
}

fn main() -> ExitCode {
    match run() {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            eprintln!("kmeans: {message}");
            ExitCode::FAILURE
        }
    }
}

fn run() -> Result<(), String> {
    let mut args = std::env::args_os().skip(1);
    let (path, extra) = (args.next(), args.next());
    if extra.is_some() {
        return Err("expected at most one argument, the path of a file of points".to_string());
    }
    let points = match path {
        Some(path) => {
            let shown = path.to_string_lossy().into_owned();
            let text = std::fs::read_to_string(&path).map_err(|e| format!("cannot read {shown}: {e}"))?;
            parse(&text).map_err(|e| format!("{shown}: {e}"))?
        }
        None => blobs(DEFAULT_POINTS),
    };
    if points.len() < K {
        return Err(format!("{} points, but k-means with {K} clusters needs at least {K}", points.len()));
    }

    // Bind the number of points and run k-means over them as a `[Points, 2]` tensor.
    let ours = TensorRef::with_rows(&points, |x: TensorRef<f64, shape![Points, 2]>| kmeans(x))
        .map_err(|e| e.to_string())?
        .map_err(|e| e.to_string())?;
    let loops = kmeans_loops(&points);

    println!("k-means of {} points, K = {K}, {} iterations:", points.len(), ours.iterations);
    for (k, c) in ours.centroids.iter().enumerate() {
        let size = ours.labels.iter().filter(|&&l| l == k).count();
        let plural = if size == 1 { "" } else { "s" };
        println!("  centroid {k}: ({:>10.4}, {:>10.4}), {size} point{plural}", c[0], c[1]);
    }

    // The same clustering as the plain loops: the centroids within TOLERANCE, and the same
    // labels, except for a point as near (within TOLERANCE) to the centroid the loops chose as
    // to its own: the centroids are sums added in another order, so a point halfway between
    // two may fall either side. (A different rounding may also stop one iteration apart.)
    let close = |x: f64, y: f64| (x - y).abs() <= TOLERANCE * x.abs().max(y.abs()).max(1.0);
    for (k, (a, b)) in ours.centroids.iter().zip(&loops.centroids).enumerate() {
        if !a.iter().zip(b).all(|(&x, &y)| close(x, y)) {
            return Err(format!("centroid {k} is {a:?}, but the plain loops give {b:?}"));
        }
    }
    let distance = |p: &[f64; D], k: usize| {
        p.iter().zip(&ours.centroids[k]).map(|(x, c)| (x - c) * (x - c)).sum::<f64>()
    };
    let mut ties = 0;
    for (i, p) in points.iter().enumerate() {
        let (a, b) = (ours.labels[i], loops.labels[i]);
        if a != b {
            if !close(distance(p, a), distance(p, b)) {
                return Err(format!("point {i} is in cluster {a}, but the plain loops say {b}"));
            }
            ties += 1;
        }
    }
    if ours.iterations.abs_diff(loops.iterations) > 1 {
        return Err(format!("{} iterations, but the plain loops ran {}", ours.iterations, loops.iterations));
    }
    let tied = match ties {
        0 => String::new(),
        n => format!(
            " ({n} point{} halfway between two centroids, either side)",
            if n == 1 { "" } else { "s" }
        ),
    };
    println!("labels and centroids match a plain-loop k-means{tied}");
    Ok(())
}

/// k-means over the points `x`, with expressions: each iteration one pass over the points.
fn kmeans(x: TensorRef<f64, shape![Points, 2]>) -> Result<Clustering, IndexError> {
    // The first K points are the first centroids.
    let mut centroids = Tensor::<f64, shape![4, 2]>::from_fn(|i| x.as_slice()[i]);
    let mut iterations = 0;
    while iterations < ITERATIONS {
        iterations += 1;
        // Each point's nearest centroid: [Points, 1, 2] - [4, 2] -> [Points, 4, 2], squared,
        // summed over D -> [Points, 4], argmin over K -> [Points]. An expression: nothing is
        // computed yet.
        let nearest = (x.lazy().insert_axis::<1>() - &centroids)
            .powi(2)
            .sum_axes::<axes![2]>()
            .argmin_axes::<axes![1]>();
        // Assignment and update in one pass: each centroid becomes the mean of the points
        // nearest it, the indices computed as the points are read (no [Points] labels are
        // stored); a cluster with no points keeps its centroid.
        let moved = centroids.mean_at(nearest, &x)?;
        if moved == centroids {
            break; // converged: no centroid moved, so no label changed
        }
        centroids = moved;
    }
    // The labels, once, from the final centroids.
    let labels = (x.lazy().insert_axis::<1>() - &centroids)
        .powi(2)
        .sum_axes::<axes![2]>()
        .argmin_axes::<axes![1]>()
        .eval()
        .into_vec();
    let mut out = [[0.0; D]; K];
    for (row, c) in out.iter_mut().zip(centroids.as_slice().chunks_exact(D)) {
        row.copy_from_slice(c);
    }
    Ok(Clustering { centroids: out, labels, iterations })
}

/// The same k-means with plain loops: the same start, the same stopping rule, ties to the lower
/// index, an empty cluster keeping its centroid.
fn kmeans_loops(points: &[[f64; D]]) -> Clustering {
    let mut centroids = [[0.0; D]; K];
    centroids.copy_from_slice(&points[..K]);
    let mut labels = vec![0; points.len()];
    let mut iterations = 0;
    while iterations < ITERATIONS {
        iterations += 1;
        for (p, label) in points.iter().zip(labels.iter_mut()) {
            let mut best = (0, f64::INFINITY);
            for (k, c) in centroids.iter().enumerate() {
                let d = (p[0] - c[0]) * (p[0] - c[0]) + (p[1] - c[1]) * (p[1] - c[1]);
                if d < best.1 {
                    best = (k, d);
                }
            }
            *label = best.0;
        }
        let mut sums = [[0.0; D]; K];
        let mut counts = [0usize; K];
        for (p, &label) in points.iter().zip(&labels) {
            counts[label] += 1;
            sums[label][0] += p[0];
            sums[label][1] += p[1];
        }
        let mut moved = centroids;
        for k in 0..K {
            if counts[k] > 0 {
                moved[k] = [sums[k][0] / counts[k] as f64, sums[k][1] / counts[k] as f64];
            }
        }
        if moved == centroids {
            break; // converged
        }
        centroids = moved;
    }
    Clustering { centroids, labels, iterations }
}

/// The points of a text: one per line, two finite numbers separated by whitespace or a comma.
/// Blank lines are skipped; anything else is an error naming its line.
fn parse(text: &str) -> Result<Vec<[f64; D]>, String> {
    let mut points = Vec::new();
    for (number, line) in text.lines().enumerate().map(|(i, l)| (i + 1, l.trim())) {
        if line.is_empty() {
            continue;
        }
        let fields: Vec<&str> =
            line.split(|c: char| c == ',' || c.is_whitespace()).filter(|f| !f.is_empty()).collect();
        if fields.len() != D || line.matches(',').count() > 1 {
            return Err(format!(
                "line {number}: expected {D} numbers separated by whitespace or a comma, found {line:?}"
            ));
        }
        let mut point = [0.0; D];
        for (value, field) in point.iter_mut().zip(&fields) {
            match field.parse::<f64>() {
                Ok(v) if v.is_finite() => *value = v,
                _ => return Err(format!("line {number}: {field:?} is not a finite number")),
            }
        }
        points.push(point);
    }
    Ok(points)
}

/// `n` points in 4 blobs of 2,500 points each around (−4, −3), (4, −4), (−2, 5) and (5, 4), in a
/// shuffled order: deterministic, from a 64-bit linear congruential generator (Knuth's MMIX
/// constants).
fn blobs(n: usize) -> Vec<[f64; D]> {
    let mut lcg = common::Lcg(0x5eed_u64);
    let mut uniform = move || lcg.next_f64();
    let centres = [[-4.0, -3.0], [4.0, -4.0], [-2.0, 5.0], [5.0, 4.0]];
    let mut points: Vec<[f64; D]> = (0..n)
        .map(|i| {
            let [cx, cy] = centres[i % 4];
            // The sum of three uniform numbers: a bell around the centre, within ±4.5.
            let mut bell = || 3.0 * (uniform() + uniform() + uniform() - 1.5);
            [cx + bell(), cy + bell()]
        })
        .collect();
    // Fisher–Yates, so that the first points (the first centroids) are not one per blob.
    for i in (1..points.len()).rev() {
        let j = (uniform() * (i + 1) as f64) as usize;
        points.swap(i, j.min(i));
    }
    points
}
