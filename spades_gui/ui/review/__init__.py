"""The hand review: a finished hand of a record, step by step, the player's decisions weighed
(scene: stepping and the analysis; render: what it draws; layout: where)."""

from .scene import ReviewScene

__all__ = ["ReviewScene"]
