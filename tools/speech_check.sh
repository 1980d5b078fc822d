#!/usr/bin/env bash
# The Linux voice, run for real: the game's Linux backend (spades_gui/ui/speech/voices.py, which
# runs speech-dispatcher's spd-say) says a line; a private speech-dispatcher passes it to
# espeak-ng through an output module that writes the audio to a WAV file instead of a sound card
# (CI has none); sox measures the file, which must hold sound, not silence.
# Installs speech-dispatcher, espeak-ng and sox from Debian when missing (CI runs as root).
# Usage: bash tools/speech_check.sh   (PYTHON=... to choose the interpreter; .venv's by default)
set -euo pipefail
cd "$(dirname "$0")/.."
PY=${PYTHON:-.venv/bin/python}
LINE="Your turn, follow hearts: 2, 9, queen"
MIN_RMS=0.01 # espeak-ng's speech measures about 0.09; silence 0

missing=()
command -v speech-dispatcher >/dev/null || missing+=(speech-dispatcher)
command -v espeak-ng >/dev/null || missing+=(espeak-ng)
command -v sox >/dev/null || missing+=(sox)
if [ ${#missing[@]} -gt 0 ]; then
  echo "== installing ${missing[*]}"
  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}" >/dev/null
fi
# espeak-ng is found through speech-dispatcher's modules folder: the module (sd_generic) comes
# with speech-dispatcher; the audio plugins are not needed (ALSA's null device stands in).
MODULES=$(dirname "$(find /usr/lib -path '*speech-dispatcher-modules/sd_generic' | head -n1)")

WORK=$(mktemp -d)
SD_PID=""
cleanup() {
  [ -n "$SD_PID" ] && kill "$SD_PID" 2>/dev/null || true
  rm -rf "$WORK"
}
trap cleanup EXIT
WAV="$WORK/said.wav"
mkdir -p "$WORK/conf/modules"
cat >"$WORK/conf/speechd.conf" <<EOF
AddModule "tofile" "sd_generic" "tofile.conf"
DefaultModule tofile
LanguageDefaultModule "en" "tofile"
AudioOutputMethod "alsa"
AudioALSADevice "null"
EOF
cat >"$WORK/conf/modules/tofile.conf" <<EOF
GenericExecuteSynth "printf %s \'\$DATA\' | espeak-ng -v en -s \$RATE --stdin -w $WAV"
GenericCmdDependency "espeak-ng"
GenericLanguage "en" "en" "utf-8"
AddVoice "en" "MALE1" "en"
GenericRateAdd 175
GenericRateMultiply 1
EOF
# Its own home and runtime folder: a speech-dispatcher the user already runs (its pid file)
# does not stop this one from starting.
mkdir -p "$WORK/home" "$WORK/run"
HOME="$WORK/home" XDG_RUNTIME_DIR="$WORK/run" XDG_CACHE_HOME="$WORK/home/.cache" \
  speech-dispatcher -s -t 60 -C "$WORK/conf" -m "$MODULES" -S "$WORK/socket" -L "$WORK" \
  >"$WORK/speechd.out" 2>&1 &
SD_PID=$!
for _ in $(seq 100); do
  [ -S "$WORK/socket" ] && break
  sleep 0.1
done
if [ ! -S "$WORK/socket" ]; then
  echo "speech-dispatcher did not start:" && cat "$WORK/speechd.out" && exit 1
fi

# The game's own choice of voice on Linux, not forced: it must be speech-dispatcher's.
SPEECHD_ADDRESS="unix_socket:$WORK/socket" "$PY" - "$LINE" <<'EOF'
import sys

from spades_gui.ui.speech.voices import Command, system_voice

voice = system_voice("linux")
assert isinstance(voice, Command) and voice.name == "speech-dispatcher", voice
voice.speak(sys.argv[1], interrupt=False)
voice.wait()
print(f"said through {voice.name}: {sys.argv[1]!r}")
EOF

[ -s "$WAV" ] || { echo "no audio was written"; cat "$WORK"/*.log 2>/dev/null; exit 1; }
STAT=$(sox "$WAV" -n stat 2>&1)
RMS=$(awk '/RMS +amplitude/ {print $3; exit}' <<<"$STAT")
LEN=$(awk '/Length \(seconds\)/ {print $3; exit}' <<<"$STAT")
echo "audio: $LEN s, RMS amplitude $RMS (silence is 0; at least $MIN_RMS wanted)"
awk -v r="$RMS" -v m="$MIN_RMS" 'BEGIN { exit !(r >= m) }' || { echo "the audio is silence"; exit 1; }
