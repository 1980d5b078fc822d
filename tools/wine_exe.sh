#!/usr/bin/env bash
# A Windows program under Wine as a Linux command: its output, errors and exit code come back as
# it gave them, \r\n as \n. tools/build-windows.sh runs Spades.exe through it.
#
#   WINEPREFIX=... bash tools/wine_exe.sh PROGRAM.exe ARGS...
#
# CPython under Wine cannot start when a standard stream is a Linux regular file, so every
# stream goes through a pipe. Wine 8.0 sometimes crashes a process that used SDL while it exits,
# after the program has finished: a 40-line pygame program with none of the game's code does
# too (docs/BUILD.md). A run whose output shows that one fault is run once more, unless
# SPADES_WINE_RETRY=0 (the stress runs count the faults instead) or its input was a pipe.
set -uo pipefail
FAULT="Unhandled page fault on execute access to 0000000259D937EA"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

retry=${SPADES_WINE_RETRY:-1}
input=/dev/stdin
if [ -p /dev/stdin ]; then
  retry=0 # a pipe can be read once
elif [ -f /dev/stdin ]; then
  cat >"$tmp/in" # a regular file reaches Wine through a pipe
  input="$tmp/in"
fi

run() {
  {
    if [ "$input" = /dev/stdin ]; then
      wine "$@" | tr -d '\r' >"$tmp/out"
    else
      cat "$input" | wine "$@" | tr -d '\r' >"$tmp/out"
    fi
    echo "${PIPESTATUS[-2]}" >"$tmp/code"
  } 2>&1 | tr -d '\r' >"$tmp/err"
}

run "$@"
if [ "$retry" != 0 ] && grep -q "$FAULT" "$tmp/err"; then
  echo "wine_exe.sh: Wine crashed the process as it ended (a known Wine fault); running it again" >&2
  run "$@"
fi
cat "$tmp/out"
cat "$tmp/err" >&2
exit "$(cat "$tmp/code")"
