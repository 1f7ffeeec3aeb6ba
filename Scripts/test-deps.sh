#!/usr/bin/env bash
# Installs what the tests use beyond the Swift toolchain: real time zones, the shells the
# completion tests run, a manual linter, a JSON Schema validator, an iCalendar parser for the
# export tests, Timewarrior (the export into its data files is checked with the real timew),
# and a speech synthesizer (espeak-ng: the voice test speaks into a WAV file that
# Python's wave module reads). Safe to run again; it only installs what is missing. Needs root
# (or sudo) and Debian's apt for anything missing.
set -euo pipefail

need=()
[ -e /usr/share/zoneinfo/Europe/Berlin ] || need+=(tzdata)
command -v bash >/dev/null || need+=(bash)
[ -e /usr/share/bash-completion/bash_completion ] || need+=(bash-completion)
command -v zsh >/dev/null || need+=(zsh)
command -v fish >/dev/null || need+=(fish)
command -v mandoc >/dev/null || need+=(mandoc)
command -v man >/dev/null || need+=(man-db)
python3 -c 'import jsonschema' 2>/dev/null || need+=(python3-jsonschema)
python3 -c 'import icalendar' 2>/dev/null || need+=(python3-icalendar)
command -v espeak-ng >/dev/null || need+=(espeak-ng)
[ -x /usr/bin/timew ] || need+=(timewarrior)

if [ ${#need[@]} -eq 0 ]; then exit 0; fi
echo "test-deps: installing ${need[*]}" >&2
sudo=""
[ "$(id -u)" = 0 ] || sudo="sudo"
if ! command -v apt-get >/dev/null; then
  echo "test-deps: apt-get not found; install ${need[*]} by hand" >&2
  exit 1
fi
export DEBIAN_FRONTEND=noninteractive
$sudo apt-get update -qq >/dev/null
$sudo apt-get install -y -qq --no-install-recommends "${need[@]}" >/dev/null

# Debian's packages serve Debian's python3; when `python3` is another one (pyenv, a venv), it
# cannot see them, so fall back to pip for the Python modules the tests import.
for module in icalendar; do
  python3 -c "import $module" 2>/dev/null && continue
  echo "test-deps: python3 ($(command -v python3)) still has no $module; installing it with pip" >&2
  python3 -m pip install -q "$module" 2>/dev/null \
    || python3 -m pip install -q --break-system-packages "$module"
done
