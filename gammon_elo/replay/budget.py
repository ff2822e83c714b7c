"""How much one history may cost whoever reads it: a :class:`Budget`, checked before a file is
decoded where its format allows (a Parquet file's metadata and its pages' headers), else while
it is read."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Final

import numpy as np
import pandas as pd

from .._core.errors import InvalidInput
from .pages import column_pages

#: Rows per batch when a Parquet file's text is measured: a batch's lengths, not its text.
_SCAN_ROWS: Final = 65_536
#: Bytes counted for each cell that is not text (a number, a time, a flag).
_FIXED_CELL_BYTES: Final = 8


@dataclass(frozen=True, slots=True)
class Budget:
    """The most one history may hold (None: no limit): ``rows`` of games, ``cell_bytes`` of all
    cells decoded (text as UTF-8, a number or a time 8 bytes; a Parquet file's pages once
    decompressed too), ``cell_length`` characters in one cell, ``pages`` of a Parquet file's
    columns read (each column of each row group one at least); ``names``: what a refusal calls
    the four (a server setting, an option).

    >>> Budget(rows=10).rows, Budget().cell_bytes
    (10, None)
    """

    rows: int | None = None
    cell_bytes: int | None = None
    cell_length: int | None = None
    pages: int | None = None
    names: tuple[str, str, str, str] = ("rows", "cell_bytes", "cell_length", "pages")

    def __post_init__(self) -> None:
        limits = (self.rows, self.cell_bytes, self.cell_length, self.pages)
        for name, value in zip(self.names, limits, strict=True):
            if value is None:
                continue
            if isinstance(value, bool) or not isinstance(value, int) or value < 1:
                raise InvalidInput(name, value, "must be a whole number, at least 1")


class OverBudget(InvalidInput):
    """A history larger than a limit of its :class:`Budget`; ``field`` names the limit.

    >>> str(OverBudget("upload_rows", 600_000, "1,000,000 rows", "history has 1,000,000 rows"))
    'history has 1,000,000 rows, more than the limit of 600,000 (upload_rows)'
    """

    def __init__(self, limit_name: str, limit: int, figure: str, what: str) -> None:
        super().__init__(limit_name, figure, f"is over the limit of {limit:,}")
        self.limit = limit
        self.args = (f"{what}, more than the limit of {limit:,} ({limit_name})",)


def check_rows(budget: Budget | None, rows: int, *, at_least: bool = False) -> None:
    """Refuse more rows than the budget's (``at_least``: reading stopped past the limit)."""
    if budget is None or budget.rows is None or rows <= budget.rows:
        return
    figure = f"{'at least ' if at_least else ''}{rows:,} rows"
    raise OverBudget(budget.names[0], budget.rows, figure, f"history has {figure}")


def check_bytes(budget: Budget | None, size: int, what: str) -> None:
    """Refuse ``size`` bytes over the budget's (``what``: how the file has them)."""
    if budget is None or budget.cell_bytes is None or size <= budget.cell_bytes:
        return
    raise OverBudget(budget.names[1], budget.cell_bytes, f"{size:,} bytes", f"history {what}")


def _long_cell(budget: Budget, row: int, column: str, length: int) -> OverBudget:
    return OverBudget(
        budget.names[2],
        budget.cell_length or 0,
        f"{length:,} characters",
        f"history's row {row:,}, column {column!r}, has a cell of {length:,} characters",
    )


def check_header(budget: Budget | None, columns: list[str]) -> None:
    """Refuse a column name longer than a cell may be (the header is row 1)."""
    if budget is None or budget.cell_length is None:
        return
    for column in columns:
        if len(column) > budget.cell_length:
            shown = column if len(column) <= 40 else column[:40] + "…"
            raise _long_cell(budget, 1, shown, len(column))


def check_cells(budget: Budget | None, frame: pd.DataFrame, first_row: int) -> None:
    """Refuse a text cell longer than the budget's, naming its row and column."""
    if budget is None or budget.cell_length is None:
        return
    for column in frame.columns:
        values = frame[column]
        if values.dtype != object:
            continue
        lengths = values.str.len().to_numpy(dtype=float, na_value=0)
        over = np.flatnonzero(lengths > budget.cell_length)
        if over.size:
            at = int(over[0])
            raise _long_cell(budget, first_row + at, str(column), int(lengths[at]))


def check_parquet(
    parquet: Any, source: Any, budget: Budget | None, read: list[str] | None = None
) -> None:
    """A Parquet file's rows and sizes from its metadata, before anything is decoded; then the
    text cells of the columns ``read`` (None: all) measured a batch at a time (``source``: the
    file, opened again). Fixed-width cells count in every column, read or not (the file's own
    claim, refused rather than skipped); text only where read."""
    if budget is None:
        return
    meta = parquet.metadata
    groups = [meta.row_group(i) for i in range(meta.num_row_groups)]
    rows = max(meta.num_rows, sum(group.num_rows for group in groups))
    check_rows(budget, rows)
    schema = parquet.schema_arrow
    wanted = set(schema.names if read is None else read)
    # A flat file (nested columns are refused before) has a column chunk per field, in order.
    flat = all(group.num_columns == len(schema) for group in groups)
    stored = sum(
        group.column(i).total_uncompressed_size
        for group in groups
        for i in range(group.num_columns)
        if not flat or schema.names[i] in wanted
    )
    check_bytes(budget, stored, f"is {stored:,} bytes uncompressed")
    fixed, texts = 0, []
    for field in schema:
        width = cell_width(field, budget)
        if width is None:
            if field.name in wanted:
                texts.append(field.name)
            continue
        size = rows * width
        check_bytes(
            budget,
            size,
            f"column {field.name!r} ({field.type}) is {size:,} bytes once decoded"
            f" ({rows:,} rows of {width:,} bytes)",
        )
        long = budget.cell_length is not None and width > budget.cell_length
        if rows and long and "fixed_size_binary" in str(field.type):
            raise _long_cell(budget, 2, field.name, width)
        fixed += size
    check_bytes(budget, fixed, f"has {fixed:,} bytes of numbers, times and fixed-width cells")
    columns = [i for i, name in enumerate(schema.names) if name in wanted] if flat else None
    _check_pages(source, groups, schema, columns, budget)
    if texts and (budget.cell_length is not None or budget.cell_bytes is not None):
        _scan_text(source, texts, budget, fixed)


