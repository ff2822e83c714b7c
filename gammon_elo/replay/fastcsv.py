"""A plain CSV file read by pyarrow's multithreaded reader, cell for cell what pandas' reader
gives (:mod:`.read`), as text in Arrow's buffers: a file whose every line is one row (no quote,
no NUL, no line break but ``\\n`` or ``\\r\\n``, valid UTF-8, every line with the header's cells,
every header cell named). Any other file, or no pyarrow, gives None: pandas' reader reads it.
"""

from __future__ import annotations

import mmap
from typing import Final

import numpy as np
import pandas as pd

from .validate import column_labels

#: Delimiters both readers take as the one character they are (no pattern, no blank run).
_DELIMITERS: Final = frozenset(",;\t|")


def read_plain_csv(data: bytes, delimiter: str) -> pd.DataFrame | None:
    """The CSV text ``data`` (from its header on) as :func:`~gammon_elo.read_history` reads it;
    None when it is not plain (see the module)."""
    if not _plain_text(data):
        return None
    end = data.find(b"\n")
    header = _plain_header(data[: max(end, 0)], end, len(data), delimiter)
    return None if header is None else _read(data, header, delimiter)


def ordinary(mapped: mmap.mmap, start: int) -> bool:
    """Whether the mapped text from ``start`` has no quote, NUL, carriage return or byte beyond
    ASCII (then :func:`read_plain_mapped` reads it where it lies)."""
    if any(mapped.find(byte, start) >= 0 for byte in (b'"', b"\x00", b"\r")):
        return False
    text = np.frombuffer(mapped, dtype=np.uint8, offset=start)
    return bool(text.size) and int(text.max()) < 0x80


def read_plain_mapped(mapped: mmap.mmap, start: int, delimiter: str) -> pd.DataFrame | None:
    """:func:`read_plain_csv` of an :func:`ordinary` mapped file's text, read where it lies."""
    end = mapped.find(b"\n", start)
    line = mapped[start : end if end >= 0 else start]
    size = len(mapped) - start
    header = _plain_header(line, end - start if end >= 0 else -1, size, delimiter)
    if header is None:
        return None
    return _read(memoryview(mapped)[start:], header, delimiter)


def _read(data: bytes | memoryview, header: list[str], delimiter: str) -> pd.DataFrame | None:
    """pyarrow's reader over plain text whose header is ``header``."""
    try:
        import pyarrow as pa  # type: ignore[import-untyped]
        import pyarrow.compute as pc  # type: ignore[import-untyped]
        import pyarrow.csv as pcsv  # type: ignore[import-untyped]
    except ImportError:
        return None
    try:
        table = pcsv.read_csv(
            pa.py_buffer(data),
            read_options=pcsv.ReadOptions(use_threads=True),
            parse_options=pcsv.ParseOptions(
                delimiter=delimiter,
                quote_char=False,
                escape_char=False,
                newlines_in_values=False,
                # An empty line is then a row of one cell: refused, and pandas reads the file.
                ignore_empty_lines=False,
            ),
            convert_options=pcsv.ConvertOptions(
                column_types={name: pa.string() for name in header},
                null_values=[],
                strings_can_be_null=False,
                quoted_strings_can_be_null=False,
            ),
        )
    except (pa.ArrowInvalid, pa.ArrowKeyError, pa.ArrowTypeError, ValueError):
        return None  # a row of too many or too few cells, say: pandas' reader says which
    if table.column_names != header:
        return None
    rows = np.arange(2, table.num_rows + 2, dtype=np.int64)
    blank = None
    for column in table.columns:
        empty = pc.equal(column, "")
        blank = empty if blank is None else pc.and_(blank, empty)
    if blank is not None and pc.any(blank).as_py():
        kept = pc.invert(blank)
        rows = rows[np.asarray(kept.to_numpy(zero_copy_only=False), dtype=bool)]
        table = table.filter(kept)
    frame: pd.DataFrame = table.to_pandas(split_blocks=True, self_destruct=True)
    del table
    frame.index = pd.Index(rows, name="row")
    return frame


def _plain_text(data: bytes) -> bool:
    """Whether the text has no quote, no NUL, no carriage return but in ``\\r\\n``, and is
    UTF-8 (pandas' reader names a bad byte)."""
    if b'"' in data or b"\x00" in data:
        return False
    if data.startswith(b"\xef\xbb\xbf"):
        return False  # a second byte-order mark, which pandas' decoder drops too
    if b"\r" in data and data.count(b"\r") != data.count(b"\r\n"):
        return False  # a lone carriage return: pandas and pyarrow may cut rows differently
    if not data.isascii():
        try:
            data.decode("utf-8")
        except UnicodeDecodeError:
            return False
    return True


def _plain_header(line: bytes, end: int, size: int, delimiter: str) -> list[str] | None:
    """The header's cells (``line``, ending at ``end``, -1: no line break; ``size`` bytes in
    all) when pyarrow reads the text as pandas would; None otherwise."""
    if delimiter not in _DELIMITERS:
        return None
    if end < 0 or end + 1 == size:
        return None  # a header alone: pandas' reader, no time to gain
    header = line.removesuffix(b"\r").decode("utf-8").split(delimiter)
    if len(header) < 2 or not all(header):
        return None  # pandas names an unnamed column "Unnamed: N"
    try:
        column_labels(pd.DataFrame(columns=header))
    except ValueError:
        return None  # a missing column: pandas' reader's frame gets the refusal
    return header
