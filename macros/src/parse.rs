//! Parsing: `broadcast!`'s operands, target and options into a typed input, collecting every
//! error instead of stopping at the first.

use proc_macro2::{Delimiter, Spacing, Span, TokenStream, TokenTree};
use syn::parse::{Parse, ParseStream};
use syn::spanned::Spanned;
use syn::{Ident, Lit, Token, Type, bracketed};

/// A bracketed list of `usize` literals: a shape's sizes, or a `dims`/`axes` list. A shape's
/// list may also name run-time sizes (`[Samples, 4]`).
pub struct Literals {
    /// The entries; a named size holds 1 here (it never counts towards the element count).
    pub values: Vec<usize>,
    /// For each entry, the run-time size it names, if it names one.
    pub names: Vec<Option<Name>>,
    /// The span of each entry.
    pub spans: Vec<Span>,
    /// The span of the whole list (its brackets).
    pub span: Span,
}

/// A run-time size named in a shape's list: `Samples`, `crate::Samples`, or `Samples<'id>`
/// with its binding's lifetime written out (as a signature, struct field or alias must).
pub struct Name {
    /// The name's path, as written without the lifetime: what messages print, and how two
    /// entries are known to name the same size.
    pub key: String,
    /// The size's type: `Dyn<'id, Samples>` (`'_` when no lifetime is written).
    pub ty: TokenStream,
}

