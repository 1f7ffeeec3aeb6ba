#!/usr/bin/env bash
# Installs what the tests use beyond the Swift toolchain: real time zones, the shells the
# completion tests run, a manual linter, a JSON Schema validator, an iCalendar parser for the
# export tests, Timewarrior (the export into its data files is checked with the real timew),
# a real D-Bus daemon with python3-dbus and python3-gi (the D-Bus client's end-to-end tests run
# a private bus and Python stand-ins for the notification server and logind),
# (dbus-monitor, of dbus-bin, reads the calls pomo makes to a real dunst),
# a speech synthesizer (espeak-ng: the voice test speaks into a WAV file that Python's wave
# module reads), faketime (its library steps a session's wall clock), and dunst under Xvfb with
# GNOME's gsettings (do-not-disturb during focus). Safe to run again; it
# only installs what is missing. Needs root (or sudo) and Debian's apt for anything missing.
set -euo pipefail

need=()
[ -e /usr/share/zoneinfo/Europe/Berlin ] || need+=(tzdata)
command -v bash >/dev/null || need+=(bash)
[ -e /usr/share/bash-completion/bash_completion ] || need+=(bash-completion)
command -v zsh >/dev/null || need+=(zsh)
command -v fish >/dev/null || need+=(fish)
command -v mandoc >/dev/null || need+=(mandoc)
command -v man >/dev/null || need+=(man-db)
# The tests run the system's python3 (the first on /usr/local/bin:/usr/bin:/bin, never a
# pyenv or a venv on PATH), so its modules are the ones that count.
python=""
for folder in /usr/local/bin /usr/bin /bin; do
  [ -x "$folder/python3" ] && { python="$folder/python3"; break; }
done
[ -n "$python" ] || need+=(python3)
{ [ -n "$python" ] && "$python" -c 'import jsonschema' 2>/dev/null; } || need+=(python3-jsonschema)
{ [ -n "$python" ] && "$python" -c 'import icalendar' 2>/dev/null; } || need+=(python3-icalendar)
command -v espeak-ng >/dev/null || need+=(espeak-ng)
command -v timew >/dev/null || need+=(timewarrior)
command -v task >/dev/null || need+=(taskwarrior)
# ALSA's aplay plays the sounds pomo makes into its null device.
command -v aplay >/dev/null || need+=(alsa-utils)
# faketime's library steps a session's wall clock (the clock-step tests preload it).
compgen -G '/usr/lib/*faketime/libfaketime.so.1' >/dev/null || compgen -G '/usr/lib/*/faketime/libfaketime.so.1' >/dev/null \
  || need+=(faketime)
# The D-Bus tests start their own dbus-daemon; the stand-ins run on python3-dbus and GLib.
command -v dbus-daemon >/dev/null || need+=(dbus-daemon)
{ [ -n "$python" ] && "$python" -c 'import dbus.mainloop.glib' 2>/dev/null; } || need+=(python3-dbus)
{ [ -n "$python" ] && "$python" -c 'from gi.repository import GLib' 2>/dev/null; } || need+=(python3-gi)
# setpriv (util-linux) runs the foreign control-socket server as nobody.
command -v setpriv >/dev/null || need+=(util-linux)
# git: the version test asks it which commit HEAD names (a clone has it already).
command -v git >/dev/null || need+=(git)
# Do-not-disturb: a real dunst under a virtual X server (dunstctl runs dbus-send), and GLib's
# gsettings with GNOME's notification settings (the GNOME backend, on a keyfile).
command -v Xvfb >/dev/null || need+=(xvfb)
command -v dunst >/dev/null || need+=(dunst)
command -v dbus-send >/dev/null && command -v dbus-monitor >/dev/null || need+=(dbus-bin)
command -v gsettings >/dev/null || need+=(libglib2.0-bin)
[ -e /usr/share/glib-2.0/schemas/org.gnome.desktop.notifications.gschema.xml ] || need+=(gsettings-desktop-schemas)
# Music that follows the phases: real mpv players with Debian's MPRIS plugin, read back with
# playerctl, on a private session bus.
command -v mpv >/dev/null || need+=(mpv)
[ -e /usr/lib/mpv-mpris/mpris.so ] || need+=(mpv-mpris)
command -v playerctl >/dev/null || need+=(playerctl)

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

# Debian's packages serve Debian's python3; when the python3 found first is another one, fall
# back to pip for the modules the tests import.
[ -n "$python" ] || python=/usr/bin/python3
for module in jsonschema icalendar; do
  "$python" -c "import $module" 2>/dev/null && continue
  echo "test-deps: $python still has no $module; installing it with pip" >&2
  "$python" -m pip install -q "$module" 2>/dev/null \
    || "$python" -m pip install -q --break-system-packages "$module"
done
