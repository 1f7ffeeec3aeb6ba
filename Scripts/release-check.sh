#!/usr/bin/env bash
# Proves a release on a machine without Swift, as its user would: builds a minimal Debian 12
# (bookworm) root with `debootstrap --variant=minbase` (plus man-db and bash-completion, to read
# the manual and complete), checks that no Swift is in it, and in it, with chroot:
#
#   1. installs the .deb with `apt-get install ./pomo_VERSION_amd64.deb`;
#   2. runs `pomo --version`, `pomo start 2s` (piped), `pomo log`, `pomo report --week`,
#      `man pomo` and bash's completion of `pomo st`;
#   3. removes the package (`apt-get purge`), and checks its files went with it;
#   4. unpacks the tarball and runs its install.sh with /bin/sh (dash) into /opt/pomo, then
#      the same commands with /opt/pomo/bin/pomo.
#
# Before that, it reads the glibc the binary needs (Scripts/glibc-check.sh: Debian 12 and
# Ubuntu 22.04), and checks the packaging recipes as far as can be here: the Homebrew formula
# parses (`ruby -c`) and the PKGBUILD passes `bash -n`.
#
# Usage: Scripts/release-check.sh [DIST]
#   DIST   a folder Scripts/release.sh wrote; without it, this runs Scripts/release.sh for the
#          CHANGELOG's current version into a temporary folder (the tree must be clean)
#
# The Debian root is made once and kept as a tarball in .build/release-check/ (delete it to
# make it again); each run unpacks a fresh copy. Needs root (or sudo) for debootstrap and
# chroot, and installs debootstrap, ruby and binutils with apt-get when they are missing.
# Exits 77 when debootstrap cannot reach its mirror (or cannot be installed), as the other
# scripts that need a real component do; .ci/run counts that as a failure. Any failed check
# is exit 1.
set -euo pipefail
cd "$(dirname "$0")/.."
root_dir=$PWD
suite=bookworm
mirror=${RELEASE_CHECK_MIRROR:-http://deb.debian.org/debian}
cache="$root_dir/.build/release-check"
started=$(date +%s)

say() { echo "release-check: $*" >&2; }
fail() { echo "release-check: FAIL: $*" >&2; exit 1; }
skip() {
  echo "release-check: SKIPPED: $*" >&2
  echo "release-check: the release was NOT checked on a machine without Swift" >&2
  exit 77
}

sudo=""
if [ "$(id -u)" != 0 ]; then
  command -v sudo >/dev/null && sudo -n true 2>/dev/null || skip "debootstrap and chroot need root (or sudo without a password)"
  sudo=sudo
fi

# The tools this needs, installed when missing.
need=()
command -v debootstrap >/dev/null || [ -x /usr/sbin/debootstrap ] || need+=(debootstrap)
command -v ruby >/dev/null || need+=(ruby)
command -v objdump >/dev/null || need+=(binutils)
if [ ${#need[@]} -gt 0 ]; then
  say "installing ${need[*]}"
  export DEBIAN_FRONTEND=noninteractive
  { $sudo apt-get update -qq >/dev/null && $sudo apt-get install -y -qq --no-install-recommends "${need[@]}" >/dev/null; } ||
    skip "apt-get could not install ${need[*]}"
fi
debootstrap=$(command -v debootstrap || echo /usr/sbin/debootstrap)

# The recipes: what can be checked without brew and makepkg.
ruby -c packaging/homebrew/pomo.rb >/dev/null || fail "packaging/homebrew/pomo.rb does not parse (ruby -c)"
bash -n packaging/arch/PKGBUILD || fail "packaging/arch/PKGBUILD does not pass bash -n"
say "packaging/homebrew/pomo.rb parses (ruby -c); packaging/arch/PKGBUILD passes bash -n"

work=$(mktemp -d "${TMPDIR:-/tmp}/pomo-release-check.XXXXXX")
chroot_dir="$work/root"
mounted=""
cleanup() {
  local status=$?
  if [ -n "$mounted" ]; then $sudo umount "$chroot_dir/proc" 2>/dev/null || $sudo umount -l "$chroot_dir/proc" || true; fi
  if [ -n "${RELEASE_CHECK_KEEP:-}" ]; then say "kept $work"; else $sudo rm -rf "$work"; fi
  exit $status
}
trap cleanup EXIT

# The release to check: the folder given, or one built now.
version=$(sed -nE '0,/^## \[[0-9]+\.[0-9]+\.[0-9]+[^]]*\] - /s/^## \[([^]]+)\] - .*/\1/p' CHANGELOG.md)
[ -n "$version" ] || fail "CHANGELOG.md has no version heading"
# The commit `pomo --version` must name: HEAD's when the release is built here; from a folder
# given, whichever it was built from.
commit=any
if [ $# -ge 1 ]; then
  dist=$(cd "$1" && pwd)
else
  dist="$work/dist"
  say "building the release of $version with Scripts/release.sh"
  Scripts/release.sh "$version" --out "$dist" || fail "Scripts/release.sh $version failed"
  commit=$(git rev-parse --short=7 HEAD)
fi
deb="pomo_${version/-/\~}_amd64.deb"
tarball="pomo-$version-linux-x86_64.tar.gz"
for file in "$deb" "$tarball" SHA256SUMS; do [ -f "$dist/$file" ] || fail "$dist has no $file"; done
(cd "$dist" && sha256sum --quiet -c SHA256SUMS) || fail "SHA256SUMS does not match the files"
say "SHA256SUMS matches; $deb $(du -h "$dist/$deb" | cut -f1), $tarball $(du -h "$dist/$tarball" | cut -f1)"

# The glibc the shipped binary needs, from its symbol versions.
mkdir -p "$work/unpacked"
tar -C "$work/unpacked" -xzf "$dist/$tarball"
Scripts/glibc-check.sh "$work/unpacked/pomo-$version-linux-x86_64/bin/pomo" >&2 || fail "the binary needs a newer C library"

# The Debian root: made once, then unpacked fresh each run.
base="$cache/$suite-minbase.tar"
if [ ! -f "$base" ]; then
  say "making a minimal $suite root with debootstrap from $mirror (once; kept in $base)"
  mkdir -p "$cache"
  if ! $sudo "$debootstrap" --variant=minbase --include=man-db,bash-completion "$suite" "$work/base" "$mirror" \
    >"$work/debootstrap.log" 2>&1; then
    tail -5 "$work/debootstrap.log" >&2
    skip "debootstrap could not make a $suite root from $mirror"
  fi
  $sudo tar -C "$work/base" -cf "$base.tmp" . && $sudo mv "$base.tmp" "$base"
  $sudo rm -rf "$work/base"
fi
mkdir -p "$chroot_dir"
$sudo tar -C "$chroot_dir" -xf "$base"
$sudo mount -t proc proc "$chroot_dir/proc"
mounted=yes

# Into the root: the release's files, and the script that checks them as its user would.
$sudo mkdir -p "$chroot_dir/release"
$sudo cp "$dist/$deb" "$dist/$tarball" "$chroot_dir/release/"
$sudo tee "$chroot_dir/release/check.sh" >/dev/null <<'CHECK'
#!/bin/bash
# Runs inside the Debian root: installs pomo both ways and uses it.
set -euo pipefail
version=$1 commit=$2 deb=$3 tarball=$4
export HOME=/root LANG=C.UTF-8 TZ=UTC PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin
export DEBIAN_FRONTEND=noninteractive
cd /release
fail() { echo "release-check: FAIL: $*" >&2; exit 1; }
ok() { echo "release-check: ok: $*" >&2; }

# A machine without Swift.
! command -v swift >/dev/null || fail "swift is in the Debian root"
[ -z "$(find / -xdev -name 'libswiftCore*' -print -quit)" ] || fail "the Swift runtime is in the Debian root"
ok "no Swift in $(. /etc/os-release && echo "$PRETTY_NAME")"

# The commands a user runs first, with the pomo at $1 and its completion file at $2.
use() {
  local pomo=$1 completion=$2 man_args=("${@:3}") out
  out=$("$pomo" --version)
  if [ "$commit" = any ]; then
    [[ $out =~ ^pomo\ $version\ \([0-9a-f]{7}\)$ ]] || fail "pomo --version said '$out'"
  else
    [ "$out" = "pomo $version ($commit)" ] || fail "pomo --version said '$out', not 'pomo $version ($commit)'"
  fi
  ok "$out"
  rm -rf "$HOME/.local/share/pomo" "$HOME/.cache/pomo" "$HOME/.local/state/pomo"
  out=$("$pomo" start 2s --tag release-check 2>&1 | cat) || fail "pomo start 2s failed: $out"
  grep -q "Completed" <<<"$out" || fail "pomo start 2s did not complete: $out"
  ok "pomo start 2s | cat: $(grep -m1 Completed <<<"$out")"
  out=$("$pomo" log) || fail "pomo log failed"
  grep -q "completed" <<<"$out" && grep -q "release-check" <<<"$out" || fail "pomo log does not show the session: $out"
  ok "pomo log shows it"
  out=$("$pomo" report --week) || fail "pomo report --week failed"
  grep -q "^Total: focus 0:00, rest 0:00, 1 session (1 completed, 0 interrupted)$" <<<"$out" ||
    fail "pomo report --week: $out"
  ok "pomo report --week counts it"
  out=$(MANPAGER=cat MANWIDTH=80 man "${man_args[@]}" pomo 2>&1) || fail "man pomo failed: $out"
  grep -q "interval-training timer" <<<"$out" && grep -q "version $version of" <<<"$out" || fail "man pomo: $out"
  ok "man${man_args:+ ${man_args[*]}} pomo shows the page of version $version"
  out=$(bash -c '
    source /usr/share/bash-completion/bash_completion
    source "$1"
    function=$(complete -p pomo | sed -E "s/.*-F ([^ ]+) .*/\1/")
    COMP_WORDS=(pomo st); COMP_CWORD=1; COMP_LINE="pomo st"; COMP_POINT=${#COMP_LINE}
    "$function" pomo st pomo
    printf "%s\n" "${COMPREPLY[@]}" | sort' _ "$completion")
  [ "$out" = $'start\nstatus\nstop' ] || fail "bash completes 'pomo st' as: $out"
  ok "bash completes 'pomo st': $(echo $out)"
}

# The .deb, as apt installs it.
apt-get install -y -qq "./$deb" >/tmp/apt.log 2>&1 || { cat /tmp/apt.log >&2; fail "apt-get install ./$deb failed"; }
ok "apt-get install ./$deb: $(dpkg-query -W -f='${Package} ${Version}, Depends: ${Depends}' pomo)"
for file in /usr/bin/pomo /usr/share/man/man1/pomo.1.gz /usr/share/bash-completion/completions/pomo \
  /usr/share/zsh/vendor-completions/_pomo /usr/share/fish/vendor_completions.d/pomo.fish \
  /usr/share/doc/pomo/copyright /usr/share/doc/pomo/changelog.gz; do
  [ -f "$file" ] || fail "the package has no $file"
done
use /usr/bin/pomo /usr/share/bash-completion/completions/pomo
apt-get purge -y -qq pomo >/tmp/apt.log 2>&1 || { cat /tmp/apt.log >&2; fail "apt-get purge pomo failed"; }
! dpkg-query -W pomo >/dev/null 2>&1 || fail "pomo is still installed"
[ -z "$(find /usr -name '*pomo*' -print -quit)" ] || fail "files left after purge: $(find /usr -name '*pomo*')"
ok "apt-get purge pomo left no file behind"

# The tarball, with its own install.sh run by /bin/sh (dash), into a prefix.
mkdir -p /tmp/unpack && tar -C /tmp/unpack -xzf "$tarball"
folder=/tmp/unpack/${tarball%.tar.gz}
out=$(cd /tmp && sh "$folder/install.sh" --prefix /opt/pomo) || fail "install.sh --prefix /opt/pomo failed: $out"
[ "$(grep -c '^installed ' <<<"$out")" = 5 ] || fail "install.sh said: $out"
ok "sh install.sh --prefix /opt/pomo installed 5 files"
use /opt/pomo/bin/pomo /opt/pomo/share/bash-completion/completions/pomo -M /opt/pomo/share/man
CHECK
$sudo chmod 755 "$chroot_dir/release/check.sh"

say "checking pomo $version ($commit commit) in the $suite root"
$sudo chroot "$chroot_dir" /release/check.sh "$version" "$commit" "$deb" "$tarball" ||
  fail "the release does not work on $suite without Swift"
say "passed in $(($(date +%s) - started)) s"
