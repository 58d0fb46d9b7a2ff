# Shared by the `cargo check` timing scripts (`source`d, not run): a scratch crate that depends
# on this checkout, and the median CPU time of checking one source file in it.
#
#   source "$(dirname "$0")/probe_crate.sh"
#   probe_crate NAME [CRATE] [DEPENDENCY]
#                           # sets $work (removed on exit) and writes its Cargo.toml: a crate
#                           # NAME depending on shapecast at CRATE (default this checkout) and on
#                           # the extra DEPENDENCY line (`static_assertions = "1.1"`), if given
#   prime FILE              # cds into it and builds the dependencies once, checking FILE
#   time_check FILE RUNS    # then: median user + sys seconds of `cargo check` of FILE

probe_crate() {  # $1: the crate's name, $2: shapecast's path, $3: one more dependency
  local repo=${2:-$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)}
  work=$(mktemp -d)
  trap 'rm -rf "$work"' EXIT
  mkdir -p "$work/src"
  cat > "$work/Cargo.toml" <<TOML
[package]
name = "$1"
version = "0.0.0"
edition = "2024"
publish = false
[dependencies]
shapecast = { path = "$repo" }
${3:-}
[workspace]
TOML
}

prime() {  # $1: a source file that compiles; builds the dependencies once, outside the timing
  cd "$work"
  # Every check a full one: with incremental compilation, a second check of the same text
  # reuses the first's results, and the median of the runs would time the cache.
  export CARGO_INCREMENTAL=0
  cp "$1" src/lib.rs
  cargo check -q 2>/dev/null
}

time_check() {  # $1: the file checked as src/lib.rs, $2: how many runs
  cp "$1" src/lib.rs
  cargo check -q >&2 || { echo "$(basename "$0"): $1 does not compile" >&2; exit 1; }
  for _ in $(seq "$2"); do
    touch src/lib.rs
    local TIMEFORMAT='%U + %S'
    { time cargo check -q; } 2>&1 | bc -l
  done | sort -n | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'
}
