#!/usr/bin/env bash
# Whole-process wall time of `arbiter diff` (release build) for the two Riftbound
# core editions (2025-06-02 → 2026-03-30) and the web edition → 2026-03-30, text and
# JSON (target: < 200 ms). Prints the median and the range of RUNS runs of each.
set -euo pipefail
cd "$(dirname "$0")/.."
cargo build --release -q
bin=target/release/arbiter
runs=${RUNS:-21}
python3 - "$bin" "$runs" <<'PY'
import statistics, subprocess, sys, time
bin, runs = sys.argv[1], int(sys.argv[2])
cases = [
    ["diff", "2025-06-02", "2026-03-30"],
    ["diff", "2025-06-02", "2026-03-30", "--json"],
    ["diff", "2025-06-02", "2026-03-30", "--section", "500-512"],
    ["diff", "web-older", "2026-03-30"],
]
for args in cases:
    subprocess.run([bin, *args], stdout=subprocess.DEVNULL, check=True)  # warm the page cache
    xs = []
    for _ in range(runs):
        t = time.perf_counter()
        subprocess.run([bin, *args], stdout=subprocess.DEVNULL, check=True)
        xs.append((time.perf_counter() - t) * 1000)
    print(f"arbiter {' '.join(args):<48} median {statistics.median(xs):6.1f} ms  "
          f"(min {min(xs):.1f}, max {max(xs):.1f}, {runs} runs)")
PY
