"""The lab: the computer players' yardsticks, matches with them at the table, and the research
scripts behind docs/AI.md. Not part of the game: neither the wheel nor the standalone program
carries it. `python -m lab simulate` and `python -m lab hint` are `spades simulate` and
`spades hint` with the yardsticks as seats; each script is run as `python -m lab.NAME`."""
