#!/usr/bin/env bash
# The random-play invariant test of src/engine/random_play.rs, run long: SEEDS games of
# ACTIONS actions each (default 5,000 × 200 = 10^6 actions), release build.
# Usage: scripts/random-play-long.sh [SEEDS] [ACTIONS]
set -euo pipefail
cd "$(dirname "$0")/.."
seeds=${1:-5000}
actions=${2:-200}
start=$(date +%s)
ARBITER_RANDOM_PLAY_SEEDS=$seeds ARBITER_RANDOM_PLAY_ACTIONS=$actions \
    cargo test --release -q --lib engine::random_play -- --nocapture --test-threads=1 2>&1 |
    grep -E "random play:|test result|panicked|seed"
echo "$seeds games × $actions actions in $(( $(date +%s) - start )) s (including the build)"
