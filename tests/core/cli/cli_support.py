"""The command line run in this process, for tests whose assertion is about what a command prints
and its status, not about a fresh interpreter: ``main`` is what ``python -m gammon_elo`` calls
(``sys.exit(main())``), without the 0.5 to 2 s an interpreter takes to start and import. The
tests that need a fresh process (a signal, what an interpreter imports, the entry point itself)
start one."""

from __future__ import annotations

import contextlib
import io
import subprocess

from gammon_elo.cli import main


def run_cli(*argv: str) -> subprocess.CompletedProcess[str]:
    """``gammon-elo ARGV…``: its status (argparse's own exits included), stdout and stderr. An
    exception the command does not turn into a message is not caught: the test fails with it,
    as the process would have ended with a traceback."""
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        try:
            status = main(list(argv))
        except SystemExit as exit_:  # argparse's usage errors, --help
            status = exit_.code if isinstance(exit_.code, int) else 1
    command = ["gammon-elo", *argv]
    return subprocess.CompletedProcess(command, status, out.getvalue(), err.getvalue())
