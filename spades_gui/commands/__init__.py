"""The program's commands, one module each: its arguments, its run, its printing.

Each module has `add_parser(sub)` (its flags, each with a one-sentence help) and `run(args)`
(the exit code). A command imports the layer it drives inside `run`, so `spades rules` never
loads pygame or the AI, and the window opens without the commands' imports.
"""

from __future__ import annotations

from . import bench, hint, replay, rules, selftest, simulate

COMMANDS = {m.NAME: m for m in (rules, replay, simulate, hint, bench, selftest)}

__all__ = ["COMMANDS"]
