"""Times written the way exports write them, ``YYYY-MM-DDTHH:MM:SS`` with or without a final
``Z``, read from the text's bytes: the microseconds since 1970 (UTC) pandas' ISO 8601 parser
gives. Only a column whose every cell is so written, alike, a real date and time of the years
1900 to 2199, is read here; any other gives None and pandas parses it, reporting its problems.

>>> import pandas as pd
>>> whole_seconds(pd.Series(["1970-01-02T00:00:01Z", "2026-10-05T20:00:00Z"], dtype="str")).tolist()
[86401000000, 1791230400000000]
>>> whole_seconds(pd.Series(["2027-02-29T10:00:00"], dtype="str")) is None  # no such day
True
"""

from __future__ import annotations

from typing import Any, Final

import numpy as np
import pandas as pd

from .._core.arrays import Ints

#: Each field's range (years far inside every unit pandas may pick); others go to pandas.
_LOWEST: Final = (1900, 1, 1, 0, 0, 0)
_HIGHEST: Final = (2199, 12, 31, 23, 59, 59)
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
    chunks = _arrow_chunks(column)
    if not chunks or any(chunk.null_count for chunk in chunks):
        return None
    out, at, width = np.empty(len(column), dtype=np.int64), 0, 0
    for chunk in chunks:  # each as it lies (combining them would copy the text)
        cells = _fixed_width(chunk)
        if cells is None or cells.shape[1] != (width or cells.shape[1]):
            return None  # not times, or of another width than the first chunk's
        width = cells.shape[1]
        # A block at a time: its temporaries stay small, in the CPU's caches.
        for first in range(0, len(cells), _BLOCK):
            block = _block(cells[first : first + _BLOCK])
            if block is None:
                return None
            out[at : at + len(block)] = block
            at += len(block)
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
    for value, low, high in zip((year, month, day, hour, minute, second), _LOWEST, _HIGHEST,
                                strict=True):  # fmt: skip
        if not np.all((value >= low) & (value <= high)):
            return None
    leap = (year % 4 == 0) & ((year % 100 != 0) | (year % 400 == 0))
    if not np.all(day <= _DAYS_IN_MONTH[month] + (leap & (month == 2))):
        return None
    days = _days_since_1970(year, month, day)
    micros: Ints = ((days * 24 + hour) * 60 + minute) * 60 * _MICROSECONDS
    return micros + second * _MICROSECONDS


def _arrow_chunks(column: pd.Series) -> list[Any]:
    """The non-empty chunks of an Arrow-backed text column; none for any other column."""
    dtype = column.dtype
    arrow = (isinstance(dtype, pd.StringDtype) and dtype.storage == "pyarrow") or (
        isinstance(dtype, pd.ArrowDtype) and str(dtype.pyarrow_dtype) in ("string", "large_string")
    )
    if not arrow:
        return []
    import pyarrow as pa  # type: ignore[import-untyped]

    array = pa.array(column.array)
    chunks = array.chunks if isinstance(array, pa.ChunkedArray) else [array]
    return [chunk for chunk in chunks if len(chunk)]


def _fixed_width(array: Any) -> np.ndarray | None:
    """A chunk's UTF-8 bytes as an n × width array, every cell 19 or 20 bytes alike; else None."""
    _, offsets, data = array.buffers()
    kind = np.int64 if str(array.type) == "large_string" else np.int32
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
