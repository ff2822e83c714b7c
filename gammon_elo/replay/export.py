"""A replay's tables as CSV files a spreadsheet opens safely: no cell runs as a formula."""

from __future__ import annotations

import unicodedata
from typing import Any, Final

import numpy as np
import pandas as pd

_FORMULA_STARTS: Final = ("=", "+", "-", "@", "\t", "\r")


def neutralize_formulas(frame: pd.DataFrame) -> pd.DataFrame:
    """A copy of ``frame`` safe to open in a spreadsheet: every text cell (and column name)
    starting with =, +, -, @, tab or carriage return, as written or after NFKC normalisation
    (a full-width ``＝``), gets a leading single quote, shown as text, not run as a formula.

    >>> frame = pd.DataFrame(
    ...     {"player": ["=HYPERLINK(1)", "Eleni", "-Nikos"], "change": [-16, 8, 0]}
    ... )
    >>> neutralize_formulas(frame).values.tolist()
    [["'=HYPERLINK(1)", -16], ['Eleni', 8], ["'-Nikos", 0]]
    >>> neutralize_formulas(pd.DataFrame({"player": ["＝1+1"]})).player.tolist()
    ["'＝1+1"]
    """
    safe = frame.copy()
    for i in range(safe.shape[1]):
        values = safe.iloc[:, i]
        if isinstance(values.dtype, pd.CategoricalDtype):
            # Quote the few categories rather than the many cells, where they stay distinct.
            names = list(values.cat.categories)
            quoted = [_quoted(name) for name in names]
            if quoted != names and len(set(quoted)) == len(quoted):
                safe.isetitem(i, values.cat.rename_categories(quoted).array)
                continue
            values = values.astype(object)
        elif not (
            pd.api.types.is_object_dtype(values.dtype) or pd.api.types.is_string_dtype(values.dtype)
        ):
            continue  # numbers and times cannot start a formula
        cells = values.to_numpy(dtype=object)
        risky = np.fromiter(
            (isinstance(v, str) and _risky(v) for v in cells),
            dtype=bool,
            count=len(cells),
        )
        if risky.any():
            cells = cells.copy()
            cells[risky] = ["'" + v for v in cells[risky]]
            safe.isetitem(i, cells)
    safe.columns = [_quoted(c) for c in safe.columns]
    return safe


def _risky(text: str) -> bool:
    """Whether ``text`` starts a formula, as written or after NFKC normalisation."""
    if text.startswith(_FORMULA_STARTS):
        return True
    return not text.isascii() and unicodedata.normalize("NFKC", text).startswith(_FORMULA_STARTS)


def _quoted(value: Any) -> Any:
    return "'" + value if isinstance(value, str) and _risky(value) else value
