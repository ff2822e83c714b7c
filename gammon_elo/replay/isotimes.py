"""Times written the one way exports write them, ``YYYY-MM-DDTHH:MM:SS`` with or without a final
``Z``, read straight from the text's bytes: the same microseconds since 1970 (UTC) pandas'
ISO 8601 parser gives, for a column it would otherwise parse a cell at a time.

Only a column whose every cell is so written, a real date and time (no 30 February, no 24:00,
no leap second) of the years 1900 to 2199, is read here; any other column gives None and
pandas parses it, with the problems it reports. NumPy reads the cells a block of rows at a
time.

>>> import pandas as pd
>>> whole_seconds(pd.Series(["1970-01-02T00:00:01Z", "2026-10-05T20:00:00Z"], dtype="str")).tolist()
[86401000000, 1791230400000000]
>>> whole_seconds(pd.Series(["2027-02-29T10:00:00"], dtype="str")) is None  # no such day
True
"""

from __future__ import annotations

from typing import Final

import numpy as np
import pandas as pd

from .._core.arrays import Ints

__all__ = ["whole_seconds"]

#: Years read here: far inside every unit pandas may pick; others go to pandas' parser.
_FIRST_YEAR, _LAST_YEAR = 1900, 2199
#: Where the separators stand in ``YYYY-MM-DDTHH:MM:SS``.
_SEPARATORS: Final = {4: b"-", 7: b"-", 10: b"T", 13: b":", 16: b":"}
_DIGITS: Final = [i for i in range(19) if i not in _SEPARATORS]
_MICROSECONDS: Final = 1_000_000
#: Rows read at once: small enough for the temporaries to stay in the CPU's caches.
_BLOCK: Final = 2**16
_DAYS_IN_MONTH: Final = np.array([0, 31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31])


def whole_seconds(column: pd.Series) -> Ints | None:
    """Each cell's time in microseconds since 1970 (UTC), when every cell of the text column
    ``column`` (Arrow-backed) is written ``YYYY-MM-DDTHH:MM:SS[Z]`` alike; None otherwise."""
    cells = _fixed_width(column)
    if cells is None:
        return None
    out = np.empty(len(cells), dtype=np.int64)
    # A block at a time: its temporaries stay small and are reused, where whole-column ones
    # would each fault in fresh memory (80 MB apiece at 10 M rows).
    for first in range(0, len(cells), _BLOCK):
        block = _block(cells[first : first + _BLOCK])
        if block is None:
            return None
        out[first : first + len(block)] = block
    return out


def _block(cells: np.ndarray) -> Ints | None:
    """:func:`whole_seconds` of some rows' bytes (n × 19 or n × 20)."""
    width = cells.shape[1]
    for at, mark in _SEPARATORS.items():
        if not np.all(cells[:, at] == mark[0]):
            return None
    if width == 20 and not np.all(cells[:, 19] == ord("Z")):
        return None
    digits = []
    for at in _DIGITS:
        digit = cells[:, at] - ord("0")  # wraps below "0": any byte but a digit ends above 9
        if digit.max() > 9:
            return None
        digits.append(digit)

    def number(first: int, count: int) -> Ints:
        value = digits[first].astype(np.int64)
        for digit in digits[first + 1 : first + count]:
            value = value * 10 + digit
        return value

    year, month, day = number(0, 4), number(4, 2), number(6, 2)
    hour, minute, second = number(8, 2), number(10, 2), number(12, 2)
    leap = (year % 4 == 0) & ((year % 100 != 0) | (year % 400 == 0))
    valid = (
        (year >= _FIRST_YEAR)
        & (year <= _LAST_YEAR)
        & (month >= 1)
        & (month <= 12)
        & (day >= 1)
        & (hour <= 23)
        & (minute <= 59)
        & (second <= 59)
    )
    if not valid.all():
        return None
    if not np.all(day <= _DAYS_IN_MONTH[month] + (leap & (month == 2))):
        return None
    days = _days_since_1970(year, month, day)
    micros: Ints = ((days * 24 + hour) * 60 + minute) * 60 * _MICROSECONDS
    return micros + second * _MICROSECONDS


def _fixed_width(column: pd.Series) -> np.ndarray | None:
    """The cells' UTF-8 bytes as an n × width array, when the column is Arrow-backed text with
    no missing cell and every cell 19 or 20 bytes long alike; None otherwise."""
    dtype = column.dtype
    arrow = (isinstance(dtype, pd.StringDtype) and dtype.storage == "pyarrow") or (
        isinstance(dtype, pd.ArrowDtype) and str(dtype.pyarrow_dtype) in ("string", "large_string")
    )
    if not arrow or len(column) == 0:
        return None
    import pyarrow as pa  # type: ignore[import-untyped]

    array = pa.array(column.array)
    if isinstance(array, pa.ChunkedArray):
        array = array.combine_chunks()
    if array.null_count:
        return None
    _, offsets, data = array.buffers()
    kind = np.int64 if pa.types.is_large_string(array.type) else np.int32
    ends = np.frombuffer(offsets, dtype=kind)[array.offset : array.offset + len(array) + 1]
    width = int(ends[1] - ends[0])
    if width not in (19, 20) or not np.all(np.diff(ends) == width):
        return None
    text = np.frombuffer(data, dtype=np.uint8)[int(ends[0]) : int(ends[-1])]
    return text.reshape(len(array), width)


def _days_since_1970(year: Ints, month: Ints, day: Ints) -> Ints:
    """Days from 1970-01-01 to each date of the proleptic Gregorian calendar (H. Hinnant's
    ``days_from_civil``)."""
    y = year - (month <= 2)
    era = y // 400
    of_era = y - era * 400
    of_year = (153 * (month + np.where(month > 2, -3, 9)) + 2) // 5 + day - 1
    of_era_days = of_era * 365 + of_era // 4 - of_era // 100 + of_year
    days: Ints = era * 146097 + of_era_days - 719468
    return days
