"""Reading a history of games: a CSV or Parquet file's cells exactly as written, each row
numbered as a person counts rows in the file, whole (:func:`read_history`) or in chunks of
rows (:func:`history_chunks`), and the sample history shipped with the package.
"""

from __future__ import annotations

import contextlib
import csv
import io
import mmap
import os
import re
import warnings
from collections.abc import Iterator
from dataclasses import dataclass
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
from .fastcsv import ordinary, read_plain_csv, read_plain_mapped
from .validate import HISTORY_COLUMNS, MAX_EXTRA_COLUMNS, column_labels

__all__ = [
    "MAX_EXTRA_COLUMNS",
    "SAMPLE_HISTORY",
    "Budget",
    "OverBudget",
    "history_chunks",
    "read_history",
    "sample_history",
]

#: The sample history shipped with the package (the History page opens on it).
SAMPLE_HISTORY: Final = os.path.join(
    os.path.dirname(os.path.dirname(__file__)), "data", "sample_history.csv"
)

Source = str | os.PathLike[str] | IO[bytes] | IO[str] | bytes

_PARQUET_MAGIC: Final = b"PAR1"
_BOM: Final = b"\xef\xbb\xbf"
#: Excel's first line naming the delimiter (it hides the line and reads the rest with it).
_SEP_LINE: Final = re.compile(rb"sep=(.)\r?\n")


def read_history(
    source: Source, *, budget: Budget | None = None, history_only: bool = False
) -> pd.DataFrame:
    """A CSV or Parquet file of games as a DataFrame of its cells, ready for :func:`replay`.

    CSV: UTF-8 with or without a byte-order mark, every cell kept as text, so a bad value is
    reported as the file spells it (by pyarrow's multithreaded reader where it is installed,
    no budget is given and every line is one row, :mod:`.fastcsv`; else by pandas' reader;
    the same cells, rows and refusals). The index holds each row's number as a person counts
    rows in the file (the header is row 1, the first data row is row 2; a quoted cell spanning
    several lines is one row, as in a spreadsheet), and ``replay`` reports rows by it. Wholly
    blank rows (an empty line, or only commas) are dropped, keeping the others' numbers.
    Excel's ``sep=,`` first line is read as Excel reads it: it names the delimiter and is not
    a row (the header is still row 1).

    Parquet (recognised by its first bytes, whatever the file's name): the columns keep their
    types, text columns of the history come as categories (a name is stored once, not once a
    game), and rows are numbered as if the table were a CSV file with a header (row 2 first).

    A file that cannot be read or is empty, a missing or doubled column, more than
    MAX_EXTRA_COLUMNS other columns, a Parquet column of lists, structs or maps, bytes that are
    not UTF-8 (a compressed CSV file among them) or a row with more cells than the header raise
    :class:`InvalidInput` naming the problem.

    ``budget`` (None: no limit) bounds what reading may cost: a Parquet file's rows and sizes
    are checked from its metadata and its text cells measured before any is decoded; a CSV
    file's size is checked before it is read and its rows and cells as they are. A file over
    budget raises :class:`OverBudget` naming the limit and the file's figure.

    ``history_only``: only the history's own columns (``time``, ``winner``, ``loser``, ``cube``,
    ``type``, ``prize``) are read; any other is named in the header (and counted against
    MAX_EXTRA_COLUMNS) but never decoded, so it costs nothing (a Parquet file's schema is still
    judged whole: see :func:`~gammon_elo.replay.budget.check_parquet`).

    >>> frame = read_history(b"time,winner,loser\\n2026-10-01T20:00:00Z,Eleni,Nikos\\n")
    >>> frame.index.tolist(), frame.loc[2, "winner"]
    ([2], 'Eleni')
    """
    with _opened(source) as (stream, name):
        if _is_parquet(stream):
            frame = _read_parquet(stream, name, budget, history_only)
        else:
            options = _csv_options(stream, name, budget, history_only)
            plain = None if budget is not None or history_only else _read_plain(stream, options)
            if plain is not None:
                return plain
            frame = _read_csv_rows(stream, name, options, None)
            if not isinstance(frame, pd.DataFrame):  # pragma: no cover (no chunks asked)
                raise TypeError("expected one frame")
            check_rows(budget, len(frame), at_least=True)
            check_cells(budget, frame, 2)
            frame = _numbered(frame, 2)
    return frame


