"""`spades` with no command: open the game window at the menu."""

from __future__ import annotations

import argparse


def run(args: argparse.Namespace) -> int:
    """Open the window and play until the player quits."""
    from ..ui.launch import run_window

    return run_window()
