//! The procedural macros of [shapecast](https://docs.rs/shapecast): `shape!`, `axes!`,
//! `broadcast!` and `einsum!`. Use them through `shapecast`, which documents them; this crate
//! holds only the entry points. Each macro parses its input (`parse`), checks it with
//! shapecast's rules (`check`), and writes the type (`expand`); on failure it reports every
//! error it found, on the token at fault, and expands to an error type so that nothing
//! cascades. `einsum!` (module `einsum`) does the same for its subscripts, and leaves the checks
//! that need the operands' types to traits it writes into its expansion.

mod check;
mod einsum;
mod expand;
mod parse;
mod pipeline;

use proc_macro::TokenStream;

/// A shape as a type: `shape![2, 3]`. See `shapecast::shape!`'s documentation in `shapecast`.
#[proc_macro]
pub fn shape(input: TokenStream) -> TokenStream {
    pipeline::shape(input.into()).into()
}

/// An axis set as a type: `axes![0, 2]`. See `shapecast::axes!`'s documentation in `shapecast`.
#[proc_macro]
pub fn axes(input: TokenStream) -> TokenStream {
    pipeline::axes(input.into()).into()
}

/// An order of axes as a type: `perm![2, 0, 1]`. See `shapecast::perm!`.
#[proc_macro]
pub fn perm(input: TokenStream) -> TokenStream {
    pipeline::perm(input.into()).into()
}

/// The sizes of `shapecast`'s table of computed sizes past typenum's constants (the crate's
/// own use: `typelevel::size_table`).
#[doc(hidden)]
#[proc_macro]
pub fn sizes_beyond_typenum(_: TokenStream) -> TokenStream {
    expand::sizes_beyond_typenum().into()
}

/// Marks a function of `shapecast`'s hot path (the crate's own use): `#[inline(always)]` in an
/// optimized build, where each block of a pass must be inlined into the pass to run at speed,
/// and `#[inline]` at opt-level 0 (`shapecast_unoptimized`, set by shapecast's build script),
/// where forced inlining copies every strategy of every pass into each expression's code and
/// only slows the build (shapecast's `benches/README.md`, "Each test crate").
#[doc(hidden)]
#[proc_macro_attribute]
pub fn hot(attr: TokenStream, item: TokenStream) -> TokenStream {
    let mut out: TokenStream = if attr.is_empty() {
        "#[cfg_attr(shapecast_unoptimized, inline)] #[cfg_attr(not(shapecast_unoptimized), inline(always))]"
            .parse()
            .expect("the attributes parse")
    } else {
        "compile_error!(\"`hot` takes no arguments\");".parse().expect("the error parses")
    };
    out.extend(item);
    out
}

/// The output shape of a broadcast, checked at compile time. See `shapecast::broadcast!`.
#[proc_macro]
pub fn broadcast(input: TokenStream) -> TokenStream {
    pipeline::broadcast(input.into()).into()
}

/// NumPy's `einsum` in explicit mode, checked at compile time. See `shapecast::einsum!`.
#[proc_macro]
pub fn einsum(input: TokenStream) -> TokenStream {
    einsum::einsum(input.into()).into()
}

#[cfg(test)]
mod fuzz_check;
#[cfg(test)]
mod tests;
