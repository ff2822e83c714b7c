"""What every test shares: the interpreter's ``__main__`` as it was when the suite started.

Streamlit runs a page's script as ``sys.modules["__main__"]`` (AppTest does too, in this
process) and leaves it there. A Dask Nanny started afterwards in the same process spawns its
worker with multiprocessing, which runs ``__main__``'s file again in the child: it ran ``app.py``
outside Streamlit and the worker never started. Which tests share a process depends on how the
suite is split between its workers, so each test starts and ends with the suite's ``__main__``
(at its start too: a module's shared AppTest may have run in a fixture set up before it).
"""

from __future__ import annotations

import sys
from collections.abc import Iterator

import pytest

#: The conftests hold no doctests; collected as modules, the files named conftest.py (this,
#: browser/'s and ui/'s, none in a package) are one module name, which pytest refuses.
collect_ignore = ["conftest.py", "browser/conftest.py", "ui/conftest.py"]

_MAIN = sys.modules["__main__"]


@pytest.fixture(autouse=True)
def _keep_main_module() -> Iterator[None]:
    sys.modules["__main__"] = _MAIN
    yield
    sys.modules["__main__"] = _MAIN
