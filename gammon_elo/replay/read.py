"""Reading a history of games, a CSV or Parquet file's cells exactly as written, whole or in
chunks. A plain CSV file (no quote, NUL or lone carriage return, UTF-8, every header cell named)
is read by pyarrow's multithreaded reader, cell for cell as pandas' would; any other by pandas'.
"""

from __future__ import annotations

import contextlib
import csv
import io
import os
import re
import warnings
from collections.abc import Iterator
from typing import IO, Any, Final

import numpy as np
import pandas as pd

from .._core.errors import InvalidInput
from .budget import (
    Budget,
    OverBudget,
    cell_width,
    check_bytes,
    check_cells,
    check_header,
    check_parquet,
    check_rows,
)
from .validate import HISTORY_COLUMNS, check_extra, column_labels

SAMPLE_HISTORY: Final = os.path.join(
    os.path.dirname(os.path.dirname(__file__)), "data", "sample_history.csv"
)

Source = str | os.PathLike[str] | IO[bytes] | IO[str] | bytes

_BOM: Final = b"\xef\xbb\xbf"
#: Excel's first line naming the delimiter (it hides the line and reads the rest with it).
_SEP_LINE: Final = re.compile(rb"sep=(.)\r?\n")


def read_history(
    source: Source, *, budget: Budget | None = None, history_only: bool = False
) -> pd.DataFrame:
    """A CSV or Parquet file of games as a DataFrame of its cells, ready for :func:`replay`.

    CSV (UTF-8; a byte-order mark or Excel's ``sep=,`` line allowed): every cell as text; the
    index holds each row's number as a person counts rows in the file (header: row 1); blank
    rows are dropped. Parquet: the types kept, the history's text columns as categories. A file
    that cannot be read as one raises :class:`InvalidInput`. ``budget`` (None: no limit) bounds
    what reading may cost; ``history_only``: only the history's own columns are decoded.

    >>> frame = read_history(b"time,winner,loser\\n2026-10-01T20:00:00Z,Eleni,Nikos\\n")
    >>> frame.index.tolist(), frame.loc[2, "winner"]
    ([2], 'Eleni')
    """
    with _opened(source) as (stream, name):
        if _is_parquet(stream):
            return _read_parquet(stream, name, budget, history_only)
        delimiter, start = _csv_header(stream, name, budget, history_only)
        if budget is None and not history_only:  # pyarrow's reader has no budget's checks
            plain = read_plain_csv(stream.read(), delimiter)
            if plain is not None:
                return plain
            stream.seek(start)
        return next(_csv_frames(stream, name, delimiter, budget, history_only))


def history_chunks(
    source: Source, rows: int, *, budget: Budget | None = None, history_only: bool = False
) -> Iterator[pd.DataFrame]:
    """The file's rows ``rows`` at a time, each as :func:`read_history` reads a whole file.

    >>> data = b"time,winner,loser\\n" + b"2026-10-01T20:00:00Z,Eleni,Nikos\\n" * 5
    >>> [chunk.index.tolist() for chunk in history_chunks(data, 2)]
    [[2, 3], [4, 5], [6]]
    """
    if isinstance(rows, bool) or not isinstance(rows, int) or rows < 1:
        raise InvalidInput("chunk_rows", rows, "must be a whole number of rows, at least 1")
    with _opened(source) as (stream, name):
        if not _is_parquet(stream):
            delimiter, _ = _csv_header(stream, name, budget, history_only)
            yield from _csv_frames(stream, name, delimiter, budget, history_only, rows)
            return
        parquet, read = _parquet_file(stream, name, budget, history_only)
        first = 2
        with _parquet_errors(name):
            for batch in parquet.iter_batches(batch_size=rows, columns=read):
                yield _numbered(batch.to_pandas(), first)
                first += batch.num_rows


#: Delimiters both readers take as the one character they are (no pattern, no blank run).
_DELIMITERS: Final = frozenset(",;\t|")


def read_plain_csv(data: bytes, delimiter: str) -> pd.DataFrame | None:
    """The CSV text ``data`` (from its header on) as :func:`read_history` reads it, by pyarrow's
    reader; None when the text or its header is not plain."""
    header = _plain_header(data, delimiter) if _plain_text(data) else None
    if header is None:
        return None
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
    """Whether the text has no quote, NUL or lone carriage return, and is UTF-8 (pandas' reader
    names a bad byte)."""
    if b'"' in data or b"\x00" in data or data.startswith(_BOM):
        return False  # a second byte-order mark: pandas' decoder drops it too
    if b"\r" in data and data.count(b"\r") != data.count(b"\r\n"):
        return False  # a lone carriage return: pandas and pyarrow may cut rows differently
    if not data.isascii():
        try:
            data.decode("utf-8")
        except UnicodeDecodeError:
            return False
    return True


