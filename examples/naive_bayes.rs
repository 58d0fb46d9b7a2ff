//! Gaussian naive Bayes on rows whose count is known only at run time:
//! `cargo run --release --example naive_bayes -- PATH`.
//!
//! `PATH` is a CSV file without a header: each row is four features and an integer class label
//! in `0..3`. The example fits, per class, the feature means, the variances (population variance
//! plus 1e-9) and the prior (the class's share of the rows), then prints the predicted class of
//! every row, one per line. With no argument it uses a small data set of its own, and checks
//! the fit and the predictions against a plain-loop implementation of the same model.
//!
//! The number of rows is a run-time size, bound once (`bind!(let samples: Samples = n)`); the
//! 4 features and 3 classes are fixed. Every broadcast below is still checked at compile time:
//!
//! - one-hot labels: `[Samples, 1] == [3]` gives `[Samples, 3]` (NumPy's
//!   `y[:, newaxis] == arange(3)`);
//! - per-class sums: `[Samples, 3, 1] * [Samples, 1, 4]` gives `[Samples, 3, 4]`, summed over the
//!   run-time axis to a fixed `[3, 4]` (a tensor with no run-time size, which outlives the
//!   binding);
//! - the log-likelihood of every row under every class: `[Samples, 1, 4]` against `[3, 4]`
//!   gives `[Samples, 3, 4]`, summed over the last axis to `[Samples, 3]`.
//!
//! Each formula is one expression (`x.lazy()` … `.eval()`), evaluated in one pass: the
//! `[Samples, 3]` and `[Samples, 3, 4]` intermediates are never stored.
//!
//! Errors (an unreadable file, a ragged row, a bad number, a label outside `0..3`, no rows, a
//! class with no rows) are one line on stderr and exit status 1.

use std::process::ExitCode;

use shapecast::prelude::*;

/// The number of features per row.
const FEATURES: usize = 4;
/// The number of classes; labels are `0..CLASSES`.
const CLASSES: usize = 3;
/// Added to every variance, so that a feature constant within a class does not divide by 0.
const VAR_SMOOTHING: f64 = 1e-9;
/// The largest difference allowed between the tensor code and the plain loops, relative to the
/// size of the values (scaled by `max(1, |a|, |b|)`).
const TOLERANCE: f64 = 1e-9;

/// The run-time number of rows, as shapes name it: `shape![Samples, 4]`.
struct Samples;

/// A fitted model (fixed sizes only, so inline tensors that outlive the run-time size) and
/// what it says of each row.
struct Fit {
    /// Per-class feature means, `[3, 4]`.
    means: Tensor<f64, shape![3, 4]>,
    /// Per-class feature variances (plus [`VAR_SMOOTHING`]), `[3, 4]`.
    vars: Tensor<f64, shape![3, 4]>,
    /// Per-class priors, `[3]`.
    priors: Tensor<f64, shape![3]>,
    /// Each row's log-score for each class, row-major `[rows, 3]`.
    scores: Vec<f64>,
    /// Each row's predicted class.
    predictions: Vec<usize>,
}

/// Iris-like data: sepal length, sepal width, petal length, petal width, class. Made up, with
/// three well-separated classes of 10 rows each.
const DEFAULT_DATA: &str = "\
5.1,3.5,1.4,0.2,0
6.0,2.9,4.5,1.5,1
6.7,3.1,5.9,2.3,2
4.9,3.0,1.4,0.2,0
5.7,2.8,4.1,1.3,1
6.4,3.2,6.0,2.2,2
4.7,3.2,1.3,0.2,0
5.5,2.4,3.8,1.1,1
7.1,3.0,6.2,2.1,2
5.0,3.6,1.4,0.3,0
6.1,2.8,4.7,1.2,1
6.5,3.0,5.8,2.2,2
5.4,3.9,1.7,0.4,0
5.6,3.0,4.1,1.3,1
6.9,3.1,6.1,2.3,2
4.6,3.4,1.4,0.3,0
5.8,2.7,3.9,1.2,1
6.3,2.9,5.9,2.0,2
5.0,3.4,1.5,0.2,0
6.2,2.2,4.5,1.5,1
7.2,3.6,6.1,2.5,2
4.4,2.9,1.4,0.2,0
5.9,3.2,4.8,1.8,1
6.8,3.0,6.3,2.1,2
5.3,3.7,1.5,0.2,0
5.5,2.5,4.0,1.3,1
6.4,2.8,5.8,2.1,2
5.2,3.4,1.4,0.2,0
6.6,2.9,4.6,1.3,1
7.7,3.8,6.4,2.2,2
";

