#!/usr/bin/env bash
# The property tests of tests/properties.rs, run long: CASES cases per property (default
# 1,000,000), release build, one thread (the machine is shared). Prints each property's
# time. Usage: scripts/fuzz-long.sh [CASES]
set -euo pipefail
cd "$(dirname "$0")/.."
cases=${1:-1000000}
cargo test --release --test properties --no-run -q
for t in the_loader_never_panics_on_any_text mutated_scenarios_load_and_run_without_panic \
    numbers_load_exactly_within_their_range rule_ids_round_trip built_rule_ids_parse \
    queries_lex_and_plan_without_panic plain_words_lex_to_words repl_lines_never_panic; do
    start=$(date +%s)
    PROPTEST_CASES=$cases cargo test --release -q --test properties -- --exact "$t" \
        --test-threads=1 2>&1 | grep -E "test result|panicked|minimal failing" || true
    echo "$t: $cases cases in $(( $(date +%s) - start )) s"
done
