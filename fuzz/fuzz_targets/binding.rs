//! Binding run-time sizes from data, on arbitrary bytes: sizes and buffer lengths decoded from
//! the input, data let in through `from_shape` (exactly the right lengths, every other refused
//! with the exact error), then the operations checked against plain loops
//! (`tests/common/binding_checks.rs`, which `cargo test` also runs on the checked-in corpus).
#![no_main]

#[path = "../../tests/common/binding_checks.rs"]
mod binding_checks;

libfuzzer_sys::fuzz_target!(|data: &[u8]| binding_checks::binding_case(data));
