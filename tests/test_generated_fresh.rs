//! Generates the test files that are written out as code, and checks that the committed copies
//! are fresh. Each vector is one line, a `case!(…)` expanded by the macro of
//! `common/cases.rs`; identical lines are written once, with the vector lines they stand for.
//!
//! - `tests/test_conformance.rs` (`generate/types.rs`): every case of the test vectors that
//!   `broadcast!` can express, as static assertions with literal and with `shape![…]` operands,
//!   `assert_not_impl_any!` for the error cases, and random shapes whose expected results come
//!   from the naive reference (`common/reference.rs`). It passes by compiling.
//! - `tests/test_conformance_runtime.rs` (`generate/types.rs`): the same vectors with each
//!   admissible output axis made a run-time size, and the pair rule's errors.
//! - `tests/test_static_kernels.rs` (`generate/kernels.rs`): every vector that carries values,
//!   through the typed tensors' static kernels; and a family of random static shapes (rank
//!   0–5), each operation checked against the run-time kernel and the naive reference.
//! - `tests/test_expression_trees.rs` (`generate/trees.rs`): random expression trees (depth 1–4,
//!   1–6 operands of every tensor kind, fixed and run-time sizes, NumPy's and XLA's forms,
//!   `clamp` with operand bounds, reductions and keep-dims twins, the `try_` forms over
//!   run-time axes), each a proptest against the naive tree evaluator of `common/trees.rs` and,
//!   where the tree has them, the eager operators; some also by `argmax_all` and `argmin_all`.
//!
//! After a change to the vectors or the generators, regenerate with
//! `SHAPECAST_BLESS=1 cargo test --test test_generated_fresh`. The output goes through
//! `rustfmt` (part of every Rust toolchain), so the committed files are formatted as written.

#[path = "common/mod.rs"]
mod common;
#[path = "generate/kernels.rs"]
mod kernels;
#[path = "generate/rng.rs"]
mod rng;
#[path = "generate/trees.rs"]
mod trees;
#[path = "generate/types.rs"]
mod types;

/// `code` as `cargo fmt` would write it (rustfmt with the project's `rustfmt.toml`).
fn rustfmt(code: String) -> String {
    use std::io::Write;
    use std::process::{Command, Stdio};
    let mut child = Command::new("rustfmt")
        .args(["--edition", "2024", "--config-path", "rustfmt.toml", "--emit", "stdout"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .expect("rustfmt runs");
    child.stdin.take().unwrap().write_all(code.as_bytes()).unwrap();
    let out = child.wait_with_output().unwrap();
    assert!(out.status.success(), "rustfmt rejected the generated code");
    String::from_utf8(out.stdout).unwrap()
}

fn check_fresh(path: &str, generated: String) {
    let want = rustfmt(generated);
    if std::env::var_os("SHAPECAST_BLESS").is_some() {
        std::fs::write(path, &want).unwrap();
        return;
    }
    let have = std::fs::read_to_string(path).unwrap_or_default();
    assert!(have == want, "{path} is stale: run `SHAPECAST_BLESS=1 cargo test --test test_generated_fresh`");
}

#[test]
fn generated_conformance_is_fresh() {
    check_fresh("tests/test_conformance.rs", types::render());
}

#[test]
fn generated_runtime_conformance_is_fresh() {
    check_fresh("tests/test_conformance_runtime.rs", types::render_runtime());
}

#[test]
fn generated_static_kernels_are_fresh() {
    check_fresh("tests/test_static_kernels.rs", kernels::render());
}

#[test]
fn generated_expression_trees_are_fresh() {
    check_fresh("tests/test_expression_trees.rs", trees::render());
}
