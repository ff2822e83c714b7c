"""Checking a history's rows: every problem (row, column, value, reason), and the accepted rows
coded as arrays in rating order (time, then input order). Each distinct cell is checked once."""

from __future__ import annotations

import re
import warnings
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Final

import numpy as np
import numpy.typing as npt
import pandas as pd

from .._core import checks
from .._core.arrays import Flags, Indices, Ints
from .._core.errors import InvalidInput

#: The input's columns: the first three are required, the others optional (with defaults).
HISTORY_COLUMNS: Final = ("time", "winner", "loser", "cube", "type", "prize")
_REQUIRED: Final = HISTORY_COLUMNS[:3]

#: One row per problem found in the input; a row may have several problems.
REJECTED_COLUMNS: Final = ("row", "column", "value", "reason")

#: Columns besides the history's own that a table may have (they are carried through).
MAX_EXTRA_COLUMNS: Final = 100

#: The game types, in the order of their codes; boosted was called casual before 1.3.0.
GAME_TYPES: Final = ("ranked", "boosted", "tournament", "podium")
RANKED, BOOSTED, TOURNAMENT, PODIUM = range(4)
_TYPE_CODES: Final = {name: code for code, name in enumerate(GAME_TYPES)} | {"casual": BOOSTED}
_CUBE_CODES: Final = {cube: code for code, cube in enumerate(checks.CUBES)}

#: Control characters (C0, DEL, C1) but tab and line breaks: never part of a name.
_CONTROL: Final = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f]")

#: The widest span of whole numbers :func:`_codes` codes by their offset.
_COUNTED_SPAN: Final = 1024

#: Words pandas reads as the current time, which a file's time must not depend on.
_CLOCK_WORDS: Final = ("now", "today")


def column_labels(frame: pd.DataFrame) -> dict[str, Any]:
    """The input's label for each known column, matched without case or surrounding spaces."""
    found: dict[str, Any] = {}
    for label in frame.columns:
        key = str(label).strip().lower()
        if key in HISTORY_COLUMNS:
            if key in found:
                raise InvalidInput("columns", list(frame.columns), f"name {key!r} twice")
            found[key] = label
    check_extra(len(frame.columns), len(found), "table")
    missing = [name for name in _REQUIRED if name not in found]
    if missing:
        raise InvalidInput(
            "columns",
            [str(c) for c in frame.columns],
            "must include " + ", ".join(_REQUIRED) + " (missing " + ", ".join(missing) + ")",
        )
    return found


def check_extra(columns: int, known: int, what: str) -> None:
    """Refuse more than MAX_EXTRA_COLUMNS columns besides the history's own."""
    if columns - known > MAX_EXTRA_COLUMNS:
        raise InvalidInput(
            "columns",
            f"{columns} columns",
            f"may include at most {MAX_EXTRA_COLUMNS} besides " + ", ".join(HISTORY_COLUMNS)
            + f" (this {what} has {columns - known})",
        )  # fmt: skip


@dataclass(frozen=True, slots=True)
class History:
    """The accepted rows, checked and coded, in rating order (time, then input order): times in
    ticks of ``unit`` (UTC), players as codes of ``names`` (no loser on a podium: -1), cubes as
    their log2. ``row_numbers``: from the frame's index (None: a CSV file's count, from 2);
    ``order``: the accepted rows' input positions (None: all, in input order)."""

    frame: pd.DataFrame
    row_numbers: Ints | None
    order: Indices | None
    in_input_order: bool
    time: Ints
    unit: str
    winner: Indices
    loser: Indices
    cube: npt.NDArray[np.int8]
    kind: npt.NDArray[np.int8]
    prize: Ints
    names: npt.NDArray[np.object_]
    report: pd.DataFrame
    extra_columns: tuple[Any, ...]

    @property
    def rows_read(self) -> int:
        return len(self.frame)

    @property
    def source(self) -> Indices:
        """Input positions of the accepted rows, in rating order."""
        return np.arange(len(self.time)) if self.order is None else self.order

    @property
    def accepted_rows(self) -> Ints:
        """The accepted rows' numbers (header: row 1), in rating order."""
        return _numbered(self.row_numbers, self.source)


def _numbered(row_numbers: Ints | None, positions: Indices) -> Ints:
    return np.asarray(positions, np.int64) + 2 if row_numbers is None else row_numbers[positions]


