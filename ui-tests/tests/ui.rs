//! Compile-time behaviour of shapecast, proven with trybuild: what must compile (`ui/pass`) and
//! what must be rejected with which message (`ui/<form>/*.rs` beside its `.stderr`).

#[test]
fn ui() {
    let t = trybuild::TestCases::new();
    t.pass("ui/pass/*.rs");
}
