"""What ``st.dataframe`` gets for a table of written cells, so that a click on a number column's
header sorts it by number (−27 before −9, 100 after 50), while every cell reads exactly as the
app wrote it (a real minus, "+17", "64,0%" in Greek).

The grid sorts a column by its values, and text sorts as text; so each all-number column is sent
as numbers, each cell with its written text as its display value (a pandas Styler's: the grid
paints it, never as HTML), and configured as a left-aligned number column (the app's tables
align every column alike). ``st.column_config.NumberColumn(format=…)`` cannot write these: its
printf formats have no real minus and no decimal comma, and its "localized" one follows the
browser's locale, not the reader's chosen language.
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable
from typing import Any

import pandas as pd
import streamlit as st

from .i18n import MINUS, decimal_comma

#: Cells at most a table may have for its numbers to be sent as numbers: a Styler writes its
#: cells one by one (the cost a cell: benchmarks/README.md, "styled cells"), and a larger table
#: would hold up its page's run for a sort order, so it goes as its text (it reads the same; a
#: header click sorts it as text).
STYLED_CELLS = 6000
#: A number as the app writes it once its thousands separator is gone and its decimal mark is a
#: point: "−16", "+12", "±16", "64.0%", "1500".
_WRITTEN_NUMBER = re.compile(r"^[+±]?-?\d+(\.\d+)?%?$")
#: What a cell with no figure shows (a dash in a per-rule-set table, nothing in a replay's).
_NO_FIGURE = ("—", "")


def written_number(text: str) -> float | None:
    """The number a cell's text shows, read the way the app writes numbers in the reader's
    language (``i18n.number``: a real minus, a decimal comma in Greek; ``grids.count``: a
    thousands separator), or None for text that is not one number ("win +12 · loss −20",
    "50%–60%", a name, a time). "64,0%" reads 64.0, "−16" reads −16, "975.511" (Greek) 975511."""
    thousands, decimal = (".", ",") if decimal_comma() else (",", ".")
    plain = text.replace(MINUS, "-").replace(thousands, "").replace(decimal, ".")
    if not _WRITTEN_NUMBER.match(plain):
        return None
    value = float(plain.lstrip("+±").rstrip("%"))
    return value if math.isfinite(value) else None


def numeric_cells(texts: pd.Series) -> tuple[pd.Series, Callable[[float], str]] | None:
    """A column of written numbers as numbers, and the formatter that writes each back exactly
    as it was written; None for a column that is not all numbers (cells with no figure aside),
    or in which one number is written two ways ("−0" and "0")."""
    values: list[float] = []
    text_of: dict[float, str] = {}
    missing: set[str] = set()
    for text in texts:
        value = written_number(text) if isinstance(text, str) else None
        if value is None:
            if text not in _NO_FIGURE:
                return None
            missing.add(text)
            values.append(math.nan)
        elif text_of.setdefault(value, text) != text:
            return None
        else:
            values.append(value)
    if not text_of or len(missing) > 1:
        return None
    blank = next(iter(missing), "")

    def write(value: float) -> str:
        return blank if math.isnan(value) else text_of[value]

    return pd.Series(values, index=texts.index, dtype="float64"), write


def grid_data(shown: pd.DataFrame) -> tuple[pd.DataFrame | Any, dict[str, Any]]:
    """``shown`` as ``st.dataframe`` should get it, and its column configuration: its
    all-number columns as numbers written by a Styler as before and configured as left-aligned
    number columns; the other columns plain text. A table with a cell the app did not write as
    text (a replay's own numbers, which Streamlit writes itself), or of more than
    :data:`STYLED_CELLS` cells, goes as it is."""
    if shown.size > min(STYLED_CELLS, int(pd.options.styler.render.max_elements)):
        return shown, {}
    if not all(shown[c].map(lambda v: isinstance(v, str)).all() for c in shown.columns):
        return shown, {}
    cells = shown.copy()
    formats: dict[str, Callable[[Any], str]] = {}
    for column in shown.columns:
        found = numeric_cells(shown[column])
        if found is not None:
            cells[column], formats[column] = found
    if not formats:
        return shown, {}
    config = {column: st.column_config.NumberColumn(alignment="left") for column in formats}
    return cells.style.format(formats), config