class _Problems:
    """The problems found in the input's rows, kept until the report is made."""

    def __init__(self, row_numbers: Ints | None, n: int) -> None:
        self.row_numbers = row_numbers
        self.bad = np.zeros(n, dtype=bool)
        self.parts: list[tuple[Indices, list[str], list[str], list[str]]] = []

    def add(
        self, where: Flags, column: str, cells: pd.Series | None, reason: str | Sequence[str]
    ) -> None:
        """Report ``reason`` (one, or one per row) for ``column`` where ``where`` is true."""
        positions = np.flatnonzero(where)
        if positions.size == 0:
            return
        self.bad[positions] = True
        texts = (
            [""] * positions.size
            if cells is None
            else [_cell_text(v) for v in cells.iloc[positions].tolist()]
        )
        reasons = [reason] * positions.size if isinstance(reason, str) else list(reason)
        self.parts.append((positions, [column] * positions.size, texts, reasons))

    def report(self) -> pd.DataFrame:
        """Every problem, by row, then in the order of HISTORY_COLUMNS."""
        if not self.parts:
            return empty_report()
        positions = np.concatenate([part[0] for part in self.parts])
        columns, texts, reasons = ([x for part in self.parts for x in part[i]] for i in (1, 2, 3))
        rank = np.array([HISTORY_COLUMNS.index(c) for c in columns])
        report = empty_report(_numbered(self.row_numbers, positions), columns, texts, reasons)
        return report.iloc[np.lexsort((rank, positions))].reset_index(drop=True)


def empty_report(rows: Any = (), *cells: list[str]) -> pd.DataFrame:
    """A report of rejected rows (REJECTED_COLUMNS, typed): no row, unless given."""
    texts = dict(zip(REJECTED_COLUMNS[1:], cells or ([], [], []), strict=True))
    return pd.DataFrame(
        {"row": np.asarray(rows, dtype=np.int64)}
        | {name: pd.Series(values, dtype=object) for name, values in texts.items()}
    )


def is_missing(value: Any) -> bool:
    """Whether a cell holds nothing: empty or blank text, None, NaN, NA or NaT."""
    if isinstance(value, str):
        return not value.strip()
    try:
        return bool(pd.isna(value))
    except (TypeError, ValueError):  # a list or an array in a cell: something, at least
        return False


def _cell_text(value: Any) -> str:
    """A cell as its file would show it, missing values as an empty string."""
    return "" if not isinstance(value, str) and is_missing(value) else str(value)


def _codes(values: pd.Series) -> tuple[Indices, list[Any]]:
    """Codes of ``values`` (-1 for missing ones) and the distinct values they stand for; small
    whole numbers (a cube, a prize) by their offset and categories by their own codes, without
    hashing them."""
    dtype = values.dtype
    if pd.api.types.is_integer_dtype(dtype) and str(dtype).lower() != "uint64" and len(values):
        numbers = values.to_numpy(dtype=np.int64, na_value=0)
        low, high = int(numbers.min()), int(numbers.max())
        if high - low < _COUNTED_SPAN:
            codes = (numbers - low).astype(np.intp)
            codes[values.isna().to_numpy()] = -1
            return codes, list(range(low, high + 1))
    if isinstance(dtype, pd.CategoricalDtype):  # a category no row uses does no harm
        return values.cat.codes.to_numpy().astype(np.intp), list(dtype.categories)
    codes, uniques = pd.factorize(values, use_na_sentinel=True)
    return np.asarray(codes, dtype=np.intp), list(uniques)


def _row_numbers(frame: pd.DataFrame) -> Ints | None:
    """Row numbers from the index when it is named ``row`` (as :func:`read_history` makes it)."""
    if frame.index.name == "row" and pd.api.types.is_integer_dtype(frame.index.dtype):
        return np.asarray(frame.index, dtype=np.int64)
    return None


def _check_time(column: pd.Series, problems: _Problems) -> tuple[Ints, str]:
    """Times as int64 ticks of UTC in ``unit`` (microseconds or finer)."""
    dtype = column.dtype
    if isinstance(dtype, pd.DatetimeTZDtype):
        parsed = column.dt.tz_convert("UTC")
    elif pd.api.types.is_datetime64_dtype(dtype):
        parsed = column.dt.tz_localize("UTC")
    elif pd.api.types.is_numeric_dtype(dtype) or pd.api.types.is_bool_dtype(dtype):
        # Numbers are no ISO 8601 time (pandas would read them as nanoseconds since 1970).
        parsed = pd.Series(pd.NaT, index=column.index, dtype="datetime64[us, UTC]")
    else:
        ticks = whole_seconds(column)
        if ticks is not None:  # every cell a plain, real time: read from its bytes
            return ticks, "us"
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")  # pandas warns about mixed formats it still reads
            parsed = pd.to_datetime(column, format="ISO8601", utc=True, errors="coerce")
        clock = column.isin(_CLOCK_WORDS).to_numpy()  # pandas reads "now" as the clock's time
        if clock.any():
            parsed = parsed.mask(clock)
    unit = parsed.dtype.unit
    if unit in ("s", "ms"):
        parsed, unit = parsed.dt.as_unit("us"), "us"
    ticks = parsed.to_numpy(dtype=f"datetime64[{unit}]").view(np.int64)
    bad = ticks == np.iinfo(np.int64).min  # NaT
    if bad.any():
        empty = bad.copy()
        empty[bad] = [is_missing(v) for v in column.iloc[bad].tolist()]
        problems.add(empty, "time", column, "is missing")
        reason = "must be an ISO 8601 date and time (no offset means UTC)"
        problems.add(bad & ~empty, "time", column, reason)
    return ticks, unit


