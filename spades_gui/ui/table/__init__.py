"""The card table: what it knows (view), what each controller event does to it (events),
what a click or key does (input, buttons), what it draws (render, panels), and the scene
that wires them to one controller (scene)."""

from .scene import TableScene, new_game_scene, resume_scene

__all__ = ["TableScene", "new_game_scene", "resume_scene"]
