//! The whole of each macro over `proc_macro2` tokens: parse, check, expand. The entry points in
//! `lib.rs` only convert the compiler's tokens; the fuzz target `fuzz/fuzz_targets/macros.rs`
//! builds this module (with `parse`, `check` and `expand`) from source and runs it on token
//! streams parsed from arbitrary text.

use proc_macro2::TokenStream;
use syn::parse::Parser;

use crate::parse::{self, BroadcastInput, Entry, Keyword};
use crate::{check, expand};

/// Turns a checked input into tokens: the type, or the errors with a best-effort type.
fn finish(result: syn::Result<Result<TokenStream, check::Failure>>) -> TokenStream {
    match result {
        Ok(Ok(tokens)) => tokens,
        Ok(Err(failure)) => expand::errors(failure.errors, failure.fallback),
        Err(e) => expand::errors(vec![e], expand::list(&[])),
    }
}

/// `shape![…]`.
pub fn shape(input: TokenStream) -> TokenStream {
    let parser = |stream: syn::parse::ParseStream| {
        let mut errors = vec![];
        let list = parse::parse_bare_list(stream, Entry::Size, &mut errors)?;
        errors.extend(check::shape_limits(&list));
        Ok(check::Failure::unless(errors, || expand::literals(&list)))
    };
    finish(parser.parse2(input))
}

/// `axes![…]`.
pub fn axes(input: TokenStream) -> TokenStream {
    let parser = |stream: syn::parse::ParseStream| {
        let mut errors = vec![];
        let list = parse::parse_bare_list(stream, Entry::Axis, &mut errors)?;
        errors.extend(check::list_order(&list, Keyword::Axes));
        let mut sorted = list.values.clone();
        sorted.sort_unstable();
        sorted.dedup();
        Ok(check::Failure::unless(errors, || expand::axis_set(&sorted)))
    };
    finish(parser.parse2(input))
}

/// `perm![…]`: distinct axes, in the order given.
pub fn perm(input: TokenStream) -> TokenStream {
    let parser = |stream: syn::parse::ParseStream| {
        let mut errors = vec![];
        let list = parse::parse_bare_list(stream, Entry::Axis, &mut errors)?;
        errors.extend(check::distinct(&list));
        Ok(check::Failure::unless(errors, || expand::permutation(&list.values)))
    };
    finish(parser.parse2(input))
}

/// `broadcast!(…)`. Input that nests too deeply is rejected before syn parses it (syn recurses
/// once per level).
pub fn broadcast(input: TokenStream) -> TokenStream {
    if let Some(span) = parse::too_deep(input.clone()) {
        let msg = format!(
            "this nests more than {} levels deep (brackets, parentheses, angle brackets, prefixes); \
             an operand is a bracketed list of sizes or a shape type",
            parse::MAX_DEPTH
        );
        return finish(Err(syn::Error::new(span, msg)));
    }
    finish(syn::parse2::<BroadcastInput>(input).map(check::broadcast))
}
