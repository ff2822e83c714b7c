"""Times written the way exports write them, ``YYYY-MM-DDTHH:MM:SS`` with or without a final
``Z``, read by Arrow's ISO 8601 parser (which refuses a day, hour, minute or second that does not
exist): the microseconds since 1970 (UTC) pandas' parser gives. Only a column whose every cell
is so written, alike, a time of the years 1900 to 2199, is read here; any other gives None and
pandas parses it, reporting its problems.

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

#: Where the separators stand in ``YYYY-MM-DDTHH:MM:SS`` (and a final ``Z``, if any).
_SEPARATORS: Final = {4: b"-", 7: b"-", 10: b"T", 13: b":", 16: b":", 19: b"Z"}
#: The years read here (far inside every unit pandas may pick), in microseconds since 1970.
_FIRST: Final = int(np.datetime64("1900-01-01T00:00:00", "us").view(np.int64))
_LAST: Final = int(np.datetime64("2199-12-31T23:59:59", "us").view(np.int64))


def whole_seconds(column: pd.Series) -> Ints | None:
    """Each cell's time in microseconds since 1970 (UTC), when every cell of the text column
    ``column`` (Arrow-backed) is written ``YYYY-MM-DDTHH:MM:SS[Z]`` alike; None otherwise."""
    import pyarrow as pa  # type: ignore[import-untyped]

    chunks = _arrow_chunks(column)
    if not chunks or any(chunk.null_count for chunk in chunks):
        return None
    parts, width = [], 0
    for chunk in chunks:  # each as it lies (combining them would copy the text)
        cells = _fixed_width(chunk)
        if cells is None or cells.shape[1] != (width or cells.shape[1]):
            return None  # not so written, or of another width than the first chunk's
        width = cells.shape[1]
        for at, mark in _SEPARATORS.items():
            if at < width and not np.all(cells[:, at] == mark[0]):
                return None
        try:
            times = chunk.cast(pa.timestamp("us", tz="UTC" if width == 20 else None))
        except pa.ArrowInvalid:
            return None  # not a real time (30 February, 24:00, a leap second) or not digits
        parts.append(times.to_numpy().view(np.int64))
    ticks: Ints = np.concatenate(parts)
    return ticks if ticks.min() >= _FIRST and ticks.max() <= _LAST else None


def _arrow_chunks(column: pd.Series) -> list[Any]:
    """The non-empty chunks of an Arrow-backed text column; none for any other column."""
    dtype = column.dtype
    arrow = (isinstance(dtype, pd.StringDtype) and dtype.storage == "pyarrow") or (
        isinstance(dtype, pd.ArrowDtype) and str(dtype.pyarrow_dtype) in ("string", "large_string")
    )
    if not arrow:
        return []
    import pyarrow as pa

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
