//! The expression-tree test file: random expression trees, each written out as the fused
//! expression (`a0.lazy() - &a1 …`) and as the same tree for the naive evaluator of
//! `common/trees.rs`, checked against each other in a proptest over the data and the run-time
//! sizes.
//!
//! A tree is drawn top-down from the shape its result must stretch to: each node's operands get
//! that shape with some sizes set to 1 (and, for one operand of a NumPy pair, some leading axes
//! dropped), so that every tree broadcasts by construction; a reduction's operand gets the
//! reduced axes added. Sizes are fixed (1 to 5) or the run-time sizes `R` and `Q`, which only
//! ever meet themselves or a 1. What a node may hold depends on where it is (`Ctx`): below a
//! division or a comparison the values must match bit for bit, and below a sum that must, they
//! must also be small dyadic numbers, so that the library's reassociated sum is exact.
//!
//! A maximum, minimum or position reduces fixed sizes, or, in its `try_` form, run-time ones
//! too: the test calls each `try_` form in a statement of its own, asserts `None` exactly when
//! the reference says a reduced axis is empty (and then stops), and otherwise uses the
//! expression inside the tree.

use std::fmt::Write;

use super::rng::Rng;

/// A size of a generated shape: fixed, or one of the two run-time sizes.
#[derive(Clone, Copy, Debug, PartialEq)]
enum Dim {
    F(usize),
    R,
    Q,
}

impl Dim {
    /// As `dims![…]` writes it.
    fn value(self) -> String {
        match self {
            Dim::F(n) => n.to_string(),
            Dim::R => "rr".into(),
            Dim::Q => "qq".into(),
        }
    }
    /// As the test's `vec![…]` of sizes writes it.
    fn size(self) -> String {
        match self {
            Dim::F(n) => n.to_string(),
            Dim::R => "r".into(),
            Dim::Q => "q".into(),
        }
    }
}

fn join(shape: &[Dim], f: fn(Dim) -> String) -> String {
    shape.iter().map(|&d| f(d)).collect::<Vec<_>>().join(", ")
}

fn fixed(shape: &[Dim]) -> bool {
    shape.iter().all(|d| matches!(d, Dim::F(_)))
}

/// NumPy's rule on shapes that stretch to one shape: each size is the operands' size other
/// than 1, if any.
fn broadcast(shapes: &[&[Dim]]) -> Vec<Dim> {
    let rank = shapes.iter().map(|s| s.len()).max().unwrap_or(0);
    (0..rank)
        .map(|i| {
            let at = |s: &[Dim]| if i + s.len() >= rank { s[i + s.len() - rank] } else { Dim::F(1) };
            shapes.iter().map(|s| at(s)).find(|&d| d != Dim::F(1)).unwrap_or(Dim::F(1))
        })
        .collect()
}

/// What kind of tensor an operand is.
#[derive(Clone, Copy)]
enum Kind {
    Inline,
    Boxed,
    Ref,
    Mut,
}

/// What a node may hold, from where it is in the tree.
#[derive(Clone, Copy)]
struct Ctx {
    /// A result within a tolerance (`exp`, a reassociated sum) is checked here.
    loose: bool,
    /// The values must be small dyadic numbers (below a sum that must be exact).
    dyadic: bool,
}

const STRICT: Ctx = Ctx { loose: false, dyadic: false };

/// A generated node.
#[derive(Clone)]
struct Node {
    /// The fused expression (`a0.lazy() * &a1`), or the operand.
    code: String,
    /// The same tree for `common/trees.rs`.
    reference: String,
    /// The eager operators' spelling, if the tree has one (`+ - * /`, unary `-`, XLA dims).
    eager: Option<String>,
    shape: Vec<Dim>,
    form: Form,
    depth: usize,
}

#[derive(Clone, Copy, PartialEq)]
enum Form {
    Leaf(usize),
    Num(f64),
    Expr,
}

/// `code` in parentheses, unless it is a name (a `try_` reduction's, `t0`).
fn paren(code: &str) -> String {
    if code.chars().all(|c| c.is_ascii_alphanumeric()) { code.into() } else { format!("({code})") }
}

