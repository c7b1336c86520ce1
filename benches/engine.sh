#!/usr/bin/env bash
# The engine benchmark (issue 11): the random-play mix of the engine's invariant test
# (src/engine/workload.rs, 25 seeded games) and long 40-card games, in a release build,
# with the full trace and every citation recorded. Prints
#   engine: N actions/s, M µs/turn, K events/s
#   long 40-card games: A µs/action at 100 actions, B µs/action at 1,000 actions (B/A×)
# Usage: benches/engine.sh [ROUNDS]   (best of ROUNDS passes over the mix; default 5)
set -euo pipefail
cd "$(dirname "$0")/.."
cargo build --release -q --example engine_bench
exec target/release/examples/engine_bench "${1:-5}"
