"""Entry script of the frozen program (build.spec): the same `spades` as the installed one.

`spades_gui/__main__.py` uses a relative import, so PyInstaller needs this absolute one.
"""

import multiprocessing

from spades_gui.resources import ensure_stdio

# The AI thinks in a spawned worker process: in a frozen program that child starts here.
multiprocessing.freeze_support()
ensure_stdio()  # a windowed Windows build has no sys.stdout until this

from spades_gui.app import run  # noqa: E402

run()
