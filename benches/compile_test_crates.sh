#!/usr/bin/env bash
# What each test crate costs to compile in a debug build after a one-line change: its CPU time
# (user + sys) and the peak memory of the build, with incremental compilation off, the library
# and the dependencies already built. A user with that many expressions in one crate pays the
# same.
#
#   bash benches/compile_test_crates.sh [CRATE...]   (default: every tests/*.rs)
#
# Each crate is rebuilt alone (`touch tests/CRATE.rs`, then `cargo test --no-run --test CRATE`)
# under `/usr/bin/time`, whose peak resident size is the largest process of the build (rustc).
# Prints one line per crate: CPU seconds, peak MB, and the crate.
set -euo pipefail
cd "$(dirname "$0")/.."
export CARGO_INCREMENTAL=0
if [ $# -eq 0 ]; then
  set -- $(for f in tests/*.rs; do basename "$f" .rs; done)
fi
# The library, the dependencies and every other target first, so that each line is one crate.
cargo test --no-run --quiet -p shapecast "${@/#/--test=}" > /dev/null 2>&1 || cargo test --no-run -p shapecast "${@/#/--test=}"
printf '%8s %9s  %s\n' "CPU s" "peak MB" "test crate"
for crate in "$@"; do
  touch "tests/$crate.rs"
  log=$(mktemp)
  /usr/bin/time -f '%U %S %M' -o "$log" cargo test --no-run --quiet -p shapecast --test "$crate" > /dev/null 2>&1
  read -r user sys peak < "$log"
  rm -f "$log"
  printf '%8.1f %9.0f  %s\n' "$(echo "$user + $sys" | bc)" "$(echo "$peak / 1024" | bc)" "$crate"
done
