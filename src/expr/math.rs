//! `e^x` of `f32` and `f64` elements and `ln x` of `f32` elements without a call per element:
//! each is a short run of arithmetic and bit operations with no branch, so that the optimizer
//! computes a block of them in vector registers (libm is called one element at a time). `ln` of
//! `f64` stays libm's: on baseline x86-64 (SSE2, two `f64` to a register, a slow division) the
//! branch-free form is slower than libm's.
//!
//! Both reduce the argument to a short interval and evaluate a polynomial there:
//! - `e^x = 2^k · e^r` with `k` the integer nearest `x / ln 2` and `|r| ≤ ln 2 / 2`;
//! - `ln x = e · ln 2 + ln m` with `x = 2^e · m`, `m` in `[√½, √2)`, and
//!   `ln m = 2 atanh(s)`, `s = (m − 1) / (m + 1)`, an odd series in `s` (`|s| < 0.172`).
//!
//! The terms that carry most of the result are exact (`k · ln 2` split in two, `m − 1`), and the
//! small ones are added last, so that each function is within 1 ulp of the exact result: for
//! `f32` measured over all 2^32 arguments against the `f64` functions (at most 0.95 ulp for
//! `exp`, 0.84 for `ln`), for `f64` `exp` on samples against 120-bit results (at most 0.93 ulp).
//! Special values are libm's: NaN gives NaN; `exp` overflows to `+∞` and underflows through the
//! subnormals to `0` (`e^−∞ = 0`); `ln 0 = −∞`, `ln` of a negative number is NaN, `ln +∞ = +∞`,
//! and a subnormal argument is scaled into the normal numbers first.

use core::mem::size_of;
use shapecast_macros::hot;

use num_traits::Float;

use crate::kernel::fused::{self, BLOCK};

/// `ln 2` to 42 bits: `k · LN2_HI` is exact for every `|k| < 2048`.
const LN2_HI: f64 = f64::from_bits(0x3fe6_2e42_fefa_3800);
/// `ln 2 − LN2_HI`, rounded to `f64`.
const LN2_LO: f64 = f64::from_bits(0x3d2e_f357_93c7_6730);
/// `1 / ln 2`, rounded to `f64`.
const LOG2_E: f64 = f64::from_bits(0x3ff7_1547_652b_82fe);
/// `1.5 · 2^52`: adding it to a number below `2^51` in magnitude rounds that number to the
/// nearest integer, which then sits in the low bits of the sum.
const ROUND: f64 = 6_755_399_441_055_744.0;
/// The bit offset of an `f64`'s exponent.
const EXP_SHIFT: u32 = 52;

/// `ln 2` to 15 bits: `k · LN2_HI_32` is exact for every `|k| < 512`.
const LN2_HI_32: f32 = f32::from_bits(0x3f31_7200);
/// `ln 2 − LN2_HI_32`, rounded to `f32`.
const LN2_LO_32: f32 = f32::from_bits(0x35bf_be8e);
/// `1 / ln 2`, rounded to `f32`.
const LOG2_E_32: f32 = f32::from_bits(0x3fb8_aa3b);
/// `1.5 · 2^23`, `ROUND` for `f32`.
const ROUND_32: f32 = 12_582_912.0;
/// The bits of `√½` rounded to `f32`, and of `1.0`.
const SQRT_HALF_BITS_32: u32 = 0x3f35_04f3;
const ONE_BITS_32: u32 = 0x3f80_0000;

/// Whether `T` is `f32`'s format: its size and its epsilon. Both are constants, so the test is
/// decided while compiling, with no specialization (and no `TypeId`, whose comparison is not
/// always folded away).
#[hot]
fn is_f32<T: Float>() -> bool {
    size_of::<T>() == 4 && T::epsilon().to_f32() == Some(f32::EPSILON)
}

/// Whether `T` is `f64`'s format.
#[hot]
fn is_f64<T: Float>() -> bool {
    size_of::<T>() == 8 && T::epsilon().to_f64() == Some(f64::EPSILON)
}