impl Node {
    /// An expression node over `operands`, one level deeper than the deepest of them.
    fn expr(
        code: String,
        reference: String,
        eager: Option<String>,
        shape: Vec<Dim>,
        operands: &[&Node],
    ) -> Node {
        let depth = operands.iter().map(|n| n.depth).max().unwrap_or(0) + 1;
        Node { code, reference, eager, shape, form: Form::Expr, depth }
    }

    /// The node as an expression, to call a method on.
    fn lazy(&self) -> String {
        match self.form {
            Form::Leaf(k) => format!("a{k}.lazy()"),
            Form::Num(_) => panic!("a number is not an expression"),
            Form::Expr => paren(&self.code),
        }
    }
    /// The node as an operand on the right (or of a method).
    fn operand(&self) -> String {
        match self.form {
            Form::Leaf(k) => format!("&a{k}"),
            Form::Num(v) => format!("{v:?}"),
            Form::Expr => paren(&self.code),
        }
    }
    /// The node as a method's argument.
    fn argument(&self) -> String {
        if self.form == Form::Expr { self.code.clone() } else { self.operand() }
    }
    fn eager_operand(&self) -> Option<String> {
        match self.form {
            Form::Leaf(k) => Some(format!("&a{k}")),
            Form::Num(v) => Some(format!("{v:?}")),
            Form::Expr => self.eager.as_ref().map(|e| format!("&({e})")),
        }
    }
}

const NUMBERS: [f64; 6] = [2.0, -1.5, 0.5, 3.0, -0.25, 0.75];

/// One tree being drawn: its operands and its `try_` reductions' calls so far.
struct Tree<'a> {
    rng: &'a mut Rng,
    leaves: Vec<(Vec<Dim>, Kind)>,
    tries: Vec<String>,
}

