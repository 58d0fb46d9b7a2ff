//! What the examples share that is not about shapecast: their exit status, their one optional
//! argument (the batch size), and the generator of their deterministic data.

// (Each example compiles this module on its own and uses a part of it.)
#![allow(dead_code)]

use std::process::ExitCode;

/// Runs the example `name`'s `run`: exit status 0, or its error on standard error and 1.
pub fn main_of(name: &str, run: impl FnOnce() -> Result<(), String>) -> ExitCode {
    match run() {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            eprintln!("{name}: {message}");
            ExitCode::FAILURE
        }
    }
}

/// The batch size, the example's one optional argument: an integer in `1..=max`, `default`
/// without it.
pub fn batch_argument(default: usize, max: usize) -> Result<usize, String> {
    let mut args = std::env::args().skip(1);
    match (args.next(), args.next()) {
        (None, _) => Ok(default),
        (Some(arg), None) => match arg.parse::<usize>() {
            Ok(n) if (1..=max).contains(&n) => Ok(n),
            _ => Err(format!("the batch size must be an integer in 1..={max}, not {arg:?}")),
        },
        (Some(_), Some(_)) => Err("expected at most one argument, the batch size".to_string()),
    }
}

/// A 64-bit linear congruential generator (Knuth's MMIX constants), from its seed.
pub struct Lcg(pub u64);

impl Lcg {
    /// The next state: its top bits are the most random.
    pub fn next_state(&mut self) -> u64 {
        self.0 = self.0.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1_442_695_040_888_963_407);
        self.0
    }

    /// A number in `[0, 1)`, from the top 24 bits of the next state.
    pub fn next_f32(&mut self) -> f32 {
        (self.next_state() >> 40) as f32 / (1u64 << 24) as f32
    }

    /// A number in `[0, 1)`, from the top 53 bits of the next state.
    pub fn next_f64(&mut self) -> f64 {
        (self.next_state() >> 11) as f64 / (1u64 << 53) as f64
    }
}