/// `f32(x)` if `T` is `f32`'s format, `f64(x)` if `f64`'s, else `other(x)`: the conversions are
/// the identity for `f32` and `f64` themselves, and exact for any other type of their format.
#[hot]
fn by_format<T: Float>(
    x: T,
    f32: impl FnOnce(f32) -> f32,
    f64: impl FnOnce(f64) -> f64,
    other: impl FnOnce(T) -> T,
) -> T {
    let done = if is_f32::<T>() {
        x.to_f32().and_then(|v| T::from(f32(v)))
    } else if is_f64::<T>() {
        x.to_f64().and_then(|v| T::from(f64(v)))
    } else {
        None
    };
    match done {
        Some(y) => y,
        None => other(x),
    }
}

/// `e^x` of one element: the branch-free [`exp_f32`] or [`exp_f64`], or `other` (the type's own
/// `Float::exp`) for every other float type.
#[hot]
pub(crate) fn exp_one<T: Float>(x: T, other: impl FnOnce(T) -> T) -> T {
    by_format(x, exp_f32, exp_f64, other)
}

/// `ln x` of one element: the branch-free [`ln_f32`], libm's for `f64`, `other` for every other
/// float type.
#[hot]
pub(crate) fn ln_one<T: Float>(x: T, other: impl FnOnce(T) -> T) -> T {
    by_format(x, ln_f32, <f64 as Float>::ln, other)
}

/// `e^x` of a block: [`exp_one`] lane by lane, which the optimizer computes in vector registers
/// for `f32` and `f64` (nothing in it branches).
#[hot]
pub(crate) fn exp_block<T: Float>(x: [T; BLOCK], other: impl Fn(T) -> T) -> [T; BLOCK] {
    fused::lanes(|i| exp_one(x[i], &other))
}

/// `ln x` of a block, as [`exp_block`].
#[hot]
pub(crate) fn ln_block<T: Float>(x: [T; BLOCK], other: impl Fn(T) -> T) -> [T; BLOCK] {
    fused::lanes(|i| ln_one(x[i], &other))
}

/// `e^x` for an `f32`, in `f32` arithmetic (four lanes to an SSE register).
#[hot]
pub(crate) fn exp_f32(x: f32) -> f32 {
    // Beyond these bounds the result is `+∞` or `0`; NaN fails both tests and stays.
    let x = if x > 89.0 { 89.0 } else { x };
    let x = if x < -104.0 { -104.0 } else { x };
    let t = x * LOG2_E_32 + ROUND_32;
    let k = t - ROUND_32;
    // r = hi − lo: `hi` is exact (|k| ≤ 150), and `lo` stays apart in the sum below.
    let hi = x - k * LN2_HI_32;
    let lo = k * LN2_LO_32;
    let r = hi - lo;
    // e^r = 1 + r + r² q(r), q Taylor's series to r^7 (relative error below 6e-9), in
    // Estrin's scheme as for `f64`.
    let r2 = r * r;
    let a0 = 0.5 + r * (1.0 / 6.0);
    let a1 = 1.0 / 24.0 + r * (1.0 / 120.0);
    let a2 = 1.0 / 720.0 + r * (1.0 / 5040.0);
    let q = a0 + r2 * (a1 + r2 * a2);
    let p = 1.0 + (hi - (lo - r2 * q));
    // 2^k as two normal factors, as for `f64`.
    let k_biased = t.to_bits().wrapping_sub(ROUND_32.to_bits()).wrapping_add(256);
    let half = k_biased >> 1; // ⌊k / 2⌋ + 128
    let s1 = f32::from_bits(half.wrapping_sub(1) << 23);
    let s2 = f32::from_bits(k_biased.wrapping_sub(half).wrapping_sub(1) << 23);
    p * s1 * s2
}

