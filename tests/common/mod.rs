//! The test vectors of tests/data/vectors.jsonl, parsed; the naive reference and its error
//! messages; the checks and the `case!` macro of the generated test files.
#![allow(dead_code)]

#[macro_use]
pub mod cases;
pub mod fuzz_checks;
pub mod messages;
pub mod reference;
pub mod static_checks;
pub mod trees;

use serde_json::Value;

/// One line of the vectors file.
pub struct Case {
    pub line: usize,
    pub raw: Value,
}

impl Case {
    pub fn kind(&self) -> &str {
        self.raw["kind"].as_str().unwrap()
    }
    pub fn op(&self) -> Option<&str> {
        self.raw["op"].as_str()
    }
    pub fn source(&self) -> &str {
        self.raw["source"].as_str().unwrap()
    }
    /// Operand shapes; `None` if a size is not a `usize` (negative): only literals can say that.
    pub fn inputs(&self) -> Option<Vec<Vec<usize>>> {
        self.raw["inputs"].as_array().unwrap().iter().map(usizes).collect()
    }
    pub fn list(&self, field: &str) -> Option<Vec<usize>> {
        usizes(&self.raw[field])
    }
    pub fn out_shape(&self) -> Option<Vec<usize>> {
        usizes(&self.raw["out_shape"])
    }
    /// The expected shape, or `None` for an expected error.
    pub fn expect(&self) -> Option<Vec<usize>> {
        usizes(&self.raw["expect"])
    }
    pub fn values(&self) -> Option<&Value> {
        self.raw.get("values")
    }
    pub fn label(&self) -> String {
        format!("line {} ({})", self.line, self.source())
    }
}

fn usizes(v: &Value) -> Option<Vec<usize>> {
    v.as_array()?.iter().map(|x| x.as_u64().map(|n| n as usize)).collect()
}

pub fn cases() -> Vec<Case> {
    include_str!("../data/vectors.jsonl")
        .lines()
        .enumerate()
        .filter(|(_, l)| !l.trim().is_empty())
        .map(|(i, l)| Case { line: i + 1, raw: serde_json::from_str(l).unwrap() })
        .collect()
}
