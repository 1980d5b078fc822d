"""Entry script of the frozen program (build.spec): the same `spades` as the installed one.

`spades_gui/__main__.py` uses a relative import, so PyInstaller needs this absolute one.
"""

from spades_gui.resources import ensure_stdio

ensure_stdio()  # a windowed Windows build has no sys.stdout until this

from spades_gui.app import run  # noqa: E402

run()
