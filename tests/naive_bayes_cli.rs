//! The `naive_bayes` example as a user runs it: the built-in data set predicts one class per
//! row and exits 0; every kind of bad input is one line on stderr, nothing on stdout, exit 1.
//!
//! The example is built once (`cargo build --example naive_bayes`, a no-op after `cargo test`
//! has built the examples) and its binary run directly.

#[path = "common/cli.rs"]
mod cli;

/// The example under test.
const EXAMPLE: cli::Example = cli::Example { name: "naive_bayes", extension: "csv" };

/// The example run with `args`.
fn run(args: &[&str]) -> std::process::Output {
    EXAMPLE.run(args)
}

/// See [`cli::Example::rejects`].
fn rejects(name: &str, contents: Option<&str>, expected: &str) {
    EXAMPLE.rejects(name, contents, expected);
}

#[test]
fn default_data_predicts_one_class_per_row() {
    let output = run(&[]);
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(0), "stderr {stderr:?}");
    let stdout = String::from_utf8_lossy(&output.stdout);
    let predictions: Vec<&str> = stdout.lines().collect();
    assert_eq!(predictions.len(), 30);
    // The built-in rows cycle through the classes 0, 1, 2, and the classes are well separated.
    let expected: Vec<String> = (0..30).map(|i| (i % 3).to_string()).collect();
    assert_eq!(predictions, expected);
    assert!(stderr.contains("match the plain loops"), "stderr {stderr:?}");
}

#[test]
fn a_file_is_read_and_predicted() {
    let path = EXAMPLE.temp_file(
        "good",
        "5.0,3.4,1.5,0.2,0\n5.2,3.5,1.4,0.2,0\r\n6.0,2.8,4.5,1.4,1\n\n5.8,2.7,4.1,1.2,1\n6.8,3.1,6.0,2.2,2\n7.0,3.0,6.2,2.1,2\n",
    );
    let output = run(&[path.to_str().expect("a UTF-8 temporary path")]);
    let _ = std::fs::remove_file(&path);
    assert_eq!(output.status.code(), Some(0), "stderr {:?}", String::from_utf8_lossy(&output.stderr));
    assert_eq!(String::from_utf8_lossy(&output.stdout), "0\n0\n1\n1\n2\n2\n");
    assert!(output.stderr.is_empty());
}

#[test]
fn a_ragged_row_is_an_error() {
    rejects(
        "ragged",
        Some("5.0,3.4,1.5,0.2,0\n6.0,2.8,4.5,1\n"),
        "line 2: expected 5 comma-separated fields",
    );
}

#[test]
fn a_bad_number_is_an_error() {
    rejects(
        "number",
        Some("5.0,3.4,1.5,0.2,0\n6.0,2.8,four,1.4,1\n"),
        "line 2: \"four\" is not a finite number",
    );
}

#[test]
fn a_label_outside_the_classes_is_an_error() {
    rejects(
        "label",
        Some("5.0,3.4,1.5,0.2,0\n6.0,2.8,4.5,1.4,3\n"),
        "line 2: label \"3\" is not a class in 0..3",
    );
}

#[test]
fn a_missing_file_is_an_error() {
    rejects("missing", None, "cannot read");
}

#[test]
fn an_empty_file_is_an_error() {
    rejects("empty", Some(""), "no rows");
}

#[test]
fn a_class_without_rows_is_an_error() {
    rejects("no-class-2", Some("5.0,3.4,1.5,0.2,0\n6.0,2.8,4.5,1.4,1\n"), "class 2 has no rows");
}
