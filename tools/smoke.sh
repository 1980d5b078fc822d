#!/usr/bin/env bash
# The smoke tests of a built program: its headless commands print what the source prints, and
# bench, simulate, selftest and the window's first frame work.
#
#   bash tools/smoke.sh BIN     # BIN: the program as a command (dist/spades, or a wrapper that
#                               # runs Spades.exe under Wine: tools/build-windows.sh)
#
# PYTHON picks the interpreter that runs the source for the comparison (default: python, else
# python3). The checks run from an empty folder with SPADES_HOME pointing at a scratch folder,
# so the program must find everything inside itself and never touches the real saves.
# Exits non-zero if any check fails. tools/build.sh and tools/build-windows.sh call it.
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT=$PWD
BIN=${1:?usage: smoke.sh BIN}
case "$BIN" in */*) BIN="$(cd "$(dirname "$BIN")" && pwd)/$(basename "$BIN")" ;; esac

PY=${PYTHON:-}
if [ -z "$PY" ]; then
  if command -v python >/dev/null 2>&1; then PY=python; else PY=python3; fi
fi
case "$PY" in */*) PY="$(cd "$(dirname "$PY")" && pwd)/$(basename "$PY")" ;; esac

SCRATCH=$(mktemp -d)
trap 'rm -rf "$SCRATCH"' EXIT
mkdir -p "$SCRATCH/cwd" "$SCRATCH/home"
export SPADES_HOME="$SCRATCH/home"
export SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy
unset PYGAME_HIDE_SUPPORT_PROMPT  # what a player sees: JSON must stay clean without it

failed=0
pass() { echo "   ok   $*"; }
fail() { echo "   FAIL $*" >&2; failed=1; }

# with_timeout SECONDS CMD...: CMD, killed if it runs longer (a window that never closes);
# returns 124 then, whatever CMD made of the signal (SDL turns SIGTERM into a clean quit).
with_timeout() {
  local secs=$1
  shift
  local mark
  mark=$(mktemp)
  "$@" &
  local pid=$!
  (
    trap 'kill "$sp" 2>/dev/null; exit 0' TERM
    sleep "$secs" &
    sp=$!
    wait "$sp"
    echo "build.sh: killed after $secs s: $*" | tee "$mark" >&2
    kill "$pid" 2>/dev/null
  ) &
  local watcher=$!
  local rc=0
  wait "$pid" || rc=$?
  kill "$watcher" 2>/dev/null || true
  wait "$watcher" 2>/dev/null || true
  [ -s "$mark" ] && rc=124
  rm -f "$mark"
  return "$rc"
}

# step NAME CMD...: run CMD from the scratch folder; output to $SCRATCH/out, exit code checked.
step() {
  local name=$1
  shift
  if (cd "$SCRATCH/cwd" && with_timeout 180 "$@") >"$SCRATCH/out" 2>"$SCRATCH/err"; then
    pass "$name"
  else
    fail "$name (exit $?)"
    sed 's/^/        /' "$SCRATCH/err" | tail -n 20 >&2
  fi
}

# same NAME ARGS...: the binary's stdout and exit code must equal the source's.
same() {
  local name=$1
  shift
  local want got
  want=$(cd "$SCRATCH/cwd" && "$PY" -m spades_gui "$@" 2>/dev/null; echo "exit $?")
  got=$(cd "$SCRATCH/cwd" && "$BIN" "$@" 2>/dev/null; echo "exit $?")
  if [ "$want" = "$got" ]; then pass "$name (same as source)"; else
    fail "$name differs from the source run"
    diff <(echo "$want") <(echo "$got") | head -n 20 >&2 || true
  fi
}

json_ok() { "$PY" -c 'import json, sys; json.load(sys.stdin)' <"$SCRATCH/out"; }

echo "== smoke tests of $BIN"
same "--version" --version
same "rules" rules
same "rules pagat --json" rules pagat --json
same "rules nope (exit 2)" rules nope

# Game records made by the source: a whole random game (the one tests/test_cli.py replays)
# and its first hand cut after one trick, a position with a decision for `hint`.
if "$PY" -c 'import json, sys
from tests.engine.helpers import play_random_game
from spades_gui.engine import preset_rules
from spades_gui.engine.record import game_to_record
record = game_to_record(play_random_game(preset_rules("online"), seed=11))
json.dump(record, open(sys.argv[1], "w"))
first = record["hands"][0]
record["hands"] = [dict(first, plays=first["plays"][:4])]
json.dump(record, open(sys.argv[2], "w"))
' "$SCRATCH/game.json" "$SCRATCH/mid.json" 2>"$SCRATCH/err"; then
  same "replay FILE" replay "$SCRATCH/game.json"
  same "replay FILE --json" replay "$SCRATCH/game.json" --json
  same "hint FILE --level medium --json" hint "$SCRATCH/mid.json" --level medium --json
else
  fail "could not make a game record: $(tail -n 1 "$SCRATCH/err")"
fi
echo '{"rules": "pagat", "hands": [{"dealer": 9}]}' >"$SCRATCH/bad.json"
same "replay BAD (exit 2)" replay "$SCRATCH/bad.json"

step "bench --json --seconds 1" "$BIN" bench --json --seconds 1
json_ok && pass "bench prints JSON: $(head -c 200 "$SCRATCH/out")" || fail "bench output is not JSON"
# bench skips the frame figures if the UI cannot be imported: the keys must match the source's.
keys() { "$PY" -c 'import json, sys; print(sorted(json.load(sys.stdin)))'; }
want=$(cd "$SCRATCH/cwd" && "$PY" -m spades_gui bench --json --seconds 0.2 | keys) || want="source failed"
got=$(keys <"$SCRATCH/out") || got="not JSON"
[ "$want" = "$got" ] && pass "bench reports the same figures as the source" ||
  fail "bench keys differ: source $want, frozen $got"

step "simulate --hands 2 --json" "$BIN" simulate --rules pagat --hands 2 --seed 1 \
  --seats easy,easy,easy,easy --json
json_ok && pass "simulate prints JSON" || fail "simulate output is not JSON"

step "selftest (SDL dummy drivers)" "$BIN" selftest
echo "        $(tail -n 1 "$SCRATCH/out")"

# Opens the real window on the dummy driver, draws the menu once and leaves.
SPADES_EXIT_AFTER_FIRST_FRAME=1 step "window to the first frame" "$BIN"
line=$(grep "^first frame after" "$SCRATCH/out" || true)
[ -n "$line" ] && pass "$line" || fail "no 'first frame after' line"

if [ "$failed" -ne 0 ]; then
  echo "== smoke.sh: FAILED" >&2
  exit 1
fi
echo "== smoke.sh: all checks passed"
