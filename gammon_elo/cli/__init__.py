"""The command line: ``gammon-elo change | tables | classic | simulate | replay | plan | explain |
performance | calibrate | systems | sweep …`` (or ``python -m gammon_elo …``; ``--version``).

Each subcommand lives in its own module (:mod:`.change`, :mod:`.tables`, :mod:`.classic`,
:mod:`.simulate`, :mod:`.replay`, :mod:`.plan`, :mod:`.explain`, :mod:`.performance`,
:mod:`.calibrate`, :mod:`.systems`, :mod:`.sweep`, :mod:`.league`), named in
:data:`SUBCOMMANDS`, whose builder adds its parser; only the module of the subcommand run is
imported. The options they share live in :mod:`.options`. Bad input prints one line naming the
field and the value on stderr and exits with status 2, never a traceback; so does a command that
needs an optional part that is not installed, naming the extra to install
(:mod:`gammon_elo.extras`).
"""

from __future__ import annotations

import argparse
import contextlib
import gc
import importlib
import os
import signal
import sys
import threading
from collections.abc import Callable, Iterator, Sequence

from .. import __version__
from .._core.errors import InvalidInput
from ..extras import MissingExtra, extra_for
from .options import EXIT_INVALID, Subparsers

__all__ = ["EXIT_INVALID", "SUBCOMMANDS", "build_parser", "main"]

#: The subcommands, in the order --help lists them: each is the module of that name here, whose
#: ``build_<name>`` adds its parser. A command line imports only the module of its subcommand
#: (``change`` needs neither pandas nor Numba, and loads neither).
SUBCOMMANDS: tuple[str, ...] = (
    "change",
    "tables",
    "classic",
    "simulate",
    "replay",
    "plan",
    "explain",
    "performance",
    "calibrate",
    "systems",
    "sweep",
    "league",
)


def builder(name: str) -> Callable[[Subparsers], None]:
    """The parser builder of the subcommand ``name`` (its module imported now)."""
    module = importlib.import_module(f".{name}", __name__)
    build: Callable[[Subparsers], None] = getattr(module, f"build_{name}")
    return build


def build_parser(only: str | None = None) -> argparse.ArgumentParser:
    """The command line's parser: every subcommand's, or only the one named ``only`` (a
    subcommand's own usage, help and errors are the same either way)."""
    parser = argparse.ArgumentParser(
        prog="gammon-elo",
        description="Gammon42's ELO rules, exactly as the server computes them.",
    )
    parser.add_argument("--version", action="version", version=f"%(prog)s {__version__}")
    sub = parser.add_subparsers(dest="command", required=True)
    for name in SUBCOMMANDS if only is None else (only,):
        builder(name)(sub)
    return parser


def _subcommand(argv: Sequence[str]) -> str | None:
    """The subcommand a command line starts with (None: none, or ``--help`` and the like, for
    which every subcommand's parser is built)."""
    return argv[0] if argv and argv[0] in SUBCOMMANDS else None


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line ``argv``; None: the process's own, as the program (``gammon-elo``,
    ``python -m gammon_elo``), which then ends."""
    words = sys.argv[1:] if argv is None else list(argv)
    args = build_parser(_subcommand(words)).parse_args(words)
    with _signals_as_exits():
        status = _run(args)
    if argv is None:
        # The process ends next: the collector need not trace every object the libraries
        # imported once more on the way out; they are freed all the same.
        gc.freeze()
    return status


def _ended_by(signum: int, _frame: object) -> None:
    """SIGTERM or SIGHUP as an exit, so that cleanup runs as it does for Ctrl-C (a chunked
    replay removes its ``OUT.partial``); the status is the shell's 128 + the signal's number."""
    raise SystemExit(128 + signum)


@contextlib.contextmanager
def _signals_as_exits() -> Iterator[None]:
    """SIGTERM and SIGHUP end the command through :func:`_ended_by` while it runs (only the
    main thread may set handlers; a caller's own handlers are put back afterwards)."""
    names = ("SIGTERM", "SIGHUP")  # SIGHUP is not on Windows
    signals = [getattr(signal, n) for n in names if hasattr(signal, n)]
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    before = {s: signal.signal(s, _ended_by) for s in signals}
    try:
        yield
    finally:
        for s, handler in before.items():
            signal.signal(s, handler)


def _run(args: argparse.Namespace) -> int:
    try:
        try:
            status: int = args.run(args)
        except ModuleNotFoundError as error:
            # An optional part a subcommand did not check for up front: the extra, not a trace.
            extra = extra_for(error)
            if extra is None:
                raise
            raise MissingExtra(f"gammon-elo {args.command}", extra, str(error.name)) from None
    except InvalidInput as error:
        print(f"error: {error}", file=sys.stderr)
        return EXIT_INVALID
    except BrokenPipeError:
        # The reader went away (``… | head``): stop quietly, as Unix tools do.
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        return 1
    return status
