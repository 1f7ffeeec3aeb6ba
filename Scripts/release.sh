#!/usr/bin/env bash
# Builds a release of pomo from a clean tree, into dist/:
#   pomo-VERSION-linux-x86_64.tar.gz  bin/pomo, the manual page, completions for bash, zsh and
#                                     fish, README, LICENSE, CHANGELOG and an install.sh that
#                                     needs only a POSIX shell
#   pomo_VERSION_amd64.deb            the same, where Debian puts each file; Depends worked
#                                     out by dpkg-shlibdeps; checked by lintian
#   pomo-VERSION.tar.gz               the source, for the recipes in packaging/
#   SHA256SUMS                        of each
#
# Usage: Scripts/release.sh VERSION [--out DIR]
#   VERSION    must be the version CHANGELOG.md calls current (its first `## [X.Y.Z] - DATE`)
#   --out DIR  where to put the files (default: dist)
#
# It refuses a tree with changes not committed, so the files are what the commit holds, and a
# binary that needs a newer glibc than Debian 12 (2.36) and Ubuntu 22.04 (2.35) have.
# aarch64 is not built: that needs a Swift SDK to cross-build it, and the toolchain this runs
# with has none (`swift sdk list`); docs/platforms.md says so.
set -euo pipefail
caller=$PWD
cd "$(dirname "$0")/.."
root=$PWD

usage() { sed -n '11,13p' "$0" | sed 's/^# \{0,1\}//' >&2; exit 64; }
version=""
out=dist
while [ $# -gt 0 ]; do
  case $1 in
    --out) [ $# -ge 2 ] || usage; out=$2; shift 2 ;;
    --out=*) out=${1#--out=}; shift ;;
    -h|--help) sed -n '2,18p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    -*) echo "release.sh: unknown option '$1'" >&2; usage ;;
    *) [ -z "$version" ] || usage; version=$1; shift ;;
  esac
done
[ -n "$version" ] || usage
case $out in /*) ;; *) out="$caller/$out" ;; esac

say() { echo "release: $*" >&2; }
die() { echo "release.sh: $*" >&2; exit 1; }

# The one place the version comes from.
# The same heading the build reads (Sources/BuildInfoEmbedder): X.Y.Z, or X.Y.Z-PRE.
heading=$(grep -m1 -E '^## \[[0-9]+\.[0-9]+\.[0-9]+(-[0-9A-Za-z.-]+)?\] - [0-9]{4}-[0-9]{2}-[0-9]{2}[[:space:]]*$' CHANGELOG.md) ||
  die "CHANGELOG.md has no version heading like '## [1.0.0] - 2026-12-06'"
current=$(sed -E 's/^## \[([^]]+)\].*/\1/' <<<"$heading")
date=$(sed -E 's/.* - ([0-9-]+)[[:space:]]*$/\1/' <<<"$heading")
case $version in v[0-9]*) die "give the version without the 'v': ${version#v}" ;; esac
[ "$version" = "$current" ] ||
  die "version $version is not the one CHANGELOG.md calls current ($current); add '## [$version] - DATE' first"
# The version in the .deb: a pre-release (1.1.0-rc.1) sorts before its release only as
# 1.1.0~rc.1, as dpkg reads a '-' as the start of a Debian revision.
debversion=${version/-/\~}
# The pages that name the version for a reader must name this one.
stale=$(grep -nE 'pomo[-_][0-9]+\.[0-9]+\.[0-9]+|pkgver=[0-9]|/v[0-9]+\.[0-9]+\.[0-9]+/' README.md docs/install.md \
  packaging/arch/PKGBUILD packaging/homebrew/pomo.rb | grep -vF -e "$version" -e "$debversion" || true)
[ -z "$stale" ] || die "these lines name another version than $version; update them first:
$stale"

# A clean tree, so that the release is what the commit holds.
git rev-parse --git-dir >/dev/null 2>&1 || die "not a git checkout: a release names its commit"
dirty=$(git status --porcelain --untracked-files=normal)
[ -z "$dirty" ] || die "the tree has changes not committed:
$dirty"
commit=$(git rev-parse --short=7 HEAD)
# Every file's time in the archives: the commit's, so that two builds of it agree.
export SOURCE_DATE_EPOCH=$(git log -1 --format=%ct HEAD)

