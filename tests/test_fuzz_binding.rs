//! Binding run-time sizes from data: the fuzz target `binding`'s corpus (`fuzz/corpus/binding`)
//! and findings (`fuzz/regressions/binding`), replayed on stable through the same check, then
//! 25,000 seeded random inputs (with the 100,000 hostile cases of `test_fuzz_corpus.rs`, 125,000
//! per run), each through every reduction and conversion of the check.

#[path = "common/binding_checks.rs"]
mod binding_checks;

use std::path::Path;

fn replay(kind: &str) -> usize {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("fuzz").join(kind).join("binding");
    let Ok(entries) = std::fs::read_dir(&dir) else { return 0 };
    let mut files: Vec<_> = entries.map(|e| e.unwrap().path()).filter(|p| p.is_file()).collect();
    files.sort();
    for file in &files {
        let bytes = std::fs::read(file).unwrap();
        let outcome = std::panic::catch_unwind(|| binding_checks::binding_case(&bytes));
        assert!(outcome.is_ok(), "{} fails again", file.display());
    }
    files.len()
}

#[test]
fn the_binding_corpus_replays() {
    let n = replay("corpus");
    assert!(n >= 20, "the corpus of fuzz/corpus/binding is missing ({n} files)");
    replay("regressions");
}

#[test]
fn seeded_random_bindings() {
    let mut state = 0x9e37_79b9_7f4a_7c15u64;
    for _ in 0..25_000 {
        let bytes: Vec<u8> = (0..32)
            .map(|_| {
                state ^= state << 13;
                state ^= state >> 7;
                state ^= state << 17;
                state as u8
            })
            .collect();
        binding_checks::binding_case(&bytes);
    }
}
