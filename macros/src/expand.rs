//! Expansion: shapes and axis lists as type-level lists of `Dim<n>` numbers, and the trait
//! projections that type operands need.

use proc_macro2::TokenStream;
use quote::{quote, quote_spanned};
use shapecast_rules::MAX_RANK;

use crate::parse::{Keyword, Literals, Operand};

/// Whether typenum has a constant for `n` (`typenum::Const<n>: ToUInt`): 0 to 1024, 3600, and
/// from 2^11 on the powers of two, the powers of two less one, and the powers of ten (typenum
/// 1.x's generated table; `tests/test_types.rs` checks the edges against it).
pub fn in_typenum_table(n: usize) -> bool {
    let power_of_ten = (4..=19).any(|k| 10u64.checked_pow(k) == Some(n as u64));
    n <= 1024
        || n == 3600
        || power_of_ten
        || (n >= 2047 && (n.is_power_of_two() || n.checked_add(1).is_some_and(usize::is_power_of_two)))
}

/// The extra sizes of the table of computed sizes (`shapecast`'s `ToSize`), past typenum's
/// constants: `k · 2^j` for the small odd factors `k` of common array sizes (3072 is 3 · 2^10),
/// each written back as the `Big<n, binary>` that `shape!` writes for `n`. One impl per number,
/// in the table trait of its last four binary digits (`EndingDDDD`), those past 65,535 only
/// where `usize` holds them.
pub fn sizes_beyond_typenum() -> TokenStream {
    let mut out = TokenStream::new();
    let mut sizes: Vec<u64> = [3u64, 5, 7, 9, 15, 25, 27, 45, 49, 75, 81, 125]
        .iter()
        .flat_map(|&k| (0..40).map(move |j| k << j))
        .filter(|&n| n > 1024 && n < 1 << 32 && !in_typenum_table(n as usize))
        .collect();
    sizes.sort_unstable();
    sizes.dedup();
    for n in sizes {
        let table = quote::format_ident!("Ending{:04b}", n % 16);
        let mut big = TokenStream::new();
        push_number(&mut big, n as usize);
        let mut bits = TokenStream::new();
        push_binary(&mut bits, n as usize);
        let gate = if n > 0xFFFF { quote!(#[cfg(not(target_pointer_width = "16"))]) } else { quote!() };
        out.extend(quote! {
            #gate
            impl #table for #bits {
                type Output = #big;
            }
        });
    }
    out
}

/// Appends typenum's binary form of `n`: `UInt<binary(n / 2), B{n % 2}>`, `UTerm` for 0.
fn push_binary(out: &mut TokenStream, n: usize) {
    let t = quote!(::shapecast::__private::typenum);
    let bits = usize::BITS - n.leading_zeros();
    for _ in 0..bits {
        out.extend(quote!(#t::UInt<));
    }
    out.extend(quote!(#t::UTerm));
    for bit in (0..bits).rev() {
        let b = if n >> bit & 1 == 1 { quote!(#t::B1) } else { quote!(#t::B0) };
        out.extend(quote!(, #b>));
    }
}

/// Appends the type of the number `n`: `Dim<n>`, which rustc prints as written, where typenum
/// has a constant for `n`; else `Big<n, binary>`, with the binary form
/// `UInt<binary(n / 2), B{n % 2}>` written out here so that any `usize` works. The angle
/// brackets are plain punctuation, so the tokens are appended in one linear pass.
fn push_number(out: &mut TokenStream, n: usize) {
    let p = quote!(::shapecast::__private);
    let literal = proc_macro2::Literal::usize_unsuffixed(n);
    if in_typenum_table(n) {
        out.extend(quote!(#p::Dim<#literal>));
        return;
    }
    out.extend(quote!(#p::Big<#literal, ));
    push_binary(out, n);
    out.extend(quote!(>));
}

/// The type of the number `n`.
#[cfg(test)]
pub fn number(n: usize) -> TokenStream {
    let mut out = TokenStream::new();
    push_number(&mut out, n);
    out
}

/// `Cons<H0, Cons<H1, … Nil>>` for the entries `values`, in one linear pass.
///
/// A list of more than 64 entries is written as `Nil`: only the fallback type of an error can be
/// that long (every list the macros accept has at most 64 entries), and a type nested thousands
/// deep would overflow rustc's stack after the error is reported.
pub fn list(values: &[usize]) -> TokenStream {
    list_named(values, &[])
}

/// [`list`], where a value that is the symbol `k` (see `shapecast_rules::symbol`) stands for the
/// run-time size whose type is `names[k]`.
pub fn list_named(values: &[usize], names: &[TokenStream]) -> TokenStream {
    let p = quote!(::shapecast::__private);
    let values = if values.len() > MAX_RANK { &[][..] } else { values };
    let mut out = TokenStream::new();
    for &v in values {
        out.extend(quote!(#p::Cons<));
        match shapecast_rules::symbol_index(v).and_then(|k| names.get(k)) {
            Some(name) => out.extend(name.clone()),
            None => push_number(&mut out, v),
        }
        out.extend(quote!(,));
    }
    out.extend(quote!(#p::Nil));
    for _ in values {
        out.extend(quote!(>));
    }
    out
}

/// `AxisSet<Cons<…>>`: an axis set as a type.
pub fn axis_set(values: &[usize]) -> TokenStream {
    let list = list(values);
    quote!(::shapecast::__private::AxisSet<#list>)
}

/// `perm![…]`'s type: the axes in the order given.
pub fn permutation(values: &[usize]) -> TokenStream {
    let list = list(values);
    quote!(::shapecast::__private::Perm<#list>)
}

/// A literal list as a type: its numbers, and its named run-time sizes.
pub fn literals(l: &Literals) -> TokenStream {
    let names: Vec<TokenStream> = l.names.iter().flatten().map(|n| n.ty.clone()).collect();
    let mut k = 0;
    let values: Vec<usize> = (l.values.iter().zip(&l.names))
        .map(|(&v, name)| match name {
            Some(_) => {
                k += 1;
                shapecast_rules::symbol(k - 1).unwrap_or(v)
            }
            None => v,
        })
        .collect();
    list_named(&values, &names)
}

/// An operand as a type: the list of its literal sizes, or its own type as
/// `<A as IsShape>::Output`, so that a type that is not a shape gets one error that says so.
pub fn operand(op: &Operand) -> TokenStream {
    match op {
        Operand::Literal(l) => literals(l),
        Operand::Type(ty) => quote_spanned!(op.span()=> <#ty as ::shapecast::shape::IsShape>::Output),
    }
}

/// The NumPy fold `Broadcasted<Broadcasted<A, B>, C>…`, each step spanned at its new operand so
/// that a failing bound points there.
pub fn numpy(operands: &[Operand]) -> TokenStream {
    let mut iter = operands.iter();
    let Some(first) = iter.next() else { return list(&[]) };
    iter.fold(operand(first), |acc, next| {
        let ty = operand(next);
        quote_spanned!(next.span()=> <#acc as ::shapecast::AnyBroadcast<#ty>>::Output)
    })
}

/// The projection for the forms with a target: `<A as Trait<S, L>>::Output`.
pub fn to_target(a: &Operand, target: &Operand, option: Option<(Keyword, &[usize])>) -> TokenStream {
    let (a_ty, s_ty) = (operand(a), operand(target));
    let span = target.span();
    match option {
        None => quote_spanned!(span=> <#a_ty as ::shapecast::AnyBroadcastTo<#s_ty>>::Output),
        Some((Keyword::Axes, axes)) => {
            let axes = axis_set(axes);
            quote_spanned!(span=> <#a_ty as ::shapecast::AnyBroadcastAxes<#s_ty, #axes>>::Output)
        }
        Some((Keyword::Dims, dims)) => {
            let dims = axis_set(dims);
            quote_spanned!(span=> <#a_ty as ::shapecast::AnyBroadcastInDim<#s_ty, #dims>>::Output)
        }
    }
}

/// XLA's binary form with types: `<A as BroadcastWithDims<B, D>>::Output`.
pub fn with_dims(a: &Operand, b: &Operand, dims: &[usize]) -> TokenStream {
    let (a_ty, b_ty, dims) = (operand(a), operand(b), axis_set(dims));
    quote_spanned!(b.span()=> <#a_ty as ::shapecast::AnyBroadcastWithDims<#b_ty, #dims>>::Output)
}

/// Reports `errors` and still expands to `fallback`, a best-effort type: each `compile_error!`
/// reports its message at its span, and code using the type sees no second error.
pub fn errors(errors: Vec<syn::Error>, fallback: TokenStream) -> TokenStream {
    let reports = errors.into_iter().map(|e| {
        let (span, msg) = (e.span(), e.to_string());
        quote_spanned!(span=> ::core::compile_error!{ #msg };)
    });
    quote!(<#fallback as ::shapecast::__private::Fallback<{ #(#reports)* 0 }>>::Output)
}
