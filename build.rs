//! Tells the crate how its own build is optimized:
//!
//! - `shapecast_unoptimized` at opt-level 0 (cargo's dev and test profiles as they come). There,
//!   the hot path's functions are left to the compiler to inline (`#[inline]`, see
//!   `shapecast_macros::hot`): forced inlining would copy every strategy of every pass into each
//!   expression's code, making a debug build slower and larger for no speed at opt-level 0
//!   (`benches/README.md`, "Each test crate"). At every other level they are always inlined, as
//!   a pass needs to run at speed.
//! - `shapecast_small_code` at opt-level `"s"` or `"z"` (a microcontroller's flash): there,
//!   fixed-size element-wise expressions over rows shorter than a block are written row by row
//!   with constant loops, in far less code than the pass's tiles of rows, if more slowly.
fn main() {
    println!("cargo::rustc-check-cfg=cfg(shapecast_unoptimized)");
    println!("cargo::rustc-check-cfg=cfg(shapecast_small_code)");
    println!("cargo::rerun-if-changed=build.rs");
    match std::env::var("OPT_LEVEL").as_deref() {
        Ok("0") => println!("cargo::rustc-cfg=shapecast_unoptimized"),
        Ok("s" | "z") => println!("cargo::rustc-cfg=shapecast_small_code"),
        _ => {}
    }
}
