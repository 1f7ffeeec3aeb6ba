#!/bin/sh
# Installs pomo from this release folder: the binary, its manual page and its completions for
# bash, zsh and fish, each where that tool looks by default under the prefix. Needs nothing
# but a POSIX shell and the usual file commands; no Swift.
#
# Usage: ./install.sh [--prefix DIR]
#   --prefix DIR    where to install (default: ~/.local, also as root; give /usr/local, as
#                   root, to install for everyone)
set -eu

here=$(cd "$(dirname "$0")" && pwd)
prefix="${HOME:?HOME is not set}/.local"
usage() { sed -n '6,8p' "$0" | sed 's/^# \{0,1\}//' >&2; exit 64; }
while [ $# -gt 0 ]; do
  case $1 in
    --prefix) [ $# -ge 2 ] || usage; prefix=$2; shift 2 ;;
    --prefix=*) prefix=${1#--prefix=}; shift ;;
    -h|--help) sed -n '2,8p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) echo "install.sh: unknown argument '$1'" >&2; usage ;;
  esac
done
[ -n "$prefix" ] || usage
# Folders other users can read, whatever the umask; "~/x" from --prefix=~/x; no trailing "/".
umask 022
case $prefix in "~") prefix=$HOME ;; "~/"*) prefix="$HOME/${prefix#"~/"}" ;; esac
while [ "$prefix" != "/" ] && [ "${prefix%/}" != "$prefix" ]; do prefix=${prefix%/}; done
case $prefix in /*) ;; *) prefix="$PWD/$prefix" ;; esac

if ! mkdir -p "$prefix/bin" 2>/dev/null || [ ! -w "$prefix/bin" ]; then
  echo "install.sh: cannot write to $prefix/bin: run it as root (sudo) for a prefix like /usr/local" >&2
  exit 1
fi
# Write each file beside its place, then rename it there, so a failure never leaves half a file.
put() { # put SOURCE TARGET MODE
  mkdir -p "$(dirname "$2")"
  cp "$here/$1" "$2.tmp.$$"
  chmod "$3" "$2.tmp.$$"
  mv -f "$2.tmp.$$" "$2"
  echo "installed $2"
}
put bin/pomo "$prefix/bin/pomo" 755
put share/man/man1/pomo.1 "$prefix/share/man/man1/pomo.1" 644
put share/bash-completion/completions/pomo "$prefix/share/bash-completion/completions/pomo" 644
put share/zsh/site-functions/_pomo "$prefix/share/zsh/site-functions/_pomo" 644
put share/fish/vendor_completions.d/pomo.fish "$prefix/share/fish/vendor_completions.d/pomo.fish" 644

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