impl Tree<'_> {
    fn chance(&mut self, n: u64) -> bool {
        self.rng.below(n) == 0
    }

    /// `t` with each size replaced by 1 one time in five.
    fn ones(&mut self, t: &[Dim]) -> Vec<Dim> {
        t.iter().map(|&d| if self.chance(5) { Dim::F(1) } else { d }).collect()
    }

    /// `t` with up to two leading axes dropped (or none, one time in two), some sizes 1.
    fn dropped(&mut self, t: &[Dim]) -> Vec<Dim> {
        let drop = if self.chance(2) { 0 } else { self.rng.below(t.len() as u64 + 1).min(2) };
        self.ones(&t[drop..])
    }

    /// A size for a new axis: fixed, or (when `runtime`) a run-time size one time in three.
    fn size(&mut self, runtime: bool) -> Dim {
        if runtime && self.chance(3) {
            if self.chance(2) { Dim::R } else { Dim::Q }
        } else {
            Dim::F(1 + self.rng.below(5))
        }
    }

    fn leaf(&mut self, t: &[Dim]) -> Node {
        let shape = self.ones(t);
        let kind = match (fixed(&shape), self.rng.below(8)) {
            (true, 0..=2) => Kind::Inline,
            (_, 3 | 4) => Kind::Boxed,
            (_, 5) => Kind::Mut,
            _ => Kind::Ref,
        };
        let k = self.leaves.len();
        self.leaves.push((shape.clone(), kind));
        Node {
            code: String::new(),
            reference: format!("leaf({k})"),
            eager: None,
            shape,
            form: Form::Leaf(k),
            depth: 0,
        }
    }

    fn number(&mut self) -> Node {
        let v = NUMBERS[self.rng.below(NUMBERS.len() as u64)];
        Node {
            code: String::new(),
            reference: format!("num({v:?})"),
            eager: None,
            shape: vec![],
            form: Form::Num(v),
            depth: 0,
        }
    }

    /// A node whose result stretches to `t` and has its rank.
    fn node(&mut self, t: &[Dim], depth: usize, ctx: Ctx) -> Node {
        if depth == 0 {
            return self.leaf(t);
        }
        let has_rank = !t.is_empty();
        loop {
            let made = match self.rng.below(100) {
                0..=24 => Some(self.pair(t, depth, ctx)),
                25..=34 if has_rank => Some(self.with_dims(t, depth, ctx)),
                35..=44 => Some(self.with_number(t, depth, ctx)),
                45..=55 => self.unary(t, depth, ctx),
                56..=59 => Some(self.clamped(t, depth, ctx)),
                60..=65 => Some(self.select(t, depth, ctx)),
                66..=79 => self.reduction(t, depth, ctx, false, false),
                80..=93 if has_rank => self.centred(t, depth, ctx, false),
                94..=99 => Some(self.leaf(t)),
                _ => None,
            };
            if let Some(node) = made {
                return node;
            }
        }
    }

    fn binary_op(&mut self, ctx: Ctx, minmax: bool) -> &'static str {
        let ops: &[&str] = match (ctx.dyadic, minmax) {
            (false, true) => &["Add", "Sub", "Mul", "Div", "Add", "Sub", "Mul", "Max", "Min"],
            (true, true) => &["Add", "Sub", "Mul", "Add", "Sub", "Mul", "Max", "Min"],
            (false, false) => &["Add", "Sub", "Mul", "Div"],
            (true, false) => &["Add", "Sub", "Mul"],
        };
        ops[self.rng.below(ops.len() as u64)]
    }

    /// What the operands of `op` may hold.
    fn below(op: &str, ctx: Ctx) -> Ctx {
        if op == "Div" { STRICT } else { ctx }
    }

    /// Two expressions or tensors, broadcast by NumPy's rule.
    fn pair(&mut self, t: &[Dim], depth: usize, ctx: Ctx) -> Node {
        let op = self.binary_op(ctx, true);
        let part = self.dropped(t);
        let a = self.node(t, depth - 1, Self::below(op, ctx));
        let d = self.rng.below(depth as u64);
        let b = self.node(&part, d, Self::below(op, ctx));
        let (a, b) = if self.chance(2) { (a, b) } else { (b, a) };
        self.join(op, a, b)
    }

    /// `a op b` written for both sides; `a` and `b` are not both numbers.
    fn join(&mut self, op: &str, a: Node, b: Node) -> Node {
        let shape = broadcast(&[&a.shape, &b.shape]);
        let sign = match op {
            "Add" => Some("+"),
            "Sub" => Some("-"),
            "Mul" => Some("*"),
            "Div" => Some("/"),
            _ => None,
        };
        let code = match (sign, a.form, b.form) {
            (Some(s), Form::Num(v), _) => format!("{v:?} {s} {}", b.lazy()),
            (Some(s), Form::Leaf(k), Form::Expr) if self.chance(2) => format!("&a{k} {s} {}", b.operand()),
            (Some(s), _, _) => format!("{} {s} {}", a.lazy(), b.operand()),
            (None, _, _) => format!("{}.{}({})", a.lazy(), op.to_lowercase(), b.argument()),
        };
        let eager = match (sign, a.eager_operand(), b.eager_operand()) {
            (Some(s), Some(x), Some(y)) => Some(format!("{x} {s} {y}")),
            _ => None,
        };
        Node::expr(code, format!("bin(Bin::{op}, {}, {})", a.reference, b.reference), eager, shape, &[&a, &b])
    }

    /// An expression and a number, on either side.
    fn with_number(&mut self, t: &[Dim], depth: usize, ctx: Ctx) -> Node {
        let op = self.binary_op(ctx, true);
        let a = self.node(t, depth - 1, Self::below(op, ctx));
        let n = self.number();
        if matches!(op, "Max" | "Min") || self.chance(2) { self.join(op, a, n) } else { self.join(op, n, a) }
    }

    /// XLA's binary form: the lower-rank operand's axes land on `dims`.
    fn with_dims(&mut self, t: &[Dim], depth: usize, ctx: Ctx) -> Node {
        let op = self.binary_op(ctx, false);
        let rank = t.len();
        let low_rank = self.rng.below(rank as u64 + 1);
        let dims: Vec<usize> = if low_rank == rank {
            if self.chance(2) { vec![] } else { (0..rank).collect() }
        } else {
            let mut all: Vec<usize> = (0..rank).collect();
            while all.len() > low_rank {
                all.remove(self.rng.below(all.len() as u64));
            }
            all
        };
        let low_target: Vec<Dim> =
            if low_rank == rank { self.ones(t) } else { dims.iter().map(|&i| t[i]).collect::<Vec<_>>() };
        let low_target = self.ones(&low_target);
        let high_target = self.ones(t);
        let ctx = Self::below(op, ctx);
        let d = self.rng.below(depth as u64);
        let low = self.node(&low_target, d, ctx);
        let high = self.node(&high_target, depth - 1, ctx);
        let (a, b) = if self.chance(2) { (low, high) } else { (high, low) };
        let list = dims.iter().map(usize::to_string).collect::<Vec<_>>().join(", ");
        // The lower-rank operand's axis k lands on dims[k]; the other keeps its axes.
        let shape: Vec<Dim> = if a.shape.len() == b.shape.len() {
            broadcast(&[&a.shape, &b.shape])
        } else {
            let (low, high) =
                if a.shape.len() < b.shape.len() { (&a.shape, &b.shape) } else { (&b.shape, &a.shape) };
            let mut lifted = vec![Dim::F(1); high.len()];
            for (k, &i) in dims.iter().enumerate() {
                lifted[i] = low[k];
            }
            broadcast(&[&lifted, high])
        };
        let sign = ["+", "-", "*", "/"][["Add", "Sub", "Mul", "Div"].iter().position(|&o| o == op).unwrap()];
        let code = format!("{}.with_dims::<axes![{list}]>() {sign} {}", a.lazy(), b.operand());
        let eager = match (a.form, a.eager.as_ref(), b.eager_operand()) {
            (Form::Leaf(k), _, Some(y)) => Some(format!("&a{k}.with_dims::<axes![{list}]>() {sign} {y}")),
            (Form::Expr, Some(x), Some(y)) => Some(format!("&({x}).with_dims::<axes![{list}]>() {sign} {y}")),
            _ => None,
        };
        let reference = format!("dims(Bin::{op}, &[{list}], {}, {})", a.reference, b.reference);
        Node::expr(code, reference, eager, shape, &[&a, &b])
    }

    fn unary(&mut self, t: &[Dim], depth: usize, ctx: Ctx) -> Option<Node> {
        let (method, reference, inner) = match self.rng.below(11) {
            0 | 1 => ("-", "Un::Neg".to_string(), ctx),
            2 => ("abs()", "Un::Abs".into(), ctx),
            3 => ("powi(2)", "Un::Powi(2)".into(), Ctx { loose: false, ..ctx }),
            4 => ("powi(3)", "Un::Powi(3)".into(), Ctx { loose: false, ..ctx }),
            5 => ("clamp(-2.0, 3.5)", "Un::Clamp(-2.0, 3.5)".into(), ctx),
            6 if !ctx.dyadic => ("sqrt()", "Un::Sqrt".into(), STRICT),
            7 if !ctx.dyadic => ("recip()", "Un::Recip".into(), STRICT),
            8 if !ctx.dyadic => ("ln()", "Un::Ln".into(), STRICT),
            9 | 10 if ctx.loose && !ctx.dyadic => ("exp()", "Un::Exp".into(), STRICT),
            _ => return None,
        };
        let a = self.node(t, depth - 1, inner);
        let (code, eager) = if method == "-" {
            (format!("-{}", a.lazy()), a.eager_operand().map(|x| format!("-{x}")))
        } else {
            (format!("{}.{method}", a.lazy()), None)
        };
        Some(Node::expr(code, format!("un({reference}, {})", a.reference), eager, a.shape.clone(), &[&a]))
    }

    /// `a.clamp(low, high)` with bounds that stretch to `t` (numbers, tensors, expressions),
    /// not both numbers.
    fn clamped(&mut self, t: &[Dim], depth: usize, ctx: Ctx) -> Node {
        let a = self.node(t, depth - 1, ctx);
        let bound = |tree: &mut Self, number: bool| {
            if number {
                tree.number()
            } else {
                let target = tree.dropped(t);
                let d = tree.rng.below(depth as u64);
                tree.node(&target, d, ctx)
            }
        };
        let low_number = self.chance(3);
        let low = bound(self, low_number);
        let high_number = !low_number && self.chance(3);
        let high = bound(self, high_number);
        Node::expr(
            format!("{}.clamp({}, {})", a.lazy(), low.argument(), high.argument()),
            format!("clamp({}, {}, {})", a.reference, low.reference, high.reference),
            None,
            broadcast(&[&a.shape, &low.shape, &high.shape]),
            &[&a, &low, &high],
        )
    }

    /// `cmp(a, b).select(yes, no)`; the mask's operands must match bit for bit.
    fn select(&mut self, t: &[Dim], depth: usize, ctx: Ctx) -> Node {
        let (method, cmp) =
            [("lt", "Lt"), ("le", "Le"), ("gt", "Gt"), ("ge", "Ge"), ("equals", "Eq")][self.rng.below(5)];
        let full = self.ones(t);
        let a = self.node(&full, depth - 1, STRICT);
        let part = |tree: &mut Self, ctx: Ctx| {
            if tree.chance(3) {
                tree.number()
            } else {
                let target = tree.dropped(t);
                let d = tree.rng.below(depth as u64);
                tree.node(&target, d, ctx)
            }
        };
        let b = part(self, STRICT);
        let yes = part(self, ctx);
        let no = part(self, ctx);
        let shape = broadcast(&[&a.shape, &b.shape, &yes.shape, &no.shape]);
        Node::expr(
            format!("{}.{method}({}).select({}, {})", a.lazy(), b.argument(), yes.argument(), no.argument()),
            format!(
                "select(Cmp::{cmp}, {}, {}, {}, {})",
                a.reference, b.reference, yes.reference, no.reference
            ),
            None,
            shape,
            &[&a, &b, &yes, &no],
        )
    }

    /// A reduction whose result stretches to `t`: over new axes, or (`keep`) over axes of `t`,
    /// kept as size 1. A maximum, minimum or position in its `try_` form (one time in two, or
    /// always when `must_try`) may reduce run-time sizes, which may be 0.
    fn reduction(&mut self, t: &[Dim], depth: usize, ctx: Ctx, keep: bool, must_try: bool) -> Option<Node> {
        let names: &[&str] = if must_try {
            &["Max", "Min", "ArgMax", "ArgMin"]
        } else {
            &["Sum", "Sum", "Mean", "Max", "Min", "ArgMax", "ArgMin"]
        };
        let red = names[self.rng.below(names.len() as u64)];
        if red == "Mean" && ctx.dyadic {
            return None;
        }
        let picks = !matches!(red, "Sum" | "Mean");
        let tried = must_try || (picks && self.chance(2));
        let mut target = t.to_vec();
        let axes: Vec<usize> = if keep {
            let axes: Vec<usize> = (0..t.len()).filter(|_| self.chance(2)).collect();
            if axes.is_empty() {
                return None;
            }
            axes
        } else {
            let count = 1 + self.rng.below(2);
            if t.len() + count > 4 {
                return None;
            }
            let mut axes = vec![];
            for _ in 0..count {
                let at = self.rng.below(target.len() as u64 + 1);
                target.insert(at, Dim::F(0));
                axes.iter_mut().filter(|a| **a >= at).for_each(|a| *a += 1);
                axes.push(at);
            }
            axes.sort();
            axes
        };
        for &i in &axes {
            target[i] = if tried && self.chance(2) {
                if self.chance(2) { Dim::R } else { Dim::Q }
            } else {
                self.size(!picks)
            };
        }
        let inner = match red {
            "Sum" | "Mean" if ctx.loose && !ctx.dyadic => Ctx { loose: true, dyadic: false },
            "Sum" | "Mean" => Ctx { loose: false, dyadic: true },
            "Max" | "Min" => ctx,
            _ => STRICT,
        };
        let a = self.node(&target, depth - 1, inner);
        let list = axes.iter().map(usize::to_string).collect::<Vec<_>>().join(", ");
        let method =
            red.strip_prefix("Arg").map_or(red.to_string(), |pick| format!("arg{pick}")).to_lowercase();
        let suffix = if keep { "keepdims" } else { "axes" };
        let (mut code, mut reference) = if tried {
            let id = self.tries.len();
            self.tries.push(format!("{}.try_{method}_{suffix}::<axes![{list}]>()", a.lazy()));
            (format!("t{id}"), format!("try_reduce({id}, Red::{red}, &[{list}], {keep}, {})", a.reference))
        } else {
            (
                format!("{}.{method}_{suffix}::<axes![{list}]>()", a.lazy()),
                format!("reduce(Red::{red}, &[{list}], {keep}, {})", a.reference),
            )
        };
        if red.starts_with("Arg") {
            code += ".map(|i| i as f64)";
            reference = format!("un(Un::ToFloat, {reference})");
        }
        let shape = if keep {
            (0..a.shape.len()).map(|i| if axes.contains(&i) { Dim::F(1) } else { a.shape[i] }).collect()
        } else {
            (0..a.shape.len()).filter(|i| !axes.contains(i)).map(|i| a.shape[i]).collect()
        };
        Some(Node::expr(code, reference, None, shape, &[&a]))
    }

    /// An expression combined with a keep-dims reduction broadcast back against it
    /// (`x − x.mean_keepdims()`'s shape); with `must_try`, a `try_` one.
    fn centred(&mut self, t: &[Dim], depth: usize, ctx: Ctx, must_try: bool) -> Option<Node> {
        let op = self.binary_op(ctx, true);
        let below = Self::below(op, ctx);
        if depth < 2 {
            return None;
        }
        let r = self.reduction(t, depth - 1, below, true, must_try)?;
        let full = self.ones(t);
        let x = self.node(&full, depth - 1, below);
        Some(if self.chance(2) { self.join(op, x, r) } else { self.join(op, r, x) })
    }
}

