#!/usr/bin/env bash
# Build the one-file program with PyInstaller (build.spec), then smoke-test the binary it made
# (tools/smoke.sh).
#
#   bash tools/build.sh               # PYTHON=... picks the interpreter (default: python, else python3)
#
# Needs the game and PyInstaller installed in that interpreter: pip install -e ".[build]".
# Prints every step, the binary's size, and exits non-zero if the build or any check fails.
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT=$PWD

PY=${PYTHON:-}
if [ -z "$PY" ]; then
  if command -v python >/dev/null 2>&1; then PY=python; else PY=python3; fi
fi
# A path such as .venv/Scripts/python must still work after the checks cd to a scratch folder.
case "$PY" in */*) PY="$(cd "$(dirname "$PY")" && pwd)/$(basename "$PY")" ;; esac
"$PY" -m PyInstaller --version >/dev/null 2>&1 || {
  echo "build.sh: PyInstaller is not installed for $PY; run: $PY -m pip install -e \".[build]\"" >&2
  exit 1
}

case "$(uname -s)" in
  MINGW* | MSYS* | CYGWIN*) BIN="$ROOT/dist/Spades.exe" ;;
  Darwin) BIN="$ROOT/dist/Spades.app/Contents/MacOS/spades" ;;
  *) BIN="$ROOT/dist/spades" ;;
esac

echo "== build: $PY -m PyInstaller --noconfirm --clean build.spec"
rm -rf "$ROOT/dist/spades" "$ROOT/dist/Spades.exe" "$ROOT/dist/Spades.app"
t0=$(date +%s)
PYGAME_HIDE_SUPPORT_PROMPT=1 "$PY" -m PyInstaller --noconfirm --clean --log-level WARN build.spec
echo "   built in $(($(date +%s) - t0)) s"
[ -x "$BIN" ] || { echo "build.sh: $BIN was not made" >&2; exit 1; }

failed=0
fail() { echo "   FAIL $*" >&2; failed=1; }
PYTHON="$PY" bash "$ROOT/tools/smoke.sh" "$BIN" || failed=1

size=$(wc -c <"$BIN" | tr -d ' ')
if [ -d "$ROOT/dist/Spades.app" ]; then
  size=$(du -sk "$ROOT/dist/Spades.app" | cut -f1)
  echo "== size: dist/Spades.app $((size / 1024)) MiB (${size} KiB)"
else
  echo "== size: ${BIN#"$ROOT/"} $((size / 1048576)).$(((size % 1048576) * 10 / 1048576)) MiB ($size bytes)"
fi

# The size budget of issue 5: at most 40 MiB.
if [ ! -d "$ROOT/dist/Spades.app" ] && [ "$size" -gt $((40 * 1048576)) ]; then
  fail "the program is over the 40 MiB budget"
fi

if [ "$failed" -ne 0 ]; then
  echo "== build.sh: FAILED" >&2
  exit 1
fi
echo "== build.sh: all checks passed"