def _read_plain(stream: IO[bytes], options: _CsvOptions) -> pd.DataFrame | None:
    """The file by pyarrow's reader where it reads it as pandas' would (:mod:`.fastcsv`), with
    no budget to keep (the whole text is read at once: where it lies, for a file on disk with
    nothing out of the ordinary in it, else into memory); None: pandas' reader reads it."""
    mapped = _mapped(stream)
    if mapped is not None and ordinary(mapped, options.start):
        return read_plain_mapped(mapped, options.start, options.delimiter)
    stream.seek(options.start)
    data = stream.read()
    frame = read_plain_csv(data, options.delimiter)
    stream.seek(options.start)
    return frame


def _mapped(stream: IO[bytes]) -> mmap.mmap | None:
    """The file under ``stream`` mapped into memory, read only; None for a stream of no file
    (an upload), an empty file, or one the system will not map."""
    try:
        return mmap.mmap(stream.fileno(), 0, access=mmap.ACCESS_READ)
    except (OSError, ValueError, io.UnsupportedOperation):
        return None


@dataclass(frozen=True, slots=True)
class _CsvOptions:
    delimiter: str
    start: int
    #: Rows pandas reads at most: one past the budget's, so that a file over it is seen.
    nrows: int | None = None
    #: Only the history's own columns read (the others skipped as the text is parsed).
    history_only: bool = False


def history_chunks(
    source: Source, rows: int, *, budget: Budget | None = None, history_only: bool = False
) -> Iterator[pd.DataFrame]:
    """The file's rows ``rows`` at a time, each chunk as :func:`read_history` reads a whole
    file (same cells, same row numbers, the same refusals, the same ``budget`` for the whole
    file, checked before the first chunk where the format allows, the same ``history_only``),
    for a replay in chunks.

    >>> data = b"time,winner,loser\\n" + b"2026-10-01T20:00:00Z,Eleni,Nikos\\n" * 5
    >>> [chunk.index.tolist() for chunk in history_chunks(data, 2)]
    [[2, 3], [4, 5], [6]]
    """
    if isinstance(rows, bool) or not isinstance(rows, int) or rows < 1:
        raise InvalidInput("chunk_rows", rows, "must be a whole number of rows, at least 1")
    with _opened(source) as (stream, name):
        first = 2
        if _is_parquet(stream):
            for frame in _parquet_batches(stream, name, rows, budget, history_only):
                yield _numbered(frame, first)
                first += len(frame)
            return
        options = _csv_options(stream, name, budget, history_only)
        reader = _read_csv_rows(stream, name, options, rows)
        if isinstance(reader, pd.DataFrame):  # pragma: no cover (chunks asked)
            raise TypeError("expected chunks")
        with reader:
            while True:
                try:
                    with warnings.catch_warnings():
                        warnings.simplefilter("error", pd.errors.ParserWarning)
                        frame = next(reader)
                except StopIteration:
                    return
                except Exception as error:  # the same messages as a whole read
                    raise _csv_error(error, name) from None
                frame.columns = [str(column) for column in frame.columns]
                check_rows(budget, first - 2 + len(frame), at_least=True)
                check_cells(budget, frame, first)
                yield _numbered(frame, first)
                first += len(frame)


