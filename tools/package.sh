#!/usr/bin/env bash
# Pack the program tools/build.sh made in dist/ into what a release offers, in release/:
#
#   Windows  Spades.exe
#   macOS    Spades-macos-arm64.zip or Spades-macos-x86_64.zip (Spades.app, zipped by ditto,
#            which keeps the bundle's symlinks and its signature)
#   Linux    spades-linux-x86_64.tar.gz: a folder holding spades (the program), spades.desktop,
#            spades.png (the icon) and install.sh (puts it in the menu: tools/install-linux.sh)
#
#   bash tools/package.sh [OUT]      # OUT defaults to release/; prints what it wrote
#
# The names carry no version, so a link to releases/latest/download/NAME always works.
set -euo pipefail
cd "$(dirname "$0")/.."
OUT=${1:-release}
arch=$(uname -m)

rm -rf "$OUT"
mkdir -p "$OUT"
case "$(uname -s)" in
  MINGW* | MSYS* | CYGWIN*)
    cp dist/Spades.exe "$OUT/Spades.exe"
    ;;
  Darwin)
    [ -d dist/Spades.app ] || { echo "package.sh: no dist/Spades.app; run tools/build.sh" >&2; exit 1; }
    ditto -c -k --sequesterRsrc --keepParent dist/Spades.app "$OUT/Spades-macos-$arch.zip"
    ;;
  *)
    [ -x dist/spades ] || { echo "package.sh: no dist/spades; run tools/build.sh" >&2; exit 1; }
    name="spades-linux-$arch"
    stage=$(mktemp -d)
    trap 'rm -rf "$stage"' EXIT
    mkdir "$stage/$name"
    install -m 755 dist/spades "$stage/$name/spades"
    install -m 644 assets/spades.desktop "$stage/$name/spades.desktop"
    install -m 644 assets/icon.png "$stage/$name/spades.png"
    install -m 755 tools/install-linux.sh "$stage/$name/install.sh"
    tar -C "$stage" --owner=0 --group=0 -czf "$OUT/$name.tar.gz" "$name"
    ;;
esac
ls -l "$OUT"