def _plain_header(data: bytes, delimiter: str) -> list[str] | None:
    """The header's cells, when pyarrow reads the text as pandas would."""
    end = data.find(b"\n")
    if delimiter not in _DELIMITERS or end < 0 or end + 1 == len(data):
        return None  # a header alone: pandas' reader, no time to gain
    header = data[:end].removesuffix(b"\r").decode("utf-8").split(delimiter)
    if len(header) < 2 or not all(header):
        return None  # pandas names an unnamed column "Unnamed: N"
    try:
        column_labels(pd.DataFrame(columns=header))
    except ValueError:
        return None  # a missing column: pandas' reader's frame gets the refusal
    return header


@contextlib.contextmanager
def _opened(source: Source) -> Iterator[tuple[IO[bytes], str]]:
    """A seekable binary stream of the source, and its name."""
    if isinstance(source, str | os.PathLike):
        name = os.fspath(source)
        try:
            handle = open(source, "rb")  # noqa: SIM115 (closed below)
        except OSError as error:
            raise _csv_error(error, name) from None
        with handle:
            yield handle, name
        return
    name = str(getattr(source, "name", "the uploaded file"))
    data = source if isinstance(source, bytes) else source.read()
    yield io.BytesIO(data.encode("utf-8") if isinstance(data, str) else data), name


def _is_parquet(stream: IO[bytes]) -> bool:
    start = stream.tell()
    magic = stream.read(4)
    stream.seek(start)
    return magic == b"PAR1"


def _csv_header(
    stream: IO[bytes], name: str, budget: Budget | None, history_only: bool
) -> tuple[str, int]:
    """The delimiter (from Excel's ``sep=`` line, else a comma) and where the header begins, the
    stream left there; the header and the text's size checked."""
    start = stream.tell()
    if stream.read(len(_BOM)) != _BOM:
        stream.seek(start)
    sep = _SEP_LINE.fullmatch(stream.readline(16))
    if sep is None:
        stream.seek(start)
    delimiter, start = sep.group(1).decode("latin-1") if sep else ",", stream.tell()
    size = stream.seek(0, io.SEEK_END) - start
    stream.seek(start)
    check_bytes(budget, size, f"is {size:,} bytes of text")  # about what its cells decode to
    text = io.TextIOWrapper(stream, encoding="utf-8-sig", newline="")
    try:
        rows = _csv_rows(csv.reader(text, delimiter=delimiter), name, budget)
        header = next(rows, None)
        if header:
            _check_header(header, budget)
        if header and history_only:
            _check_row_lengths(rows, len(header), name)
    except UnicodeDecodeError as error:
        raise _csv_error(error, name) from None
    finally:
        text.detach()
    stream.seek(start)
    return delimiter, start


def _csv_rows(reader: Iterator[list[str]], name: str, budget: Budget | None) -> Iterator[list[str]]:
    """The reader's rows; a row it cannot read is refused by its number, never skipped."""
    number = 0
    while True:
        number += 1
        try:
            row = next(reader)
        except StopIteration:
            return
        except csv.Error as error:
            raise _unreadable_row(error, number, name, budget) from None
        yield row


def _unreadable_row(
    error: csv.Error, number: int, name: str, budget: Budget | None
) -> InvalidInput:
    """Why row ``number`` cannot be read: above all a cell past the csv module's field limit,
    which (read on, or left to pandas) would hide the header's or the rows' checks."""
    if "field limit" not in str(error):
        return InvalidInput("file", name, f"cannot be read as CSV at row {number:,} ({error})")
    limit = csv.field_size_limit()
    figure = f"more than {limit:,} characters"
    if budget is not None and budget.cell_length is not None and budget.cell_length < limit:
        what = f"history's row {number:,} has a cell of {figure}"
        return OverBudget(budget.names[2], budget.cell_length, figure, what)
    reason = f"has a cell of {figure} in row {number:,}, the most a CSV cell may hold"
    return InvalidInput("file", name, reason)


def _check_row_lengths(rows: Iterator[list[str]], cells: int, name: str) -> None:
    """Refuse a row of more cells than the header: pandas, reading the history's columns only,
    would drop its extra cells without a word (an unquoted comma in a name shifts the rest)."""
    for number, row in enumerate(rows, start=2):
        if len(row) > cells:
            raise InvalidInput(
                "file",
                name,
                f"has more cells in row {number:,} ({len(row):,}) than in its header ({cells:,})",
            )


def _check_header(columns: list[str], budget: Budget | None) -> None:
    """Refuse a column named twice, too many other columns, a name too long for the budget."""
    seen: set[str] = set()
    for column in columns:
        if column in seen:
            raise InvalidInput("columns", column, "must each be named once (this one is twice)")
        seen.add(column)
    check_extra(len(columns), sum(map(_is_history_column, columns)), "file")
    check_header(budget, columns)


