//! The macros' parse → check → expand pipeline on arbitrary text, outside the compiler: the
//! text is lexed by `proc_macro2`, and `shape!`, `axes!` and `broadcast!` run on the tokens
//! (`macros/src/fuzz_check.rs`, which the macros' tests also run on the checked-in corpus).
//! A proc-macro crate exports only its macros, so the pipeline's modules are built here from
//! their source files.
#![no_main]
#![allow(dead_code)]

#[path = "../../macros/src/check.rs"]
mod check;
#[path = "../../macros/src/expand.rs"]
mod expand;
#[path = "../../macros/src/fuzz_check.rs"]
mod fuzz_check;
#[path = "../../macros/src/parse.rs"]
mod parse;
#[path = "../../macros/src/pipeline.rs"]
mod pipeline;

libfuzzer_sys::fuzz_target!(|data: &[u8]| fuzz_check::macro_case(data));
