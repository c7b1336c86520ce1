#!/usr/bin/env bash
# Whole-process wall time of `arbiter rule 323.5` against `grep -A1 '^323.5.$'` on the
# source document: median of repeated warm runs, and the ratio (target: <= 1.3).
# Uses hyperfine when installed (apt-get install hyperfine), else a Python timer.
set -euo pipefail
cd "$(dirname "$0")/.."
cargo build --release -q
bin=target/release/arbiter
doc=rules/000_d1f22d35fe5558d9.txt
runs=${RUNS:-300}
grep_cmd="grep -A1 ^323.5.\$ $doc"
arb_cmd="$bin rule 323.5"
if command -v hyperfine >/dev/null; then
  tmp=$(mktemp)
  hyperfine -N --warmup 30 --runs "$runs" --export-json "$tmp" "$grep_cmd" "$arb_cmd" >/dev/null 2>&1
  python3 - "$tmp" <<'PY'
import json, sys
r = json.load(open(sys.argv[1]))["results"]
g, a = r[0]["median"] * 1000, r[1]["median"] * 1000
print(f"grep -A1 (median):           {g:.2f} ms")
print(f"arbiter rule 323.5 (median): {a:.2f} ms")
print(f"ratio: {a / g:.2f}x (target <= 1.3x)")
PY
  rm -f "$tmp"
else
  python3 - "$runs" "$grep_cmd" "$arb_cmd" <<'PY'
import subprocess, sys, time, statistics
runs = int(sys.argv[1])
def med(cmd):
    xs = []
    for _ in range(runs):
        t = time.perf_counter(); subprocess.run(cmd.split(), stdout=subprocess.DEVNULL); xs.append(time.perf_counter() - t)
    return statistics.median(xs) * 1000
g, a = med(sys.argv[2]), med(sys.argv[3])
print(f"grep -A1 (median):           {g:.2f} ms")
print(f"arbiter rule 323.5 (median): {a:.2f} ms")
print(f"ratio: {a / g:.2f}x (target <= 1.3x; Python timer, includes spawn overhead)")
PY
fi
