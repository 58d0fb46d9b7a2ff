//! An example run as a user runs it: built once (`cargo build --example NAME`, a no-op after
//! `cargo test` has built the examples) with the cargo that runs the test, then its binary run
//! directly; bad input must be one line on stderr, nothing on stdout, exit status 1.
//!
//! A test crate includes this file (`#[path = "common/cli.rs"] mod cli;`) and runs one example,
//! described by a `cli::Example` constant.
#![allow(dead_code)]

use std::path::{Path, PathBuf};
use std::process::{Command, Output};
use std::sync::OnceLock;

/// One example's command line: its name and the extension of the files it reads.
pub struct Example {
    pub name: &'static str,
    pub extension: &'static str,
}

impl Example {
    /// The example's binary, built on first use.
    pub fn binary(&self) -> &'static Path {
        static BINARY: OnceLock<PathBuf> = OnceLock::new();
        BINARY.get_or_init(|| {
            let output = Command::new(env!("CARGO"))
                .args(["build", "--quiet", "--example", self.name, "--message-format=json"])
                .current_dir(env!("CARGO_MANIFEST_DIR"))
                .output()
                .expect("cargo runs");
            assert!(
                output.status.success(),
                "cargo build failed: {}",
                String::from_utf8_lossy(&output.stderr)
            );
            String::from_utf8_lossy(&output.stdout)
                .lines()
                .filter_map(|line| serde_json::from_str::<serde_json::Value>(line).ok())
                .filter(|message| message["reason"] == "compiler-artifact")
                .filter(|message| message["target"]["name"] == self.name)
                .find_map(|message| message["executable"].as_str().map(PathBuf::from))
                .expect("cargo reports the example's executable")
        })
    }

    /// The example run with `args`.
    pub fn run(&self, args: &[&str]) -> Output {
        Command::new(self.binary()).args(args).output().expect("the example runs")
    }

    /// A file under the temporary directory, unique to this test process, the example and `name`.
    pub fn temp_file(&self, name: &str, contents: &str) -> PathBuf {
        let file = format!("shapecast-{}-{}-{name}.{}", self.name, std::process::id(), self.extension);
        let path = std::env::temp_dir().join(file);
        std::fs::write(&path, contents).expect("the temporary directory is writable");
        path
    }

    /// Runs the example on a file holding `contents` (or on a missing file) and checks that it
    /// failed as it should: exit status 1, nothing on stdout, one line on stderr, which contains
    /// `expected`, and no panic.
    pub fn rejects(&self, name: &str, contents: Option<&str>, expected: &str) {
        let path = match contents {
            Some(contents) => self.temp_file(name, contents),
            None => std::env::temp_dir()
                .join(format!("shapecast-{}-this-file-does-not-exist.{}", self.name, self.extension)),
        };
        let output = self.run(&[path.to_str().expect("a UTF-8 temporary path")]);
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
}
