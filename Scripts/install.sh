#!/usr/bin/env bash
# Installs pomo: a release binary, its manual page and its completions for bash, zsh and
# fish, each where that tool looks by default under the prefix.
#
# Usage: Scripts/install.sh [--prefix DIR] [--binary PATH]
#   --prefix DIR    where to install (default: ~/.local)
#   --binary PATH   install this pomo binary instead of building a release one
set -euo pipefail

prefix="$HOME/.local"
binary=""
usage() { sed -n '5,7p' "$0" | sed 's/^# \{0,1\}//' >&2; exit 64; }
while [ $# -gt 0 ]; do
  case $1 in
    --prefix) [ $# -ge 2 ] || usage; prefix=$2; shift 2 ;;
    --prefix=*) prefix=${1#--prefix=}; shift ;;
    --binary) [ $# -ge 2 ] || usage; binary=$2; shift 2 ;;
    --binary=*) binary=${1#--binary=}; shift ;;
    -h|--help) sed -n '2,7p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) echo "install.sh: unknown argument '$1'" >&2; usage ;;
  esac
done
[ -n "$prefix" ] || usage
# Folders other users can read, whatever the umask; "~/x" from --prefix=~/x; no trailing "/".
umask 022
case $prefix in "~") prefix=$HOME ;; "~/"*) prefix="$HOME/${prefix#"~/"}" ;; esac
while [ "$prefix" != "/" ] && [ "${prefix%/}" != "$prefix" ]; do prefix=${prefix%/}; done
# Absolute paths: the build below runs from the package's folder.
case $prefix in /*) ;; *) prefix="$PWD/$prefix" ;; esac
case $binary in /* | "") ;; *) binary="$PWD/$binary" ;; esac

if [ -z "$binary" ]; then
  cd "$(dirname "$0")/.."
  swift build -c release >&2
  binary="$(swift build -c release --show-bin-path)/pomo"
fi
[ -x "$binary" ] || { echo "install.sh: no pomo binary at $binary" >&2; exit 1; }

bin="$prefix/bin/pomo"
man="$prefix/share/man/man1/pomo.1"
bash_completion="$prefix/share/bash-completion/completions/pomo"
zsh_completion="$prefix/share/zsh/site-functions/_pomo"
fish_completion="$prefix/share/fish/vendor_completions.d/pomo.fish"

if ! mkdir -p "$prefix/bin" 2>/dev/null || [ ! -w "$prefix/bin" ]; then
  echo "install.sh: cannot write to $prefix/bin: run it as root (sudo) for a prefix like /usr/local" >&2
  exit 1
fi
# Write each file beside its place, then rename it there, so a failure never leaves half a file.
put() { # put TARGET MODE COMMAND...
  local target=$1 mode=$2
  shift 2
  mkdir -p "$(dirname "$target")"
  "$@" > "$target.tmp.$$"
  chmod "$mode" "$target.tmp.$$"
  mv -f "$target.tmp.$$" "$target"
  echo "installed $target"
}
put "$bin" 755 cat "$binary"
# The installed binary writes the rest, so they describe exactly what was installed.
put "$man" 644 "$bin" manual
put "$bash_completion" 644 "$bin" completions bash
put "$zsh_completion" 644 "$bin" completions zsh
put "$fish_completion" 644 "$bin" completions fish

case ":$PATH:" in
  *":$prefix/bin:"*) ;;
  *) echo "note: $prefix/bin is not on your PATH" ;;
esac
# zsh and fish look under /usr/share (and fish under ~/.local/share) by themselves; elsewhere
# they need to be told.
case $prefix in
  /usr | /usr/local) ;;
  *) echo "note: for zsh, add 'fpath+=($prefix/share/zsh/site-functions)' before compinit in ~/.zshrc" ;;
esac
case $prefix in
  /usr | "$HOME/.local") ;;
  *) echo "note: for fish, add $prefix/share to XDG_DATA_DIRS (fish reads its completions from there)" ;;
esac