def _check_names(
    winners: pd.Series, losers: pd.Series, problems: _Problems
) -> tuple[Indices, Indices, npt.NDArray[np.object_]]:
    """Player codes of both columns (-1 where empty) and the names, surrounding spaces gone;
    a name with a control character rejected."""
    (winner, winner_names), (loser, loser_names) = _codes(winners), _codes(losers)
    cleaned = [  # text, the usual cell, without a call per name
        (v.strip() or None) if type(v) is str else None if is_missing(v) else str(v).strip()
        for v in winner_names + loser_names
    ]
    merged, names = pd.factorize(pd.Series(cleaned, dtype=object), use_na_sentinel=True)
    merged = np.asarray(merged, dtype=np.intp)
    to_winner = np.append(merged[: len(winner_names)], -1)  # the last: -1 for -1
    to_loser = np.append(merged[len(winner_names) :], -1)
    if _CONTROL.search("\n".join(n for n in cleaned if n is not None)):
        for column, codes, cells, first, last in (
            ("winner", winner, winners, 0, len(winner_names)),
            ("loser", loser, losers, len(winner_names), len(cleaned)),
        ):
            reasons = {
                i - first: _control_reason(found)
                for i in range(first, last)
                if (found := _CONTROL.search(cleaned[i] or ""))
            }
            _refuse(codes, reasons, column, cells, problems)
    return to_winner[winner], to_loser[loser], np.asarray(names, dtype=object)


def _control_reason(found: re.Match[str]) -> str:
    return (
        f"must not contain control characters (U+{ord(found.group()):04X} at character"
        f" {found.start() + 1})"
    )


def _number(value: Any) -> Any:
    """A cell's number: text is read as an integer or a decimal, anything else is kept."""
    if not isinstance(value, str):
        return value
    for kind in (int, float):
        try:
            return kind(value.strip())
        except ValueError:
            pass
    return value


def _table(
    column: pd.Series, empty: int, read: Any, dtype: type[np.generic] = np.int64
) -> tuple[Indices, npt.NDArray[Any], dict[int, str]]:
    """The codes of a column's cells, each distinct cell's value by ``read`` (``empty`` for an
    empty cell and code -1), and why each refused one is, by its code."""
    codes, uniques = _codes(column)
    values = np.full(len(uniques) + 1, empty, dtype=dtype)
    reasons: dict[int, str] = {}
    for i, value in enumerate(uniques):
        if not is_missing(value):
            try:
                values[i] = read(value)
            except InvalidInput as error:
                values[i], reasons[i] = -2, error.reason
    return codes, values, reasons


def _refuse(
    codes: Indices, reasons: dict[int, str], name: str, column: pd.Series, problems: _Problems
) -> None:
    if reasons:
        refused = np.zeros(max(int(codes.max(initial=-1)), *reasons) + 2, dtype=bool)  # [-1]: empty
        refused[list(reasons)] = True
        bad = refused[codes]
        problems.add(bad, name, column, [reasons[c] for c in codes[bad].tolist()])


def _check_cube(column: pd.Series | None, n: int, problems: _Problems) -> npt.NDArray[np.int8]:
    """log2 of each row's cube; an empty cell means cube 1."""
    if column is None:
        return np.zeros(n, dtype=np.int8)
    codes, log2, reasons = _table(
        column, 0, lambda v: _CUBE_CODES[checks.cube(_number(v), "cube")], np.int8
    )
    _refuse(codes, reasons, "cube", column, problems)
    return log2[codes]


def _check_type(column: pd.Series | None, n: int, problems: _Problems) -> npt.NDArray[np.int8]:
    """Each row's type code; an empty cell means ranked, -1 an unknown type."""
    if column is None:
        return np.zeros(n, dtype=np.int8)
    codes, kinds, _ = _table(
        column, RANKED, lambda v: _TYPE_CODES.get(str(v).strip().lower(), -1), np.int8
    )
    kind = kinds[codes]
    reason = "must be one of " + ", ".join(GAME_TYPES) + " (casual means boosted)"
    problems.add(kind < 0, "type", column, reason)
    return kind


