"""The command line: ``gammon-elo change | tables | classic | simulate | replay | plan | explain |
performance | calibrate | sweep …`` (or ``python -m gammon_elo …``; ``--version``).

Each subcommand lives in its own module (:mod:`.change`, :mod:`.tables`, :mod:`.classic`,
:mod:`.simulate`, :mod:`.replay`, :mod:`.plan`, :mod:`.explain`, :mod:`.performance`,
:mod:`.calibrate`, :mod:`.sweep`), which adds its parser to :data:`SUBCOMMANDS`; the options
they share live in :mod:`.options`. Bad input prints one line naming the field and the value
on stderr and exits with status 2, never a traceback; so does a command that needs an optional
part that is not installed, naming the extra to install (:mod:`gammon_elo.extras`).
"""

from __future__ import annotations

import argparse
import contextlib
import os
import signal
import sys
import threading
from collections.abc import Callable, Iterator, Sequence

from .. import __version__
from .._core.errors import InvalidInput
from ..extras import MissingExtra, extra_for
from .calibrate import build_calibrate
from .change import build_change
from .classic import build_classic
from .explain import build_explain
from .league import build_league
from .options import EXIT_INVALID, Subparsers
from .performance import build_performance
from .plan import build_plan
from .replay import build_replay
from .simulate import build_simulate
from .sweep import build_sweep
from .tables import build_tables

__all__ = ["EXIT_INVALID", "SUBCOMMANDS", "build_parser", "main"]

#: Every subcommand's parser builder, in the order --help lists them.
SUBCOMMANDS: list[Callable[[Subparsers], None]] = [
    build_change,
    build_tables,
    build_classic,
    build_simulate,
    build_replay,
    build_plan,
    build_explain,
    build_performance,
    build_calibrate,
    build_sweep,
    build_league,
]


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="gammon-elo",
        description="Gammon42's ELO rules, exactly as the server computes them.",
    )
    parser.add_argument("--version", action="version", version=f"%(prog)s {__version__}")
    sub = parser.add_subparsers(dest="command", required=True)
    for build in SUBCOMMANDS:
        build(sub)
    return parser


def _ended_by(signum: int, _frame: object) -> None:
    """SIGTERM or SIGHUP as an exit, so that cleanup runs as it does for Ctrl-C (a chunked
    replay removes its ``OUT.partial``); the status is the shell's 128 + the signal's number."""
    raise SystemExit(128 + signum)


def main(argv: Sequence[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    with _signals_as_exits():
        return _run(args)


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
