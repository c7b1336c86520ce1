#!/usr/bin/env bash
# Speed of scenario runs (release build): the whole library with `arbiter test`,
# and each scenario on its own with `arbiter run` (process start included).
# Target: under 10 ms per scenario. Usage: benches/scenarios.sh [runs]
set -euo pipefail
cd "$(dirname "$0")/.."
runs="${1:-10}"
cargo build --release --quiet
bin=target/release/arbiter
mapfile -t files < <(find scenarios -name '*.yaml' | sort)
n=${#files[@]}

now() { date +%s%N; }

# Whole library: best and mean of $runs runs of `arbiter test scenarios/`.
best=999999999999; total=0
for _ in $(seq "$runs"); do
  t0=$(now); "$bin" --color never test scenarios >/dev/null; t1=$(now)
  d=$((t1 - t0)); total=$((total + d)); ((d < best)) && best=$d
done
mean=$((total / runs))
printf 'arbiter test scenarios/: %d scenarios, mean %.1f ms, best %.1f ms (%d runs)\n' \
  "$n" "$(bc -l <<<"$mean/1000000")" "$(bc -l <<<"$best/1000000")" "$runs"
printf '  per scenario (whole run / count): mean %.2f ms, best %.2f ms\n' \
  "$(bc -l <<<"$mean/1000000/$n")" "$(bc -l <<<"$best/1000000/$n")"

# Each scenario alone: `arbiter run FILE` (one process per run), slowest first.
echo "arbiter run FILE (mean of $runs runs, process start included), slowest 5:"
for f in "${files[@]}"; do
  t0=$(now)
  for _ in $(seq "$runs"); do "$bin" --color never run "$f" >/dev/null 2>&1 || true; done
  t1=$(now)
  printf '%8.2f ms  %s\n' "$(bc -l <<<"($t1-$t0)/$runs/1000000")" "$f"
done | sort -rn | tee /tmp/arbiter-bench-per-file.txt | head -5
awk '{s+=$1} END {printf "  mean over %d scenarios: %.2f ms\n", NR, s/NR}' /tmp/arbiter-bench-per-file.txt
