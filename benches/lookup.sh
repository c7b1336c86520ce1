#!/usr/bin/env bash
# Whole-process wall time of the lookups against a grep on the source document (target:
# ratio <= 1.3; `rule 323.5` <= 1.0):
#   arbiter rule 323.5     vs  grep -A1 '^323.5.$'
#   arbiter toc            vs  grep -E '^[0-9]{3}\. '      (the top index's lines)
#   arbiter define focus   vs  grep -i -w focus
#   arbiter refs 323.5     vs  grep -F 323.5
# Rounds alternate the two commands of a pair so both see the same machine load; each round
# takes the median of its runs, and the script prints the median round. With valgrind
# installed it also counts instructions (repeatable, whatever the load). Uses hyperfine when
# installed, else a Python timer. Usage: benches/lookup.sh [rule|toc|define|refs ...]
set -euo pipefail
cd "$(dirname "$0")/.."
cargo build --release -q
bin=target/release/arbiter
doc=rules/000_d1f22d35fe5558d9.txt
rounds=${ROUNDS:-7}
runs=${RUNS:-60}
python3 - "$bin" "$doc" "$rounds" "$runs" "$@" <<'PY'
import json, os, shutil, statistics, subprocess, sys, tempfile, time
bin, doc, rounds, runs = sys.argv[1], sys.argv[2], int(sys.argv[3]), int(sys.argv[4])
pairs = {
    "rule": (["grep", "-A1", "^323.5.$", doc], [bin, "rule", "323.5"]),
    "toc": (["grep", "-E", "^[0-9]{3}\\. ", doc], [bin, "toc"]),
    "define": (["grep", "-i", "-w", "focus", doc], [bin, "define", "focus"]),
    "refs": (["grep", "-F", "323.5", doc], [bin, "refs", "323.5"]),
}
chosen = sys.argv[5:] or list(pairs)
hf = shutil.which("hyperfine")

def median_ms(cmd):
    if hf:
        with tempfile.NamedTemporaryFile(suffix=".json") as f:
            subprocess.run([hf, "-N", "--warmup", "10", "--runs", str(runs), "--export-json", f.name,
                            " ".join(cmd)], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=True)
            return json.load(open(f.name))["results"][0]["median"] * 1000
    xs = []
    for _ in range(runs):
        t = time.perf_counter(); subprocess.run(cmd, stdout=subprocess.DEVNULL); xs.append(time.perf_counter() - t)
    return statistics.median(xs) * 1000

def instr(cmd):
    out = subprocess.run(["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null"] + cmd,
                         stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True).stderr
    for line in out.splitlines():
        if "refs:" in line:
            return int(line.split("refs:")[1].strip().replace(",", ""))

for name in chosen:
    grep, arb = pairs[name]
    rows = []
    for _ in range(rounds):
        g = median_ms(grep); a = median_ms(arb)
        rows.append((a / g, g, a))
    rows.sort()
    ratio, g, a = rows[len(rows) // 2]
    target = "1.0" if name == "rule" else "1.3"
    print(f"{' '.join(grep[:-1])} (median):  {g:.2f} ms")
    print(f"arbiter {' '.join(arb[1:])} (median):  {a:.2f} ms")
    print(f"ratio (median of {rounds} alternating rounds): {ratio:.2f}x  (all rounds: "
          + ", ".join(f"{r:.2f}" for r, _, _ in rows) + f")  target <= {target}x")
    if shutil.which("valgrind"):
        gi, ai = instr(grep), instr(arb)
        if gi and ai:
            print(f"instructions: grep {gi:,}, arbiter {ai:,} ({ai / gi:.2f}x)")
    print()
PY
