//! `einsum!`: NumPy's subscripts, parsed and checked by the rules crate while the program
//! compiles (the mistakes a macro sees alone), then the checks that need the operands' types,
//! written as traits local to the expansion, each with a message for this call.

use proc_macro2::{Delimiter, Group, Literal, Span, TokenStream, TokenTree};
use quote::{format_ident, quote, quote_spanned};
use shapecast_rules::Einsum;
use syn::parse::{Parse, ParseStream};
use syn::{Expr, LitStr, Token};

/// `einsum!([try] "subscripts", operand, … [=> out])`.
pub struct Call {
    /// The span of `try`, if the call returns a `Result`.
    fallible: Option<Span>,
    subscripts: LitStr,
    operands: Vec<Expr>,
    out: Option<Expr>,
}

const EXPECTED_SUBSCRIPTS: &str = "expected the subscripts first, a string literal such as \"ij,jk->ik\", then the operands: \
     `einsum!(\"ij,jk->ik\", &a, &b)`";

impl Parse for Call {
    fn parse(input: ParseStream) -> syn::Result<Self> {
        let fallible = input.parse::<Option<Token![try]>>()?.map(|t| t.span);
        let subscripts: LitStr = input.parse().map_err(|e| syn::Error::new(e.span(), EXPECTED_SUBSCRIPTS))?;
        let (mut operands, mut out) = (vec![], None);
        while !input.is_empty() {
            if input.peek(Token![=>]) {
                input.parse::<Token![=>]>()?;
                out = Some(input.parse::<Expr>()?);
                input.parse::<Option<Token![,]>>()?;
                if !input.is_empty() {
                    return Err(input.error(
                        "the output tensor comes last: `einsum!(\"ij,jk->ik\", &a, &b => &mut out)`",
                    ));
                }
                break;
            }
            input.parse::<Token![,]>()?;
            if input.is_empty() || input.peek(Token![=>]) {
                continue;
            }
            operands.push(input.parse::<Expr>()?);
        }
        Ok(Call { fallible, subscripts, operands, out })
    }
}

