//! The fuzz targets' findings, kept fixed on stable: every input of the checked-in corpus
//! (`fuzz/corpus/<target>/`, minimized with `cargo fuzz cmin`) and every crash or timeout the
//! fuzzer ever found (`fuzz/regressions/<target>/`) goes through the same check as in the fuzz
//! target. Then a hundred thousand more hostile cases of the run-time API, from seeded random
//! bytes through that check.

mod common;

use std::path::Path;

use common::fuzz_checks;

/// Every file under `fuzz/<kind>/<target>/`, sorted, with its contents.
fn inputs(kind: &str, target: &str) -> Vec<(String, Vec<u8>)> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("fuzz").join(kind).join(target);
    let Ok(entries) = std::fs::read_dir(&dir) else { return vec![] };
    let mut files: Vec<_> = entries.map(|e| e.unwrap().path()).filter(|p| p.is_file()).collect();
    files.sort();
    files.into_iter().map(|p| (p.display().to_string(), std::fs::read(&p).unwrap())).collect()
}

/// Runs `check` on each input, naming the file of the first that fails.
fn replay(kind: &str, target: &str, check: impl Fn(&[u8])) -> usize {
    let inputs = inputs(kind, target);
    for (name, bytes) in &inputs {
        let outcome = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| check(bytes)));
        assert!(outcome.is_ok(), "{name} fails again");
    }
    inputs.len()
}

#[test]
fn the_dynamic_corpus_and_findings_replay() {
    let n = replay("corpus", "dynamic", fuzz_checks::dynamic_case);
    assert!(n >= 50, "the corpus of fuzz/corpus/dynamic is missing ({n} files)");
    replay("regressions", "dynamic", fuzz_checks::dynamic_case);
}

/// Hostile cases at scale: seeded random bytes, each decoded into one call of the run-time API
/// (huge sizes, zeros beside them, more than 64 axes, wrong lengths, zero-sized elements).
#[test]
fn a_hundred_thousand_hostile_cases() {
    let mut state = 0x9e37_79b9_7f4a_7c15u64;
    let mut next = move || {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        state
    };
    let mut bytes = Vec::with_capacity(64);
    for _ in 0..100_000 {
        bytes.clear();
        let len = next() % 64;
        bytes.extend((0..len).map(|_| next() as u8));
        fuzz_checks::dynamic_case(&bytes);
    }
}