fn main() -> ExitCode {
    match run() {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            eprintln!("naive_bayes: {message}");
            ExitCode::FAILURE
        }
    }
}

fn run() -> Result<(), String> {
    let mut args = std::env::args_os().skip(1);
    let (path, extra) = (args.next(), args.next());
    if extra.is_some() {
        return Err("expected at most one argument, the path of a CSV file".to_string());
    }
    let (text, source, check) = match path {
        Some(path) => {
            let shown = path.to_string_lossy().into_owned();
            let text = std::fs::read_to_string(&path).map_err(|e| format!("cannot read {shown}: {e}"))?;
            (text, shown, false)
        }
        None => {
            eprintln!("naive_bayes: no file given; using the built-in iris-like data set (30 rows)");
            (DEFAULT_DATA.to_string(), "built-in data".to_string(), true)
        }
    };
    let (features, labels) = parse(&text).map_err(|e| format!("{source}: {e}"))?;
    let fit = fit_predict(&features, &labels).map_err(|e| format!("{source}: {e}"))?;
    if check {
        check_against_loops(&features, &labels, &fit)?;
        eprintln!("naive_bayes: the broadcast fit and predictions match the plain loops");
    }
    let mut out = String::with_capacity(2 * fit.predictions.len());
    for class in &fit.predictions {
        out.push_str(&format!("{class}\n"));
    }
    print!("{out}");
    Ok(())
}

/// The features (row-major, `FEATURES` per row) and labels of a CSV text. Blank lines are
/// skipped; anything else that is not four numbers and a label in `0..CLASSES` is an error
/// naming its line.
fn parse(text: &str) -> Result<(Vec<f64>, Vec<usize>), String> {
    let (mut features, mut labels) = (Vec::new(), Vec::new());
    for (number, line) in text.lines().enumerate().map(|(i, l)| (i + 1, l.trim())) {
        if line.is_empty() {
            continue;
        }
        let fields: Vec<&str> = line.split(',').map(str::trim).collect();
        let Some((label, values)) = fields.split_last() else { continue };
        if values.len() != FEATURES {
            return Err(format!(
                "line {number}: expected {} comma-separated fields ({FEATURES} features and a label), found {}",
                FEATURES + 1,
                fields.len()
            ));
        }
        for value in values {
            match value.parse::<f64>() {
                Ok(x) if x.is_finite() => features.push(x),
                _ => return Err(format!("line {number}: {value:?} is not a finite number")),
            }
        }
        match label.parse::<usize>() {
            Ok(class) if class < CLASSES => labels.push(class),
            _ => return Err(format!("line {number}: label {label:?} is not a class in 0..{CLASSES}")),
        }
    }
    if labels.is_empty() {
        return Err("no rows".to_string());
    }
    Ok((features, labels))
}

/// Fits the model and predicts every row, with broadcasting. `features` holds
/// `labels.len() * FEATURES` values, row-major.
fn fit_predict(features: &[f64], labels: &[usize]) -> Result<Fit, String> {
    // The one run-time size; every shape below is checked against it at compile time.
    bind!(let samples: Samples = labels.len());
    let n = samples.get() as f64;
    let x = TensorRef::from_shape(dims![samples, 4], features).map_err(|e| e.to_string())?;
    let y = TensorRef::from_shape(dims![samples], labels).map_err(|e| e.to_string())?;

    // One-hot: y[:, newaxis] == arange(3), [Samples, 1] against [3], as 1.0 or 0.0. An
    // expression: never stored, read where it is used.
    let arange = Tensor::<usize, shape![3]>::from([0, 1, 2]);
    let one_hot = y.lazy().insert_axis::<1>().equals(&arange).select(1.0, 0.0); // [Samples, 3]

    // Counts and priors: a sum over the run-time axis is a fixed [3].
    let counts = one_hot.sum_axes::<axes![0]>().eval();
    if let Some(empty) = counts.as_slice().iter().position(|&c| c == 0.0) {
        return Err(format!("class {empty} has no rows; cannot fit its mean and variance"));
    }
    let priors = &counts / n;
    let counts = counts.insert_axis::<1>(); // [3, 1], to divide per-class rows of [3, 4]

    // Per-class means: [Samples, 3, 1] * [Samples, 1, 4] -> [Samples, 3, 4], summed to [3, 4]
    // and divided by the counts, in one pass (no [Samples, 3, 4] tensor is made).
    let one_hot = one_hot.insert_axis::<2>(); // [Samples, 3, 1]
    let rows = x.lazy().insert_axis::<1>(); // [Samples, 1, 4]
    let means = ((one_hot * rows).sum_axes::<axes![0]>() / &counts).eval(); // [3, 4]

    // The squared deviation of every row from every class's mean, [Samples, 1, 4] - [3, 4]
    // -> [Samples, 3, 4]: an expression, used twice below and never stored.
    let squares = (rows - &means).powi(2);
    // Per-class population variances: the squared deviations kept only for the row's own class.
    let vars = ((squares * one_hot).sum_axes::<axes![0]>() / &counts + VAR_SMOOTHING).eval();

    // log p(class) - 1/2 sum over features of (log 2 pi var + (x - mean)^2 / var), for every row
    // and class: [3] - [Samples, 3], the [Samples, 3, 4] terms summed over the features as they
    // are computed, in one pass.
    let log_norm = (vars.lazy() * (2.0 * std::f64::consts::PI)).ln().eval(); // [3, 4]
    let log_priors = priors.lazy().ln().eval(); // [3]
    let scores = (log_priors.lazy() - 0.5 * (squares / &vars + &log_norm).sum_axes::<axes![2]>()).eval();

    // The most likely class of each row (the first, on a tie).
    let predictions = scores.lazy().argmax_axes::<axes![1]>().eval().into_vec();
    Ok(Fit { means, vars, priors, scores: scores.as_slice().to_vec(), predictions })
}

