#!/usr/bin/env bash
# Regenerates completions/ and man/ from the clap definition (tests/completions.rs checks they are current).
set -euo pipefail
cd "$(dirname "$0")/.."
cargo build -q
bin=target/debug/arbiter
$bin completions bash > completions/arbiter.bash
$bin completions zsh > completions/_arbiter
$bin completions fish > completions/arbiter.fish
$bin completions powershell > completions/_arbiter.ps1
$bin completions elvish > completions/arbiter.elv
# The man pages: arbiter(1) and arbiter-COMMAND(1).
mkdir -p man
rm -f man/*.1
$bin man > man/arbiter.1
for c in $($bin man --list); do $bin man "$c" > "man/arbiter-$c.1"; done