/// The shape of a tree's result: fixed sizes and the run-time `R` (first, one time in two) and
/// `Q`.
fn root_shape(rng: &mut Rng) -> Vec<Dim> {
    let rank = rng.below(4);
    (0..rank)
        .map(|i| match (i, rng.below(6)) {
            (0, 0..=2) => Dim::R,
            (_, 0) => Dim::Q,
            _ => Dim::F(1 + rng.below(5)),
        })
        .collect()
}

/// The leaves of a tree as the test's statements: each operand's sizes and data, and the
/// tensor.
fn operand_statements(leaves: &[(Vec<Dim>, Kind)]) -> String {
    let mut out = String::new();
    for (k, (shape, kind)) in leaves.iter().enumerate() {
        let (sizes, values, types) =
            (join(shape, Dim::size), join(shape, Dim::value), join(shape, Dim::size));
        writeln!(out, "let s{k} = vec![{sizes}];").unwrap();
        writeln!(out, "let d{k} = values(s{k}.iter().product(), seed.rotate_left({}), hazard);", 7 * k + 1)
            .unwrap();
        let make = match (kind, fixed(shape)) {
            (Kind::Inline, _) => format!("Tensor::<f64, shape![{types}]>::from_slice(&d{k}).unwrap()"),
            (Kind::Boxed, true) => format!("BoxedTensor::<f64, shape![{types}]>::from_slice(&d{k}).unwrap()"),
            (Kind::Boxed, false) => {
                format!("BoxedTensor::from_shape_vec(dims![{values}], d{k}.clone()).unwrap()")
            }
            (Kind::Ref, true) => format!("TensorRef::<f64, shape![{types}]>::new(&d{k}).unwrap()"),
            (Kind::Ref, false) => format!("TensorRef::from_shape(dims![{values}], &d{k}).unwrap()"),
            (Kind::Mut, f) => {
                writeln!(out, "let mut m{k} = d{k}.clone();").unwrap();
                if f {
                    format!("TensorMut::<f64, shape![{types}]>::new(&mut m{k}).unwrap()")
                } else {
                    format!("TensorMut::from_shape(dims![{values}], &mut m{k}).unwrap()")
                }
            }
        };
        writeln!(out, "let a{k} = {make};").unwrap();
    }
    out
}

