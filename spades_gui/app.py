"""Entry point: the window with no arguments, or one of the headless commands."""

from __future__ import annotations

import argparse
import contextlib
import logging
import os
import sys
from collections.abc import Sequence
from typing import NoReturn

from . import __version__
from .commands import COMMANDS, play
from .commands.common import HELP_FLAG


def _parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(
        prog="spades",
        description="Offline Spades under your table's rules. With no command it opens the "
        "game window; each command below runs without one.",
        epilog="`spades COMMAND --help` describes a command's own flags.",
        add_help=False,
    )
    p.add_argument("-h", "--help", action="help", help=HELP_FLAG)
    p.add_argument(
        "--version",
        action="version",
        version=f"spades {__version__}",
        help="Print the version and exit.",
    )
    sub = p.add_subparsers(dest="command", title="commands", metavar="COMMAND")
    for command in COMMANDS.values():
        command.add_parser(sub)
    return p


def main(argv: Sequence[str] | None = None) -> int:
    """Run the program; returns the exit code."""
    args = _parser().parse_args(argv)
    command = COMMANDS.get(args.command) if args.command else play
    return command.run(args) if command is not None else 2


def _utf8_output() -> None:
    """Card suits and dashes print on every system: a Windows pipe is cp1252 by default."""
    for stream in (sys.stdout, sys.stderr):
        reconfigure = getattr(stream, "reconfigure", None)
        if reconfigure is not None:
            reconfigure(encoding="utf-8", errors="replace")


def run() -> None:
    """Console-script entry: exit with main's code, no traceback for a closed pipe."""
    _utf8_output()
    try:
        code = main()
    except BrokenPipeError:
        code = 0
    except KeyboardInterrupt:
        code = 130
    except SystemExit as e:  # --help, --version, a usage error: argparse leaves this way
        if e.code is None or isinstance(e.code, int):
            code = e.code or 0
        else:
            print(e.code, file=sys.stderr)
            code = 1
    _leave(code)


def _leave(code: int) -> NoReturn:
    """Exit with `code`; on Windows as soon as the output is out, without the teardown.

    Everything the program keeps is written as it happens (atomic files), and a worker process
    leaves by itself when the program is gone. On Windows (under Wine) waiting at exit for
    threads and the worker to wind down was seen to hang for ever, and Wine crashed processes
    that used SDL while they wound down (docs/BUILD.md). Elsewhere the ordinary exit stays:
    it lets multiprocessing release its semaphores, which it would otherwise warn about.
    """
    if sys.platform != "win32":
        sys.stdout.flush()
        sys.exit(code)
    logging.shutdown()
    for stream in (sys.stdout, sys.stderr):
        with contextlib.suppress(OSError, ValueError, AttributeError):
            stream.flush()
    os._exit(code)
