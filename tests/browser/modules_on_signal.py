"""Streamlit's command line, in a process that says which modules it holds, and how often
named functions of the app ran, when asked.

    GAMMON_MODULES_FILE=where python tests/browser/modules_on_signal.py run app.py [options]
    GAMMON_COUNTED=gammon_elo.plan GAMMON_CALLS_FILE=where python tests/browser/... run app.py

On ``SIGUSR1`` the process writes ``sorted(sys.modules)``, one name a line, to the file
``GAMMON_MODULES_FILE`` names, and the calls so far of each function ``GAMMON_COUNTED`` names
(module attributes, apart by commas: replaced by a counting wrapper before the server starts),
``name count`` a line, to the file ``GAMMON_CALLS_FILE`` names (each written beside it, then
renamed: a reader never sees half a list), then goes on serving. Everything else is
``streamlit run``: Streamlit's own console script, ``streamlit.web.cli.main``, with the same
arguments. The import path starts at the working directory, as under ``python -m streamlit``,
not at this file's folder. Used by tests/browser/test_public_process.py to read the server's
modules, and by tests/browser/test_door_guard_browser.py to see whether a cached computation
ran again, from outside the server, without a page of its own in the app.
"""

from __future__ import annotations

import functools
import importlib
import os
import signal
import sys
import threading
from collections import Counter
from collections.abc import Callable
from types import FrameType
from typing import Any

#: The environment variables naming the files the module list and the call counts go to, and
#: the functions counted.
MODULES_FILE = "GAMMON_MODULES_FILE"
CALLS_FILE = "GAMMON_CALLS_FILE"
COUNTED = "GAMMON_COUNTED"

calls: Counter[str] = Counter()
calls_lock = threading.Lock()


def write(variable: str, lines: list[str]) -> None:
    """Write ``lines`` to the file the environment ``variable`` names, if it names one."""
    target = os.environ.get(variable)
    if target:
        partial = f"{target}.part"
        with open(partial, "w", encoding="utf-8") as out:
            out.write("".join(f"{line}\n" for line in lines))
        os.replace(partial, target)


def report(signum: int, frame: FrameType | None) -> None:
    """Write the modules loaded so far and the calls counted so far."""
    write(MODULES_FILE, sorted(sys.modules))
    with calls_lock:
        write(CALLS_FILE, [f"{name} {count}" for name, count in sorted(calls.items())])


def count_calls(name: str) -> None:
    """Replace the function ``module.attribute`` by one that counts its calls."""
    module_name, _, attribute = name.rpartition(".")
    module = importlib.import_module(module_name)
    original: Callable[..., Any] = getattr(module, attribute)

    @functools.wraps(original)
    def counted(*args: Any, **kwargs: Any) -> Any:
        with calls_lock:
            calls[name] += 1
        return original(*args, **kwargs)

    calls[name] = 0
    setattr(module, attribute, counted)


def main() -> None:
    sys.path[0] = os.getcwd()  # what `python -m streamlit` puts first, not this file's folder
    for name in filter(None, os.environ.get(COUNTED, "").split(",")):
        count_calls(name)
    signal.signal(signal.SIGUSR1, report)
    from streamlit.web.cli import main as streamlit_main

    sys.argv = ["streamlit", *sys.argv[1:]]
    streamlit_main()


if __name__ == "__main__":
    main()
