"""Pygame user interface: card art, table, menus and dialogs."""

import os

# Before any module of the interface imports pygame: no banner on the console.
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
