"""The optional parts of the package, each installed by an extra named for what it adds (see
pyproject.toml), and the one-line refusal when a part that is needed is missing.

``pip install gammon-elo`` gives the rules, the player questions, replays of CSV histories and
the simulator; the rest comes with an extra:

- ``parquet`` (pyarrow): Parquet histories and outputs;
- ``compiled`` (numba, llvmlite): the compiled replay of large histories (without it, the same
  pass runs as plain Python, with the same numbers);
- ``dask`` (dask, distributed): sweeps and fits, on a local or an existing cluster;
- ``app`` (streamlit, altair, pyarrow, dask, distributed): the Streamlit app, whose Rule
  designer runs on Dask;
- ``all``: all of them.

>>> import math
>>> require("math", "dask", "a sum") is math
True
>>> try:
...     require("no_such_module_here", "dask", "gammon-elo sweep")
... except MissingExtra as error:
...     print(error)
gammon-elo sweep needs the 'dask' extra: pip install 'gammon-elo[dask]'
"""

from __future__ import annotations

import importlib
from types import ModuleType
from typing import Final

from ._core.errors import InvalidInput

__all__ = ["EXTRAS", "MissingExtra", "extra_for", "require"]

#: Each extra's top-level modules (the import names, not the distributions').
EXTRAS: Final[dict[str, tuple[str, ...]]] = {
    "parquet": ("pyarrow",),
    "compiled": ("numba", "llvmlite"),
    "dask": ("dask", "distributed"),
    "engine": ("bgsage", "bgbot_cpp"),
    "app": ("streamlit", "altair", "pyarrow", "dask", "distributed", "bgsage", "bgbot_cpp"),
}


class MissingExtra(InvalidInput):
    """An optional part is needed and not installed: ``what`` needs ``extra``.

    Its message is one line that says what to install; ``field`` is ``what``, ``value`` the
    missing module.
    """

    def __init__(self, what: str, extra: str, module: str) -> None:
        super().__init__(what, module, f"needs the {extra!r} extra")
        self.extra = extra
        self.args = (f"{what} needs the {extra!r} extra: pip install 'gammon-elo[{extra}]'",)


def require(module: str, extra: str, what: str) -> ModuleType:
    """``module`` imported, or :class:`MissingExtra` saying that ``what`` needs ``extra``."""
    try:
        return importlib.import_module(module)
    except ModuleNotFoundError as error:
        if error.name is None or module.split(".")[0] != error.name.split(".")[0]:
            raise  # the module is there; something it imports is not: not ours to rename
        raise MissingExtra(what, extra, module) from None


def extra_for(error: ModuleNotFoundError) -> str | None:
    """The extra that installs the module ``error`` found missing (None: no extra of ours).

    >>> extra_for(ModuleNotFoundError("No module named 'distributed'", name="distributed"))
    'dask'
    >>> extra_for(ModuleNotFoundError("No module named 'pyarrow.parquet'", name="pyarrow.parquet"))
    'parquet'
    >>> extra_for(ModuleNotFoundError("No module named 'numpy'", name="numpy")) is None
    True
    """
    top = (error.name or "").split(".")[0]
    return next((extra for extra, modules in EXTRAS.items() if top in modules), None)