/// A borrowed output of `shape` over the vector `buf`.
fn output(shape: &[Dim], buf: &str) -> String {
    if fixed(shape) {
        format!("TensorMut::<f64, shape![{}]>::new(&mut {buf}).unwrap()", join(shape, Dim::size))
    } else {
        format!("TensorMut::from_shape(dims![{}], &mut {buf}).unwrap()", join(shape, Dim::value))
    }
}

/// One test: a tree drawn until it has 1 to 6 operands.
fn test(rng: &mut Rng, n: usize) -> String {
    let depth = 1 + n % 4;
    let (root, leaves, tries) = loop {
        let target = root_shape(rng);
        let mut tree = Tree { rng: &mut *rng, leaves: vec![], tries: vec![] };
        let ctx = Ctx { loose: true, dyadic: false };
        // One tree in three is an expression against a keep-dims reduction broadcast back, one
        // in nine (of depth 2 or more, and with an axis) against a `try_` one.
        let must_try = n % 9 == 1 && depth > 1;
        if must_try && target.is_empty() {
            continue;
        }
        let root = if n % 3 == 1 && !target.is_empty() && depth > 1 {
            match tree.centred(&target, depth, ctx, must_try) {
                Some(root) => root,
                None => continue,
            }
        } else {
            tree.node(&target, depth, ctx)
        };
        let (leaves, tries) = (std::mem::take(&mut tree.leaves), std::mem::take(&mut tree.tries));
        if root.form == Form::Expr && root.depth == depth && (1..=6).contains(&leaves.len()) {
            break (root, leaves, tries);
        }
    };
    let uses = |d: Dim| leaves.iter().any(|(s, _)| s.contains(&d));
    let mut args = vec![];
    let mut binds = String::new();
    if uses(Dim::R) {
        args.push("r in 0usize..=5");
        binds += "bind!(let rr: R = r);\n";
    }
    if uses(Dim::Q) {
        args.push("q in 0usize..=5");
        binds += "bind!(let qq: Q = q);\n";
    }
    args.push("seed in any::<u64>()");
    args.push("h in 0usize..5");
    let mut body = String::new();
    writeln!(body, "{binds}let hazard = HAZARDS[h];").unwrap();
    body += &operand_statements(&leaves);
    let operands =
        (0..leaves.len()).map(|k| format!("(&d{k}[..], s{k}.clone())")).collect::<Vec<_>>().join(", ");
    writeln!(body, "let operands: Vec<Operand> = vec![{operands}];").unwrap();
    if tries.is_empty() {
        writeln!(body, "let want = eval(&{}, &operands);", root.reference).unwrap();
    } else {
        // Each `try_` reduction is `None` exactly when a reduced axis is empty, and then the
        // tree cannot be made.
        writeln!(body, "let (want, empty) = eval_tries(&{}, &operands);", root.reference).unwrap();
        for (id, call) in tries.iter().enumerate() {
            writeln!(body, "let t{id} = {call};").unwrap();
            writeln!(body, "prop_assert_eq!(t{id}.is_none(), empty[{id}]);").unwrap();
            writeln!(body, "let Some(t{id}) = t{id} else {{ return Ok(()) }};").unwrap();
        }
    }
    writeln!(body, "let e = {};", root.code).unwrap();
    writeln!(body, "let got = e.eval();").unwrap();
    writeln!(body, "prop_assert_eq!(check(got.as_slice(), &got.shape().extents(), &want), Ok(()));").unwrap();
    // Some trees also into a borrowed output, in place, as a total, and by the eager operators.
    let shape_vec = format!("[{}]", join(&root.shape, Dim::size));
    if n.is_multiple_of(3) {
        writeln!(body, "let mut buf = vec![f64::NAN; want.data.len()];").unwrap();
        writeln!(body, "e.eval_into(&mut {});", output(&root.shape, "buf")).unwrap();
        writeln!(body, "prop_assert_eq!(check(&buf, &{shape_vec}, &want), Ok(()));").unwrap();
    }
    if n % 4 == 1 {
        writeln!(body, "let mut acc = values(want.data.len(), seed ^ 0x5eed, 0);").unwrap();
        writeln!(body, "let plus = added(&acc, &want);").unwrap();
        writeln!(body, "let mut y = {};", output(&root.shape, "acc")).unwrap();
        writeln!(body, "y += e;").unwrap();
        writeln!(body, "prop_assert_eq!(check(y.as_slice(), &{shape_vec}, &plus), Ok(()));").unwrap();
    }
    if n % 5 == 2 {
        writeln!(body, "let total = e.sum_all();").unwrap();
        writeln!(body, "prop_assert_eq!(check(&[total], &[], &total_of(Red::Sum, &want)), Ok(()));").unwrap();
    }
    if n % 5 == 4 {
        // The position of the first best element, where the reference knows every element.
        let (method, red) =
            if n.is_multiple_of(2) { ("argmax_all", "ArgMax") } else { ("argmin_all", "ArgMin") };
        writeln!(body, "if let Some(at) = position_of(Red::{red}, &want) {{").unwrap();
        writeln!(body, "prop_assert_eq!(e.{method}(), at);").unwrap();
        writeln!(body, "}}").unwrap();
    }
    if let Some(eager) = &root.eager {
        writeln!(body, "let eager = {eager};").unwrap();
        writeln!(body, "prop_assert!(same_bits(eager.as_slice(), got.as_slice()));").unwrap();
    }
    let body: String = body.lines().map(|l| format!("    {l}\n")).collect();
    format!(
        "/// Depth {}, {} operand{}.\n#[test]\nfn tree_{n:02}({}) {{\n{body}}}\n",
        root.depth,
        leaves.len(),
        if leaves.len() == 1 { "" } else { "s" },
        args.join(", "),
    )
}

