#!/usr/bin/env bash
# Whole-process wall time of `arbiter export html DIR` (release build): all four
# embedded editions, pages and search indexes (target: < 1 s). Median of RUNS runs.
set -euo pipefail
cd "$(dirname "$0")/.."
cargo build --release -q
bin=target/release/arbiter
runs=${RUNS:-11}
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
python3 - "$bin" "$runs" "$dir" <<'PY'
import statistics, subprocess, sys, time
bin, runs, d = sys.argv[1], int(sys.argv[2]), sys.argv[3]
xs = []
for _ in range(runs):
    t = time.perf_counter()
    subprocess.run([bin, "export", "html", d], stdout=subprocess.DEVNULL, check=True)
    xs.append((time.perf_counter() - t) * 1000)
print(f"arbiter export html (4 editions): median {statistics.median(xs):.0f} ms "
      f"(min {min(xs):.0f}, max {max(xs):.0f}, {runs} runs)")
PY