def _csv_frames(
    stream: IO[bytes],
    name: str,
    delimiter: str,
    budget: Budget | None,
    history_only: bool,
    rows: int = 0,
) -> Iterator[pd.DataFrame]:
    """pandas' reader over the CSV text from the header: the frame (``rows`` 0), or chunks of
    ``rows``; at most one row past the budget's, so that a file over it is seen."""
    most = None if budget is None or budget.rows is None else budget.rows + 1
    read: Any = _parsing(name, pd.read_csv, stream, sep=delimiter, dtype=object,
        na_filter=False, keep_default_na=False, skip_blank_lines=False, index_col=False,
        encoding="utf-8-sig", chunksize=rows or None, nrows=most,
        usecols=_is_history_column if history_only else None)  # fmt: skip
    frames = iter([read] if rows == 0 else read)
    first = 2
    with contextlib.nullcontext() if rows == 0 else read:
        while (frame := _parsing(name, next, frames, None)) is not None:
            frame.columns = [str(column) for column in frame.columns]
            check_rows(budget, first - 2 + len(frame), at_least=True)
            check_cells(budget, frame, first)
            first += len(frame)
            yield _numbered(frame, first - len(frame))


def _parsing(name: str, call: Any, *args: Any, **options: Any) -> Any:
    """``call`` with pandas' warning that it drops a row's extra cells an error, as every error
    the file's problem, in words."""
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("error", pd.errors.ParserWarning)
            return call(*args, **options)
    except Exception as error:
        raise _csv_error(error, name) from None


def _is_history_column(label: object) -> bool:
    """Whether a column is one of the history's own (as :func:`column_labels` matches it)."""
    return str(label).strip().lower() in HISTORY_COLUMNS


def _csv_error(error: Exception, name: str) -> InvalidInput:
    if isinstance(error, InvalidInput):
        return error
    if isinstance(error, pd.errors.EmptyDataError):
        return InvalidInput("file", name, "is empty")
    if isinstance(error, UnicodeDecodeError):
        return InvalidInput(
            "file",
            name,
            f"must be UTF-8 text (byte {error.object[error.start]:#04x} at"
            f" offset {error.start} is not)",
        )
    if isinstance(error, pd.errors.ParserWarning):
        return InvalidInput("file", name, "has a row with more cells than the header")
    if isinstance(error, pd.errors.ParserError):
        detail = str(error).removeprefix("Error tokenizing data. C error: ").strip()
        return InvalidInput("file", name, f"is not a well-formed CSV file ({detail})")
    if isinstance(error, OSError):
        return InvalidInput("file", name, f"cannot be read ({error.strerror or error})")
    raise error


def _numbered(frame: pd.DataFrame, first: int) -> pd.DataFrame:
    """Rows numbered from ``first``, the columns checked, wholly blank text rows dropped."""
    column_labels(frame)  # a missing required column is the file's problem, said early
    blank = np.ones(len(frame), dtype=bool)
    for column in frame.columns:
        values = frame[column]
        if values.dtype != object:
            blank[:] = False
            break
        blank &= values.to_numpy() == ""
    frame.index = pd.RangeIndex(first, first + len(frame), name="row")
    return frame.loc[~blank] if blank.any() else frame


@contextlib.contextmanager
def _parquet_errors(name: str) -> Iterator[None]:
    """pyarrow's errors (no common base class) as the file's problem."""
    try:
        yield
    except InvalidInput:
        raise
    except Exception as error:
        raise InvalidInput("file", name, f"is not a readable Parquet file ({error})") from None


def _parquet_file(
    stream: IO[bytes], name: str, budget: Budget | None, history_only: bool
) -> tuple[Any, list[str] | None]:
    """The Parquet file's metadata, checked before a cell is decoded; the columns to read."""
    import pyarrow.parquet as pq  # type: ignore[import-untyped]

    with _parquet_errors(name):
        parquet = pq.ParquetFile(stream)
    names = [str(field) for field in parquet.schema_arrow.names]
    _check_header(names, budget)
    for field in parquet.schema_arrow:
        cell_width(field, budget)  # a list, a struct, a map… refused, whoever reads the file
    read = [n for n in names if _is_history_column(n)] if history_only else None
    with _parquet_errors(name):
        check_parquet(parquet, stream, budget, read)
    return parquet, read


def _read_parquet(
    stream: IO[bytes], name: str, budget: Budget | None, history_only: bool
) -> pd.DataFrame:
    import pyarrow as pa
    import pyarrow.parquet as pq

    parquet, read = _parquet_file(stream, name, budget, history_only)
    texts = [  # the history's text columns, as categories (each name stored once)
        field.name
        for field in parquet.schema_arrow
        if field.name.strip().lower() in HISTORY_COLUMNS[1:]
        and (pa.types.is_string(field.type) or pa.types.is_large_string(field.type))
    ]
    with _parquet_errors(name):
        table = pq.read_table(stream, columns=read, read_dictionary=texts)
    frame = table.to_pandas(split_blocks=True, self_destruct=True)
    del table
    # Arrow's allocator keeps the freed buffers for reuse; the replay would grow beside them.
    pa.default_memory_pool().release_unused()
    return _numbered(frame, 2)


def sample_history() -> pd.DataFrame:
    """The sample history shipped with the package (the History page opens on it).

    >>> from gammon_elo.replay import replay
    >>> len(replay(sample_history()).players)
    12
    """
    return read_history(SAMPLE_HISTORY)
