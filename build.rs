//! Tells the crate whether its own build is optimized: `shapecast_unoptimized` at opt-level 0
//! (cargo's dev and test profiles as they come). There, the hot path's functions are left to
//! the compiler to inline (`#[inline]`, see `shapecast_macros::hot`): forced inlining would copy
//! every strategy of every pass into each expression's code, making a debug build slower and
//! larger for no speed at opt-level 0 (`benches/README.md`, "Each test crate"). At every other
//! level they are always inlined, as a pass needs to run at speed.
fn main() {
    println!("cargo::rustc-check-cfg=cfg(shapecast_unoptimized)");
    println!("cargo::rerun-if-changed=build.rs");
    if std::env::var("OPT_LEVEL").is_ok_and(|level| level == "0") {
        println!("cargo::rustc-cfg=shapecast_unoptimized");
    }
}