/// The same model with plain loops over `Vec<f64>`: means, variances, priors, scores and
/// predictions.
struct LoopFit {
    means: Vec<f64>,
    vars: Vec<f64>,
    priors: Vec<f64>,
    scores: Vec<f64>,
    predictions: Vec<usize>,
}

fn fit_predict_loops(features: &[f64], labels: &[usize]) -> LoopFit {
    let n = labels.len();
    let mut counts = [0.0; CLASSES];
    let mut means = vec![0.0; CLASSES * FEATURES];
    for (row, &class) in features.chunks_exact(FEATURES).zip(labels) {
        counts[class] += 1.0;
        for f in 0..FEATURES {
            means[class * FEATURES + f] += row[f];
        }
    }
    for c in 0..CLASSES {
        for f in 0..FEATURES {
            means[c * FEATURES + f] /= counts[c];
        }
    }
    let mut vars = vec![0.0; CLASSES * FEATURES];
    for (row, &class) in features.chunks_exact(FEATURES).zip(labels) {
        for f in 0..FEATURES {
            let d = row[f] - means[class * FEATURES + f];
            vars[class * FEATURES + f] += d * d;
        }
    }
    for c in 0..CLASSES {
        for f in 0..FEATURES {
            vars[c * FEATURES + f] = vars[c * FEATURES + f] / counts[c] + VAR_SMOOTHING;
        }
    }
    let priors: Vec<f64> = counts.iter().map(|&count| count / n as f64).collect();
    let mut scores = Vec::with_capacity(n * CLASSES);
    let mut predictions = Vec::with_capacity(n);
    for row in features.chunks_exact(FEATURES) {
        let mut best = (0, f64::NEG_INFINITY);
        for c in 0..CLASSES {
            let mut score = priors[c].ln();
            for f in 0..FEATURES {
                let (mean, var) = (means[c * FEATURES + f], vars[c * FEATURES + f]);
                let d = row[f] - mean;
                score -= 0.5 * ((2.0 * std::f64::consts::PI * var).ln() + d * d / var);
            }
            scores.push(score);
            if c == 0 || score > best.1 {
                best = (c, score);
            }
        }
        predictions.push(best.0);
    }
    LoopFit { means, vars, priors, scores, predictions }
}

/// An error unless the broadcast fit and predictions agree with the plain loops.
fn check_against_loops(features: &[f64], labels: &[usize], fit: &Fit) -> Result<(), String> {
    let naive = fit_predict_loops(features, labels);
    let pairs = [
        ("means", fit.means.as_slice(), naive.means.as_slice()),
        ("variances", fit.vars.as_slice(), naive.vars.as_slice()),
        ("priors", fit.priors.as_slice(), naive.priors.as_slice()),
        ("scores", fit.scores.as_slice(), naive.scores.as_slice()),
    ];
    for (what, ours, theirs) in pairs {
        let close = |(a, b): (&f64, &f64)| (a - b).abs() <= TOLERANCE * a.abs().max(b.abs()).max(1.0);
        if ours.len() != theirs.len() || !ours.iter().zip(theirs).all(close) {
            return Err(format!("the {what} differ from the plain loops: {ours:?} vs {theirs:?}"));
        }
    }
    if fit.predictions != naive.predictions {
        return Err(format!(
            "the predictions differ from the plain loops: {:?} vs {:?}",
            fit.predictions, naive.predictions
        ));
    }
    Ok(())
}
