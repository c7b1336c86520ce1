#!/usr/bin/env bash
# Issue 10's stress cases and the later stress-input pass, each from a small input: time and
# peak memory of the whole process (release build; ARBITER_BIN=path for another binary). Target: every case under 1 s and 200 MB, or refused at once
# with an error naming the limit. Usage: benches/stress.sh
set -euo pipefail
cd "$(dirname "$0")/.."
bin=${ARBITER_BIN:-}
if [ -z "$bin" ]; then
  cargo build --release -q
  bin=$PWD/target/release/arbiter
fi
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
export ARBITER_CACHE_DIR=$tmp/cache
"$bin" search --rebuild >/dev/null 2>&1 || true
python3 - "$bin" "$tmp" <<'PY'
import os, subprocess, sys, time
bin, tmp = sys.argv[1], sys.argv[2]
def scenario(name, text):
    p = os.path.join(tmp, name + ".yaml")
    open(p, "w").write(text)
    return p
def units(card, n, extra=""):
    return ", ".join(f"{{card: {card}, id: {card.lower()}{i}{extra}}}" for i in range(n))
cases = []
# 12 and 20 simultaneous attack triggers (n! orders)
for n in (12, 20):
    cases.append((f"{n} simultaneous triggers", ["run", scenario(f"trig{n}", f"""title: t
cards:
  Herald: {{type: unit, might: 2, abilities: [{{when: attack, effect: {{might: 1, to: me}}}}]}}
  Sentry: {{type: unit, might: 6}}
setup:
  turn: {{player: A, phase: main}}
  battlefields:
    - name: The Bridge
      controller: B
      units: [{{card: Sentry}}]
  bases:
    A: [{units('Herald', n)}]
script:
  - move: {{units: [{', '.join(f'herald{i}' for i in range(n))}], to: The Bridge}}
""")]))
# damage assignment among 12 defenders; an attacker with the largest Might
for n, might in ((12, 20), (3, 1000000)):
    cases.append((f"assignment: {n} defenders, Might {might}", ["run", scenario(f"dmg{n}", f"""title: t
cards:
  Brute: {{type: unit, might: {might}}}
  Guard: {{type: unit, might: 3}}
setup:
  turn: {{player: A, phase: main}}
  battlefields:
    - name: The Bridge
      controller: B
      units: [{units('Guard', n)}]
  bases:
    A: [{{card: Brute}}]
script:
  - move: {{units: [Brute], to: The Bridge}}
""")]))
steps = "".join(f"  - effect: {{set-might: {i % 7 + 1}, to: Golem}}\n" for i in range(200))
cases.append(("200 Might-setting steps", ["test", scenario("steps", f"""title: t
cards:
  Golem: {{type: unit, might: 4}}
setup:
  turn: {{player: A, phase: main}}
  bases:
    A: [{{card: Golem}}]
script:
{steps}expect:
  - {{object: Golem, might: 4}}
""")]))
ab = ", ".join(["{while: has Tank, scope: other-friendly-units, grant: [Shield]}"] * 250
               + ["{while: always, scope: other-friendly-units, grant: [Tank]}"] * 250)
cases.append(("500 passive abilities on one card", ["test", scenario("passives", f"""title: t
cards:
  Banner: {{type: unit, might: 1, abilities: [{ab}]}}
  Squire: {{type: unit, might: 2}}
setup:
  turn: {{player: A, phase: main}}
  bases:
    A: [{{card: Banner}}, {{card: Squire}}]
expect:
  - {{object: Squire, keywords: [Tank, Shield]}}
""")]))
for count in (1000, 3000000):
    cases.append((f"create {count} tokens", ["run", scenario(f"create{count}", f"""title: t
cards:
  Golem: {{type: unit, might: 4}}
setup:
  turn: {{player: A, phase: main}}
script:
  - effect: {{create: Golem, count: {count}, player: A}}
expect:
  - {{player: A, points: 0}}
""")]))
# the stress-input pass: a loop of triggers that plays a token each time; setups and scripts past any game
cases.append(("token-playing trigger loop", ["run", scenario("tokenloop", """title: t
cards:
  Tok: {type: token, might: 1}
  Spawner: {type: unit, might: 1, abilities: [{when: you-play-unit, effect: {create: Tok}}]}
setup:
  turn: {player: A, phase: main}
  bases:
    A: [{card: Spawner}]
script:
  - effect: {create: Tok}
""")]))
def board(n, script):
    return f"""title: t
cards:
  Grunt: {{type: unit, might: 1}}
setup:
  turn: {{player: A, phase: main}}
  bases:
    A: [{", ".join(f"{{card: Grunt, id: g{i}}}" for i in range(n))}]
script:
{script}"""
cases.append(("30,000 units in a base, a turn", ["run", scenario("units30k", board(30000, "  - end-turn\n"))]))
cases.append(("2,000 permanent buff steps", ["run", scenario("buffs2k", board(1, "  - effect: {might: 1, to: g0}\n" * 2000))]))
cases.append(("20,000 expect steps", ["run", scenario("expect20k", board(1, "  - expect: [{turn: true, phase: main}]\n" * 20000))]))
cases.append(("REPL: 10,000 `do` on 490 units", ["repl", scenario("repl490", board(490, "  - advance\n"))],
              b"do effect: {heal: g0}\n" * 10000))
cases.append(("--cards /dev/zero", ["--cards", "/dev/zero", "cards"]))
cases.append(("define, 30,000-character term", ["define", "x" * 30000]))
cases.append(("define, 1,000-character term", ["define", "x" * 1000]))
cases.append(("search, 3,000 unknown words", ["search"] + [f"zq{i}w" for i in range(3000)]))
cases.append(("search, 32 unknown 20-letter words", ["search"] + [f"zqx{i}w" + "k" * 14 for i in range(32)]))
cases.append(("search --limit 18446744073709551615", ["search", "--limit", "18446744073709551615", "tank"]))
cases.append(("search --limit 10000", ["search", "--limit", "10000", "unit"]))
print(f"{'case':40} {'exit':>4} {'time':>8} {'peak RSS':>9}  first line of stderr")
for name, args, *stdin in cases:
    t = time.perf_counter()
    p = subprocess.Popen(["/usr/bin/time", "-f", "RSS %M", bin] + args, stdin=subprocess.PIPE,
                         stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    _, err = p.communicate(stdin[0] if stdin else b"")
    dt = time.perf_counter() - t
    lines = err.decode(errors="replace").splitlines()
    rss = int(lines[-1].split()[1]) / 1024
    lines = [l for l in lines[:-1] if not l.startswith("Command exited")]
    line = lines[0][:70] if lines else ""
    print(f"{name:40} {p.returncode:>4} {dt:>7.2f}s {rss:>7.0f}MB  {line}")
PY
