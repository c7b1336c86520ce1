#!/usr/bin/env bash
# Exports the site and takes screenshots with headless Chromium at 1280 and 390
# pixels wide (desktop and phone), so that a person can look at them:
# target/screenshots/{index,older,search}-{1280,390}.png. (A page opened at an
# anchor, e.g. #323.5, screenshots blank in headless mode, so none is taken.)
set -euo pipefail
cd "$(dirname "$0")/.."
cargo build -q
site=target/site
shots=target/screenshots
rm -rf "$site"
mkdir -p "$shots"
target/debug/arbiter export html "$site" >/dev/null
bin=$(command -v chromium || command -v chromium-browser)
profile=$(mktemp -d)
trap 'rm -rf "$profile"' EXIT
base="file://$PWD/$site"
shot() { # name width height url
    "$bin" --headless --no-sandbox --disable-gpu --hide-scrollbars --no-first-run \
        --user-data-dir="$profile" --virtual-time-budget=10000 --run-all-compositor-stages-before-draw --window-size="$2,$3" --screenshot="$shots/$1-$2.png" "$4" \
        >/dev/null 2>&1
    echo "$shots/$1-$2.png"
}
for w in 1280 390; do
    h=$([ "$w" = 1280 ] && echo 800 || echo 844)
    shot index "$w" "$h" "$base/index.html"
    shot older "$w" "$h" "$base/riftbound-2025-06-02.html"
    shot search "$w" "$h" "$base/riftbound-2026-03-30.html?q=lethal+damage"
done
