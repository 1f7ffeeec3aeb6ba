#!/usr/bin/env bash
# Renders `pomo report --format html` in real headless Chromium (Debian's `chromium`) and checks
# what a reader would see: the screenshot is not blank (light, and dark when the reader prefers
# dark), and the DOM Chromium built has one cell per day.
#
# Installs chromium with apt-get when it is missing (as root, or with sudo). When it cannot,
# it says so plainly and exits 77, which .ci/run reports as skipped; any other failure is 1.
# Usage: Scripts/render-check.sh [path/to/pomo]   (default: .build/debug/pomo, built if missing)
set -euo pipefail
cd "$(dirname "$0")/.."

skip() {
  echo "render-check: SKIPPED: $*" >&2
  echo "render-check: the HTML report was NOT rendered in Chromium" >&2
  exit 77
}

browser=""
for name in chromium chromium-browser; do
  if command -v "$name" >/dev/null; then browser=$(command -v "$name"); break; fi
done
if [ -z "$browser" ]; then
  sudo=""
  [ "$(id -u)" = 0 ] || sudo="sudo"
  command -v apt-get >/dev/null || skip "chromium is not installed and apt-get is not here to install it"
  if [ -n "$sudo" ] && ! sudo -n true 2>/dev/null; then skip "chromium is not installed and installing it needs root"; fi
  echo "render-check: installing chromium" >&2
  export DEBIAN_FRONTEND=noninteractive
  if ! { $sudo apt-get update -qq >/dev/null && $sudo apt-get install -y -qq --no-install-recommends chromium >/dev/null; }; then
    skip "apt-get could not install chromium"
  fi
  browser=$(command -v chromium) || skip "chromium installed but not on PATH"
fi

pomo=${1:-.build/debug/pomo}
[ -x "$pomo" ] || swift build --product pomo >/dev/null
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
mkdir -p "$work/home"
python3 Scripts/demo-journal.py "$work/journal.jsonl"
printf '{"daily_goal": "4h"}\n' >"$work/config.json"
mkdir -p "$work/home/.config/pomo" && cp "$work/config.json" "$work/home/.config/pomo/config.json"
run_pomo() { env -i HOME="$work/home" PATH=/usr/bin:/bin TZ=UTC LANG=C.UTF-8 POMO_JOURNAL="$work/journal.jsonl" "$pomo" "$@"; }

chrome() {
  # A fresh profile each time; no sandbox (CI runs as root); no GPU, no first-run chatter.
  "$browser" --headless --no-sandbox --disable-gpu --hide-scrollbars --no-first-run \
    --user-data-dir="$work/profile-$RANDOM" "$@" 2>"$work/chrome.log"
}

status=0
# name, pomo arguments, the days the page must hold, a colour the picture must show
while IFS='|' read -r name arguments days colour; do
  page="$work/$name.html"
  # shellcheck disable=SC2086
  run_pomo report $arguments --format html --output "$page"
  chrome --dump-dom "file://$page" >"$work/$name.dom"
  cells=$(python3 - "$work/$name.dom" <<'EOF'
import html.parser, sys
class Cells(html.parser.HTMLParser):
    n = 0
    def handle_starttag(self, tag, attrs):
        if "day" in (dict(attrs).get("class") or "").split():
            self.n += 1
    handle_startendtag = handle_starttag
p = Cells()
p.feed(open(sys.argv[1], encoding="utf-8").read())
print(p.n)
EOF
)
  if [ "$cells" = "$days" ]; then
    echo "render-check: $name: the DOM has $cells day cells"
  else
    echo "render-check: FAIL: $name: the DOM has $cells day cells, expected $days" >&2
    status=1
  fi
  chrome --window-size=1000,900 --screenshot="$work/$name.png" "file://$page" >/dev/null
  # The light page: white background, the picture's red and the goal's green outline.
  python3 Scripts/pngcheck.py "$work/$name.png" --has "$colour" 1a7f37 || status=1
  chrome --force-dark-mode --blink-settings=preferredColorScheme=0 --window-size=1000,900 \
    --screenshot="$work/$name-dark.png" "file://$page" >/dev/null
  python3 Scripts/pngcheck.py "$work/$name-dark.png" --dark || status=1
done <<'EOF'
year|--year 2026|365|b8311d
week|--week 2026-W48|7|e8604c
month|--month 2026-02|28|e8604c
EOF

if [ -n "${RENDER_CHECK_KEEP:-}" ]; then cp "$work"/*.png "$RENDER_CHECK_KEEP"/; fi
[ $status = 0 ] && echo "render-check: passed"
exit $status
