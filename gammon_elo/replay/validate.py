"""Checking a history's rows: every problem of every row (row, column, value, reason), and the
accepted rows coded as arrays in rating order (time, then input order), ready to be rated.

Cells are read as a person wrote them: names without surrounding spaces, cubes and prizes from
text or numbers, types in any case ("casual" is the old name of boosted), times as ISO 8601
with no offset meaning UTC.
"""

from __future__ import annotations

import warnings
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Final

import numpy as np
import numpy.typing as npt
import pandas as pd

from .._core.arrays import Flags, Indices, Ints
from .._core.errors import InvalidInput
from .cells import (
    BOOSTED,
    CONTROL,
    GAME_TYPES,
    PODIUM,
    RANKED,
    TOURNAMENT,
    Columns,
    control_reason,
    cube_table,
    has_control,
    is_missing,
    player_tables,
    prize_table,
    type_table,
)
from .isotimes import whole_seconds

__all__ = [
    "BOOSTED",
    "GAME_TYPES",
    "HISTORY_COLUMNS",
    "MAX_EXTRA_COLUMNS",
    "PODIUM",
    "RANKED",
    "REJECTED_COLUMNS",
    "TOURNAMENT",
    "History",
    "column_labels",
    "empty_report",
    "prepare",
]

#: The input's columns: the first three are required, the others optional (with defaults).
HISTORY_COLUMNS: Final = ("time", "winner", "loser", "cube", "type", "prize")
_REQUIRED: Final = HISTORY_COLUMNS[:3]

#: One row per problem found in the input; a row may have several problems.
REJECTED_COLUMNS: Final = ("row", "column", "value", "reason")

#: Columns besides the history's own that a table may have (they are carried through): a file
#: with thousands would hold a reader for long for nothing.
MAX_EXTRA_COLUMNS: Final = 100

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
    extra = len(frame.columns) - len(found)
    if extra > MAX_EXTRA_COLUMNS:
        raise InvalidInput(
            "columns",
            f"{len(frame.columns)} columns",
            f"may include at most {MAX_EXTRA_COLUMNS} besides "
            + ", ".join(HISTORY_COLUMNS)
            + f" (this table has {extra})",
        )
    missing = [name for name in _REQUIRED if name not in found]
    if missing:
        raise InvalidInput(
            "columns",
            [str(c) for c in frame.columns],
            "must include " + ", ".join(_REQUIRED) + " (missing " + ", ".join(missing) + ")",
        )
    return found


@dataclass(frozen=True, slots=True)
class History:
    """The accepted rows, checked and coded, in rating order (time, then input order)."""

    frame: pd.DataFrame
    #: Every input row's number as a person counts it (header = row 1), from the frame's index;
    #: None where they are the positions as a CSV file counts them (2, 3, …): see :attr:`rows`.
    row_numbers: Ints | None
    #: Input positions of the accepted rows, in rating order; None where every row is accepted
    #: and in input order: see :attr:`source`.
    order: Indices | None
    #: True when ``source`` is already in input order (then the output needs no reordering).
    in_input_order: bool
    #: Times in ticks of ``unit`` (UTC).
    time: Ints
    unit: str
    winner: Indices
    #: -1 on podium rows.
    loser: Indices
    #: log2 of the cube.
    cube: npt.NDArray[np.int8]
    kind: npt.NDArray[np.int8]
    prize: Ints
    names: npt.NDArray[np.object_]
    report: pd.DataFrame
    extra_columns: tuple[Any, ...]

    @property
    def rows(self) -> Ints:
        """Every input row's number as a person counts it (header = row 1)."""
        return _numbered(self.row_numbers, np.arange(len(self.frame)))

    @property
    def rows_read(self) -> int:
        """Every input row, accepted or not."""
        return len(self.frame)

    @property
    def source(self) -> Indices:
        """Input positions of the accepted rows, in rating order."""
        return np.arange(len(self.time)) if self.order is None else self.order

    @property
    def accepted_rows(self) -> Ints:
        """The accepted rows' numbers as a person counts them, in rating order."""
        return _numbered(self.row_numbers, self.source)


def _numbered(row_numbers: Ints | None, positions: Indices) -> Ints:
    """The row numbers of rows at ``positions``: from the index, or as a CSV file counts them."""
    if row_numbers is None:
        return np.asarray(positions, dtype=np.int64) + 2
    return row_numbers[positions]


class _Problems:
    """The problems found in the input's rows, kept per check until the report is made."""

    def __init__(self, row_numbers: Ints | None, n: int) -> None:
        self.row_numbers = row_numbers
        self.bad = np.zeros(n, dtype=bool)
        self.parts: list[tuple[Indices, str, list[str], list[str]]] = []

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
        self.parts.append((positions, column, texts, reasons))

    def report(self) -> pd.DataFrame:
        """Every problem, by row, then in the order of HISTORY_COLUMNS."""
        if not self.parts:
            return empty_report()
        positions = np.concatenate([part[0] for part in self.parts])
        columns = [part[1] for part in self.parts for _ in part[2]]
        rank = np.array([HISTORY_COLUMNS.index(c) for c in columns])
        order = np.lexsort((rank, positions))
        report = pd.DataFrame(
            {
                "row": _numbered(self.row_numbers, positions),
                "column": pd.Series(columns, dtype=object),
                "value": pd.Series([t for part in self.parts for t in part[2]], dtype=object),
                "reason": pd.Series([r for part in self.parts for r in part[3]], dtype=object),
            }
        )
        return report.iloc[order].reset_index(drop=True)


