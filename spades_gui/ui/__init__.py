"""Pygame user interface: card art, table, menus and dialogs."""
