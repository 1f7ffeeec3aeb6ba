#!/usr/bin/env bash
# Measures pomo against its targets, side by side with peer tools (termdown, Timewarrior,
# Python's json.loads).
# Installs what it uses (termdown from PyPI; timewarrior and hyperfine from Debian), builds a
# release binary, and prints the figures. Usage: Scripts/bench.sh [section...]
#   sections: session (CPU, accuracy, memory while counting down), status, control (commands
#   and status --follow: round trip, feed delay, CPU), report, history (corrections, edit,
#   import), folder (a journal folder of 10 machine files), spans (the day totals: --year, full
#   history, --hours, first builds), core (the journal core: first build of every cache, an
#   append then a week, log as text and JSON beside Python, a full history as JSON and its
#   memory, a folder of 10,000 files under ulimit -n 64), moves (a workout with exercises and an
#   AMRAP against the same workout without them: CPU per minute on --big), tick (a focus with
#   the tick on against one without, players included), ambient (a focus with brown noise
#   looped against one without: pomo's CPU and the player's), voice (how late speech starts against
#   the moment it announces, with a fake speaker), dnd (do-not-disturb with a real dunst
#   under Xvfb: what switching it costs a session), tasks (task list, report --tasks and task
#   changes over 100,000 and 1,000,000 sessions with 10,000 tasks), away (logind on a
#   stand-in system bus: CPU listening, Lock to paused, pomo away round trip), flood (Lock to
#   paused while another user floods pomo's bus connection with 8 MB signals), log (`log --json`
#   and `log` as text over every session of 10,000 to 1,000,000: time and peak memory beside
#   Python's json.loads of the same file)
# Sections named alone that need no peer tool installed (away, flood; log, whose peer is Python)
# install none, but log takes /usr/bin/time (Debian's time) for its memory figures.
set -euo pipefail
cd "$(dirname "$0")/.."

# Whether a section that compares with the peer tools runs (all do when none is named), and
# whether one measures peak memory with /usr/bin/time (log).
peers=no
memory=no
named=no
for word in "$@"; do
  case "$word" in
    -*|[0-9]*) ;;
    away|flood) named=yes ;;
    log) named=yes; memory=yes ;;
    *) named=yes; peers=yes ;;
  esac
done
[ "$named" = yes ] || { peers=yes; memory=yes; }

need_apt=()
if [ "$peers" = yes ]; then
  command -v timew >/dev/null || need_apt+=(timewarrior)
  command -v hyperfine >/dev/null || need_apt+=(hyperfine)
  command -v aplay >/dev/null || need_apt+=(alsa-utils)
fi
[ "$memory" = no ] || [ -x /usr/bin/time ] || need_apt+=(time)
if [ ${#need_apt[@]} -gt 0 ]; then
  if [ "$(id -u)" = 0 ]; then
    apt-get update -qq >/dev/null && apt-get install -y -qq "${need_apt[@]}" >/dev/null
  else
    echo "bench: please install ${need_apt[*]}" >&2
  fi
fi
[ "$peers" = no ] || python3 -c 'import termdown' 2>/dev/null || python3 -m pip install -q termdown >/dev/null 2>&1 || echo "bench: could not install termdown; its column will be empty" >&2

swift build -c release --product pomo >/dev/null || { echo "bench: the release build failed" >&2; swift build -c release --product pomo; exit 1; }
exec python3 Scripts/bench.py --pomo "$(swift build -c release --show-bin-path)/pomo" "$@"
