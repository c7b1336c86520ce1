#!/usr/bin/env bash
# Speed of the sentence encoder (arbiter-meaning, release build): a search embeds ONE
# question per process, so what counts is the model load plus that first question.
#   - per process (RUNS processes): init, first question, warm question, wall ms (medians);
#   - CPU time of a whole process that loads the model and embeds one question
#     (`perf stat` task-clock, if perf is installed: less noisy than wall time on a
#     shared machine).
# Prints the load average: the figures mean little without it.
#
# The matrix products run on the fastest integer path the CPU has (AVX-512 VNNI, AVX2
# or plain Rust; meaning/src/int8.rs). On a CPU with VNNI each figure is also given
# with the AVX2 path forced (ARBITER_MEANING_KERNEL=avx2, which can only pick a slower
# path the CPU has, never change a result): what a CPU without VNNI, such as most CI
# machines, gets.
#
# Usage: benches/embed.sh [RUNS]     (default 20)
set -euo pipefail
cd "$(dirname "$0")/.."
RUNS="${1:-20}"
cargo build --release --quiet -p arbiter-meaning --example embed_bench
BIN="$PWD/target/release/examples/embed_bench"
echo "load average before: $(cut -d' ' -f1-3 /proc/loadavg)"
OUT="$(mktemp)"
trap 'rm -f "$OUT"' EXIT
KERNELS="best"
grep -q avx512_vnni /proc/cpuinfo 2>/dev/null && KERNELS="best avx2"
for KERNEL in $KERNELS; do
  : >"$OUT"
  for _ in $(seq "$RUNS"); do ARBITER_MEANING_KERNEL="$KERNEL" "$BIN" 30 >>"$OUT"; done
  python3 - "$OUT" "$KERNEL" <<'EOF'
import statistics, sys
rows = [dict(zip(l.split()[::2], map(float, l.split()[1::2]))) for l in open(sys.argv[1])]
med = lambda k: statistics.median(r[k] for r in rows)
fastest = min(r["warm_min_ms"] for r in rows)
path = "fastest path" if sys.argv[2] == "best" else sys.argv[2] + " path"
print(f"{path}: {len(rows)} processes, {int(rows[0]['tokens'])}-token question, wall ms (median): "
      f"init {med('init_ms'):.2f}, first question {med('first_ms'):.2f}, "
      f"warm question {med('warm_median_ms'):.2f} (fastest {fastest:.2f})")
EOF
  if command -v perf >/dev/null && perf stat -e task-clock true 2>/dev/null; then
    ARBITER_MEANING_KERNEL="$KERNEL" perf stat -r "$RUNS" -e task-clock "$BIN" 0 2>&1 >/dev/null |
      awk '/task-clock/ {print "  whole process, init + one question: " $1 " ms CPU (perf task-clock, mean of '"$RUNS"')"}'
  fi
done
echo "load average after: $(cut -d' ' -f1-3 /proc/loadavg)"