/// The expansion of `einsum!(…)`: the computation, or its errors.
pub fn einsum(input: TokenStream) -> TokenStream {
    let call = match syn::parse2::<Call>(input) {
        Ok(call) => call,
        Err(e) => return e.to_compile_error(),
    };
    match check(&call) {
        Ok(spec) => expand(&call, &spec),
        Err(errors) => {
            // The operands are still evaluated, so that they are not reported unused.
            let operands = call.operands.iter().chain(&call.out);
            let errors = errors.into_iter().map(|e| e.to_compile_error());
            quote!({ let _ = (#(#operands,)*); #(#errors)* })
        }
    }
}

/// The subscripts, parsed by the rules crate for this many operands; the mistakes the macro
/// sees alone, each on the string literal with the rules' words.
fn check(call: &Call) -> Result<Einsum, Vec<syn::Error>> {
    let mut errors = vec![];
    let text = call.subscripts.value();
    if let (Some(span), Some(_)) = (call.fallible, &call.out) {
        errors.push(syn::Error::new(
            span,
            "`try` and `=> out` do not go together: writing into an output tensor allocates nothing and \
             cannot fail; drop `try`",
        ));
    }
    match Einsum::parse(&text, call.operands.len()) {
        Ok(spec) if errors.is_empty() => Ok(spec),
        Ok(_) => Err(errors),
        Err(e) => {
            let msg = format!("einsum!({text:?}): {}", e.reason());
            errors.push(syn::Error::new(call.subscripts.span(), msg));
            Err(errors)
        }
    }
}

/// The first and last token spans of an operand: a call whose name has the first and whose
/// parentheses have the last spans the operand whole, so that an error of the call points at
/// the operand as written.
fn ends_of(expr: &Expr) -> (Span, Span) {
    let mut tokens = quote!(#expr).into_iter();
    let first = tokens.next().map_or_else(Span::call_site, |t| t.span());
    let last = tokens.last().map_or(first, |t| t.span());
    (first, last)
}

/// `path(args)`, the parentheses spanned at `last`.
fn call_at(path: TokenStream, args: TokenStream, last: Span) -> TokenStream {
    let mut group = Group::new(Delimiter::Parenthesis, args);
    group.set_span(last);
    let mut out = path;
    out.extend([TokenTree::Group(group)]);
    out
}

/// A tuple index spanned at `span`.
fn index(i: usize, span: Span) -> Literal {
    let mut lit = Literal::usize_unsuffixed(i);
    lit.set_span(span);
    lit
}

/// "3 axes", "1 axis".
fn axes(n: usize) -> String {
    if n == 1 { "1 axis".into() } else { format!("{n} axes") }
}

/// The expansion of a call whose subscripts parsed: the operands are evaluated once, in the
/// scrutinee of a `match` (so that the items declared here cannot shadow names they use); each
/// check is a call spanned at the operand it concerns, so that its error points there.
fn expand(call: &Call, spec: &Einsum) -> TokenStream {
    let p = quote!(::shapecast::__private);
    let text = call.subscripts.value();
    let head = format!("einsum!({text:?})");
    let lit = call.subscripts.span();
    // Locals have the literal's hygiene, one for their declarations and uses; `at` places one
    // where an error may point.
    let local = |name: &str, at: Span| proc_macro2::Ident::new(name, lit.located_at(at));
    let n = spec.operands();
    let ends: Vec<(Span, Span)> = call.operands.iter().map(ends_of).collect();
    let op = |o: usize, at: Span| local(&format!("__einsum_operand_{o}"), at);
    let sizes = |o: usize, at: Span| local(&format!("__einsum_sizes_{o}"), at);
    let subscript =
        |o: usize| -> String { spec.labels_of(o).iter().map(|&l| spec.letter(l as usize)).collect() };

    let mut items = TokenStream::new();
    let mut body = TokenStream::new();

    for (o, &(first, last)) in ends.iter().enumerate() {
        // A borrowed tensor, of one label per axis: its sizes, as a tuple.
        let (op_first, op_last) = (op(o, first), op(o, last));
        // `*&` makes the argument span the operand as the call does: one error, not two.
        let tensor = call_at(
            quote_spanned!(first=> ::shapecast::__private::EinsumOperand::tensor),
            quote_spanned!(first=> *&#op_last),
            last,
        );
        body.extend(quote_spanned!(first=> #[allow(clippy::deref_addrof)] let #op_first = #tensor;));
        let rank = spec.rank(o);
        let name = format_ident!("EinsumOperand{}", o + 1);
        let xs: Vec<_> = (0..rank).map(|a| format_ident!("X{a}")).collect();
        let vs: Vec<_> = (0..rank).map(|a| format_ident!("x{a}")).collect();
        let shape = xs.iter().rev().fold(quote!(#p::Nil), |tail, x| quote!(#p::Cons<#x, #tail>));
        let split = vs.iter().map(|v| quote!(let (#v, rest) = #p::uncons(rest);));
        // A scalar's sizes are `()`: written as no expression, so that no lint sees a unit.
        let tuple = if rank == 0 { quote!() } else { quote!((#(#vs,)*)) };
        let sub = subscript(o);
        let labels = if rank == 1 { "1 label".to_string() } else { format!("{rank} labels") };
        let message = format!(
            "{head}: operand {} has {labels}, `{sub}`, but its shape does not have {}",
            o + 1,
            axes(rank)
        );
        let rank_message =
            format!("{head}: operand {} has {labels}, `{sub}`, but its shape has `{{Self}}`", o + 1);
        let holds_message = format!(
            "{head}: operand {} has {labels}, `{sub}`, but its shape `{{Self}}` is not known to have {}",
            o + 1,
            axes(rank)
        );
        let rank_name = format_ident!("EinsumRank{}", o + 1);
        let rank_fn = format_ident!("__einsum_rank_{}", o + 1);
        let rank_check = format_ident!("EinsumRankCheck{}", o + 1);
        let rank_holds = format_ident!("EinsumRankHolds{}", o + 1);
        let label = format!("expected a tensor of {} here", axes(rank));
        let note = format!(
            "each operand of `einsum!` has one label per axis, in order: the subscript `{sub}` labels a tensor of {}",
            axes(rank)
        );
        let generic = "a shape parameter (`S: Shape`) has no axes to label: in generic code, write the shape's \
                       axes, as in `shape![N<'id>, 3]` for a run-time size `N`";
        items.extend(quote! {
            // The rank first, as `Rank<N>`, so that a shape of another rank is this error, which
            // names the ranks, and not the operand trait's below, which would print the shape as a type-level
            // list; the shape then has no type, and the next step reports nothing more.
            #[diagnostic::on_unimplemented(message = #rank_message, label = #label, note = #note, note = #generic)]
            trait #rank_name {
                type Proof;
            }
            #[diagnostic::do_not_recommend]
            impl #rank_name for #p::Rank<#rank> {
                type Proof = ();
            }
            // `#rank_name`, one impl away: the bound below meets it only through this impl,
            // while the output meets it at once, and rustc reports the output's.
            #[diagnostic::on_unimplemented(message = #rank_message, label = #label, note = #note, note = #generic)]
            trait #rank_check {
                type Proof;
            }
            #[diagnostic::do_not_recommend]
            impl<X: #rank_name> #rank_check for X {
                type Proof = <X as #rank_name>::Proof;
            }
            #[diagnostic::on_unimplemented(message = #holds_message, label = #label, note = #note, note = #generic)]
            trait #rank_holds: #p::ListRank<Output: #rank_check> {}
            #[diagnostic::do_not_recommend]
            impl<S: #p::ListRank<Output: #rank_check>> #rank_holds for S {}
            #[inline(always)]
            fn #rank_fn<S: #rank_holds>(shape: S) -> #p::Checked<S, <<S as #p::ListRank>::Output as #rank_check>::Proof> {
                shape
            }
            #[diagnostic::on_unimplemented(message = #message, label = #label, note = #note, note = #generic)]
            trait #name {
                type Axes;
                fn axes(&self) -> Self::Axes;
            }
            #[diagnostic::do_not_recommend]
            impl<#(#xs: ::core::marker::Copy),*> #name for #shape {
                type Axes = (#(#xs,)*);
                #[inline(always)]
                #[allow(unused_variables)]
                fn axes(&self) -> Self::Axes {
                    let rest = self;
                    #(#split)*
                    #tuple
                }
            }
        });
        let shape = |at| local(&format!("__einsum_shape_{o}"), at);
        let (shape_first, shape_last) = (shape(first), shape(last));
        let shape_of =
            call_at(quote_spanned!(first=> ::shapecast::__private::einsum_shape_of), quote!(#op_last), last);
        body.extend(quote_spanned!(first=> let #shape_first = #shape_of;));
        // The call spans one token, the operand's last: rustc then meets the check twice (in the
        // bound and in the output) at one place, and reports it once.
        let rank_at = proc_macro2::Ident::new(&rank_fn.to_string(), last);
        let checked = call_at(quote_spanned!(last=> #rank_at), quote!(#shape_last), last);
        body.extend(quote_spanned!(first=> let #shape_first = #checked;));
        let name_at = proc_macro2::Ident::new(&name.to_string(), first);
        let get = call_at(quote_spanned!(first=> #name_at::axes), quote_spanned!(first=> &#shape_last), last);
        let sizes_first = sizes(o, first);
        if rank == 0 {
            body.extend(quote_spanned!(first=> #get;));
        } else {
            body.extend(quote_spanned!(first=> let #sizes_first = #get;));
        }
    }

    // Every axis a label names has the size of its first axis.
    let mut first_axis: Vec<Option<(usize, usize)>> = vec![None; spec.label_count()];
    // Each check's trait is named after its label (what rustc's `help:` line shows).
    let mut checks = vec![0usize; spec.label_count()];
    for (o, &(first, last)) in ends.iter().enumerate() {
        for (a, &l) in spec.labels_of(o).iter().enumerate() {
            let l = l as usize;
            let Some((o1, a1)) = first_axis[l] else {
                first_axis[l] = Some((o, a));
                continue;
            };
            let letter = spec.letter(l);
            checks[l] += 1;
            let name = match checks[l] {
                1 => format_ident!("EinsumLabel_{}", letter),
                k => format_ident!("EinsumLabel_{}_{}", letter, k),
            };
            let message = format!(
                "{head}: label `{letter}` is axis {a1} of operand {} (size `{{K}}`) and axis {a} of operand {} (size `{{Self}}`)",
                o1 + 1,
                o + 1
            );
            let label = if o1 == o {
                format!("label `{letter}` has another size on axis {a} than on axis {a1} of this operand")
            } else {
                format!("label `{letter}` has another size here than in operand {}", o1 + 1)
            };
            let note = "every axis a label names must have one size: equal fixed sizes, or one run-time size \
                        (one `bind!`); a size 1 does not stretch";
            let convert = "if the sizes are meant to be equal, convert an operand first, checked at run time: \
                           `x.to_fixed::<shape![…]>()?`, or `x.cast_shape(…)?` for a run-time size";
            // The first axis's size is the first argument: it is known before the trait is
            // looked at, so that the trait is checked, and not inferred from its one impl.
            items.extend(quote! {
                #[diagnostic::on_unimplemented(message = #message, label = #label, note = #note, note = #convert)]
                #[allow(non_camel_case_types)]
                trait #name<K> {
                    #[inline(always)]
                    fn check(_: &K, _: &Self) {}
                }
                #[diagnostic::do_not_recommend]
                impl<X: ::shapecast::product::Contracts<K>, K> #name<K> for X {}
            });
            let (s, s1) = (sizes(o, first), sizes(o1, ends[o1].0));
            let (i, i1) = (index(a, last), index(a1, ends[o1].1));
            let name_at = proc_macro2::Ident::new(&name.to_string(), first);
            let check = call_at(
                quote_spanned!(first=> #name_at::check),
                quote_spanned!(first=> &#s1.#i1, &#s.#i),
                last,
            );
            body.extend(quote_spanned!(first=> #check;));
        }
    }

    // One element type: each operand's elements as the first operand's.
    let element = local("__einsum_element", Span::call_site());
    let op0 = op(0, Span::call_site());
    body.extend(quote!(let #element = #p::einsum_element(#op0);));
    let mut inputs = vec![];
    for (o, &(first, last)) in ends.iter().enumerate() {
        let op_last = op(o, last);
        let input =
            call_at(quote_spanned!(first=> ::shapecast::__private::einsum_data), quote!(#op_last), last);
        if o == 0 {
            inputs.push(input);
            continue;
        }
        let name = format_ident!("EinsumElements{}", o + 1);
        let message = format!(
            "{head}: operand {} has elements of type `{{Self}}`, and operand 1 of type `{{K}}`",
            o + 1
        );
        let label = "expected elements of the first operand's type";
        let note = "the operands of `einsum!` have one element type; convert an operand first, as in `x.map(|v| v as {K})`";
        items.extend(quote! {
            #[diagnostic::on_unimplemented(message = #message, label = #label, note = #note)]
            trait #name<K>: ::core::marker::Sized {
                fn cast<'a>(_: &::core::marker::PhantomData<K>, data: &'a [Self]) -> &'a [K];
            }
            #[diagnostic::do_not_recommend]
            impl<X> #name<X> for X {
                #[inline(always)]
                fn cast<'a>(_: &::core::marker::PhantomData<X>, data: &'a [X]) -> &'a [X] {
                    data
                }
            }
        });
        let name_at = proc_macro2::Ident::new(&name.to_string(), first);
        let element_first = local("__einsum_element", first);
        inputs.push(call_at(
            quote_spanned!(first=> #name_at::cast),
            quote_spanned!(first=> &#element_first, #input),
            last,
        ));
    }
    let inputs = quote!([#(#inputs),*]);
    let shapes = (0..n).map(|o| local(&format!("__einsum_shape_{o}"), Span::call_site()));
    let shapes = quote!((#(#shapes,)*));

    // The output's shape: the sizes of its labels, each from the label's first axis.
    let shape = local("__einsum_shape", Span::call_site());
    let out_shape = (0..spec.output_rank()).rev().fold(quote!(#p::Nil), |tail, l| {
        let (o, a) = first_axis[l].unwrap_or((0, 0));
        let (s, i) = (sizes(o, ends[o].0), index(a, ends[o].1));
        quote!(#p::cons(#s.#i, #tail))
    });
    body.extend(quote!(let #shape = #out_shape;));

    // The subscripts, as a constant.
    let letters: Vec<u8> = (0..spec.label_count()).map(|l| spec.letter(l) as u8).collect();
    let letters = Literal::byte_string(&letters);
    let labels = (0..n).map(|o| {
        let ls = spec.labels_of(o).iter().map(|&l| Literal::u8_unsuffixed(l));
        quote!(&[#(#ls),*])
    });
    let out_rank = spec.output_rank();
    items.extend(quote! {
        struct EinsumSubscripts;
        impl #p::EinsumSpec for EinsumSubscripts {
            const SPEC: #p::Einsum = #p::Einsum::from_labels(#letters, &[#(#labels),*], #out_rank);
        }
    });

    let scrutinee = &call.operands;
    let ops: Vec<_> = (0..n).map(|o| op(o, Span::call_site())).collect();
    match &call.out {
        Some(dst_expr) => {
            let (first, last) = ends_of(dst_expr);
            let dst = local("__einsum_out", Span::call_site());
            let message = format!("{head}: the output tensor's shape is not the result's shape");
            let sizes_message = format!(
                "{head}: the output tensor's shape is not the result's shape: the output has the sizes `{{O}}`, the result `{{Self}}`"
            );
            let label = "not the result's shape";
            let note = format!(
                "the result's axes are the output's labels, `{}`, each of the size of its axes in the operands",
                (0..out_rank).map(|l| spec.letter(l)).collect::<String>()
            );
            // The output tensor is the first argument, the result's shape the second: a shape
            // not written out (`&mut TensorMut::new(&mut data)?`) is inferred by the one impl,
            // and one written out is checked, not inferred from it. The output tensor's type is
            // known (the match reads it first), so its shape is checked on the two shapes' sizes
            // as tuples (`(Dim<4>, Dim<2>)`) before the cast: the result's shape as the cast's
            // `Self` is then `Checked` on that check, an error type when the sizes differ, and
            // the cast reports nothing more. The output comes first, so that its shape is known
            // when the check is met (and not inferred as the result's, then found to differ).
            items.extend(quote! {
                #[diagnostic::on_unimplemented(message = #sizes_message, label = #label, note = #note)]
                trait EinsumSizes<O> {
                    type Proof;
                }
                impl<X> EinsumSizes<X> for X {
                    type Proof = ();
                }
                #[inline(always)]
                fn einsum_checked<'a, R: ::shapecast::AnyShape, O: ::shapecast::AnyShape, D>(
                    _: &::shapecast::TensorBase<D, O>,
                    shape: &'a R,
                ) -> &'a #p::Checked<R, <R::Sizes as EinsumSizes<O::Sizes>>::Proof>
                where
                    R::Sizes: EinsumSizes<O::Sizes>,
                {
                    shape
                }
                #[diagnostic::on_unimplemented(message = #message, label = #label, note = #note)]
                trait EinsumOutput<O>: ::core::marker::Sized {
                    fn cast<'a, D>(
                        out: &'a mut ::shapecast::TensorBase<D, O>,
                        _: &Self,
                    ) -> &'a mut ::shapecast::TensorBase<D, Self>;
                }
                #[diagnostic::do_not_recommend]
                impl<X> EinsumOutput<X> for X {
                    #[inline(always)]
                    fn cast<'a, D>(
                        out: &'a mut ::shapecast::TensorBase<D, X>,
                        _: &Self,
                    ) -> &'a mut ::shapecast::TensorBase<D, X> {
                        out
                    }
                }
            });
            let (dst_first, shape_last) = (local("__einsum_out", first), local("__einsum_shape", last));
            let checked = local("__einsum_checked", Span::call_site());
            let check = call_at(
                quote_spanned!(first=> einsum_checked),
                quote_spanned!(first=> #dst_first, &#shape_last),
                last,
            );
            body.extend(quote!(let #checked = #check;));
            let out = call_at(
                quote_spanned!(first=> EinsumOutput::cast),
                quote_spanned!(first=> #dst_first, #checked),
                last,
            );
            quote! {
                match (#(#scrutinee,)* #dst_expr,) {
                    (#(#ops,)* #dst,) => {
                        #items
                        #body
                        #p::einsum_into(EinsumSubscripts, #shapes, #inputs, #out)
                    }
                }
            }
        }
        None => {
            let home = local("__einsum_home", Span::call_site());
            body.extend(quote!(let #home = #p::einsum_home(#op0);));
            for op in &ops[1..] {
                body.extend(quote!(let #home = #p::einsum_home_with(#home, #op);));
            }
            let f = if call.fallible.is_some() { quote!(try_einsum_owned) } else { quote!(einsum_owned) };
            quote! {
                match (#(#scrutinee,)*) {
                    (#(#ops,)*) => {
                        #items
                        #body
                        #p::#f(EinsumSubscripts, #shapes, #shape, #home, #inputs)
                    }
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;
    use quote::quote;

    use super::einsum;

    /// The messages of the `compile_error!`s an expansion holds.
    fn errors(input: proc_macro2::TokenStream) -> Vec<String> {
        let out = einsum(input).to_string();
        out.split("compile_error ! {")
            .skip(1)
            .map(|rest| {
                let lit = rest.trim_start().split(" }").next().unwrap_or_default();
                syn::parse_str::<syn::LitStr>(lit).map(|l| l.value()).unwrap_or_else(|_| lit.to_string())
            })
            .collect()
    }

    #[test]
    fn the_mistakes_of_the_subscripts_are_named_on_the_literal() {
        let cases = [
            (
                quote!("ij,jk", &a, &b),
                "einsum!(\"ij,jk\"): no `->`: write the output's labels after `->`, as in \"ij,jk->ik\" (a \
                 product) or \"ij->\" (a total); only NumPy's explicit mode is supported",
            ),
            (
                quote!("...ij->...ji", &a),
                "einsum!(\"...ij->...ji\"): `...` (character 0) is not supported: give each axis a label of its own",
            ),
            (
                quote!("i1,jk->ik", &a, &b),
                "einsum!(\"i1,jk->ik\"): `1` (character 1) is not a label; labels are ASCII letters, `a` to `z` \
                 and `A` to `Z`",
            ),
            (
                quote!("bij,bjk->bil", &a, &b),
                "einsum!(\"bij,bjk->bil\"): output label `l` (axis 2 of the output) appears in no operand; each \
                 output label must label an axis of an operand",
            ),
            (
                quote!("ij->ii", &a),
                "einsum!(\"ij->ii\"): output label `i` is axes 0 and 1 of the output; the output's labels must be \
                 distinct (a label repeated within an operand takes its diagonal: \"ii->i\")",
            ),
            (
                quote!("ij,jk->ik", &a),
                "einsum!(\"ij,jk->ik\"): 2 subscripts (before `->`, separated by commas) but 1 operand; there must \
                 be one subscript per operand",
            ),
        ];
        for (input, message) in cases {
            assert_eq!(errors(input), [message]);
        }
    }

    #[test]
    fn the_call_itself() {
        assert_eq!(
            errors(quote!(SUBSCRIPTS, &a)),
            ["expected the subscripts first, a string literal such as \"ij,jk->ik\", then the operands: \
              `einsum!(\"ij,jk->ik\", &a, &b)`"]
        );
        assert_eq!(
            errors(quote!(try "ij->ji", &a => &mut out)),
            [
                "`try` and `=> out` do not go together: writing into an output tensor allocates nothing and cannot \
              fail; drop `try`"
            ]
        );
        assert_eq!(
            errors(quote!("ij->ji", &a => &mut out, &b)),
            ["the output tensor comes last: `einsum!(\"ij,jk->ik\", &a, &b => &mut out)`"]
        );
        let call = |input| einsum(input).to_string();
        assert!(call(quote!("ij,jk->ik", &a, &b,)).contains("einsum_owned"));
        assert!(call(quote!(try "ij,jk->ik", &a, &b)).contains("try_einsum_owned"));
        assert!(call(quote!("ij,jk->ik", &a, &b => &mut out)).contains("einsum_into"));
    }

    proptest! {
        #[test]
        fn any_subscripts_expand_without_panicking(subscripts in "[a-dA-Z ,.>1-]{0,16}", n in 0usize..5) {
            let operands = (0..n).map(|o| quote::format_ident!("x{}", o));
            let _ = einsum(quote!(#subscripts, #(&#operands),*));
        }
    }
}