impl Name {
    /// A name from an entry's tokens, if they have a name's form: `A`, `a::B`, `::a::B`, each
    /// maybe followed by one lifetime in angle brackets. Flat: nothing here recurses.
    fn from_tokens(tokens: &[TokenTree]) -> Option<Name> {
        let (mut path, mut i) = (Vec::new(), 0);
        loop {
            if let [TokenTree::Punct(a), TokenTree::Punct(b), ..] = &tokens[i..]
                && a.as_char() == ':'
                && a.spacing() == Spacing::Joint
                && b.as_char() == ':'
            {
                path.extend([tokens[i].clone(), tokens[i + 1].clone()]);
                i += 2;
            }
            match tokens.get(i) {
                Some(TokenTree::Ident(_)) => path.push(tokens[i].clone()),
                _ => return None,
            }
            i += 1;
            if !matches!(&tokens[i..], [TokenTree::Punct(p), ..] if p.as_char() == ':') {
                break;
            }
        }
        let lifetime = match &tokens[i..] {
            [] => None,
            [
                TokenTree::Punct(open),
                TokenTree::Punct(tick),
                TokenTree::Ident(lt),
                TokenTree::Punct(close),
            ] if open.as_char() == '<' && tick.as_char() == '\'' && close.as_char() == '>' => Some(
                [tokens[i + 1].clone(), TokenTree::Ident(lt.clone())].into_iter().collect::<TokenStream>(),
            ),
            _ => return None,
        };
        let path: TokenStream = path.into_iter().collect();
        let key = path.to_string().replace(' ', "");
        let span = tokens[0].span();
        let lifetime = lifetime.unwrap_or_else(|| {
            let at = proc_macro2::Span::mixed_site().located_at(span);
            quote::quote_spanned!(at=> '_)
        });
        let ty = quote::quote_spanned!(span=> ::shapecast::__private::Dyn<#lifetime, #path>);
        Some(Name { key, ty })
    }
}

/// `BATCH`, `N_ROWS`: a name in SCREAMING_CASE of two or more characters, which Rust reserves
/// for constants (a single capital, `N`, is the usual generic type parameter).
fn looks_like_a_constant(key: &str) -> bool {
    key.len() >= 2
        && key.chars().any(|c| c.is_ascii_uppercase())
        && key.chars().all(|c| c.is_ascii_uppercase() || c.is_ascii_digit() || c == '_')
}

/// Where a list is written: in `shape![…]` (a braced constant is a size) or in `broadcast!`
/// (every size must be known to the macro, or be a run-time size).
#[derive(Clone, Copy, PartialEq, Eq)]
pub enum Context {
    Shape,
    Broadcast,
}

/// One entry of a list: a size, or (in a shape) the run-time size a name stands for.
enum Classified {
    Size(usize),
    Name(Name),
}

/// What a list's entries are, for messages: "size" or "axis".
#[derive(Clone, Copy, PartialEq, Eq)]
pub enum Entry {
    Size,
    Axis,
}

impl Literals {
    /// Parses `[a, b, …]`, pushing an error for each entry that is not a `usize` literal.
    pub fn parse(input: ParseStream, entry: Entry, errors: &mut Vec<syn::Error>) -> syn::Result<Self> {
        let content;
        let brackets = bracketed!(content in input);
        let list = parse_list(&content, entry, Context::Broadcast, errors)?;
        Ok(Literals { span: brackets.span.join(), ..list })
    }
}

impl Entry {
    /// The entry as the subject of a message: "a size", "an axis".
    fn what(self) -> &'static str {
        match self {
            Entry::Size => "a size",
            Entry::Axis => "an axis",
        }
    }
}

/// Classifies one comma-separated entry of a list from its raw tokens: a `usize` literal, a
/// name (in a shape: a run-time size), or the error that says what is wrong with it.
///
/// Nothing here recurses into the tokens: a bracketed or parenthesized entry, however deeply
/// nested, is one token tree that is rejected whole, so no input can exhaust the stack.
fn classify_entry(tokens: &[TokenTree], entry: Entry, context: Context) -> syn::Result<Classified> {
    let what = entry.what();
    let mut tokens = tokens.to_vec();
    // A literal passed through a `macro_rules!` fragment (`$n:literal`, `$n:expr`) arrives in
    // an invisible group; unwrap every such layer.
    while let [TokenTree::Group(g)] = tokens.as_slice() {
        if g.delimiter() != Delimiter::None {
            break;
        }
        tokens = g.stream().into_iter().collect();
    }
    if entry == Entry::Size {
        // `{FEATURES}`: a fixed size given by a constant expression, `Dim<{FEATURES}>`, which
        // the compiler evaluates (the macro passes the braces on whole, unread).
        if let [TokenTree::Group(g)] = tokens.as_slice()
            && g.delimiter() == Delimiter::Brace
        {
            let key = format!("{{{}}}", g.stream().to_string().replace(' ', ""));
            if context == Context::Broadcast {
                return Err(error_on(
                    &tokens,
                    format!(
                        "`broadcast!` decides a literal list itself and cannot read the value of `{key}`: \
                             name the shape as a type instead, `broadcast!(shape![…, {key}], …)`, and the \
                             compiler checks it"
                    ),
                ));
            }
            let expr = g.stream();
            let ty = quote::quote_spanned!(g.span()=> ::shapecast::__private::Dim<{ #expr }>);
            return Ok(Classified::Name(Name { key, ty }));
        }
        if let Some(name) = Name::from_tokens(&tokens) {
            if looks_like_a_constant(&name.key) {
                let msg = match context {
                    Context::Shape => format!(
                        "`{0}` looks like a constant, but a name in `shape![…]` is a run-time size (a type); \
                         for a size given by a constant, write it in braces: `{{{0}}}`",
                        name.key
                    ),
                    Context::Broadcast => format!(
                        "`{0}` looks like a constant, and `broadcast!` cannot read a constant's value: name \
                         the shape as a type instead, `broadcast!(shape![…, {{{0}}}], …)` (a constant in \
                         braces), and the compiler checks it; a run-time size is named by a type, such as \
                         `Batch`, bound with `bind!`",
                        name.key
                    ),
                };
                return Err(error_on(&tokens, msg));
            }
            return Ok(Classified::Name(name));
        }
    }
    match tokens.as_slice() {
        [] => Err(syn::Error::new(Span::call_site(), format!("expected {what} between the commas"))),
        [TokenTree::Literal(lit)] => literal_usize(syn::Lit::new(lit.clone()), what).map(Classified::Size),
        // `2 3`, `2 x`: two entries without the comma between them (`2 + 1` is an expression).
        [TokenTree::Literal(_), next @ (TokenTree::Literal(_) | TokenTree::Ident(_)), ..] => {
            Err(syn::Error::new(
                next.span(),
                format!(
                    "expected `,` before this: {what} is one integer literal, and entries are separated by commas"
                ),
            ))
        }
        [TokenTree::Punct(p), ..] if p.as_char() == '-' => {
            Err(error_on(&tokens, format!("{what} cannot be negative")))
        }
        _ => Err(error_on(
            &tokens,
            format!(
                "{what} must be an integer literal: a macro cannot read the value of a constant or \
                 an expression; name the shape as a type (`shape![…]`, an alias, a generic) instead"
            ),
        )),
    }
}

/// An error spanning `tokens` (on stable, their first token).
fn error_on(tokens: &[TokenTree], msg: String) -> syn::Error {
    syn::Error::new_spanned(tokens.iter().cloned().collect::<TokenStream>(), msg)
}

fn literal_usize(lit: Lit, what: &str) -> syn::Result<usize> {
    match &lit {
        Lit::Int(int) if matches!(int.suffix(), "" | "usize") => int.base10_parse::<usize>().map_err(|_| {
            syn::Error::new_spanned(
                int,
                format!("{what} must fit in usize; `{}` does not", int.base10_digits()),
            )
        }),
        Lit::Int(int) => Err(syn::Error::new_spanned(
            int,
            format!(
                "{what} is a usize; write `{}` without the suffix `{}`",
                int.base10_digits(),
                int.suffix()
            ),
        )),
        other => {
            Err(syn::Error::new_spanned(other, format!("{what} must be a non-negative integer literal")))
        }
    }
}

/// The message for anything in an operand's place that is not one.
pub const EXPECTED_OPERAND: &str = "expected a shape: a bracketed list of sizes such as `[2, 3]`, or a \
     shape type such as `shape![2, 3]`, a type alias or a generic parameter";

/// How deeply the input of `broadcast!` may nest: brackets, parentheses, braces and angle
/// brackets inside each other, and chains of prefixes (`&`, `*`, `-`, `!`, `->`) within one
/// of them. Types are parsed by syn, which recurses once per level, with up to about 50 KiB
/// of stack per level when the macro is built without optimization (as cargo builds proc
/// macros by default); 32 levels stay under 2 MiB, a quarter of the 8 MiB rustc gives its
/// compiler thread. No shape type written by hand nests nearly as deep.
pub const MAX_DEPTH: usize = 32;

/// The first token at which `tokens` nests deeper than [`MAX_DEPTH`], if any. Iterative: an
/// explicit stack of the groups entered, so that the scan itself cannot exhaust the stack.
pub fn too_deep(tokens: TokenStream) -> Option<Span> {
    // Per open group: its remaining tokens, and the prefix chain counted so far at its level.
    let mut stack = vec![(tokens.into_iter(), 0usize)];
    let mut angles = 0usize;
    let mut chains = 0usize; // the sum of every open level's chain
    let mut joined = false; // the last token was `-` or `=` joined to the next (`->`, `=>`)
    loop {
        let depth = stack.len() + angles + chains;
        let (iter, chain) = stack.last_mut()?;
        let Some(token) = iter.next() else {
            chains -= *chain;
            stack.pop();
            continue;
        };
        if depth > MAX_DEPTH {
            return Some(token.span());
        }
        let arrow = std::mem::replace(
            &mut joined,
            matches!(&token, TokenTree::Punct(p) if matches!(p.as_char(), '-' | '=') && p.spacing() == Spacing::Joint),
        );
        match token {
            TokenTree::Group(g) => stack.push((g.stream().into_iter(), 0)),
            TokenTree::Punct(p) => match p.as_char() {
                '<' => angles += 1,
                '>' if !arrow => angles = angles.saturating_sub(1),
                ',' | ';' => {
                    chains -= *chain;
                    *chain = 0;
                }
                '&' | '*' | '-' | '!' => {
                    *chain += 1;
                    chains += 1;
                }
                _ => {}
            },
            _ => {}
        }
    }
}

/// Whether `ty` has a form a shape type can have: a path (`Batch`, `A`, `shapecast::Nil`,
/// `<A as Broadcast<B>>::Output`) or a macro (`shape![2, 3]`), maybe in parentheses or an
/// invisible group. Anything else (a reference, a tuple, a trait object such as `A +`) is not a
/// shape, and some (`A +`) would not even stay a type inside `<… as Trait>`.
fn could_be_a_shape(mut ty: &Type) -> bool {
    loop {
        match ty {
            Type::Paren(p) => ty = &p.elem,
            Type::Group(g) => ty = &g.elem,
            Type::Path(_) | Type::Macro(_) => return true,
            _ => return false,
        }
    }
}

/// One operand: a literal shape `[2, 3]`, or any type that implements `Shape`.
pub enum Operand {
    Literal(Literals),
    Type(Box<Type>),
}

impl Operand {
    fn parse(input: ParseStream, errors: &mut Vec<syn::Error>) -> syn::Result<Self> {
        if input.peek(syn::token::Bracket) {
            Literals::parse(input, Entry::Size, errors).map(Operand::Literal)
        } else {
            // syn's own message lists every token a type may start with; say what a shape is.
            let ty: Type = input.parse().map_err(|e| syn::Error::new(e.span(), EXPECTED_OPERAND))?;
            if !could_be_a_shape(&ty) {
                return Err(syn::Error::new_spanned(&ty, EXPECTED_OPERAND));
            }
            Ok(Operand::Type(Box::new(ty)))
        }
    }

    pub fn span(&self) -> Span {
        match self {
            Operand::Literal(l) => l.span,
            Operand::Type(t) => t.span(),
        }
    }

    pub fn literal(&self) -> Option<&Literals> {
        match self {
            Operand::Literal(l) => Some(l),
            Operand::Type(_) => None,
        }
    }
}

/// Which list an option gives.
#[derive(Clone, Copy, PartialEq, Eq)]
pub enum Keyword {
    Dims,
    Axes,
}

/// `dims = […]` or `axes = […]`.
pub struct Options {
    pub keyword: Keyword,
    pub keyword_span: Span,
    pub list: Literals,
}

/// `broadcast!`'s input: operands, an optional `=> target`, an optional list.
pub struct BroadcastInput {
    pub operands: Vec<Operand>,
    pub target: Option<Operand>,
    pub options: Option<Options>,
    /// Errors found while parsing; the input is usable only if this is empty.
    pub errors: Vec<syn::Error>,
}

impl Parse for BroadcastInput {
    fn parse(input: ParseStream) -> syn::Result<Self> {
        let mut this = BroadcastInput { operands: vec![], target: None, options: None, errors: vec![] };
        if input.is_empty() {
            return Ok(this);
        }
        let first = Operand::parse(input, &mut this.errors)?;
        this.operands.push(first);
        if input.peek(Token![=>]) {
            input.parse::<Token![=>]>()?;
            this.target = Some(Operand::parse(input, &mut this.errors)?);
        }
        while !input.is_empty() {
            if !input.peek(Token![,]) {
                let hint = if this.target.is_some() { "`,`" } else { "`,` or `=>`" };
                return Err(input.error(format!("expected {hint}")));
            }
            input.parse::<Token![,]>()?;
            if input.is_empty() {
                break;
            }
            if input.peek(Ident) && input.peek2(Token![=]) && !input.peek2(Token![=>]) {
                this.parse_option(input)?;
            } else if this.options.is_some() || this.target.is_some() {
                let op = Operand::parse(input, &mut this.errors)?;
                let why = if this.target.is_some() {
                    "the `A => S` form takes one operand; to broadcast operands together, drop `=> S`"
                } else {
                    "operands come before `dims = […]`"
                };
                this.errors.push(syn::Error::new(op.span(), why));
            } else {
                this.operands.push(Operand::parse(input, &mut this.errors)?);
            }
        }
        this.validate_form();
        Ok(this)
    }
}

impl BroadcastInput {
    fn parse_option(&mut self, input: ParseStream) -> syn::Result<()> {
        let ident: Ident = input.parse()?;
        input.parse::<Token![=]>()?;
        let keyword = match ident.to_string().as_str() {
            "dims" => Some(Keyword::Dims),
            "axes" => Some(Keyword::Axes),
            other => {
                let msg =
                    format!("unknown option `{other}`: expected `dims = […]` (XLA) or `axes = […]` (nGraph)");
                self.errors.push(syn::Error::new(ident.span(), msg));
                None
            }
        };
        let list = Literals::parse(input, Entry::Axis, &mut self.errors)?;
        match (keyword, &self.options) {
            (Some(_), Some(_)) => self.errors.push(syn::Error::new(
                ident.span(),
                "give one list: `dims = […]` (XLA) or `axes = […]` (nGraph), not both",
            )),
            (Some(keyword), None) => {
                self.options = Some(Options { keyword, keyword_span: ident.span(), list })
            }
            (None, _) => {}
        }
        Ok(())
    }

    /// Errors for lists that do not fit the form the operands chose.
    fn validate_form(&mut self) {
        let Some(opts) = &self.options else { return };
        let error = match (opts.keyword, self.target.is_some(), self.operands.len()) {
            (Keyword::Axes, false, _) => Some(
                "`axes = […]` is nGraph's form and needs a target: `broadcast!(A => S, axes = […])`; \
                 for XLA's binary form write `dims = […]`",
            ),
            (Keyword::Dims, false, n) if n != 2 => {
                Some("`dims = […]` with operands is XLA's binary form: it takes exactly two operands")
            }
            _ => None,
        };
        if let Some(msg) = error {
            self.errors.push(syn::Error::new(opts.keyword_span, msg));
        }
    }
}

/// The input of `shape![…]` and `axes![…]`: entries without brackets, separated by commas (a
/// trailing comma allowed). Each entry's tokens go to [`classify_entry`].
pub fn parse_bare_list(
    input: ParseStream,
    entry: Entry,
    errors: &mut Vec<syn::Error>,
) -> syn::Result<Literals> {
    parse_list(input, entry, Context::Shape, errors)
}

/// A list's entries, separated by commas, read in `context`.
fn parse_list(
    input: ParseStream,
    entry: Entry,
    context: Context,
    errors: &mut Vec<syn::Error>,
) -> syn::Result<Literals> {
    let mut list = Literals { values: vec![], names: vec![], spans: vec![], span: Span::call_site() };
    while !input.is_empty() {
        let mut tokens = vec![];
        while !input.is_empty() && !input.peek(Token![,]) {
            tokens.push(input.parse::<TokenTree>()?);
        }
        let comma = input.parse::<Option<Token![,]>>()?;
        let span = match (tokens.first(), &comma) {
            (Some(first), _) => first.span(),
            (None, Some(comma)) => comma.span,
            (None, None) => input.span(),
        };
        match classify_entry(&tokens, entry, context) {
            Ok(Classified::Size(v)) => {
                list.values.push(v);
                list.names.push(None);
            }
            Ok(Classified::Name(name)) => {
                list.values.push(1);
                list.names.push(Some(name));
            }
            Err(e) => {
                // An empty entry is reported at its comma.
                errors.push(if tokens.is_empty() { syn::Error::new(span, e.to_string()) } else { e });
                list.values.push(1);
                list.names.push(None);
            }
        }
        list.spans.push(span);
    }
    Ok(list)
}
