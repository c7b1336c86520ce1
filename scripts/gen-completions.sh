#!/usr/bin/env bash
# Regenerates completions/ from the clap definition (tests/completions.rs checks they are current).
set -euo pipefail
cd "$(dirname "$0")/.."
cargo build -q
bin=target/debug/arbiter
$bin completions bash > completions/arbiter.bash
$bin completions zsh > completions/_arbiter
$bin completions fish > completions/arbiter.fish
$bin completions powershell > completions/_arbiter.ps1
$bin completions elvish > completions/arbiter.elv
