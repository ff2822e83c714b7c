"""What every test shares: the interpreter's ``__main__`` as it was before the test.

Streamlit runs a page's script as ``sys.modules["__main__"]`` (AppTest does too, in this
process) and leaves it there. A Dask Nanny started afterwards in the same process spawns its
worker with multiprocessing, which runs ``__main__``'s file again in the child: it ran ``app.py``
outside Streamlit and the worker never started. Which tests share a process depends on how the
suite is split between its workers, so each test gets the ``__main__`` it started with.
"""

from __future__ import annotations

import sys
from collections.abc import Iterator

import pytest


@pytest.fixture(autouse=True)
def _keep_main_module() -> Iterator[None]:
    main = sys.modules["__main__"]
    yield
    sys.modules["__main__"] = main