# What building needs beyond the toolchain: strip and objdump (binutils), dpkg-shlibdeps
# (dpkg-dev), lintian. Installed here when missing, as the test scripts install theirs.
need=()
command -v strip >/dev/null && command -v objdump >/dev/null || need+=(binutils)
command -v dpkg-shlibdeps >/dev/null || need+=(dpkg-dev)
command -v lintian >/dev/null || need+=(lintian)
if [ ${#need[@]} -gt 0 ]; then
  say "installing ${need[*]}"
  sudo=""
  [ "$(id -u)" = 0 ] || sudo=sudo
  $sudo apt-get update -qq >&2
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${need[@]}" >&2
fi

say "building pomo $version ($commit)"
# The flags of .ci/run's release build (so CI builds once), no RUNPATH ($ORIGIN: the binary
# loads no library of its own) and every symbol bound at start (BIND_NOW), as Debian builds.
flags=(-c release -Xswiftc -warnings-as-errors --disable-local-rpath -Xlinker -z -Xlinker relro -Xlinker -z -Xlinker now)
swift build "${flags[@]}" --product pomo >&2
built="$(swift build "${flags[@]}" --show-bin-path)/pomo"
said=$("$built" --version)
[ "$said" = "pomo $version ($commit)" ] || die "the binary says '$said', not 'pomo $version ($commit)'"

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
umask 022

# The symbols are for debugging; the release carries none (as Debian wants).
binary="$work/pomo"
strip --strip-unneeded --remove-section=.comment -o "$binary" "$built"
chmod 755 "$binary"

# The glibc and libstdc++ it needs, from its symbol versions: no newer than Ubuntu 22.04's
# and Debian 12's.
Scripts/glibc-check.sh "$binary" >&2 || die "the binary needs a newer C library than a release is for"

# The manual and the completions, written by the binary itself.
home="$work/home"
mkdir -p "$home"
generate() { HOME=$home XDG_CONFIG_HOME=$home/.config "$binary" "$@"; }
generate manual >"$work/pomo.1"
generate completions bash >"$work/pomo.bash"
generate completions zsh >"$work/_pomo"
generate completions fish >"$work/pomo.fish"
grep -q "^This page describes version $version of$" "$work/pomo.1" || die "the manual page does not carry version $version"

mkdir -p "$out"
name="pomo-$version-linux-x86_64"
tarball="$name.tar.gz"
deb="pomo_${debversion}_amd64.deb"
source="pomo-$version.tar.gz"
rm -f "$out/$tarball" "$out/$deb" "$out/$source" "$out/SHA256SUMS"

# The source, as the commit holds it, for the Homebrew formula and the PKGBUILD (packaging/):
# built from it, with no .git, `pomo --version` says `pomo VERSION`.
git archive --format=tar --prefix="pomo-$version/" HEAD | gzip -9n >"$out/$source"
say "wrote $out/$source ($(du -h "$out/$source" | cut -f1))"

# The tarball: one folder, laid out as the prefix it installs into.
tree="$work/$name"
install -D -m 755 "$binary" "$tree/bin/pomo"
install -D -m 644 "$work/pomo.1" "$tree/share/man/man1/pomo.1"
install -D -m 644 "$work/pomo.bash" "$tree/share/bash-completion/completions/pomo"
install -D -m 644 "$work/_pomo" "$tree/share/zsh/site-functions/_pomo"
install -D -m 644 "$work/pomo.fish" "$tree/share/fish/vendor_completions.d/pomo.fish"
install -m 644 README.md LICENSE CHANGELOG.md "$tree/"
install -d -m 755 "$tree/docs"
install -m 644 docs/*.md "$tree/docs/"
install -m 755 packaging/tarball/install.sh "$tree/install.sh"
tar --sort=name --owner=0 --group=0 --numeric-owner --mtime="@$SOURCE_DATE_EPOCH" \
  -C "$work" -cf - "$name" | gzip -9n >"$out/$tarball"
say "wrote $out/$tarball ($(du -h "$out/$tarball" | cut -f1))"

# The .deb: the files where Debian puts them, with a Depends from the libraries the binary
# links (dpkg-shlibdeps reads them from the system's shlibs and symbols files).
# dpkg-shlibdeps wants the package's tree at debian/pomo in a source package's folder.
src="$work/src"
pkg="$src/debian/pomo"
install -D -m 755 "$binary" "$pkg/usr/bin/pomo"
install -d -m 755 "$pkg/usr/share/man/man1"
gzip -9n <"$work/pomo.1" >"$pkg/usr/share/man/man1/pomo.1.gz"
install -D -m 644 "$work/pomo.bash" "$pkg/usr/share/bash-completion/completions/pomo"
install -D -m 644 "$work/_pomo" "$pkg/usr/share/zsh/vendor-completions/_pomo"
install -D -m 644 "$work/pomo.fish" "$pkg/usr/share/fish/vendor_completions.d/pomo.fish"
doc="$pkg/usr/share/doc/pomo"
install -d -m 755 "$doc"
chmod 644 "$pkg/usr/share/man/man1/pomo.1.gz"

# Maintainer: Debian's DEBFULLNAME and DEBEMAIL when set, else the author of the commit.
maintainer="${DEBFULLNAME:-$(git log -1 --format=%an HEAD)} <${DEBEMAIL:-$(git log -1 --format=%ae HEAD)}>"
year=$(date -u -d "@$SOURCE_DATE_EPOCH" +%Y)
holder=$(sed -n 's/^Copyright (c) [0-9-]* //p' LICENSE | head -1)
{
  echo "Format: https://www.debian.org/doc/packaging-manuals/copyright-format/1.0/"
  echo "Upstream-Name: pomo"
  echo
  echo "Files: *"
  echo "Copyright: $year $holder"
  echo "License: Expat"
  echo
  echo "License: Expat"
  # The licence's text, from LICENSE: each line indented, an empty one as " .".
  sed -n '/^Permission is hereby granted/,$p' LICENSE | sed -e 's/^$/./' -e 's/^/ /'
} >"$doc/copyright"
# A native package (its version has no Debian revision) keeps its Debian changelog in
# changelog.gz; it points to the whole CHANGELOG beside it.
{
  echo "pomo ($debversion) stable; urgency=medium"
  echo
  echo "  * Release $version. Every change: /usr/share/doc/pomo/CHANGELOG.md.gz"
  echo
  echo " -- $maintainer  $(date -u -R -d "$date 00:00:00")"
} | gzip -9n >"$doc/changelog.gz"
gzip -9n <CHANGELOG.md >"$doc/CHANGELOG.md.gz"
gzip -9n <README.md >"$doc/README.md.gz"
chmod 644 "$doc"/*
# The reference the README and the manual page point to.
install -d -m 755 "$doc/docs"
for page in docs/*.md; do gzip -9n <"$page" >"$doc/$page.gz"; done
chmod 644 "$doc"/docs/*

install -d -m 755 "$pkg/DEBIAN"
printf 'Source: pomo\n\nPackage: pomo\nArchitecture: amd64\n' >"$src/debian/control"
depends=$(cd "$src" && dpkg-shlibdeps -O debian/pomo/usr/bin/pomo | sed -n 's/^shlibs:Depends=//p')
[ -n "$depends" ] || die "dpkg-shlibdeps found no Depends"
say "Depends: $depends"

(cd "$pkg" && find usr -type f -print0 | sort -z | xargs -0 md5sum) >"$pkg/DEBIAN/md5sums"
cat >"$pkg/DEBIAN/control" <<CONTROL
Package: pomo
Version: $debversion
Architecture: amd64
Maintainer: $maintainer
Installed-Size: $(du -sk --exclude=DEBIAN "$pkg" | cut -f1)
Depends: $depends
Suggests: bash-completion
Section: utils
Priority: optional
Description: Pomodoro and interval-training timer for the terminal
 pomo runs presets of timed phases (focus and breaks, work and rest) with a
 live progress bar, records every session in a journal that can be synced
 between machines, and turns that journal into reports.
 .
 Running sessions can be steered from any shell, fed to status bars (waybar,
 polybar, i3blocks, tmux), and paused while the screen is locked. The
 classic Pomodoro, Flowtime and interval workouts are built in.
CONTROL
chmod 644 "$pkg/DEBIAN/control" "$pkg/DEBIAN/md5sums"
find "$pkg" -type d -exec chmod 755 {} +
find "$pkg" -exec touch -h -d "@$SOURCE_DATE_EPOCH" {} +
dpkg-deb --root-owner-group -Zxz --build "$pkg" "$out/$deb" >&2
say "wrote $out/$deb ($(du -h "$out/$deb" | cut -f1))"

# lintian: no error (warnings and notes, I:, are shown).
say "lintian $deb"
lint=$(lintian -I "$out/$deb" 2>&1 | grep -v '^running with root privileges') || true
[ -z "$lint" ] || echo "$lint" >&2
say "lintian: $(grep -c '^E: ' <<<"$lint") errors, $(grep -c '^W: ' <<<"$lint") warnings, $(grep -c '^I: ' <<<"$lint") notes"
if grep -q '^E: ' <<<"$lint"; then die "lintian reports errors"; fi

(cd "$out" && sha256sum "$tarball" "$deb" "$source" >SHA256SUMS)
say "wrote $out/SHA256SUMS"
# aarch64 needs a Swift SDK for aarch64-unknown-linux-gnu, which this toolchain does not have.
say "aarch64: not built; a cross-build needs a Swift SDK for it ($(swift sdk list 2>&1 | head -1))"
ls -l "$out" >&2
