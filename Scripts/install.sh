#!/usr/bin/env bash
# Installs pomo from source: a release binary, its manual page and its completions for bash,
# zsh and fish, each where that tool looks by default under the prefix. It lays them out as a
# release tarball holds them and runs the tarball's own installer (packaging/tarball/install.sh),
# so a build from source and a release install the same way.
#
# Usage: Scripts/install.sh [--prefix DIR] [--binary PATH]
#   --prefix DIR    where to install (default: ~/.local)
#   --binary PATH   install this pomo binary instead of building a release one
set -euo pipefail

prefix=()
binary=""
usage() { sed -n '7,9p' "$0" | sed 's/^# \{0,1\}//' >&2; exit 64; }
while [ $# -gt 0 ]; do
  case $1 in
    --prefix) [ $# -ge 2 ] || usage; prefix=(--prefix "$2"); shift 2 ;;
    --prefix=*) prefix=(--prefix "${1#--prefix=}"); shift ;;
    --binary) [ $# -ge 2 ] || usage; binary=$2; shift 2 ;;
    --binary=*) binary=${1#--binary=}; shift ;;
    -h|--help) sed -n '2,9p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) echo "install.sh: unknown argument '$1'" >&2; usage ;;
  esac
done
here=$(cd "$(dirname "$0")/.." && pwd)
case $binary in /* | "") ;; *) binary="$PWD/$binary" ;; esac
if [ -z "$binary" ]; then
  (cd "$here" && swift build -c release >&2)
  binary="$(cd "$here" && swift build -c release --show-bin-path)/pomo"
fi
[ -x "$binary" ] || { echo "install.sh: no pomo binary at $binary" >&2; exit 1; }

# The tarball's layout; the binary writes the rest, so they describe exactly what is installed.
tree=$(mktemp -d)
trap 'rm -rf "$tree"' EXIT
mkdir -p "$tree/bin" "$tree/share/man/man1" "$tree/share/bash-completion/completions" \
  "$tree/share/zsh/site-functions" "$tree/share/fish/vendor_completions.d"
cp "$binary" "$tree/bin/pomo"
"$binary" manual >"$tree/share/man/man1/pomo.1"
"$binary" completions bash >"$tree/share/bash-completion/completions/pomo"
"$binary" completions zsh >"$tree/share/zsh/site-functions/_pomo"
"$binary" completions fish >"$tree/share/fish/vendor_completions.d/pomo.fish"
cp "$here/packaging/tarball/install.sh" "$tree/install.sh"
sh "$tree/install.sh" "${prefix[@]+"${prefix[@]}"}"