@contextlib.contextmanager
def _opened(source: Source) -> Iterator[tuple[IO[bytes], str]]:
    """A seekable binary stream of the source, and its name for messages."""
    name = _source_name(source)
    if isinstance(source, bytes):
        yield io.BytesIO(source), name
        return
    if isinstance(source, str | os.PathLike):
        try:
            handle = open(source, "rb")  # noqa: SIM115 (closed below)
        except OSError as error:
            raise InvalidInput(
                "file", name, f"cannot be read ({error.strerror or error})"
            ) from None
        with handle:
            yield handle, name
        return
    data = source.read()
    if isinstance(data, str):
        data = data.encode("utf-8")
    yield io.BytesIO(data), name


def _is_parquet(stream: IO[bytes]) -> bool:
    start = stream.tell()
    magic = stream.read(len(_PARQUET_MAGIC))
    stream.seek(start)
    return magic == _PARQUET_MAGIC


def _csv_options(
    stream: IO[bytes], name: str, budget: Budget | None, history_only: bool = False
) -> _CsvOptions:
    """The delimiter (from Excel's ``sep=`` line, else a comma) and where the header begins;
    the header checked: no column twice, not too many columns; the text's size and the
    header's names checked against the budget."""
    start = stream.tell()
    if stream.read(len(_BOM)) != _BOM:
        stream.seek(start)
    line = stream.readline(16)
    sep = _SEP_LINE.fullmatch(line)
    if sep is None:
        stream.seek(start)
    rows = budget.rows if budget is not None else None
    options = _CsvOptions(
        sep.group(1).decode("latin-1") if sep else ",",
        stream.tell(),
        None if rows is None else rows + 1,
        history_only,
    )
    size = stream.seek(0, io.SEEK_END) - options.start
    stream.seek(options.start)
    # A CSV file's cells are its text: what it decodes to is about its size.
    check_bytes(budget, size, f"is {size:,} bytes of text")
    text = io.TextIOWrapper(stream, encoding="utf-8-sig", newline="")
    try:
        reader = csv.reader(text, delimiter=options.delimiter)
        header = next(reader, None)
        if history_only and header and not all(map(_is_history_column, header)):
            _no_row_longer(reader, len(header), name)
    except (UnicodeDecodeError, csv.Error) as error:
        header = None
        if isinstance(error, UnicodeDecodeError):
            raise _csv_error(error, name) from None
    finally:
        text.detach()
    stream.seek(options.start)
    if header:
        _check_header(header)
        check_header(budget, header)
    return options


def _no_row_longer(rows: Iterator[list[str]], cells: int, name: str) -> None:
    """Refuse a row of more cells than the header's ``cells``, in one pass over the text that
    keeps no row: pandas' reader, asked for some columns only, drops such a row's extra cells
    without a word (where it warns when it reads every column), and a name with an unquoted
    comma would then shift the loser into a column never read."""
    for row in rows:
        if len(row) > cells:
            raise InvalidInput("file", name, "has a row with more cells than the header")


def _check_header(columns: list[str]) -> None:
    """Refuse a column named twice, and more than MAX_EXTRA_COLUMNS columns of other data."""
    seen: set[str] = set()
    for column in columns:
        if column in seen:
            raise InvalidInput("columns", column, "must each be named once (this one is twice)")
        seen.add(column)
    known = sum(column.strip().lower() in HISTORY_COLUMNS for column in columns)
    extra = len(columns) - known
    if extra > MAX_EXTRA_COLUMNS:
        raise InvalidInput(
            "columns",
            f"{len(columns)} columns",
            f"may include at most {MAX_EXTRA_COLUMNS} besides "
            + ", ".join(HISTORY_COLUMNS)
            + f" (this file has {extra})",
        )


def _read_csv_rows(
    stream: IO[bytes],
    name: str,
    options: _CsvOptions,
    chunk_rows: int | None,
) -> Any:
    """pandas' reader over the CSV text from ``options.start``: a frame, or chunks of one."""
    stream.seek(options.start)
    try:
        with warnings.catch_warnings():
            # pandas drops a row's extra cells with only a warning; that loses data.
            warnings.simplefilter("error", pd.errors.ParserWarning)
            frame = pd.read_csv(
                stream,
                sep=options.delimiter,
                dtype=object,
                na_filter=False,
                keep_default_na=False,
                skip_blank_lines=False,
                index_col=False,
                encoding="utf-8-sig",
                chunksize=chunk_rows,
                nrows=options.nrows,
                usecols=_is_history_column if options.history_only else None,
            )
    except Exception as error:
        raise _csv_error(error, name) from None
    if isinstance(frame, pd.DataFrame):
        frame.columns = [str(column) for column in frame.columns]
    return frame


