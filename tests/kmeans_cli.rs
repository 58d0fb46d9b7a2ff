//! The `kmeans` example as a user runs it: the built-in data set clusters and checks itself, a
//! file of points is read in either separator, and every kind of bad input is one line on
//! stderr, nothing on stdout, exit 1.
//!
//! The example is built once (`cargo build --example kmeans`, a no-op after `cargo test` has
//! built the examples) and its binary run directly.

#[path = "common/cli.rs"]
mod cli;

/// The example under test.
const EXAMPLE: cli::Example = cli::Example { name: "kmeans", extension: "txt" };

/// The example run with `args`.
fn run(args: &[&str]) -> std::process::Output {
    EXAMPLE.run(args)
}

/// See [`cli::Example::rejects`].
fn rejects(name: &str, contents: Option<&str>, expected: &str) {
    EXAMPLE.rejects(name, contents, expected);
}

#[test]
fn the_built_in_points_cluster_as_the_plain_loops_do() {
    let output = run(&[]);
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert_eq!(output.status.code(), Some(0), "stderr {:?}", String::from_utf8_lossy(&output.stderr));
    assert!(stdout.starts_with("k-means of 10000 points, K = 4"), "stdout {stdout:?}");
    assert_eq!(stdout.lines().filter(|l| l.trim_start().starts_with("centroid")).count(), 4);
    assert!(stdout.contains("match a plain-loop k-means"), "stdout {stdout:?}");
}

#[test]
fn a_file_is_read_with_either_separator() {
    let path =
        EXAMPLE.temp_file("good", "0 0\n10\t10\n\n-10 10\r\n10,-10\n0.5,0\n10.5 , 10\n-10.5 10\n10.5 -10\n");
    let output = run(&[path.to_str().expect("a UTF-8 temporary path")]);
    let _ = std::fs::remove_file(&path);
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert_eq!(output.status.code(), Some(0), "stderr {:?}", String::from_utf8_lossy(&output.stderr));
    assert!(stdout.starts_with("k-means of 8 points"), "stdout {stdout:?}");
    // The first 4 points start the centroids, one in each pair: each pair is a cluster.
    for centroid in [
        "(    0.2500,     0.0000)",
        "(   10.2500,    10.0000)",
        "(  -10.2500,    10.0000)",
        "(   10.2500,   -10.0000)",
    ] {
        assert!(stdout.contains(centroid), "stdout {stdout:?} lacks {centroid}");
    }
    assert!(output.stderr.is_empty());
}

#[test]
fn a_malformed_line_is_an_error() {
    rejects("three", Some("1 2\n3,4,5\n"), "line 2: expected 2 numbers");
    rejects("one", Some("1 2\n\n3\n"), "line 3: expected 2 numbers");
    rejects("number", Some("1 2\nx 4\n"), "line 2: \"x\" is not a finite number");
    rejects("nan", Some("1 NaN\n"), "line 1: \"NaN\" is not a finite number");
}

#[test]
fn fewer_points_than_clusters_is_an_error() {
    rejects("few", Some("1 2\n3 4\n5 6\n"), "3 points, but k-means with 4 clusters needs at least 4");
    rejects("empty", Some(""), "0 points");
}

#[test]
fn a_missing_file_is_an_error() {
    rejects("missing", None, "cannot read");
}