def _check_prize(column: pd.Series | None, kind: npt.NDArray[np.int8], problems: _Problems) -> Ints:
    """Podium rows' prizes (0 elsewhere, where a cell may be empty or 0)."""
    podium = kind == PODIUM
    if column is None:
        problems.add(podium, "prize", None, "is missing on a podium row")
        return np.zeros(len(kind), dtype=np.int64)
    codes, points, reasons = _table(
        column, -1, lambda v: checks.integer("prize", _number(v), low=0, high=checks.K_LIMIT)
    )
    prizes = np.maximum(points, 0)[codes]
    problems.add(podium & (points[codes] == -1), "prize", column, "is missing on a podium row")
    _refuse(codes, reasons, "prize", column, problems)
    stray = (kind >= 0) & ~podium & (prizes != 0)
    problems.add(stray, "prize", column, "must be empty (or 0) except on a podium row")
    return np.where(podium, prizes, 0)


def prepare(games: pd.DataFrame) -> History:
    """Check every row of ``games``; code the accepted ones in rating order."""
    if not isinstance(games, pd.DataFrame):
        raise InvalidInput("games", type(games).__name__, "must be a pandas DataFrame")
    labels = column_labels(games)
    n, rows = len(games), _row_numbers(games)
    problems = _Problems(rows, n)

    def optional(name: str) -> pd.Series | None:
        return games[labels[name]] if name in labels else None

    ticks, unit = _check_time(games[labels["time"]], problems)
    winners, losers = games[labels["winner"]], games[labels["loser"]]
    winner, loser, names = _check_names(winners, losers, problems)
    cube = _check_cube(optional("cube"), n, problems)
    kind = _check_type(optional("type"), n, problems)
    prize = _check_prize(optional("prize"), kind, problems)
    podium = kind == PODIUM
    problems.add(winner < 0, "winner", winners, "is missing")
    problems.add((loser < 0) & (kind >= 0) & ~podium, "loser", losers, "is missing")
    problems.add((loser >= 0) & podium, "loser", losers, "must be empty on a podium row")
    problems.add((winner >= 0) & (winner == loser), "loser", losers, "must differ from the winner")
    report = problems.report()
    loser[podium] = -1
    source = np.flatnonzero(~problems.bad) if len(report) else None
    time = ticks if source is None else ticks[source]
    in_input_order = bool(np.all(time[1:] >= time[:-1]))
    if not in_input_order:
        order = np.argsort(time, kind="stable")
        source = order if source is None else source[order]
    if source is not None:
        ticks, winner, loser = ticks[source], winner[source], loser[source]
        cube, kind, prize = cube[source], kind[source], prize[source]
    return History(
        frame=games,
        row_numbers=rows,
        order=source,
        in_input_order=in_input_order,
        time=ticks,
        unit=unit,
        winner=winner,
        loser=loser,
        cube=cube,
        kind=kind,
        prize=prize,
        names=names,
        report=report,
        extra_columns=tuple(c for c in games.columns if c not in labels.values()),
    )


#: Where the separators stand in ``YYYY-MM-DDTHH:MM:SS`` (and a final ``Z``, if any).
_SEPARATORS: Final = {4: b"-", 7: b"-", 10: b"T", 13: b":", 16: b":", 19: b"Z"}
#: The years read here (far inside every unit pandas may pick), in microseconds since 1970.
_FIRST: Final = int(np.datetime64("1900-01-01T00:00:00", "us").view(np.int64))
_LAST: Final = int(np.datetime64("2199-12-31T23:59:59", "us").view(np.int64))


def whole_seconds(column: pd.Series) -> Ints | None:
    """Each cell's time in microseconds since 1970 (UTC), read by Arrow's ISO 8601 parser as
    pandas' would read them, when every cell of an Arrow-backed text column is written
    ``YYYY-MM-DDTHH:MM:SS[Z]`` alike, a real time of the years 1900 to 2199; else None.

    >>> whole_seconds(pd.Series(["1970-01-02T00:00:01Z", "2026-10-05T20:00:00Z"], dtype="str"))
    array([     86401000000, 1791230400000000])
    >>> whole_seconds(pd.Series(["2027-02-29T10:00:00"], dtype="str")) is None  # no such day
    True
    """
    chunks = _arrow_chunks(column)
    if not chunks or any(chunk.null_count for chunk in chunks):
        return None
    import pyarrow as pa  # type: ignore[import-untyped]

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
        return []  # pyarrow may then be missing
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
