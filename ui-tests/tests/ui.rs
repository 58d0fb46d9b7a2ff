//! Compile-time behaviour of shapecast, proven with trybuild: what must compile (`ui/pass`) and
//! what must be rejected, with which message (`ui/<form>/*.rs` beside its `.stderr`).
//!
//! Regenerate the snapshots with `TRYBUILD=overwrite cargo test -p shapecast-ui-tests`, then
//! read every changed `.stderr` before committing it.

#[test]
fn ui() {
    let t = trybuild::TestCases::new();
    t.pass("ui/pass/*.rs");
    for form in ["numpy", "xla", "ngraph", "syntax", "tensor", "runtime", "expr", "product", "algebra"] {
        t.compile_fail(format!("ui/{form}/*.rs"));
    }
}
