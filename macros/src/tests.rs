//! The macro's own checks, run without a compiler: every test vector through parse → check,
//! and arbitrary input, which must never make the macro panic.

use proptest::prelude::*;
use serde_json::Value;

use crate::check::{self, Failure};

/// The test suite's reference error messages (`tests/common/messages.rs`), written apart from
/// the rules this crate runs.
#[path = "../../tests/common/messages.rs"]
mod messages;
use crate::expand;
use crate::parse::BroadcastInput;

fn run(input: &str) -> syn::Result<Result<proc_macro2::TokenStream, Failure>> {
    syn::parse_str::<BroadcastInput>(input).map(check::broadcast)
}

/// The literal `broadcast!` input for a vector, JSON lists being valid Rust list tokens.
fn macro_input(case: &Value) -> String {
    let j = |v: &Value| v.to_string();
    let inputs: Vec<String> = case["inputs"].as_array().unwrap().iter().map(j).collect();
    match case["kind"].as_str().unwrap() {
        "numpy" if case["op"] == "broadcast_to" => format!("{} => {}", inputs[0], j(&case["out_shape"])),
        "numpy" => inputs.join(", "),
        "xla_binary" => format!("{}, dims = {}", inputs.join(", "), j(&case["broadcast_dims"])),
        "xla_in_dim" => {
            format!("{} => {}, dims = {}", inputs[0], j(&case["out_shape"]), j(&case["broadcast_dims"]))
        }
        "ngraph" => format!("{} => {}, axes = {}", inputs[0], j(&case["out_shape"]), j(&case["axes"])),
        other => panic!("unknown kind {other}"),
    }
}

fn usizes(v: &Value) -> Option<Vec<usize>> {
    v.as_array()?.iter().map(|x| x.as_u64().map(|n| n as usize)).collect()
}

/// The errors the macro must give for a rejected vector: the reference's sentence, or, where
/// the vector holds negative numbers (which only a literal can say), one parser error for each.
fn expected_messages(case: &Value) -> Vec<String> {
    let inputs: Option<Vec<Vec<usize>>> = case["inputs"].as_array().unwrap().iter().map(usizes).collect();
    let (out, dims, axes) =
        (usizes(&case["out_shape"]), usizes(&case["broadcast_dims"]), usizes(&case["axes"]));
    let message = inputs.and_then(|inputs| match case["kind"].as_str().unwrap() {
        "numpy" if case["op"] == "broadcast_to" => messages::broadcast_to(&inputs[0], &out?),
        "numpy" => messages::numpy(&inputs),
        "xla_binary" => messages::with_dims(&inputs[0], &inputs[1], &dims?),
        "xla_in_dim" => messages::in_dim(&inputs[0], &out?, &dims?),
        _ => messages::axes(&inputs[0], &out?, &axes?),
    });
    if let Some(message) = message {
        return vec![message];
    }
    // In the order the macro reads them: operands, target, then the dims or axes list.
    let negatives = |v: &Value| {
        v.as_array().map_or(0, |l| l.iter().filter(|x| x.as_i64().is_some_and(|n| n < 0)).count())
    };
    let sizes: usize = case["inputs"].as_array().unwrap().iter().map(negatives).sum::<usize>()
        + negatives(&case["out_shape"]);
    let axes = negatives(&case["broadcast_dims"]) + negatives(&case["axes"]);
    let mut want = vec!["a size cannot be negative".to_string(); sizes];
    want.extend(vec!["an axis cannot be negative".to_string(); axes]);
    want
}

#[test]
fn every_vector_through_the_macro() {
    let (mut accepted, mut rejected) = (0, 0);
    for (line, text) in include_str!("../../tests/data/vectors.jsonl").lines().enumerate() {
        let case: Value = serde_json::from_str(text).unwrap();
        let input = macro_input(&case);
        let result = run(&input);
        match case["expect"].as_array() {
            Some(want) => {
                let want: Vec<usize> = want.iter().map(|v| v.as_u64().unwrap() as usize).collect();
                let got = result.ok().and_then(Result::ok).map(|t| t.to_string());
                assert_eq!(
                    got,
                    Some(expand::list(&want).to_string()),
                    "line {}: broadcast!({input})",
                    line + 1
                );
                accepted += 1;
            }
            None => {
                let messages: Vec<String> = match result {
                    Err(e) => e.into_iter().map(|e| e.to_string()).collect(),
                    Ok(Err(failure)) => failure.errors.iter().map(ToString::to_string).collect(),
                    Ok(Ok(_)) => panic!("line {}: broadcast!({input}) was accepted", line + 1),
                };
                assert_eq!(messages, expected_messages(&case), "line {}: broadcast!({input})", line + 1);
                rejected += 1;
            }
        }
    }
    // Every case, the six with negative numbers included: the macro rejects those itself.
    assert_eq!((accepted, rejected), (384, 81));
}

