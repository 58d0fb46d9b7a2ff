//! One case of the macros on arbitrary text: the fuzz target `fuzz/fuzz_targets/macros.rs` calls
//! [`macro_case`] on what libFuzzer generates, and this crate's tests replay the checked-in
//! corpus and every input the fuzzer found through it, on stable.
//!
//! The text is parsed into tokens outside the compiler (`proc_macro2`); text that is not tokens
//! is skipped, as rustc would reject it before any macro runs. The first byte picks `shape!`,
//! `axes!` or `broadcast!`, which then runs on the tokens and must: not panic (a stack overflow aborts the
//! process), return within [`CALL_LIMIT`], and expand to a type that syn parses back and that
//! nests at most [`MAX_OUTPUT_DEPTH`] deep, so that rustc can handle it.

use std::time::{Duration, Instant};

use proc_macro2::{TokenStream, TokenTree};

use crate::pipeline;

/// The most time one expansion may take.
pub const CALL_LIMIT: Duration = Duration::from_secs(2);

/// How deeply an expansion may nest (groups and angle brackets): a list of 64 entries of the
/// largest numbers (64 binary digits each), inside the projection of the form, and what a type
/// operand may bring in (`parse::MAX_DEPTH`).
pub const MAX_OUTPUT_DEPTH: usize = 64 + 66 + 16 + crate::parse::MAX_DEPTH;

/// One macro's whole pipeline.
type Expansion = fn(TokenStream) -> TokenStream;

/// The deepest nesting of groups and angle brackets in `tokens`, iteratively.
fn depth(tokens: TokenStream) -> usize {
    let (mut stack, mut angles, mut deepest) = (vec![tokens.into_iter()], 0usize, 0);
    while let Some(iter) = stack.last_mut() {
        match iter.next() {
            None => {
                stack.pop();
            }
            Some(TokenTree::Group(g)) => stack.push(g.stream().into_iter()),
            Some(TokenTree::Punct(p)) if p.as_char() == '<' => angles += 1,
            Some(TokenTree::Punct(p)) if p.as_char() == '>' => angles = angles.saturating_sub(1),
            Some(_) => {}
        }
        deepest = deepest.max(stack.len() + angles);
    }
    deepest
}

/// Runs one macro (chosen by the first byte: `shape!`, `axes!`, `broadcast!`) on the tokens of
/// the rest of `bytes`, if they are text that lexes, and checks the expansion; panics if it
/// fails.
pub fn macro_case(bytes: &[u8]) {
    let Some((&which, rest)) = bytes.split_first() else { return };
    let Ok(text) = std::str::from_utf8(rest) else { return };
    let Ok(tokens) = text.parse::<TokenStream>() else { return };
    let (name, expand): (&str, Expansion) = match which % 3 {
        0 => ("shape!", pipeline::shape),
        1 => ("axes!", pipeline::axes),
        _ => ("broadcast!", pipeline::broadcast),
    };
    let start = Instant::now();
    let out = expand(tokens);
    let took = start.elapsed();
    assert!(took < CALL_LIMIT, "{name} took {took:?} on {text:?}");
    let d = depth(out.clone());
    assert!(d <= MAX_OUTPUT_DEPTH, "{name} expands to a type {d} deep on {text:?}");
    if let Err(e) = syn::parse2::<syn::Type>(out.clone()) {
        panic!("{name} expands to something that is not a type ({e}) on {text:?}: {out}");
    }
}
