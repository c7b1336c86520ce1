#!/usr/bin/env bash
# Start-up of `arbiter repl FILE` (load, build, start the game, run one command and quit),
# whole process, release build, piped input. Target: under 20 ms. RUNS=N.
set -euo pipefail
cd "$(dirname "$0")/.."
runs=${RUNS:-30}
cargo build --release -q
bin=target/release/arbiter
python3 - "$bin" "$runs" <<'PY'
import statistics, subprocess, sys, time
bin, runs = sys.argv[1], int(sys.argv[2])
def median_ms(args, stdin):
    xs = []
    for i in range(runs + 3):
        t = time.perf_counter()
        subprocess.run(args, input=stdin, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        if i >= 3: xs.append(time.perf_counter() - t)
    return statistics.median(xs) * 1000
f = "scenarios/combat/tank-first.yaml"
quit_only = b"quit" + bytes([10])
session = bytes([10]).join([b"step", b"board", b"back", b"quit", b""])
a = median_ms([bin, "--color", "never", "repl", f], quit_only)
b = median_ms([bin, "--color", "never", "repl", f], session)
c = median_ms([bin, "--color", "never", "run", f], b"")
import os, tempfile
saved = os.path.join(tempfile.gettempdir(), "arbiter-bench-save.yaml")
d = median_ms([bin, "--color", "never", "repl", f], bytes([10]).join([b"step", b"save " + saved.encode(), b"quit", b""]))
print(f"repl {f} (quit at once): {a:.1f} ms median of {runs}")
print(f"repl {f} (step, board, back, quit): {b:.1f} ms median of {runs}")
print(f"run {f} (for comparison): {c:.1f} ms median of {runs}")
print(f"repl {f} (step, save — written, loaded back and checked — quit): {d:.1f} ms median of {runs}")
PY