pub fn render() -> String {
    let mut rng = Rng(0x007e_e50f_f00d_cafe);
    let indent = |test: String| test.lines().map(|l| format!("    {l}\n")).collect::<String>();
    let tests: Vec<String> = (0..56).map(|n| indent(test(&mut rng, n))).collect();
    format!(
        "//! GENERATED by tests/test_generated_fresh.rs (`generate/trees.rs`) — do not edit; regenerate\n\
         //! with `SHAPECAST_BLESS=1 cargo test --test test_generated_fresh`.\n\
         //!\n\
         //! {} random expression trees (depth 1 to 4, 1 to 6 operands of every tensor kind, numbers on\n\
         //! either side, fixed and run-time sizes, NumPy's and XLA's forms, `clamp` with number and\n\
         //! operand bounds, reductions and keep-dims twins, the `try_` maximum, minimum and positions\n\
         //! over run-time axes, `None` exactly when one is empty), each evaluated by the library and\n\
         //! by the naive evaluator of `common/trees.rs`, which never calls it, over random data with\n\
         //! NaN, infinities and signed zeros and run-time sizes from 0 to 5. Element-wise results\n\
         //! must match bit for bit, and the eager operators' too where the tree has them; `exp` and\n\
         //! reassociated sums within a tolerance; `argmax_all` and `argmin_all` where every element\n\
         //! is exact.\n\n\
         // The eager operators are compared in the spelling users write them, `&a + &b`.\n\
         #![allow(clippy::op_ref)]\n\n\
         mod common;\n\n\
         use common::trees::*;\n\
         use proptest::prelude::*;\n\
         use shapecast::prelude::*;\n\n\
         struct R;\nstruct Q;\n\n\
         /// How often an element is a hazard (NaN, an infinity, a signed zero): never, or one time in\n\
         /// 3, 6, 12 or 24.\n\
         const HAZARDS: [u64; 5] = [0, 3, 6, 12, 24];\n\n\
         proptest! {{\n\
         \x20   #![proptest_config(ProptestConfig::with_cases(256))]\n\n{}}}\n",
        tests.len(),
        tests.join("\n"),
    )
}
