//! The `kmeans` example as a user runs it: the built-in data set clusters and checks itself, a
//! file of points is read in either separator, and every kind of bad input is one line on
//! stderr, nothing on stdout, exit 1.
//!
//! The example is built once (`cargo build --example kmeans`, a no-op after `cargo test` has
//! built the examples) and its binary run directly.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};
use std::sync::OnceLock;

/// The example's binary, built on first use with the cargo that runs this test.
fn example() -> &'static Path {
    static BINARY: OnceLock<PathBuf> = OnceLock::new();
    BINARY.get_or_init(|| {
        let output = Command::new(env!("CARGO"))
            .args(["build", "--quiet", "--example", "kmeans", "--message-format=json"])
            .current_dir(env!("CARGO_MANIFEST_DIR"))
            .output()
            .expect("cargo runs");
        assert!(output.status.success(), "cargo build failed: {}", String::from_utf8_lossy(&output.stderr));
        String::from_utf8_lossy(&output.stdout)
            .lines()
            .filter_map(|line| serde_json::from_str::<serde_json::Value>(line).ok())
            .filter(|message| message["reason"] == "compiler-artifact")
            .filter(|message| message["target"]["name"] == "kmeans")
            .find_map(|message| message["executable"].as_str().map(PathBuf::from))
            .expect("cargo reports the example's executable")
    })
}

fn run(args: &[&str]) -> Output {
    Command::new(example()).args(args).output().expect("the example runs")
}

/// A file under the temporary directory, unique to this test process and `name`.
fn temp_file(name: &str, contents: &str) -> PathBuf {
    let path = std::env::temp_dir().join(format!("shapecast-kmeans-{}-{name}.txt", std::process::id()));
    std::fs::write(&path, contents).expect("the temporary directory is writable");
    path
}

/// Runs the example on `contents` (or on a missing file) and checks that it failed as it
/// should: exit status 1, nothing on stdout, one line on stderr, which contains `expected`.
fn rejects(name: &str, contents: Option<&str>, expected: &str) {
    let path = match contents {
        Some(contents) => temp_file(name, contents),
        None => std::env::temp_dir().join("shapecast-kmeans-this-file-does-not-exist.txt"),
    };
    let output = run(&[path.to_str().expect("a UTF-8 temporary path")]);
    if contents.is_some() {
        let _ = std::fs::remove_file(&path);
    }
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(1), "{name}: stderr {stderr:?}");
    assert!(output.stdout.is_empty(), "{name}: stdout {:?}", String::from_utf8_lossy(&output.stdout));
    assert_eq!(stderr.lines().count(), 1, "{name}: stderr {stderr:?}");
    assert!(stderr.contains(expected), "{name}: stderr {stderr:?} lacks {expected:?}");
    assert!(!stderr.contains("panicked"), "{name}: {stderr:?}");
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
    let path = temp_file("good", "0 0\n10\t10\n\n-10 10\r\n10,-10\n0.5,0\n10.5 , 10\n-10.5 10\n10.5 -10\n");
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
