//! The run-time API on arbitrary bytes: each input is decoded into one call of a
//! `shapecast::dynamic` function and its arguments, and checked against the naive reference
//! (`tests/common/fuzz_checks.rs`, which `cargo test` also runs on the checked-in corpus).
#![no_main]

#[path = "../../tests/common/reference.rs"]
mod reference;

#[path = "../../tests/common/fuzz_checks.rs"]
mod fuzz_checks;

libfuzzer_sys::fuzz_target!(|data: &[u8]| fuzz_checks::dynamic_case(data));