def empty_report() -> pd.DataFrame:
    """A report of rejected rows with no row: the columns of REJECTED_COLUMNS, typed."""
    return pd.DataFrame(
        {
            "row": np.empty(0, dtype=np.int64),
            "column": pd.Series([], dtype=object),
            "value": pd.Series([], dtype=object),
            "reason": pd.Series([], dtype=object),
        }
    )


def _cell_text(value: Any) -> str:
    """A cell as its file would show it, missing values as an empty string."""
    if not isinstance(value, str) and is_missing(value):
        return ""
    return str(value)


def _codes(values: pd.Series) -> tuple[Indices, list[Any]]:
    """Codes of ``values`` (-1 for missing ones) and the distinct values they stand for, in
    the order they first appear."""
    codes, uniques = pd.factorize(values, use_na_sentinel=True)
    return np.asarray(codes, dtype=np.intp), list(uniques)


#: The widest span of whole numbers :func:`_any_codes` codes by counting (a table this long).
_COUNTED_SPAN: Final = 1 << 16


def _any_codes(values: pd.Series) -> tuple[Indices, list[Any]]:
    """As :func:`_codes`, the distinct values in any order, and some perhaps in no row, for a
    column whose values are each looked up on their own (cube, type, prize): a categorical
    column's own codes, and whole numbers in a short span counted (a pass, no hashing)."""
    dtype = values.dtype
    if isinstance(dtype, pd.CategoricalDtype):
        codes: Indices = np.asarray(values.cat.codes, dtype=np.intp)
        return codes, list(dtype.categories)
    numbers: npt.NDArray[np.integer[Any]]
    missing: Flags | None = None
    if isinstance(values.array, pd.arrays.IntegerArray) and values.dtype != "UInt64":
        numbers = values.to_numpy(dtype=np.int64, na_value=0)
        missing = values.isna().to_numpy()
    elif isinstance(dtype, np.dtype) and dtype.kind in "iu" and dtype != np.uint64:
        numbers = values.to_numpy()
    else:
        return _codes(values)
    if len(numbers) == 0:
        return np.zeros(0, dtype=np.intp), []
    low, high = int(numbers.min()), int(numbers.max())
    if high - low >= _COUNTED_SPAN:
        return _codes(values)
    shifted = numbers.astype(np.intp) - low  # widened first: int8 - -128 would wrap
    present = np.flatnonzero(np.bincount(shifted, minlength=high - low + 1))
    code_of = np.full(high - low + 1, -1, dtype=np.intp)
    code_of[present] = np.arange(len(present))
    codes = code_of[shifted]
    if missing is not None:
        codes[missing] = -1
    return codes, [int(v) + low for v in present]


def _row_numbers(frame: pd.DataFrame) -> Ints | None:
    """Row numbers as a person counts them: the index when it is named ``row`` (as
    :func:`read_history` makes it); None for the position as if written to CSV with a header."""
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
        # pandas reads "now" and "today" as the clock's time: no time of a game.
        clock = column.isin(_CLOCK_WORDS).to_numpy()
        if clock.any():
            parsed = parsed.mask(clock)
    unit = parsed.dtype.unit
    if unit in ("s", "ms"):
        parsed = parsed.dt.as_unit("us")
        unit = "us"
    ticks = parsed.to_numpy(dtype=f"datetime64[{unit}]").view(np.int64)
    bad = np.flatnonzero(ticks == np.iinfo(np.int64).min)  # NaT
    if bad.size:
        empty = np.array([is_missing(v) for v in column.iloc[bad].tolist()], dtype=bool)
        for chosen, reason in (
            (bad[empty], "is missing"),
            (bad[~empty], "must be an ISO 8601 date and time (no offset means UTC)"),
        ):
            where = np.zeros(len(column), dtype=bool)
            where[chosen] = True
            problems.add(where, "time", column, reason)
    return ticks, unit


def _check_names(
    winners: pd.Series, losers: pd.Series, problems: _Problems
) -> tuple[Indices, Indices, npt.NDArray[np.object_]]:
    """Player codes of both columns (-1 where empty) and the names, surrounding spaces gone;
    names differing only by such spaces are one player. A name holding a control character
    (a NUL, an escape…) is reported, its row rejected."""
    winner, winner_names = _name_codes(winners)
    loser, loser_names = _name_codes(losers)
    cleaned, to_winner, to_loser, names = player_tables(winner_names, loser_names)
    if has_control(cleaned):
        for column, codes, uniques, offset in (
            ("winner", winner, winner_names, 0),
            ("loser", loser, loser_names, len(winner_names)),
        ):
            reasons = {
                i: control_reason(name)
                for i, name in enumerate(cleaned[offset : offset + len(uniques)])
                if name is not None and CONTROL.search(name)
            }
            if reasons:
                bad = np.isin(codes, list(reasons))
                cells = winners if column == "winner" else losers
                problems.add(bad, column, cells, [reasons[c] for c in codes[bad].tolist()])
    return to_winner[winner], to_loser[loser], names


