#!/usr/bin/env bash
# Makes the README's pictures from the demo journal (Scripts/demo-journal.py, the same bytes
# every run): docs/report-year.svg (the heatmap), docs/report-week.svg (a week's bars),
# and docs/report-page.png (the HTML page in headless Chromium). Run it after changing how
# reports look, and commit docs/. (The current streak in them counts to the day it runs.)
# Usage: Scripts/pictures.sh [path/to/pomo]   (default: .build/debug/pomo, built if missing)
set -euo pipefail
cd "$(dirname "$0")/.."
pomo=${1:-.build/debug/pomo}
[ -x "$pomo" ] || swift build --product pomo >/dev/null
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
mkdir -p "$work/home/.config/pomo" docs
python3 Scripts/demo-journal.py "$work/journal.jsonl"
printf '{"daily_goal": "4h"}\n' >"$work/home/.config/pomo/config.json"
run_pomo() {
  env -i HOME="$work/home" PATH=/usr/bin:/bin TZ=UTC LANG=C.UTF-8 COLUMNS=80 POMO_JOURNAL="$work/journal.jsonl" \
    "$pomo" "$@"
}
run_pomo report --year 2026 --format svg --output docs/report-year.svg
run_pomo report --week 2026-W48 --format svg --output docs/report-week.svg
run_pomo report --year 2026 --format html --output "$work/page.html"
browser=$(command -v chromium || command -v chromium-browser || true)
if [ -z "$browser" ]; then
  echo "pictures: chromium is not installed: docs/report-page.png was not made (Scripts/render-check.sh installs it)" >&2
  exit 1
fi
"$browser" --headless --no-sandbox --disable-gpu --hide-scrollbars --no-first-run \
  --user-data-dir="$work/profile" --window-size=1000,820 --screenshot="$work/page.png" "file://$work/page.html" \
  2>/dev/null >/dev/null
cp "$work/page.png" docs/report-page.png
echo "pictures: wrote docs/report-year.svg, docs/report-week.svg, docs/report-page.png"
