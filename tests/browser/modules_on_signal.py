"""Streamlit's command line, in a process that says which modules it holds when asked.

    GAMMON_MODULES_FILE=where python tests/browser/modules_on_signal.py run app.py [options]

On ``SIGUSR1`` the process writes ``sorted(sys.modules)``, one name a line, to the file the
environment variable names (written beside it, then renamed: a reader never sees half a list),
then goes on serving. Everything else is ``streamlit run``: Streamlit's own console script,
``streamlit.web.cli.main``, with the same arguments. The import path starts at the working
directory, as under ``python -m streamlit``, not at this file's folder. Used by
tests/browser/test_public_process.py to read the server's modules from outside it, without a
page of its own in the app.
"""

from __future__ import annotations

import os
import signal
import sys
from types import FrameType

#: The environment variable naming the file the module list goes to.
MODULES_FILE = "GAMMON_MODULES_FILE"


def write_modules(signum: int, frame: FrameType | None) -> None:
    """Write the names of the modules loaded so far to the file ``MODULES_FILE`` names."""
    target = os.environ[MODULES_FILE]
    partial = f"{target}.part"
    with open(partial, "w", encoding="utf-8") as out:
        out.write("\n".join(sorted(sys.modules)) + "\n")
    os.replace(partial, target)


def main() -> None:
    sys.path[0] = os.getcwd()  # what `python -m streamlit` puts first, not this file's folder
    signal.signal(signal.SIGUSR1, write_modules)
    from streamlit.web.cli import main as streamlit_main

    sys.argv = ["streamlit", *sys.argv[1:]]
    streamlit_main()


if __name__ == "__main__":
    main()
