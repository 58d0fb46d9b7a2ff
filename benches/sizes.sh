#!/usr/bin/env bash
# Sizes of the no_std proof binary (tests/no-std), stripped, and of one monomorphized kernel in
# it: `&a + &b` for `[8, 16] + [16]` on f32 (the symbol `shapecast_add_f32_8x16_16`).
#
#   bash benches/sizes.sh
set -euo pipefail
cd "$(dirname "$0")/.."
cargo build -q --manifest-path tests/no-std/Cargo.toml --release
bin=tests/no-std/target/release/shapecast-no-std
stripped=$(mktemp)
trap 'rm -f "$stripped"' EXIT
strip -o "$stripped" "$bin"
printf 'no_std binary (release, panic=abort, lto), stripped: %s bytes\n' "$(stat -c %s "$stripped")"
hex=$(nm -S --size-sort "$bin" | awk '$4 == "shapecast_add_f32_8x16_16" { print $2 }')
size=$((16#$hex))
printf 'kernel [8,16] + [16] on f32 (shapecast_add_f32_8x16_16): %s bytes of code\n' "$size"