#[test]
fn numbers_are_dims_or_big() {
    let p = "::shapecast::__private";
    let squash = |s: String| s.split_whitespace().collect::<String>();
    // `Dim<n>` where typenum has a constant, `Big<n, binary>` beyond (1025 = 0b100_0000_0001).
    assert_eq!(squash(expand::number(6).to_string()), squash(format!("{p}::Dim<6>")));
    assert_eq!(squash(expand::number(4096).to_string()), squash(format!("{p}::Dim<4096>")));
    let t = format!("{p}::typenum");
    let mut binary = format!("{t}::UTerm");
    for bit in (0..11).rev() {
        binary = format!("{t}::UInt<{binary}, {t}::B{}>", 1025 >> bit & 1);
    }
    assert_eq!(squash(expand::number(1025).to_string()), squash(format!("{p}::Big<1025, {binary}>")));
    let table: Vec<usize> = (1020..5000).filter(|&n| expand::in_typenum_table(n)).collect();
    assert_eq!(table, [1020, 1021, 1022, 1023, 1024, 2047, 2048, 3600, 4095, 4096]);
    assert!(expand::in_typenum_table(usize::MAX / 2) && !expand::in_typenum_table(usize::MAX));
}

#[test]
fn errors_land_on_the_offending_token() {
    let Ok(Err(failure)) = run("[2, 4], [2, 3]") else { panic!("accepted") };
    let msg = failure.errors[0].to_string();
    assert_eq!(
        msg,
        "cannot broadcast [2, 4] with [2, 3]: axis 1 has sizes 4 and 3; sizes must be equal or one of them 1"
    );
    // A missing comma is named as such; an expression is not taken for one.
    let Ok(Err(failure)) = run("[2 3], [3]") else { panic!("accepted") };
    assert!(failure.errors[0].to_string().starts_with("expected `,` before this"));
    let Ok(Err(failure)) = run("[2 + 1], [3]") else { panic!("accepted") };
    assert!(failure.errors[0].to_string().starts_with("a size must be an integer literal"));
    // Several independent mistakes are all reported.
    let Ok(Err(failure)) = run("[-1, 2], [2.5], [2 + 1]") else { panic!("accepted") };
    let messages: Vec<String> = failure.errors.iter().map(ToString::to_string).collect();
    assert_eq!(
        messages,
        [
            "a size cannot be negative",
            "a size must be a non-negative integer literal",
            "a size must be an integer literal: a macro cannot read the value of a constant or an \
             expression; name the shape as a type (`shape![…]`, an alias, a generic) instead",
        ]
    );
}