#: Parquet's DELTA_BYTE_ARRAY encoding: each value a prefix of the last one and a suffix, so
#: its text may decode to far more bytes than its page holds.
_DELTA_BYTE_ARRAY: Final = 7


def _check_pages(
    source: Any, groups: list[Any], schema: Any, columns: list[int] | None, budget: Budget
) -> None:
    """The pages of the ``columns`` read (None: all), from their own headers: how many
    (``pages``) and what they decompress to (``cell_bytes``), before any is decompressed;
    text written so that it may decode to more than its pages refused."""
    limit, name = budget.pages, budget.names[3]
    count = len(groups) * (len(schema) if columns is None else len(columns))
    if limit is not None and count > limit:
        what = f"history's columns read span at least {count:,} pages ({len(groups):,} row groups)"
        raise OverBudget(name, limit, f"{count:,} pages", what)
    count = size = 0
    for group in groups:
        for i in range(group.num_columns) if columns is None else columns:
            field = schema.field(i)
            for page in column_pages(source, group.column(i)):
                count += 1
                size += page.uncompressed
                if limit is not None and count > limit:
                    what = f"history's columns read span at least {count:,} pages"
                    raise OverBudget(name, limit, f"{count:,} pages", what)
                check_bytes(budget, size, f"has at least {size:,} bytes of pages decompressed")
                if page.encoding == _DELTA_BYTE_ARRAY and cell_width(field) is None:
                    reason = "must not be written as DELTA_BYTE_ARRAY (its text may decode to"
                    reason += f" more bytes than its pages hold: {budget.names[1]})"
                    raise InvalidInput(f"column {field.name!r}", "DELTA_BYTE_ARRAY", reason)


#: The variable-width kinds (measured where read), and the kinds of a fixed width.
_VARIABLE: Final = ("string", "large_string", "string_view", "binary", "large_binary",
                    "binary_view")  # fmt: skip
_FIXED: Final = ("integer", "floating", "boolean", "temporal", "decimal", "fixed_size_binary",
                 "interval")  # fmt: skip


def cell_width(field: Any, budget: Budget | None = None) -> int | None:
    """The bytes one cell of the pyarrow ``field`` decodes to; None for text or bytes of variable
    width. A column of lists, structs, maps or other types not one value a cell is refused.

    >>> import pyarrow as pa
    >>> [cell_width(pa.field("x", t)) for t in (pa.int8(), pa.binary(5000), pa.string())]
    [8, 5000, None]
    >>> cell_width(pa.field("x", pa.dictionary(pa.int32(), pa.decimal256(40, 2))))
    32
    >>> cell_width(pa.field("id", pa.uuid()))
    16
    """
    import pyarrow as pa  # type: ignore[import-untyped]

    kind = field.type.value_type if pa.types.is_dictionary(field.type) else field.type
    if isinstance(kind, pa.BaseExtensionType):  # a UUID, say: judged by what it stores
        kind = kind.storage_type
    if any(getattr(pa.types, "is_" + name)(kind) for name in _VARIABLE):
        return None
    if pa.types.is_null(kind):
        return _FIXED_CELL_BYTES
    fixed = any(getattr(pa.types, "is_" + name)(kind) for name in _FIXED)
    if fixed and not pa.types.is_nested(kind):
        return max(_FIXED_CELL_BYTES, -(-int(kind.bit_width) // 8))
    reason = (
        "must hold one value a cell (a text, a number or a time), not a list, a struct or a map"
    )
    if budget is not None and budget.cell_bytes is not None:
        reason += f" (its decoded size is not known before it is decoded: {budget.names[1]})"
    raise InvalidInput(f"column {field.name!r}", str(field.type), reason)


def _scan_text(source: Any, texts: list[str], budget: Budget, total: int) -> None:
    """Each text cell's length and the bytes of them all, without making a string of any."""
    import pyarrow as pa
    import pyarrow.compute as pc  # type: ignore[import-untyped]
    import pyarrow.parquet as pq  # type: ignore[import-untyped]

    first = 2
    parquet = pq.ParquetFile(source, read_dictionary=texts)
    batches = parquet.iter_batches(batch_size=_SCAN_ROWS, columns=texts)
    for batch in batches:
        for name, array in zip(batch.schema.names, batch.columns, strict=True):
            values, indices = array, None
            if isinstance(array, pa.DictionaryArray):
                values, indices = array.dictionary, array.indices
            text = pa.types.is_string(values.type) or pa.types.is_large_string(values.type)
            size = pc.binary_length(values)
            chars = pc.utf8_length(values) if text else size
            if indices is not None:
                size, chars = pc.take(size, indices), pc.take(chars, indices)
            total += int(pc.sum(size).as_py() or 0)
            check_bytes(budget, total, f"has at least {total:,} bytes of cells once decoded")
            limit = budget.cell_length
            if limit is not None and int(pc.max(chars).as_py() or 0) > limit:
                at = pc.index(pc.greater(chars, limit), True).as_py()
                raise _long_cell(budget, first + at, name, int(chars[at].as_py()))
        first += batch.num_rows
