#!/usr/bin/env bash
# Reads the C library versions a pomo binary needs from its dynamic symbols' versions (objdump
# -T) and checks them against the oldest systems a release is for: Ubuntu 22.04 LTS (glibc
# 2.35; GCC 12's libstdc++, GLIBCXX_3.4.30 and CXXABI_1.3.13) and Debian 12 (glibc 2.36, the
# same libstdc++). Prints what the binary needs; exits 1 when it needs more.
#
# Usage: Scripts/glibc-check.sh BINARY
set -euo pipefail
[ $# = 1 ] && [ -f "$1" ] || { echo "usage: Scripts/glibc-check.sh BINARY" >&2; exit 64; }
binary=$1
command -v objdump >/dev/null || { echo "glibc-check: objdump (binutils) is needed" >&2; exit 1; }

symbols=$(objdump -T "$binary")
newest() { # newest PREFIX: the highest PREFIX_x.y among the binary's symbol versions
  grep -oE "\b$1_[0-9]+(\.[0-9]+)*\b" <<<"$symbols" | sed "s/^$1_//" | sort -uV | tail -1
}
at_most() { # at_most NEEDED LIMIT: NEEDED <= LIMIT (nothing needed is fine)
  [ -z "$1" ] || [ "$(printf '%s\n%s\n' "$1" "$2" | sort -V | tail -1)" = "$2" ]
}
glibc=$(newest GLIBC)
glibcxx=$(newest GLIBCXX)
cxxabi=$(newest CXXABI)
echo "glibc-check: $binary needs glibc ${glibc:-(none)}, libstdc++ GLIBCXX_${glibcxx:-(none)} and CXXABI_${cxxabi:-(none)}"
status=0
check() { # check WHAT NEEDED LIMIT SYSTEM
  if at_most "$2" "$3"; then
    echo "glibc-check: ok for $4 ($1 $3)"
  else
    echo "glibc-check: FAIL: needs $1 $2, newer than $4's $3" >&2
    status=1
  fi
}
check glibc "$glibc" 2.35 "Ubuntu 22.04"
check glibc "$glibc" 2.36 "Debian 12"
check GLIBCXX "$glibcxx" 3.4.30 "Ubuntu 22.04 and Debian 12"
check CXXABI "$cxxabi" 1.3.13 "Ubuntu 22.04 and Debian 12"
exit $status
