#!/usr/bin/env bash
# Every computer-player figure of docs/AI.md, from `python -m lab simulate`; JSON into lab/data/.
# Two chains of matches run side by side (the development machine has 2 cores). Seed 2026, and
# at Tournament and Championship seeds 202 and 303 as well, at Pagat 202, 303, 404 and 505.
# Usage: lab/ai_figures.sh  (on 0573af9 the two chains took 45 min side by side, with 60 pairs
# on the five other presets; on 9a1a5b4 each of Hard's 200-pair matches there took 16 to 22 min
# beside another match, so the second chain now takes about 3 h 10 min (Hard's 1,000 pairs at
# Championship took 38 min beside another match on c3aedf9, those of seed 202 as long on
# f972a25); the four matches after them 70 min, hard@400 alone 40 min: its searches stop early
# once a card clearly leads; Hard's 500 pairs at Tournament on seeds 202 and 303 add 16 min each
# beside another match, on 4d1a97b)
set -euo pipefail
cd "$(dirname "$0")/.."
PYTHON=${PYTHON:-.venv/bin/python}
OUT=lab/data
SEED=2026
mkdir -p "$OUT"

run() {  # run NAME RULES PAIRS SEATS [SEED]: one duplicate match, its JSON in lab/data/NAME.json
  "$PYTHON" -m lab simulate --seed "${5:-$SEED}" --duplicate --json --rules "$2" --hands "$3" \
    --seats "$4" > "$OUT/$1.json.tmp"
  mv "$OUT/$1.json.tmp" "$OUT/$1.json"
  echo "$1 done"
}

sim() {  # sim RULES NAME [--partner]: the oracle bidding by simulation, in foresight_RULES_NAME
  "$PYTHON" -m lab.foresight "$1" 200 "$SEED" 2 --deals 16 ${3:+"$3"} \
    > "$OUT/foresight_$1_$2.json"
}

H=hard,baseline,hard,baseline
M=medium,baseline,medium,baseline
O=oracle,baseline,oracle,baseline
(
  run hard_pagat pagat 200 "$H"  # 400 of Hard's hands: also its bid accuracy
  run medium_pagat pagat 500 "$M"
  run medium_tournament tournament 2000 "$M"  # cheap: 4,000 team-hands
  run oracle_pagat pagat 200 "$O"
  for x in 202 303 404 505; do run "oracle_pagat_$x" pagat 200 "$O" "$x"; done
  run oracle_tournament tournament 500 "$O"  # 1,000 team-hands: bid accuracy
  run oracle_tournament_202 tournament 500 "$O" 202
  run oracle_tournament_303 tournament 500 "$O" 303
  run medium_easy pagat 400 medium,easy,medium,easy
  run easy_tournament tournament 500 easy,baseline,easy,baseline  # Easy's bid accuracy
  for r in classic online championship jokers350 intramural; do
    run "oracle_$r" "$r" 1000 "$O"  # the ceiling on each preset (its first 200 pairs: Hard's)
  done
  # the oracle bidding by foresight of the play: what better bids could be worth
  "$PYTHON" -m lab.foresight tournament 200 "$SEED" > "$OUT/foresight_tournament.json"
  # ... and by simulation on 16 deals of the cards it cannot see: how far an honest bid could go
  # (each about 20 min beside another match on 83ff4d5)
  for r in tournament classic online jokers350 intramural; do  # the presets short of +45
    sim "$r" deals
    sim "$r" partner --partner
  done
  sim tournament weigh --weigh  # the deals weighed by the bids made before (18 min alone)
  # the oracle solving exactly from 28 cards left, not 20: nearer the best play that sees every
  # card (Tournament's 500 pairs 13 min beside another match)
  "$PYTHON" -m lab.deep_oracle tournament 500 "$SEED" 28 > "$OUT/deep_oracle_tournament.json"
  for r in classic online championship jokers350 intramural pagat; do
    "$PYTHON" -m lab.deep_oracle "$r" 200 "$SEED" 28 > "$OUT/deep_oracle_$r.json"
  done
) &
(
  run hard_tournament tournament 500 "$H"  # 1,000 team-hands: bid accuracy
  for x in 202 303 404 505; do  # more seeds: pooled with the first (about 5.5 min each)
    run "hard_pagat_$x" pagat 200 "$H" "$x"
  done
  run hard_tournament_202 tournament 500 "$H" 202  # more seeds: pooled with the first
  run hard_tournament_303 tournament 500 "$H" 303
  for r in classic online jokers350 intramural; do
    run "hard_$r" "$r" 200 "$H"
  done
  run hard_championship championship 1000 "$H"  # the preset where +45 is within reach
  run hard_championship_202 championship 1000 "$H" 202  # more seeds: pooled with the first
  run hard_championship_303 championship 1000 "$H" 303
  run oracle_championship_202 championship 1000 "$O" 202
  run oracle_championship_303 championship 1000 "$O" 303
) &
wait
# strength against thinking time: the same 200 deal pairs, one clock-bound match at a time so
# the clock is the seat's alone (with --think-ms every decision takes its full time)
run hard_tournament_200 tournament 200 "$H"
for ms in 25 100 400; do
  run "hard_tournament_at$ms" tournament 200 "hard@$ms,baseline,hard@$ms,baseline"
done