def _is_history_column(label: object) -> bool:
    """Whether a column is one of the history's own (as :func:`column_labels` matches it)."""
    return str(label).strip().lower() in HISTORY_COLUMNS


def _csv_error(error: Exception, name: str) -> InvalidInput:
    """pandas' and the codec's errors as the file's problem, in words."""
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
    if blank.any():
        frame = frame.loc[~blank]
    return frame


def _parquet_file(
    stream: IO[bytes], name: str, budget: Budget | None, history_only: bool
) -> tuple[Any, list[str] | None]:
    """The Parquet file opened (its metadata only), its columns checked, and its size against
    the budget, all before a cell is decoded; and the columns to read (None: all)."""
    import pyarrow.parquet as pq  # type: ignore[import-untyped]

    try:
        parquet = pq.ParquetFile(stream)
    except Exception as error:  # pyarrow's errors have no common base class
        raise InvalidInput("file", name, f"is not a readable Parquet file ({error})") from None
    names = [str(field) for field in parquet.schema_arrow.names]
    _check_header(names)
    check_header(budget, names)
    for field in parquet.schema_arrow:
        cell_width(field, budget)  # a list, a struct, a map… refused, whoever reads the file
    read = [n for n in names if _is_history_column(n)] if history_only else None
    try:
        check_parquet(parquet, stream, budget, read)
    except InvalidInput:
        raise
    except Exception as error:
        raise InvalidInput("file", name, f"is not a readable Parquet file ({error})") from None
    return parquet, read


def _text_columns(parquet: Any) -> list[str]:
    """The history's text columns: read as categories (each name stored once)."""
    import pyarrow as pa

    return [
        field.name
        for field in parquet.schema_arrow
        if field.name.strip().lower() in ("winner", "loser", "type", "cube", "prize")
        and (pa.types.is_string(field.type) or pa.types.is_large_string(field.type))
    ]


def _read_parquet(
    stream: IO[bytes], name: str, budget: Budget | None, history_only: bool
) -> pd.DataFrame:
    import pyarrow as pa
    import pyarrow.parquet as pq

    parquet, read = _parquet_file(stream, name, budget, history_only)
    try:
        table = pq.read_table(stream, columns=read, read_dictionary=_text_columns(parquet))
    except Exception as error:
        raise InvalidInput("file", name, f"is not a readable Parquet file ({error})") from None
    frame = table.to_pandas(split_blocks=True, self_destruct=True)
    del table
    # Arrow's allocator keeps the freed buffers for reuse; the replay would grow beside them.
    pa.default_memory_pool().release_unused()
    return _numbered(frame, 2)


def _parquet_batches(
    stream: IO[bytes], name: str, rows: int, budget: Budget | None, history_only: bool
) -> Iterator[pd.DataFrame]:
    parquet, read = _parquet_file(stream, name, budget, history_only)
    try:
        for batch in parquet.iter_batches(batch_size=rows, columns=read):
            yield batch.to_pandas()
    except InvalidInput:
        raise
    except Exception as error:
        raise InvalidInput("file", name, f"is not a readable Parquet file ({error})") from None


def _source_name(source: object) -> str:
    if isinstance(source, str | os.PathLike):
        return os.fspath(source)
    return str(getattr(source, "name", "the uploaded file"))


def sample_history() -> pd.DataFrame:
    """The sample history shipped with the package: a few hundred games of twelve players.

    >>> from gammon_elo.replay import replay
    >>> len(replay(sample_history()).players)
    12
    """
    return read_history(SAMPLE_HISTORY)
