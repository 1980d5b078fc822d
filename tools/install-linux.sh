#!/bin/sh
# Shipped as install.sh in the Linux release archive (tools/package.sh): puts Spades in the
# desktop's menu for this user. Run it from the unpacked folder; nothing needs root.
#
#   ./install.sh            copies spades to ~/.local/bin, the icon and the launcher where
#                           desktops look for them ($XDG_DATA_HOME, by default ~/.local/share)
#   ./install.sh --remove   takes those three files away again (saves and settings stay)
set -eu
here=$(cd "$(dirname "$0")" && pwd)
bin="$HOME/.local/bin"
data="${XDG_DATA_HOME:-$HOME/.local/share}"
icon="$data/icons/hicolor/256x256/apps/spades.png"
launcher="$data/applications/spades.desktop"

if [ "${1:-}" = "--remove" ]; then
  rm -f "$bin/spades" "$icon" "$launcher"
  echo "Spades removed from $bin and the menu."
  exit 0
fi

mkdir -p "$bin" "$(dirname "$icon")" "$(dirname "$launcher")"
cp "$here/spades" "$bin/spades"
chmod 755 "$bin/spades"
cp "$here/spades.png" "$icon"
# The launcher names the program by its full path, so it works whether or not ~/.local/bin
# is on PATH.
sed "s|^Exec=.*|Exec=\"$bin/spades\"|" "$here/spades.desktop" >"$launcher"
command -v update-desktop-database >/dev/null 2>&1 && update-desktop-database "$data/applications" || true
echo "Spades is in the menu (Games); the program is $bin/spades."
