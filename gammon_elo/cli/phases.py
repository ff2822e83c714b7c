"""Where a command's time goes: the wall time of each phase of its run (``replay --timings``),
printed on stderr in one line, so that the command's own output stays as it is.

The first phase, ``imports``, runs from the process's start (read from the kernel where it says,
as on Linux; elsewhere from the moment the command line was imported) to the first phase a
command opens: the interpreter's start-up and every import up to then.

>>> phases = Phases(started=None)
>>> with phases.phase("read"):
...     pass
>>> [name for name, _ in phases.figures()]
['imports', 'read']
"""

from __future__ import annotations

import contextlib
import os
import sys
import time
from collections.abc import Iterator
from typing import TextIO

__all__ = ["Phases", "process_started"]

#: When the command line was imported: the start of ``imports`` where the process's is unknown.
_IMPORTED = time.perf_counter()


def process_started() -> float | None:
    """The process's start on the ``time.perf_counter`` clock, where the kernel says it (Linux's
    ``/proc``, to a clock tick); None elsewhere."""
    try:
        with open("/proc/self/stat", encoding="ascii") as stat:
            # The fields after the command's name (in parentheses); the start is field 22.
            fields = stat.read().rpartition(")")[2].split()
        ticks = int(fields[19])
        age = time.clock_gettime(time.CLOCK_BOOTTIME) - ticks / os.sysconf("SC_CLK_TCK")
    except (OSError, ValueError, IndexError, AttributeError):
        return None
    return time.perf_counter() - age


class Phases:
    """Wall seconds per named phase, in the order they ran (a phase run twice adds up)."""

    def __init__(self, *, started: float | None) -> None:
        self._mark = _IMPORTED if started is None else min(started, _IMPORTED)
        self._seconds: dict[str, float] = {}
        self._notes: list[str] = []

    @contextlib.contextmanager
    def phase(self, name: str) -> Iterator[None]:
        """Time the block as ``name``; the time since the last phase ended is ``imports``."""
        start = time.perf_counter()
        if not self._seconds:
            self._seconds["imports"] = start - self._mark
        try:
            yield
        finally:
            end = time.perf_counter()
            self._seconds[name] = self._seconds.get(name, 0.0) + end - start

    def note(self, text: str) -> None:
        """A remark printed after the figures (a first-ever compilation, say)."""
        self._notes.append(text)

    def figures(self) -> list[tuple[str, float]]:
        return list(self._seconds.items())

    def report(self, stream: TextIO = sys.stderr) -> None:
        """``timings: imports 0.41 s, read 0.52 s, …, total 1.9 s`` and any notes."""
        figures = self.figures()
        total = sum(seconds for _, seconds in figures)
        parts = [f"{name} {seconds:.2f} s" for name, seconds in figures]
        print("timings: " + ", ".join([*parts, f"total {total:.2f} s"]), file=stream)
        for text in self._notes:
            print(f"timings: {text}", file=stream)
