#!/usr/bin/env bash
# Speed of the card database: load and compile every card (`cards coverage`, which
# compiles all of them), and one `card` lookup (load, find, compile one), whole process,
# release build. Target: under 50 ms for the 945-card community list.
# Usage: benches/cards.sh [CARDS.json] (default ../shared/data/cards.json). RUNS=N.
set -euo pipefail
cd "$(dirname "$0")/.."
db=${1:-../shared/data/cards.json}
runs=${RUNS:-30}
[ -f "$db" ] || { echo "no card database at $db (give one as the first argument)"; exit 2; }
cargo build --release -q
bin=target/release/arbiter
python3 - "$bin" "$db" "$runs" <<'PY'
import statistics, subprocess, sys, time
bin, db, runs = sys.argv[1], sys.argv[2], int(sys.argv[3])
def median_ms(cmd):
    for _ in range(3):
        subprocess.run(cmd, stdout=subprocess.DEVNULL, check=True)
    xs = []
    for _ in range(runs):
        t = time.perf_counter(); subprocess.run(cmd, stdout=subprocess.DEVNULL, check=True)
        xs.append(time.perf_counter() - t)
    return statistics.median(xs) * 1000
n = subprocess.run([bin, "--cards", db, "--json", "cards"], capture_output=True, text=True).stdout
print(f"database: {db}")
print(f"cards coverage (load + compile every card): {median_ms([bin, '--cards', db, '--json', 'cards', 'coverage']):.1f} ms median of {runs}")
print(f"card zhonyas (load + find + compile one):    {median_ms([bin, '--cards', db, 'card', 'zhonyas']):.1f} ms median of {runs}")
print(f"rule 323.5 (process start, for comparison):  {median_ms([bin, 'rule', '323.5']):.1f} ms median of {runs}")
PY