#[test]
fn names_are_run_time_sizes_under_the_pair_rule() {
    let ok = |input: &str| match run(input) {
        Ok(Ok(tokens)) => tokens.to_string().replace(' ', ""),
        _ => panic!("rejected: {input}"),
    };
    let err = |input: &str| match run(input) {
        Ok(Err(failure)) => failure.errors[0].to_string(),
        _ => panic!("accepted: {input}"),
    };
    let dyn_ty = |name: &str| format!("::shapecast::__private::Dyn<'_,{name}>");
    let dim = |n: usize| format!("::shapecast::__private::Dim<{n}>");
    let cons = |h: String, t: String| format!("::shapecast::__private::Cons<{h},{t}>");
    let nil = "::shapecast::__private::Nil".to_string();
    // Samples with 1 stretches the 1; the same name is the same size.
    assert_eq!(ok("[Samples, 1], [Classes]"), cons(dyn_ty("Samples"), cons(dyn_ty("Classes"), nil.clone())));
    assert_eq!(ok("[Samples, 4], [Samples, 1]"), cons(dyn_ty("Samples"), cons(dim(4), nil.clone())));
    assert_eq!(ok("[4] => [Batch, 4], axes = [0]"), cons(dyn_ty("Batch"), cons(dim(4), nil.clone())));
    assert!(ok("[Samples<'id>] => [Samples<'id>]").contains("Dyn<'id,Samples>"));
    assert_eq!(
        err("[Samples], [Classes]"),
        "cannot broadcast [Samples] with [Classes]: axis 0 has sizes Samples and Classes; \
         two run-time sizes are never assumed equal"
    );
    assert_eq!(
        err("[Samples], [3]"),
        "cannot broadcast [Samples] with [3]: axis 0 has sizes Samples and 3; \
         a run-time size is never assumed to equal a fixed size"
    );
    // A run-time size misplaced by right alignment: the shape that lines it up is named.
    assert_eq!(
        err("[Batch, Samples, 10], [Samples]"),
        "cannot broadcast [Batch, Samples, 10] with [Samples]: axis 2 has sizes 10 and Samples; \
         a run-time size is never assumed to equal a fixed size; if Samples belongs on axis 1, write \
         [Samples, 1] for [Samples] (a size-1 axis where it should stretch: NumPy's `np.newaxis`, \
         `insert_axis::<1>()` on a tensor)"
    );
    assert!(err("[Samples], [Samples, 4, 10]").ends_with(
        "write [Samples, 1, 1] for [Samples] (a size-1 axis where it should stretch: NumPy's `np.newaxis`)"
    ));
    assert!(!err("[Samples, 10], [3, Samples]").contains("belongs"));
    assert_eq!(
        err("[Samples] => [1]"),
        "cannot broadcast [Samples] to [1]: axis 0 has size Samples but the target has 1; \
         a run-time size is never assumed to equal a fixed size"
    );
    assert_eq!(
        err("[1] => [Samples], axes = []"),
        "cannot broadcast [1] to [Samples] with axes []: target axis 0 has size Samples but argument \
         axis 0 has size 1; sizes outside the broadcast axes must be equal, and a run-time size is \
         never assumed to equal a fixed size"
    );
    assert_eq!(
        err("[Rows, 3], [Cols], dims = [0]"),
        "cannot broadcast [Rows, 3] with [Cols] using dims [0]: axis 0 has sizes Rows and Cols; \
         two run-time sizes are never assumed equal"
    );
    // A fixed part whose element count overflows is still an error; run-time sizes do not count.
    assert!(err("[Samples, 4294967296, 1], [4294967296]").contains("more elements than usize"));
}

fn token() -> impl Strategy<Value = &'static str> {
    prop::sample::select(vec![
        "[",
        "]",
        ",",
        "=>",
        "=",
        "dims",
        "axes",
        "axis",
        "0",
        "1",
        "2",
        "3",
        "-1",
        "2.5",
        "usize::MAX",
        "18446744073709551615",
        "99999999999999999999",
        "A",
        "shape![2]",
        "()",
        "3u8",
        "'a",
        "\"s\"",
    ])
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(3_000))]

    /// Any input: the macro answers with a type or with errors, and never panics.
    #[test]
    fn never_panics(tokens in prop::collection::vec(token(), 0..14)) {
        let input = tokens.join(" ");
        let _ = run(&input);
    }

    /// Well-formed literal input of any sizes, including huge ones.
    #[test]
    fn never_panics_on_literals(a in prop::collection::vec(prop_oneof![0usize..4, Just(usize::MAX)], 0..70),
                                b in prop::collection::vec(0usize..4, 0..6),
                                l in prop::collection::vec(0usize..80, 0..5), form in 0..5) {
        let (a, b, l) = (format!("{a:?}"), format!("{b:?}"), format!("{l:?}"));
        let input = match form {
            0 => format!("{a}, {b}"),
            1 => format!("{a} => {b}"),
            2 => format!("{a} => {b}, axes = {l}"),
            3 => format!("{a} => {b}, dims = {l}"),
            _ => format!("{a}, {b}, dims = {l}"),
        };
        let _ = run(&input);
    }
}

/// Every file under `fuzz/<kind>/macros/`, sorted, with its contents.
fn fuzz_inputs(kind: &str) -> Vec<(String, Vec<u8>)> {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../fuzz").join(kind).join("macros");
    let Ok(entries) = std::fs::read_dir(&dir) else { return vec![] };
    let mut files: Vec<_> = entries.map(|e| e.unwrap().path()).filter(|p| p.is_file()).collect();
    files.sort();
    files.into_iter().map(|p| (p.display().to_string(), std::fs::read(&p).unwrap())).collect()
}