/// `e^x` for an `f64`.
#[hot]
pub(crate) fn exp_f64(x: f64) -> f64 {
    // e^710 overflows and e^−746 rounds to 0; NaN fails both tests and stays.
    let x = if x > 710.0 { 710.0 } else { x };
    let x = if x < -746.0 { -746.0 } else { x };
    let t = x * LOG2_E + ROUND;
    let k = t - ROUND;
    // `k · LN2_HI` is exact and `x − k · LN2_HI` too (the two are within a factor 2 of each
    // other, or `k` is 0): `r` carries one rounding.
    let r = (x - k * LN2_HI) - k * LN2_LO;
    // e^r = 1 + r + r² q(r), q Taylor's series to r^13 (relative error below 5e-18), its
    // terms paired (Estrin's scheme) so that the chain of dependent operations is short.
    let r2 = r * r;
    let a0 = 1.0 / 2.0 + r * (1.0 / 6.0);
    let a1 = 1.0 / 24.0 + r * (1.0 / 120.0);
    let a2 = 1.0 / 720.0 + r * (1.0 / 5_040.0);
    let a3 = 1.0 / 40_320.0 + r * (1.0 / 362_880.0);
    let a4 = 1.0 / 3_628_800.0 + r * (1.0 / 39_916_800.0);
    let a5 = 1.0 / 479_001_600.0 + r * (1.0 / 6_227_020_800.0);
    let r4 = r2 * r2;
    let q = (a0 + r2 * a1) + r4 * ((a2 + r2 * a3) + r4 * (a4 + r2 * a5));
    let p = 1.0 + (r + r2 * q);
    // 2^k as two factors, each a normal number for |k| ≤ 1080: a result in the subnormals is
    // rounded once, by the last product.
    let k_biased = t.to_bits().wrapping_sub(ROUND.to_bits()).wrapping_add(2048);
    let half = k_biased >> 1; // ⌊k / 2⌋ + 1024
    let s1 = f64::from_bits(half.wrapping_sub(1) << EXP_SHIFT);
    let s2 = f64::from_bits(k_biased.wrapping_sub(half).wrapping_sub(1) << EXP_SHIFT);
    p * s1 * s2
}

/// `ln x` for an `f32`, in `f32` arithmetic.
#[hot]
pub(crate) fn ln_f32(x: f32) -> f32 {
    let tiny = x < f32::MIN_POSITIVE;
    let y = if tiny { x * 16_777_216.0 } else { x };
    // y = 2^e · m, m in [√½, √2): the bits grow with `y`, so `y` lies in
    // `[√½ · 2^e, √½ · 2^(e+1))` exactly when its bits less those of `√½` lie in
    // `[e · 2^23, (e + 1) · 2^23)`; those of 1.0 added keep them positive.
    let bits = y.to_bits();
    let e_biased = bits.wrapping_add(ONE_BITS_32).wrapping_sub(SQRT_HALF_BITS_32) >> 23;
    let m = f32::from_bits(bits.wrapping_sub(e_biased.wrapping_sub(127) << 23));
    // `e_biased` has 9 bits: exact through `i16`.
    let e = f32::from(e_biased as i16 - 127);
    let e = if tiny { e - 24.0 } else { e };
    // f = m − 1 is exact, and with s = f / (2 + f):
    //   ln(1 + f) = 2 atanh s = 2s + s R(s²),  R(z) = 2z/3 + 2z²/5 + …,
    //   2s = f − f s = f − f²/2 + s f²/2,
    // so ln(1 + f) = f − (f²/2 − s (f²/2 + R)): the rounding errors fall on the terms after f.
    let f = m - 1.0;
    let s = f / (2.0 + f);
    let z = s * s;
    // R to z^5 (relative error of the sum below 1e-9, |s| < 0.172).
    let z2 = z * z;
    let a0 = 2.0 / 3.0 + z * (2.0 / 5.0);
    let a1 = 2.0 / 7.0 + z * (2.0 / 9.0);
    let r = z * (a0 + z2 * (a1 + z2 * (2.0 / 11.0)));
    let hfsq = 0.5 * f * f;
    let lo = s * (hfsq + r) + e * LN2_LO_32;
    let res = e * LN2_HI_32 + (f - (hfsq - lo));
    let res = if x == f32::INFINITY { x } else { res };
    if x > 0.0 {
        res
    } else if x == 0.0 {
        f32::NEG_INFINITY
    } else {
        f32::NAN
    }
}
