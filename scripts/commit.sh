#!/usr/bin/env bash
# Commits only when fmt, clippy and the tests pass: `scripts/commit.sh "message"`.
set -euo pipefail
cd "$(dirname "$0")/.."
cargo fmt
cargo clippy --all-targets -q -- -D warnings
cargo test -q 2>&1 | grep -E "^test result|FAILED|panicked" | grep -v "ok\." || true
cargo test -q >/dev/null 2>&1 || { echo "tests fail: not committing"; exit 1; }
git add -A
git commit -q -m "$1"
echo "committed: $(git log --oneline -1)"
