//! The procedural macros of [shapecast](https://docs.rs/shapecast): `shape!`, `axes!` and
//! `broadcast!`. Use them through `shapecast`, which documents them; this crate holds only the
//! entry points. Each macro parses its input (`parse`), checks it with shapecast's rules
//! (`check`), and writes the type (`expand`); on failure it reports every error it found, on
//! the token at fault, and expands to an error type so that nothing cascades.

mod check;
mod expand;
mod parse;

use proc_macro::TokenStream;
use syn::parse::Parser;

use parse::{BroadcastInput, Entry, Keyword};

/// Turns a checked input into tokens: the type, or the errors with a best-effort type.
fn finish(result: syn::Result<Result<proc_macro2::TokenStream, check::Failure>>) -> TokenStream {
    match result {
        Ok(Ok(tokens)) => tokens,
        Ok(Err(failure)) => expand::errors(failure.errors, failure.fallback),
        Err(e) => expand::errors(vec![e], expand::list(&[])),
    }
    .into()
}

/// A shape as a type: `shape![2, 3]`. See `shapecast::shape!`'s documentation in `shapecast`.
#[proc_macro]
pub fn shape(input: TokenStream) -> TokenStream {
    let parser = |stream: syn::parse::ParseStream| {
        let mut errors = vec![];
        let list = parse::parse_bare_list(stream, Entry::Size, &mut errors)?;
        errors.extend(check::shape_limits(&list));
        Ok(check::Failure::unless(errors, || expand::literals(&list)))
    };
    finish(parser.parse(input))
}

/// An axis set as a type: `axes![0, 2]`. See `shapecast::axes!`'s documentation in `shapecast`.
#[proc_macro]
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
    finish(parser.parse(input))
}

/// The output shape of a broadcast, checked at compile time. See `shapecast::broadcast!`.
#[proc_macro]
pub fn broadcast(input: TokenStream) -> TokenStream {
    finish(syn::parse::<BroadcastInput>(input).map(check::broadcast))
}

#[cfg(test)]
mod tests;