def _name_codes(values: pd.Series) -> tuple[Indices, list[Any]]:
    """As :func:`_codes`; for a categorical column (as :func:`read_history` reads names), its
    own codes, the categories in no row left out, the others in the categories' order."""
    dtype = values.dtype
    if not isinstance(dtype, pd.CategoricalDtype):
        return _codes(values)
    codes = np.asarray(values.cat.codes, dtype=np.intp)
    used = np.bincount(codes + 1, minlength=len(dtype.categories) + 1)[1:] > 0
    if used.all():  # no renumbering (a pass over every row) needed
        return codes, list(dtype.categories)
    renumbered = np.full(len(used) + 1, -1, dtype=np.intp)  # its last entry: a missing name
    renumbered[:-1][used] = np.arange(int(used.sum()))
    return renumbered[codes], list(dtype.categories[used])


def _check_cube(column: pd.Series | None, n: int, problems: _Problems) -> npt.NDArray[np.int8]:
    """log2 of each row's cube; an empty cell means cube 1."""
    if column is None:
        return np.zeros(n, dtype=np.int8)
    codes, uniques = _any_codes(column)
    log2, reasons = cube_table(uniques)
    if reasons:
        bad = np.isin(codes, list(reasons))
        problems.add(bad, "cube", column, [reasons[c] for c in codes[bad].tolist()])
    return log2[codes]


def _check_type(column: pd.Series | None, n: int, problems: _Problems) -> npt.NDArray[np.int8]:
    """Each row's type code; an empty cell means ranked, -1 an unknown type."""
    if column is None:
        return np.zeros(n, dtype=np.int8)
    codes, uniques = _any_codes(column)
    kind = type_table(uniques)[codes]
    problems.add(
        kind < 0,
        "type",
        column,
        "must be one of " + ", ".join(GAME_TYPES) + " (casual means boosted)",
    )
    return kind


def _check_prize(column: pd.Series | None, kind: npt.NDArray[np.int8], problems: _Problems) -> Ints:
    """Podium rows' prizes (0 elsewhere): whole points, required on podium rows and only there
    (elsewhere a cell may be empty or 0)."""
    n = len(kind)
    podium = kind == PODIUM
    if column is None:
        problems.add(podium, "prize", None, "is missing on a podium row")
        return np.zeros(n, dtype=np.int64)
    codes, uniques = _any_codes(column)
    points, reasons = prize_table(uniques)
    prizes = np.maximum(points, 0)
    problems.add(podium & (points[codes] == -1), "prize", column, "is missing on a podium row")
    if reasons:
        bad = np.isin(codes, list(reasons))
        problems.add(bad, "prize", column, [reasons[c] for c in codes[bad].tolist()])
    stray = (kind >= 0) & ~podium & (prizes[codes] != 0)
    problems.add(stray, "prize", column, "must be empty (or 0) except on a podium row")
    return np.where(podium, prizes[codes], 0)


def prepare(games: pd.DataFrame) -> History:
    """Check every row of ``games``; code the accepted ones in rating order."""
    if not isinstance(games, pd.DataFrame):
        raise InvalidInput("games", type(games).__name__, "must be a pandas DataFrame")
    labels = column_labels(games)
    n = len(games)
    rows = _row_numbers(games)
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
    if not len(report):
        in_input_order = bool(np.all(ticks[1:] >= ticks[:-1]))
        columns = (winner, loser, cube, kind, prize)
        return _history(games, labels, rows, ticks, unit, columns, names, in_input_order)
    source = np.flatnonzero(~problems.bad)
    time = ticks[source]
    in_input_order = bool(np.all(time[1:] >= time[:-1]))
    if not in_input_order:
        source = source[np.argsort(time, kind="stable")]
    return _history(
        games, labels, rows, ticks, unit, (winner, loser, cube, kind, prize), names,
        in_input_order, source=source, report=report,
    )  # fmt: skip


def _history(
    games: pd.DataFrame,
    labels: dict[str, Any],
    rows: Ints | None,
    ticks: Ints,
    unit: str,
    columns: Columns,
    names: npt.NDArray[np.object_],
    in_input_order: bool,
    *,
    source: Indices | None = None,
    report: pd.DataFrame | None = None,
) -> History:
    """The accepted rows (every row, unless ``source`` says which, in rating order) as a
    history: ``columns`` are the rows' winner, loser, cube, type and prize codes."""
    winner, loser, cube, kind, prize = columns
    if source is None and not in_input_order:
        source = np.argsort(ticks, kind="stable")
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
        report=empty_report() if report is None else report,
        extra_columns=tuple(c for c in games.columns if c not in labels.values()),
    )
