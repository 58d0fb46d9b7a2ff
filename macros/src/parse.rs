//! Parsing: `broadcast!`'s operands, target and options into a typed input, collecting every
//! error instead of stopping at the first.

use proc_macro2::Span;
use syn::parse::{Parse, ParseStream};
use syn::spanned::Spanned;
use syn::{Expr, Ident, Lit, Token, Type, UnOp, bracketed};

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

/// A size named in a shape's list: a run-time size, `Samples`, or `Samples<'id>` with its
/// binding's lifetime written out (as a struct field or type alias must); or, in `shape![…]`
/// only, a fixed size given by a braced constant, `{FEATURES}`.
pub struct Name {
    /// The name's path, as written without the lifetime: what messages print, and how two
    /// entries are known to name the same size.
    pub key: String,
    /// The size's type: `Dyn<'id, Samples>` (`'_` when no lifetime is written), or `Dim<{N}>`
    /// for a braced constant.
    pub ty: proc_macro2::TokenStream,
}

impl Name {
    fn parse(input: ParseStream) -> syn::Result<Self> {
        let mut path: syn::TypePath = input.parse()?;
        let mut lifetime = None;
        if let Some(last) = path.path.segments.last_mut() {
            if let syn::PathArguments::AngleBracketed(args) = &last.arguments {
                if let [syn::GenericArgument::Lifetime(lt)] = args.args.iter().collect::<Vec<_>>()[..] {
                    lifetime = Some(lt.clone());
                    last.arguments = syn::PathArguments::None;
                }
            }
        }
        let key = quote::quote!(#path).to_string().replace(' ', "");
        let lifetime = lifetime.map_or_else(|| quote::quote!('_), |lt| quote::quote!(#lt));
        let ty = quote::quote_spanned!(path.span()=> ::shapecast::__private::Dyn<#lifetime, #path>);
        Ok(Name { key, ty })
    }

    /// `{N}`: a fixed size given by a constant expression, `Dim<{N}>`.
    fn parse_constant(input: ParseStream) -> syn::Result<(Self, Span)> {
        let content;
        let braces = syn::braced!(content in input);
        let expr: Expr = content.parse()?;
        let key = format!("{{{}}}", quote::quote!(#expr).to_string().replace(' ', ""));
        let span = braces.span.join();
        let ty = quote::quote_spanned!(span=> ::shapecast::__private::Dim<{ #expr }>);
        Ok((Name { key, ty }, span))
    }
}

/// `BATCH`, `N_ROWS`: a name in SCREAMING_CASE of two or more characters, which Rust reserves
/// for constants (a single capital, `N`, is the usual generic type parameter).
fn looks_like_a_constant(key: &str) -> bool {
    key.len() >= 2
        && key.chars().any(|c| c.is_ascii_uppercase())
        && key.chars().all(|c| c.is_ascii_uppercase() || c.is_ascii_digit() || c == '_')
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

fn literal_usize(expr: &Expr, entry: Entry) -> syn::Result<usize> {
    let what = match entry {
        Entry::Size => "a size",
        Entry::Axis => "an axis",
    };
    match expr {
        // A literal passed through a `macro_rules!` fragment (`$n:literal`, `$n:expr`) arrives
        // in an invisible group.
        Expr::Group(group) => literal_usize(&group.expr, entry),
        Expr::Lit(lit) => match &lit.lit {
            Lit::Int(int) if matches!(int.suffix(), "" | "usize") => {
                int.base10_parse::<usize>().map_err(|_| {
                    syn::Error::new_spanned(
                        int,
                        format!("{what} must fit in usize; `{}` does not", int.base10_digits()),
                    )
                })
            }
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
        },
        Expr::Unary(u) if matches!(u.op, UnOp::Neg(_)) => {
            Err(syn::Error::new_spanned(expr, format!("{what} cannot be negative")))
        }
        other => Err(syn::Error::new_spanned(
            other,
            format!(
                "{what} must be an integer literal: a macro cannot read the value of a constant or \
                 an expression; name the shape as a type (`shape![…]`, an alias, a generic) instead"
            ),
        )),
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
            input.parse().map(Operand::Type)
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

/// Where a list is written: in `shape![…]` (a braced constant is a size) or in `broadcast!`
/// (every size must be known to the macro, or be a run-time size).
#[derive(Clone, Copy, PartialEq, Eq)]
enum Context {
    Shape,
    Broadcast,
}

/// The input of `shape![…]` and `axes![…]`: entries without brackets. In a shape, an entry that
/// starts with a name is a run-time size (`Samples`, `Samples<'id>`, a generic `N`), and a braced
/// constant expression (`{FEATURES}`) is a fixed size.
pub fn parse_bare_list(
    input: ParseStream,
    entry: Entry,
    errors: &mut Vec<syn::Error>,
) -> syn::Result<Literals> {
    parse_list(input, entry, Context::Shape, errors)
}

fn parse_list(
    input: ParseStream,
    entry: Entry,
    context: Context,
    errors: &mut Vec<syn::Error>,
) -> syn::Result<Literals> {
    let mut list = Literals { values: vec![], names: vec![], spans: vec![], span: Span::call_site() };
    while !input.is_empty() {
        if entry == Entry::Size && input.peek(syn::token::Brace) {
            let (name, span) = Name::parse_constant(input)?;
            if context == Context::Broadcast {
                errors.push(syn::Error::new(
                    span,
                    format!(
                        "`broadcast!` decides a literal list itself and cannot read the value of `{}`: name \
                         the shape as a type instead, `broadcast!(shape![…, {}], …)`, and the compiler checks it",
                        name.key, name.key
                    ),
                ));
                list.names.push(None);
            } else {
                list.names.push(Some(name));
            }
            list.values.push(1);
            list.spans.push(span);
        } else if entry == Entry::Size && (input.peek(Ident) || input.peek(Token![::])) {
            let span = input.span();
            let name = Name::parse(input)?;
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
                errors.push(syn::Error::new(span, msg));
                list.names.push(None);
            } else {
                list.names.push(Some(name));
            }
            list.values.push(1);
            list.spans.push(span);
        } else {
            let item: Expr = input.parse()?;
            match literal_usize(&item, entry) {
                Ok(v) => list.values.push(v),
                Err(e) => {
                    errors.push(e);
                    list.values.push(1);
                }
            }
            list.names.push(None);
            list.spans.push(item.span());
        }
        if input.is_empty() {
            break;
        }
        input.parse::<Token![,]>()?;
    }
    Ok(list)
}