/// The fuzz target's corpus (`cargo fuzz cmin`) and every input it found (`fuzz/regressions/`),
/// through the target's own check: on stable, so every finding stays fixed.
#[test]
fn the_macro_fuzz_corpus_and_findings_replay() {
    let corpus = fuzz_inputs("corpus");
    assert!(corpus.len() >= 50, "the corpus of fuzz/corpus/macros is missing ({} files)", corpus.len());
    for (name, bytes) in corpus.iter().chain(&fuzz_inputs("regressions")) {
        let outcome = on_a_large_stack(bytes.clone());
        assert!(outcome.is_ok(), "{name} fails again");
    }
}

/// Runs the fuzz check on a thread with 64 MiB of stack: parsing an accepted expansion back
/// (a 64-bit size is 64 nested `UInt<…>`) takes more than a test thread's 2 MiB without
/// optimization; rustc's own parser grows its stack as it needs. The macros themselves are held
/// to a test thread's stack by `the_deepest_accepted_input_fits_the_stack`.
fn on_a_large_stack(bytes: Vec<u8>) -> std::thread::Result<()> {
    std::thread::Builder::new()
        .stack_size(64 << 20)
        .spawn(move || crate::fuzz_check::macro_case(&bytes))
        .unwrap()
        .join()
}

/// What once overflowed the stack: thousands of entries (the fallback type nested as deep),
/// and nesting inside a list or an operand. Each is an error on its token, and the expansion
/// stays shallow.
#[test]
fn deep_or_long_input_is_an_error_not_a_crash() {
    let many = vec!["1"; 5000].join(", ");
    let inputs = [
        many.clone(),
        format!("[{many}] => [2]"),
        format!("{}1{}", "[".repeat(700), "]".repeat(700)),
        format!("[2], {}[2]{}", "(".repeat(1000), ")".repeat(1000)),
        format!("{}1", "-".repeat(5000)),
        format!("[{}1]", "- ".repeat(5000)),
        format!("[2], {}u8", "&".repeat(5000)),
        format!("[2], {}u8{}", "Vec<".repeat(3000), ">".repeat(3000)),
        format!("[2], {}u8", "fn() -> ".repeat(33)),
        format!("[2], X<{{{}1}}>", "-".repeat(33)),
    ];
    for input in &inputs {
        assert!(input.len() > 20);
        let tokens: proc_macro2::TokenStream = input.parse().unwrap();
        for out in [crate::pipeline::shape(tokens.clone()), crate::pipeline::broadcast(tokens.clone())] {
            assert!(out.to_string().contains("compile_error"), "{}…: accepted", &input[..20]);
        }
        for which in [b'0', b'1', b'2'] {
            assert!(on_a_large_stack([&[which], input.as_bytes()].concat()).is_ok(), "{}…", &input[..20]);
        }
    }
}

/// The deepest input the macros accept, each kind of nesting that makes syn recurse, parses
/// within the stack of a test thread (2 MiB) without optimization.
#[test]
fn the_deepest_accepted_input_fits_the_stack() {
    let n = crate::parse::MAX_DEPTH - 2;
    let inputs = [
        format!("[2], {}u8{}", "Vec<".repeat(n), ">".repeat(n)),
        format!("[2], {}u8", "&".repeat(n)),
        format!("[2], {}u8{}", "(".repeat(n), ",)".repeat(n)),
        format!("[2], {}u8", "fn() -> ".repeat(n)),
        format!("[2], {}u8{}", "fn(".repeat(n), ")".repeat(n)),
        format!("[2], {}u8{}", "<".repeat(n), " as T>::X".repeat(n)),
        format!("[2], X<{}{}>", "{".repeat(n), "}".repeat(n)),
        format!("[2], {}u8", "*const ".repeat(n)),
        format!("[2], {}u8{}", "dyn Fn(".repeat(n), ")".repeat(n)),
        format!("[2], {}u8", "impl Fn() -> ".repeat(n)),
    ];
    for input in &inputs {
        let out = crate::pipeline::broadcast(input.parse().unwrap()).to_string();
        assert!(!out.contains("nests more than"), "{input}: {out}");
    }
}
