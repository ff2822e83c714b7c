"""History replay: a table of real games in, every rating after every game out, each player with
their own rolling 7-day K; the same history under several rule sets side by side; the long-form
trajectories a chart needs, and a CSV export that spreadsheets cannot run as formulas.

Every ranked game gets exactly the changes :func:`~gammon_elo.rating_change` gives for it, game
by game. Only the ratings are sequential, so everything else is done for all games at once: K
depends only on game counts, so every K is known before the first rating moves; the changes come
from tables built the way ``rating_change`` computes them (one entry per rating difference, K
and cube); and the games are rated in waves, a wave being every game whose players' earlier
games are all rated: it shares no player, so a few numpy calls rate all of it. The number of
waves is the longest chain of games each needing the one before, at least the busiest player's
ranked games.
"""

from __future__ import annotations

import functools
import io
import math
import os
import warnings
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from datetime import timedelta
from typing import IO, Any, Final

import numpy as np
import numpy.typing as npt
import pandas as pd

from . import _checks
from ._errors import InvalidHistory, InvalidInput
from .formulas import _expected, _multiplier, rating_change
from .rules import CURRENT, Rules, get_rules
from .simulate import _changes, _expected_winner

__all__ = [
    "GAME_COLUMNS",
    "HISTORY_COLUMNS",
    "PLAYER_COLUMNS",
    "REJECTED_COLUMNS",
    "SAMPLE_HISTORY",
    "SPREAD_COLUMNS",
    "TRAJECTORY_COLUMNS",
    "ReplayResult",
    "RulesComparison",
    "compare_rules",
    "neutralize_formulas",
    "read_history",
    "replay",
    "sample_history",
    "trajectories",
]

Ints = npt.NDArray[np.int64]
Indices = npt.NDArray[np.intp]
Floats = npt.NDArray[np.float64]
Flags = npt.NDArray[np.bool_]

#: The input's columns: the first three are required, the others optional (with defaults).
HISTORY_COLUMNS: Final = ("time", "winner", "loser", "cube", "type", "prize")
_REQUIRED: Final = HISTORY_COLUMNS[:3]

#: What ``replay`` adds to each game, after the input's own columns.
GAME_COLUMNS: Final = (
    "winner_before",
    "loser_before",
    "winner_recent_games",
    "loser_recent_games",
    "winner_k",
    "loser_k",
    "cube_multiplier",
    "expected_winner",
    "winner_change",
    "loser_change",
    "winner_after",
    "loser_after",
)

#: One row per player of the history.
PLAYER_COLUMNS: Final = (
    "player",
    "initial",
    "final",
    "peak",
    "lowest",
    "ranked_games",
    "wins",
    "losses",
    "games_at_heavy_k",
    "unrated_games",
    "prizes",
    "last_game",
)

#: One row per problem found in the input; a row may have several problems.
REJECTED_COLUMNS: Final = ("row", "column", "value", "reason")

#: One row per rule set in a comparison.
SPREAD_COLUMNS: Final = (
    "rules",
    "players",
    "lowest",
    "highest",
    "top_to_bottom",
    "iqr",
    "half_within",
    "half_from",
    "half_to",
)

#: One row per player per game, for charts.
TRAJECTORY_COLUMNS: Final = (
    "rules",
    "player",
    "game",
    "row",
    "time",
    "type",
    "opponent",
    "result",
    "change",
    "rating",
)

#: The game types, in the order of their codes.
GAME_TYPES: Final = ("ranked", "boosted", "tournament", "podium")
_RANKED, _BOOSTED, _TOURNAMENT, _PODIUM = range(4)
#: Boosted games were called Casual before 1.3.0; old exports may still say so.
_TYPE_NAMES: Final = {name: code for code, name in enumerate(GAME_TYPES)} | {"casual": _BOOSTED}

#: The sample history shipped with the package (the History page opens on it).
SAMPLE_HISTORY: Final = os.path.join(os.path.dirname(__file__), "data", "sample_history.csv")

#: Rating differences the change tables cover (±); a game outside them, which takes ratings
#: thousands of points apart, is rated by ``rating_change`` itself.
TABLE_REACH: Final = 2**13

#: A wave costs about 9 µs plus 0.2 µs a game, the plain loop over the tables 0.7 µs a game
#: (measured): waves win from about 20 games a wave, that is while the busiest player, whose
#: games make the longest chain, has less than this share of the ranked games. Both give the
#: same numbers.
_SMALL_WAVES: Final = 1 / 24

#: Ratings stay in int64, and any difference of two within rating_change's range, below this.
_SAFE_RATING: Final = 2**60

_CUBE_CODES: Final = {cube: code for code, cube in enumerate(_checks.CUBES)}


# ---------------------------------------------------------------------------------------------
# Results


@dataclass(frozen=True, slots=True)
class ReplayResult:
    """One history rated under one rule set.

    ``games`` has one row per accepted input row, in input order: ``row`` (its number in the
    file), the input's columns checked (UTC times; names, types and cubes cleaned), then
    GAME_COLUMNS, then the input's other columns. Recent games, K, the cube multiplier and the
    expected score (as ``expected_score`` gives it) are for ranked rows only, NA elsewhere;
    a podium row has no loser, so its loser columns are NA and its winner's change is the
    prize. ``players`` has one row per player, best final rating first (peak and lowest count
    the starting rating too); ``rejected`` one row per problem of a rejected row.
    ``rows_read == len(games) + rows_rejected`` always holds.
    """

    games: pd.DataFrame
    players: pd.DataFrame
    rejected: pd.DataFrame
    rules: Rules
    #: Data rows in the input (a CSV file's blank lines are not rows).
    rows_read: int

    @property
    def rows_rejected(self) -> int:
        """How many input rows were rejected (a row with two problems counts once)."""
        return int(self.rejected["row"].nunique())


@dataclass(frozen=True, slots=True)
class RulesComparison:
    """The same history under several rule sets.

    ``ratings`` has one row per player and one column of final ratings per rule set (named by
    the rule set's label), ordered by the first rule set; ``spread`` one row per rule set.
    """

    results: Mapping[str, ReplayResult]
    ratings: pd.DataFrame
    spread: pd.DataFrame


# ---------------------------------------------------------------------------------------------
# Reading a CSV file


def read_history(source: str | os.PathLike[str] | IO[bytes] | IO[str] | bytes) -> pd.DataFrame:
    """A CSV file of games as a DataFrame of its cells exactly as written, ready for :func:`replay`.

    UTF-8 with or without a byte-order mark. Every cell is kept as text, so a bad value is
    reported as the file spells it. The index holds each row's number as a person counts rows
    in the file (the header is row 1, the first data row is row 2; a quoted cell spanning
    several lines is one row, as in a spreadsheet), and ``replay`` reports rows by it. Wholly
    blank rows (an empty line, or only commas) are dropped, keeping the others' numbers.

    A file that cannot be read or is empty, a missing required column, bytes that are not UTF-8
    or a row with more cells than the header raise :class:`InvalidInput` naming the problem.

    >>> frame = read_history(b"time,winner,loser\\n2026-10-01T20:00:00Z,Eleni,Nikos\\n")
    >>> frame.index.tolist(), frame.loc[2, "winner"]
    ([2], 'Eleni')
    """
    name = _source_name(source)
    if isinstance(source, bytes):
        source = io.BytesIO(source)
    try:
        with warnings.catch_warnings():
            # pandas drops a row's extra cells with only a warning; that loses data.
            warnings.simplefilter("error", pd.errors.ParserWarning)
            frame = pd.read_csv(
                source,
                dtype=object,
                na_filter=False,
                keep_default_na=False,
                skip_blank_lines=False,
                index_col=False,
                encoding="utf-8-sig",
            )
    except pd.errors.EmptyDataError:
        raise InvalidInput("file", name, "is empty") from None
    except OSError as error:
        raise InvalidInput("file", name, f"cannot be read ({error.strerror or error})") from None
    except UnicodeDecodeError as error:
        raise InvalidInput(
            "file",
            name,
            f"must be UTF-8 text (byte {error.object[error.start]:#04x} at"
            f" offset {error.start} is not)",
        ) from None
    except pd.errors.ParserWarning:
        raise InvalidInput("file", name, "has a row with more cells than the header") from None
    except pd.errors.ParserError as error:
        detail = str(error).removeprefix("Error tokenizing data. C error: ").strip()
        raise InvalidInput("file", name, f"is not a well-formed CSV file ({detail})") from None
    frame.columns = [str(column) for column in frame.columns]
    _column_labels(frame)  # a missing required column is the file's problem, said early
    blank = np.ones(len(frame), dtype=bool)
    for column in frame.columns:
        blank &= frame[column].to_numpy() == ""
    frame.index = pd.RangeIndex(2, len(frame) + 2, name="row")
    if blank.any():
        frame = frame.loc[~blank]
    return frame


def _source_name(source: object) -> str:
    if isinstance(source, str | os.PathLike):
        return os.fspath(source)
    return str(getattr(source, "name", "the uploaded file"))


def sample_history() -> pd.DataFrame:
    """The sample history shipped with the package: a few hundred games of twelve players.

    >>> len(replay(sample_history()).players)
    12
    """
    return read_history(SAMPLE_HISTORY)


# ---------------------------------------------------------------------------------------------
# Checking the input


def _column_labels(frame: pd.DataFrame) -> dict[str, Any]:
    """The input's label for each known column, matched without case or surrounding spaces."""
    found: dict[str, Any] = {}
    for label in frame.columns:
        key = str(label).strip().lower()
        if key in HISTORY_COLUMNS:
            if key in found:
                raise InvalidInput("columns", list(frame.columns), f"name {key!r} twice")
            found[key] = label
    missing = [name for name in _REQUIRED if name not in found]
    if missing:
        raise InvalidInput(
            "columns",
            [str(c) for c in frame.columns],
            "must include " + ", ".join(_REQUIRED) + " (missing " + ", ".join(missing) + ")",
        )
    return found


@dataclass(frozen=True, slots=True)
class _History:
    """The accepted rows, checked and coded, in rating order (time, then input order)."""

    frame: pd.DataFrame
    #: Every input row's number as a person counts it (header = row 1).
    rows: Ints
    #: Input positions of the accepted rows, in rating order.
    source: Indices
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


class _Problems:
    """The problems found in the input's rows, kept per check until the report is made."""

    def __init__(self, rows: Ints) -> None:
        self.rows = rows
        self.bad = np.zeros(len(rows), dtype=bool)
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
            return _empty_report()
        positions = np.concatenate([part[0] for part in self.parts])
        columns = [part[1] for part in self.parts for _ in part[2]]
        rank = np.array([HISTORY_COLUMNS.index(c) for c in columns])
        order = np.lexsort((rank, positions))
        report = pd.DataFrame(
            {
                "row": self.rows[positions],
                "column": pd.Series(columns, dtype=object),
                "value": pd.Series([t for part in self.parts for t in part[2]], dtype=object),
                "reason": pd.Series([r for part in self.parts for r in part[3]], dtype=object),
            }
        )
        return report.iloc[order].reset_index(drop=True)


def _empty_report() -> pd.DataFrame:
    return pd.DataFrame(
        {
            "row": np.empty(0, dtype=np.int64),
            "column": pd.Series([], dtype=object),
            "value": pd.Series([], dtype=object),
            "reason": pd.Series([], dtype=object),
        }
    )


def _is_missing(value: Any) -> bool:
    """Whether a cell holds nothing: empty or blank text, None, NaN, NA or NaT."""
    if isinstance(value, str):
        return not value.strip()
    if value is None:
        return True
    try:
        return bool(pd.isna(value))
    except (TypeError, ValueError):  # a list or an array in a cell: something, at least
        return False


def _cell_text(value: Any) -> str:
    """A cell as its file would show it, missing values as an empty string."""
    if not isinstance(value, str) and _is_missing(value):
        return ""
    return str(value)


def _codes(values: pd.Series) -> tuple[Indices, list[Any]]:
    """Codes of ``values`` (-1 for missing ones) and the distinct values they stand for."""
    codes, uniques = pd.factorize(values, use_na_sentinel=True)
    return np.asarray(codes, dtype=np.intp), list(uniques)


def _row_numbers(frame: pd.DataFrame) -> Ints:
    """Row numbers as a person counts them: the index when it is named ``row`` (as
    :func:`read_history` makes it), else the position as if written to CSV with a header."""
    if frame.index.name == "row" and pd.api.types.is_integer_dtype(frame.index.dtype):
        return np.asarray(frame.index, dtype=np.int64)
    return np.arange(2, len(frame) + 2, dtype=np.int64)


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
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")  # pandas warns about mixed formats it still reads
            parsed = pd.to_datetime(column, format="ISO8601", utc=True, errors="coerce")
    unit = parsed.dtype.unit
    if unit in ("s", "ms"):
        parsed = parsed.dt.as_unit("us")
        unit = "us"
    ticks = parsed.to_numpy(dtype=f"datetime64[{unit}]").view(np.int64)
    bad = np.flatnonzero(ticks == np.iinfo(np.int64).min)  # NaT
    if bad.size:
        empty = np.array([_is_missing(v) for v in column.iloc[bad].tolist()], dtype=bool)
        for chosen, reason in (
            (bad[empty], "is missing"),
            (bad[~empty], "must be an ISO 8601 date and time (no offset means UTC)"),
        ):
            where = np.zeros(len(column), dtype=bool)
            where[chosen] = True
            problems.add(where, "time", column, reason)
    return ticks, unit


def _check_names(
    winners: pd.Series, losers: pd.Series
) -> tuple[Indices, Indices, npt.NDArray[np.object_]]:
    """Player codes of both columns (-1 where empty) and the names, surrounding spaces gone;
    names differing only by such spaces are one player."""
    winner, winner_names = _codes(winners)
    loser, loser_names = _codes(losers)
    cleaned = [_name(v) for v in winner_names + loser_names]
    merged, names = pd.factorize(pd.Series(cleaned, dtype=object), use_na_sentinel=True)
    merged = np.asarray(merged, dtype=np.intp)
    to_winner = np.append(merged[: len(winner_names)], -1)  # code -1 stays -1
    to_loser = np.append(merged[len(winner_names) :], -1)
    return to_winner[winner], to_loser[loser], np.asarray(names, dtype=object)


def _name(value: Any) -> str | None:
    if _is_missing(value):
        return None
    return value.strip() if isinstance(value, str) else str(value)


def _number(value: Any) -> Any:
    """A cell's number: text is read as an integer or a decimal, anything else is kept."""
    if not isinstance(value, str):
        return value
    text = value.strip()
    for kind in (int, float):
        try:
            return kind(text)
        except ValueError:
            pass
    return value


def _check_cube(column: pd.Series | None, n: int, problems: _Problems) -> npt.NDArray[np.int8]:
    """log2 of each row's cube; an empty cell means cube 1."""
    if column is None:
        return np.zeros(n, dtype=np.int8)
    codes, uniques = _codes(column)
    log2 = np.zeros(len(uniques) + 1, dtype=np.int8)  # the last entry: missing → cube 1
    reasons: dict[int, str] = {}
    for i, value in enumerate(uniques):
        if not _is_missing(value):
            try:
                log2[i] = _CUBE_CODES[_checks.cube(_number(value), "cube")]
            except InvalidInput as error:
                reasons[i] = error.reason
    if reasons:
        bad = np.isin(codes, list(reasons))
        problems.add(bad, "cube", column, [reasons[c] for c in codes[bad].tolist()])
    return log2[codes]


def _check_type(column: pd.Series | None, n: int, problems: _Problems) -> npt.NDArray[np.int8]:
    """Each row's type code; an empty cell means ranked, -1 an unknown type."""
    if column is None:
        return np.zeros(n, dtype=np.int8)
    codes, uniques = _codes(column)
    kinds = np.zeros(len(uniques) + 1, dtype=np.int8)
    for i, value in enumerate(uniques):
        if not _is_missing(value):
            kinds[i] = _TYPE_NAMES.get(str(value).strip().lower(), -1)
    kind = kinds[codes]
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
    podium = kind == _PODIUM
    if column is None:
        problems.add(podium, "prize", None, "is missing on a podium row")
        return np.zeros(n, dtype=np.int64)
    codes, uniques = _codes(column)
    prizes = np.zeros(len(uniques) + 1, dtype=np.int64)
    given = np.zeros(len(uniques) + 1, dtype=bool)
    reasons: dict[int, str] = {}
    for i, value in enumerate(uniques):
        if not _is_missing(value):
            given[i] = True
            try:
                prizes[i] = _checks.integer("prize", _number(value), low=0, high=_checks.K_LIMIT)
            except InvalidInput as error:
                reasons[i] = error.reason
    problems.add(podium & ~given[codes], "prize", column, "is missing on a podium row")
    if reasons:
        bad = np.isin(codes, list(reasons))
        problems.add(bad, "prize", column, [reasons[c] for c in codes[bad].tolist()])
    stray = (kind >= 0) & ~podium & (prizes[codes] != 0)
    problems.add(stray, "prize", column, "must be empty (or 0) except on a podium row")
    return np.where(podium, prizes[codes], 0)


def _prepare(games: pd.DataFrame) -> _History:
    """Check every row of ``games``; code the accepted ones in rating order."""
    if not isinstance(games, pd.DataFrame):
        raise InvalidInput("games", type(games).__name__, "must be a pandas DataFrame")
    labels = _column_labels(games)
    n = len(games)
    rows = _row_numbers(games)
    problems = _Problems(rows)

    def optional(name: str) -> pd.Series | None:
        return games[labels[name]] if name in labels else None

    ticks, unit = _check_time(games[labels["time"]], problems)
    winners, losers = games[labels["winner"]], games[labels["loser"]]
    winner, loser, names = _check_names(winners, losers)
    cube = _check_cube(optional("cube"), n, problems)
    kind = _check_type(optional("type"), n, problems)
    prize = _check_prize(optional("prize"), kind, problems)
    podium = kind == _PODIUM
    problems.add(winner < 0, "winner", winners, "is missing")
    problems.add((loser < 0) & (kind >= 0) & ~podium, "loser", losers, "is missing")
    problems.add((loser >= 0) & podium, "loser", losers, "must be empty on a podium row")
    problems.add((winner >= 0) & (winner == loser), "loser", losers, "must differ from the winner")

    report = problems.report()
    loser[podium] = -1
    source = np.flatnonzero(~problems.bad) if len(report) else np.arange(n)
    time = ticks[source] if len(report) else ticks
    in_input_order = bool(np.all(time[1:] >= time[:-1]))
    if not in_input_order:
        order = np.argsort(time, kind="stable")
        source, time = source[order], time[order]
    reordered = len(report) > 0 or not in_input_order

    def accepted(values: npt.NDArray[Any]) -> npt.NDArray[Any]:
        return values[source] if reordered else values

    return _History(
        frame=games,
        rows=rows,
        source=source,
        in_input_order=in_input_order,
        time=time,
        unit=unit,
        winner=accepted(winner),
        loser=accepted(loser),
        cube=accepted(cube),
        kind=accepted(kind),
        prize=accepted(prize),
        names=names,
        report=report,
        extra_columns=tuple(c for c in games.columns if c not in labels.values()),
    )


# ---------------------------------------------------------------------------------------------
# Each player's games, in order


@dataclass(frozen=True, slots=True)
class _Chains:
    """Every appearance of a player in an accepted row, sorted by player, then rating order.

    An appearance is a *slot*: ``2 × position + side``, side 0 the winner (or the podium's
    player), side 1 the loser. Each appearance has a key: the player in the high bits, the
    slot shifted left by 2, and the row's type in the 2 low bits.
    """

    slot: Indices
    player: Indices
    #: Where each player's run of appearances begins, and whose run it is.
    starts: Indices
    run_player: Indices
    #: The same for ranked games only (still sorted by player, then rating order).
    ranked_slot: Indices
    ranked_player: Indices
    ranked_key: Ints
    shift: int


#: Rows a history may have: a player and a slot must fit one int64 key together.
MAX_ROWS: Final = 2**29


def _chains(h: _History) -> _Chains:
    n = len(h.time)
    if n > MAX_ROWS:
        raise InvalidInput("games", f"{n} rows", f"must have at most {MAX_ROWS} rows")
    shift = int(2 * n).bit_length() + 2
    kind = h.kind.astype(np.int64)
    keys = np.arange(0, 8 * n, 4, dtype=np.int64)  # slot << 2
    keys[0::2] |= (h.winner.astype(np.int64) << shift) | kind
    keys[1::2] |= (h.loser.astype(np.int64) << shift) | kind
    keys.sort()
    # A podium row's missing loser (-1) has a negative key: sorted first, then cut off.
    keys = keys[int(np.count_nonzero(h.kind == _PODIUM)) :]
    player = keys >> shift
    slot = (keys >> 2) & ((1 << (shift - 2)) - 1)
    first = np.empty(len(keys), dtype=bool)
    first[:1] = True
    np.not_equal(player[1:], player[:-1], out=first[1:])
    starts = np.flatnonzero(first)
    ranked = (keys & 3) == _RANKED
    return _Chains(
        slot=slot,
        player=player,
        starts=starts,
        run_player=player[starts],
        ranked_slot=slot[ranked],
        ranked_player=player[ranked],
        ranked_key=keys[ranked],
        shift=shift,
    )


def _recent_games(h: _History, chains: _Chains, window: timedelta) -> Ints:
    """Each ranked slot's ranked games this week (in ``chains.ranked_slot`` order): the
    player's ranked games earlier in rating order whose time is after t − window.

    A game exactly ``window`` earlier no longer counts; an earlier row with the same time does
    (it was rated first).
    """
    ticks = window // timedelta(microseconds=1) * (1000 if h.unit == "ns" else 1)
    lowest = np.iinfo(np.int64).min
    threshold = np.where(h.time > lowest + ticks, h.time - ticks, lowest)
    # The first row (in rating order) inside each row's window.
    opening = np.searchsorted(h.time, threshold, side="right")
    # The player's first ranked appearance at or after that row: the key of slot 2 × opening.
    bounds = chains.ranked_key >> chains.shift << chains.shift
    bounds |= opening[chains.ranked_slot >> 1] << 3
    recent: Ints = np.arange(len(bounds), dtype=np.int64)
    recent -= np.searchsorted(chains.ranked_key, bounds, side="left")
    return recent


# ---------------------------------------------------------------------------------------------
# The change tables


@dataclass(frozen=True, slots=True)
class _Tables:
    """Both changes for every K, cube and difference d = loser's rating − winner's, at
    ``[(heavy × 7 + log2(cube)) × width + reach + d]`` (heavy 1 for the heavy-week K), and the
    winner's expected score at ``[reach + d]``."""

    winner: Ints
    loser: Ints
    expected: Floats
    reach: int
    width: int


#: The cube multiplier by log2(cube).
_MULTIPLIERS: Final = np.array([_multiplier(cube) for cube in _checks.CUBES])


@functools.lru_cache(maxsize=16)
def _change_tables(divisor: float, k: int, heavy_k: int) -> _Tables:
    # The simulator's table builder: the package's scalar E, the server's float operations in
    # its order, Go's rounding, and the scalar path (Go's own Pow) wherever the last bits of
    # 10^x could decide a half; so every entry is what rating_change returns. A change depends
    # on its own side's K only (the other side's K can switch the power to Go's only for
    # values so near a half that they are recomputed anyway).
    reach = TABLE_REACH
    differences = np.arange(-reach, reach + 1, dtype=np.int64)
    expected = _expected_winner(differences, divisor)
    winner, loser = [], []
    for kk in (k, heavy_k):
        for m in _MULTIPLIERS:
            same = np.full(differences.size, kk)
            w, lo = _changes(
                differences, expected, divisor, same, same, np.full(differences.size, m)
            )
            winner.append(w)
            loser.append(lo)
    tables = _Tables(
        winner=np.concatenate(winner),
        loser=np.concatenate(loser),
        expected=expected,
        reach=reach,
        width=differences.size,
    )
    for table in (tables.winner, tables.loser, tables.expected):
        table.flags.writeable = False
    return tables


# ---------------------------------------------------------------------------------------------
# Rating


def _initial_ratings(
    names: npt.NDArray[np.object_], initial: Mapping[str, int] | pd.Series | None, rules: Rules
) -> Ints:
    """Every player's first rating: ``initial`` where it names them, else the rule set's."""
    ratings = np.full(len(names), rules.starting, dtype=np.int64)
    if initial is None:
        return ratings
    given = initial.to_dict() if isinstance(initial, pd.Series) else initial
    if not isinstance(given, Mapping):
        raise InvalidInput(
            "initial_ratings", type(initial).__name__, "must map player names to ratings"
        )
    index = {name: i for i, name in enumerate(names.tolist())}
    for name, value in given.items():
        rating = _checks.rating(f"initial_ratings[{name!r}]", value)
        i = index.get(str(name).strip())
        if i is not None:
            ratings[i] = rating
    return ratings


@dataclass(frozen=True, slots=True)
class _Ranked:
    """The ranked games in rating order, with everything known before any rating moves.

    Per-game arrays have one extra entry at the end: a game nobody reaches, whose "player" (one
    past the last) is never ready, so the waves need no test for "no next game".
    """

    winner: Indices
    loser: Indices
    #: Both players' ranked games this week, and whether that is a heavy week.
    recent_winner: Ints
    recent_loser: Ints
    heavy_winner: Flags
    heavy_loser: Flags
    #: log2 of the cube.
    cube: npt.NDArray[np.int8]
    #: Each player's first ranked game (the sentinel game for players with none).
    first: Indices
    #: The next ranked game of each game's winner and of its loser.
    next_winner: Indices
    next_loser: Indices
    #: Table index of each game's winner and loser change, before adding d.
    base_winner: Ints
    base_loser: Ints
    #: Loser's podium prizes so far minus the winner's (ratings in the loop leave prizes out).
    prize_difference: Ints
    #: The busiest player's ranked games.
    busiest: int


def _ranked_games(
    h: _History,
    chains: _Chains,
    positions: Indices,
    recent: Ints,
    rules: Rules,
    tables: _Tables,
) -> _Ranked:
    n, count, players = len(h.time), len(positions), len(h.names)
    everything = count == n

    def ranked(values: npt.NDArray[Any]) -> npt.NDArray[Any]:
        return values if everything else values[positions]

    slot, player = chains.ranked_slot, chains.ranked_player
    if everything:
        game, game_slot = slot >> 1, slot
    else:
        game = (np.cumsum(h.kind == _RANKED) - 1)[slot >> 1]
        game_slot = 2 * game + (slot & 1)

    # Each appearance's next ranked game of the same player, and its count this week: packed
    # into one number so that one scatter puts both in game order.
    same = player[1:] == player[:-1]
    packed = np.empty(len(slot), dtype=np.int64)
    np.copyto(packed[:-1], np.where(same, game[1:], count))
    packed[-1:] = count
    packed <<= 32
    packed |= recent
    by_game = np.full(2 * count + 2, count << 32, dtype=np.int64)
    by_game[game_slot] = packed
    following = by_game >> 32
    recent_game = by_game[: 2 * count] & 0xFFFFFFFF
    runs = np.flatnonzero(np.concatenate((np.ones(min(len(slot), 1), dtype=bool), ~same)))
    first = np.full(players + 1, count, dtype=np.int64)
    first[player[runs]] = game[runs]

    recent_w, recent_l = recent_game[0::2], recent_game[1::2]
    if rules.heavy_games is None:
        heavy_w = heavy_l = np.zeros(count, dtype=bool)
    else:
        heavy_w, heavy_l = recent_w >= rules.heavy_games, recent_l >= rules.heavy_games

    prize_difference = np.zeros(count, dtype=np.int64)
    podium = np.flatnonzero(h.kind == _PODIUM)
    podium = podium[h.prize[podium] != 0]
    if podium.size:
        # Prizes won before each ranked appearance: a prize adds from the player's next ranked
        # appearance on, to the end of their run (a sum over the few podium rows).
        champion = h.winner[podium]
        where = np.searchsorted(chains.ranked_key, (champion << chains.shift) | (podium << 3))
        later = where < len(slot)
        later[later] = player[where[later]] == champion[later]  # none later: nothing to add
        where, prizes = where[later], h.prize[podium[later]]
        ends = np.append(runs[1:], len(slot))[np.searchsorted(runs, where, side="right") - 1]
        steps = np.zeros(len(slot) + 1, dtype=np.int64)
        np.add.at(steps, where, prizes)
        np.add.at(steps, ends, -prizes)
        won = np.cumsum(steps[:-1])
        some = np.flatnonzero(won)
        by_slot = np.zeros(2 * count, dtype=np.int64)
        by_slot[game_slot[some]] = won[some]
        prize_difference = by_slot[1::2] - by_slot[0::2]

    cube = ranked(h.cube)
    cubes = len(_checks.CUBES)
    winner = np.empty(count + 1, dtype=np.intp)
    loser = np.empty(count + 1, dtype=np.intp)
    winner[count] = loser[count] = players
    if everything:
        winner[:count], loser[:count] = h.winner, h.loser
    else:
        np.take(h.winner, positions, out=winner[:count])
        np.take(h.loser, positions, out=loser[:count])
    base_w = heavy_w * cubes + cube
    base_w *= tables.width
    base_w += prize_difference
    base_w += tables.reach
    base_l = heavy_l * cubes + cube
    base_l *= tables.width
    base_l += prize_difference
    base_l += tables.reach
    lengths = np.diff(np.append(runs, len(slot)))
    return _Ranked(
        winner=winner,
        loser=loser,
        recent_winner=recent_w,
        recent_loser=recent_l,
        heavy_winner=heavy_w,
        heavy_loser=heavy_l,
        cube=cube,
        first=first,
        next_winner=following[0::2].copy(),
        next_loser=following[1::2].copy(),
        base_winner=base_w,
        base_loser=base_l,
        prize_difference=prize_difference,
        busiest=int(lengths.max(initial=0)),
    )


def _rate_waves(games: _Ranked, ratings: Ints, tables: _Tables) -> Ints | None:
    """d = loser − winner (prizes left out) of every ranked game, rated in waves; None if a
    difference left the tables, for the exact loop to redo.

    A wave is every game whose players have no earlier game left unrated: it shares no player,
    so one numpy call rates all of it. The first wave is each player's first game where both
    players are at their first; after a wave, a game is ready when it is the current game of
    both its players.
    """
    winner, loser = games.winner, games.loser
    next_w, next_l = games.next_winner, games.next_loser
    base_w, base_l = games.base_winner, games.base_loser
    table_w, table_l = tables.winner, tables.loser
    count = len(winner) - 1
    r = np.append(ratings, 0)
    current = games.first.copy()
    current[-1] = -1  # the sentinel player is never at any game
    rated: list[Indices] = []
    found: list[Ints] = []
    stamp = np.zeros(count + 1, dtype=np.intp)
    counter = np.arange(2 * count + 2, dtype=np.intp)
    everyone = np.arange(count)
    ready = np.flatnonzero(
        (current[winner[:count]] == everyone) & (current[loser[:count]] == everyone)
    )
    try:
        while ready.size:
            w = winner[ready]
            l = loser[ready]  # noqa: E741 (the loser, as in the server's code)
            rw = r[w]
            rl = r[l]
            d = rl - rw
            rated.append(ready)
            found.append(d)
            r[w] = rw + table_w[base_w[ready] + d]
            r[l] = rl + table_l[base_l[ready] + d]
            nw = next_w[ready]
            nl = next_l[ready]
            current[w] = nw
            current[l] = nl
            c = np.concatenate((nw, nl))
            c = c[(current[winner[c]] == c) & (current[loser[c]] == c)]
            # A game whose two players were both freed by this wave is in c twice: keep one.
            k = c.size
            stamp[c] = counter[:k]
            ready = c[stamp[c] == counter[:k]]
    except IndexError:  # a difference far past the tables
        return None
    differences = np.zeros(count, dtype=np.int64)
    if rated:
        differences[np.concatenate(rated)] = np.concatenate(found)
    # An index below a table's start lands in another table silently: check every game.
    if np.any(np.abs(differences + games.prize_difference) > tables.reach):
        return None
    return differences


def _rate_loop(
    games: _Ranked, ratings: Ints, tables: _Tables, exact: Any
) -> tuple[Ints, Ints, Ints]:
    """d and both changes of every ranked game, one game at a time in rating order; a
    difference outside the tables goes to ``exact(game, d with prizes)``."""
    r = ratings.tolist()
    table_w, table_l = tables.winner.tolist(), tables.loser.tolist()
    reach = tables.reach
    count = len(games.base_winner)
    differences = [0] * count
    changes_w = [0] * count
    changes_l = [0] * count
    rows = zip(
        games.winner[:count].tolist(),
        games.loser[:count].tolist(),
        games.base_winner.tolist(),
        games.base_loser.tolist(),
        games.prize_difference.tolist(),
        strict=True,
    )
    for i, (w, l, bw, bl, prizes) in enumerate(rows):  # noqa: E741
        rw = r[w]
        rl = r[l]
        d = rl - rw
        differences[i] = d
        if -reach <= d + prizes <= reach:
            cw = table_w[bw + d]
            cl = table_l[bl + d]
        else:
            cw, cl = exact(i, d + prizes)
        changes_w[i] = cw
        changes_l[i] = cl
        r[w] = rw + cw
        r[l] = rl + cl
    return (
        np.array(differences, dtype=np.int64),
        np.array(changes_w, dtype=np.int64),
        np.array(changes_l, dtype=np.int64),
    )


def _exclusive_sums(values: Ints, starts: Indices) -> Ints:
    """For values sorted by player (runs beginning at ``starts``): each one's predecessors'
    sum within its run."""
    total = np.cumsum(values)
    total -= values
    lengths = np.diff(np.append(starts, len(values)))
    total -= np.repeat(total[starts], lengths)
    return total


def _nullable(values: npt.NDArray[Any], missing: Flags) -> pd.arrays.IntegerArray:
    return pd.arrays.IntegerArray(values.astype(np.int64, copy=False), missing)


def _rate(
    h: _History,
    chains: _Chains,
    recent: Ints,
    rules: Rules,
    initial: Mapping[str, int] | pd.Series | None,
) -> ReplayResult:
    """Rate the checked history ``h`` under ``rules``."""
    n = len(h.time)
    start = _initial_ratings(h.names, initial, rules)
    positions = np.flatnonzero(h.kind == _RANKED)
    heavy_k = rules.k if rules.heavy_k is None else rules.heavy_k
    tables = _change_tables(rules.divisor, rules.k, heavy_k)
    games = _ranked_games(h, chains, positions, recent, rules, tables)
    _check_room(start, games.busiest, max(rules.k, heavy_k), h.prize)

    def exact(game: int, difference: int) -> tuple[int, int]:
        change = rating_change(
            0,
            difference,
            cube=_checks.CUBES[games.cube[game]],
            winner_recent_games=int(games.recent_winner[game]),
            loser_recent_games=int(games.recent_loser[game]),
            rules=rules,
        )
        return change.winner, change.loser

    count = len(positions)
    differences = None
    if count and games.busiest <= count * _SMALL_WAVES:
        differences = _rate_waves(games, start, tables)
    if differences is not None:
        change_w = tables.winner[games.base_winner + differences]
        change_l = tables.loser[games.base_loser + differences]
    else:
        differences, change_w, change_l = _rate_loop(games, start, tables, exact)
    differences += games.prize_difference
    outside = np.flatnonzero(np.abs(differences) > tables.reach)
    expected = tables.expected[np.clip(differences + tables.reach, 0, tables.width - 1)]
    for i in outside.tolist():
        expected[i] = _expected(0, int(differences[i]), rules.divisor)

    # Every slot's change; each row's ratings before and after follow from them.
    change_slot = np.zeros(2 * n, dtype=np.int64)
    change_slot[0::2] = h.prize
    change_slot[2 * positions] = change_w
    change_slot[2 * positions + 1] = change_l
    change_sorted = change_slot[chains.slot]
    before_sorted = _exclusive_sums(change_sorted, chains.starts)
    before_sorted += start[chains.player]
    before_slot = np.zeros(2 * n, dtype=np.int64)
    before_slot[chains.slot] = before_sorted
    after_sorted = np.add(before_sorted, change_sorted, out=before_sorted)  # befores are kept

    per_game = {
        "winner_recent_games": games.recent_winner,
        "loser_recent_games": games.recent_loser,
        "winner_k": np.where(games.heavy_winner, heavy_k, rules.k),
        "loser_k": np.where(games.heavy_loser, heavy_k, rules.k),
        "cube_multiplier": _MULTIPLIERS[games.cube],
        "expected_winner": expected,
    }
    return ReplayResult(
        games=_game_table(h, positions, per_game, before_slot, change_slot),
        players=_player_table(h, chains, start, after_sorted, games),
        rejected=h.report,
        rules=rules,
        rows_read=len(h.rows),
    )


def _check_room(start: Ints, busiest: int, k: int, prizes: Ints) -> None:
    """Refuse histories whose ratings could overflow int64 (only absurd K or ratings do)."""
    furthest = int(np.abs(start).max(initial=0))
    if furthest + busiest * 2 * k + int(prizes.sum()) > _SAFE_RATING:
        raise InvalidInput(
            "initial_ratings",
            furthest,
            f"with this history and K could take a rating past ±{_SAFE_RATING}",
        )


def _game_table(
    h: _History,
    positions: Indices,
    per_game: dict[str, npt.NDArray[Any]],
    before_slot: Ints,
    change_slot: Ints,
) -> pd.DataFrame:
    """One row per accepted input row, in input order."""
    n = len(h.time)
    back = None if h.in_input_order else np.argsort(h.source)

    def out(values: npt.NDArray[Any]) -> npt.NDArray[Any]:
        return values if back is None else values[back]

    def per_row(name: str, missing: Any) -> npt.NDArray[Any]:
        values = per_game[name]
        if len(positions) < n:
            values = np.full(n, missing, dtype=values.dtype)
            values[positions] = per_game[name]
        return out(values)

    unrated = out(h.kind != _RANKED)
    no_loser = out(h.kind == _PODIUM)
    before_w, before_l = before_slot[0::2], before_slot[1::2]
    change_w, change_l = change_slot[0::2], change_slot[1::2]
    players = pd.Index(h.names, dtype=object)
    columns: dict[str, Any] = {
        "row": out(h.rows[h.source]),
        "time": pd.DatetimeIndex(out(h.time).view(f"datetime64[{h.unit}]")).tz_localize("UTC"),
        "winner": pd.Categorical.from_codes(out(h.winner), categories=players),
        "loser": pd.Categorical.from_codes(out(h.loser), categories=players),
        "cube": np.left_shift(1, out(h.cube).astype(np.int64)),
        "type": pd.Categorical.from_codes(out(h.kind), categories=pd.Index(GAME_TYPES)),
        "prize": _nullable(out(h.prize), ~no_loser),
        "winner_before": out(before_w),
        "loser_before": _nullable(out(before_l), no_loser),
        "winner_recent_games": _nullable(per_row("winner_recent_games", 0), unrated),
        "loser_recent_games": _nullable(per_row("loser_recent_games", 0), unrated.copy()),
        "winner_k": _nullable(per_row("winner_k", 0), unrated.copy()),
        "loser_k": _nullable(per_row("loser_k", 0), unrated.copy()),
        "cube_multiplier": per_row("cube_multiplier", np.nan),
        "expected_winner": per_row("expected_winner", np.nan),
        "winner_change": out(change_w),
        "loser_change": _nullable(out(change_l), no_loser.copy()),
        "winner_after": out(before_w + change_w),
        "loser_after": _nullable(out(before_l + change_l), no_loser.copy()),
    }
    frame = pd.DataFrame(columns, copy=False)
    accepted = None if len(h.source) == len(h.frame) else np.sort(h.source)
    for column in h.extra_columns:
        if column in columns:
            continue  # an input column named like one replay computes is replaced
        values = h.frame[column] if accepted is None else h.frame[column].iloc[accepted]
        frame[column] = values.reset_index(drop=True)
    return frame


def _player_table(
    h: _History, chains: _Chains, start: Ints, after_sorted: Ints, games: _Ranked
) -> pd.DataFrame:
    """One row per player of the accepted rows, best final rating first."""
    players = len(h.names)
    starts, who = chains.starts, chains.run_player
    if len(starts) == 0:
        return pd.DataFrame({c: [] for c in PLAYER_COLUMNS})
    last = np.append(starts[1:], len(chains.slot)) - 1
    count = len(games.winner) - 1
    winner, loser = games.winner[:count], games.loser[:count]

    def tally(*groups: Indices) -> Ints:
        total = np.zeros(players, dtype=np.int64)
        for group in groups:
            total += np.bincount(group, minlength=players)
        return total[who]

    unrated = (h.kind == _BOOSTED) | (h.kind == _TOURNAMENT)
    podium = np.flatnonzero(h.kind == _PODIUM)
    prizes = np.zeros(players, dtype=np.int64)
    np.add.at(prizes, h.winner[podium], h.prize[podium])
    table = pd.DataFrame(
        {
            "player": pd.Series(h.names[who], dtype=object),
            "initial": start[who],
            "final": after_sorted[last],
            "peak": np.maximum(start[who], np.maximum.reduceat(after_sorted, starts)),
            "lowest": np.minimum(start[who], np.minimum.reduceat(after_sorted, starts)),
            "ranked_games": tally(winner, loser),
            "wins": tally(winner),
            "losses": tally(loser),
            "games_at_heavy_k": tally(winner[games.heavy_winner], loser[games.heavy_loser]),
            "unrated_games": tally(h.winner[unrated], h.loser[unrated]),
            "prizes": prizes[who],
            "last_game": pd.DatetimeIndex(
                h.time[chains.slot[last] >> 1].view(f"datetime64[{h.unit}]")
            ).tz_localize("UTC"),
        }
    )
    return table.sort_values(
        ["final", "player"], ascending=[False, True], kind="stable", ignore_index=True
    )


# ---------------------------------------------------------------------------------------------
# The public functions


def replay(
    games: pd.DataFrame,
    *,
    rules: Rules | str = CURRENT,
    initial_ratings: Mapping[str, int] | pd.Series | None = None,
    skip_invalid: bool = False,
) -> ReplayResult:
    """Rate a history of games in time order, each ranked game exactly as the server would.

    ``games`` has a row per game: ``time`` (ISO 8601; no offset means UTC), ``winner``,
    ``loser``, and optionally ``cube`` (default 1), ``type`` (``ranked``, ``boosted``,
    ``tournament`` or ``podium``; default ranked) and ``prize`` (podium rows only: the player is
    the winner, the loser is empty). Other columns are carried through untouched (one named like
    a column replay computes is replaced). Column names are matched without case or spaces.

    Games are rated in time order, equal times in input order. A player's K comes from their
    ranked games earlier in that order whose time is after t − 7 days: a game exactly 7 × 24 h
    earlier no longer counts, the game itself never counts, and an earlier row with the same
    time counts (the server rated it first). Boosted and tournament rows change nothing and
    count for nothing; a podium row adds its prize. Everyone starts at the rule set's starting
    rating unless ``initial_ratings`` (name → rating; names not in the history are ignored)
    says otherwise.

    Every row is checked. Rows are numbered as a person counts them in the CSV file — the
    header is row 1, the first data row is row 2 — from the frame's index when it is named
    ``row`` (as :func:`read_history` makes it), else from the position. Strict by default: any
    bad row raises :class:`InvalidHistory` carrying the full report and nothing is rated. With
    ``skip_invalid=True`` the valid rows are rated and the rejected ones come back in
    ``rejected``; rated plus rejected rows always equal the rows read.

    >>> history = pd.DataFrame({
    ...     "time": ["2026-10-05T20:00:00Z", "2026-10-05T20:30:00Z"],
    ...     "winner": ["Eleni", "Nikos"],
    ...     "loser": ["Nikos", "Eleni"],
    ...     "cube": [1, 4],
    ... })
    >>> games = replay(history).games
    >>> games[["winner_change", "loser_change", "winner_after", "loser_after"]].values.tolist()
    [[16, -16, 1516, 1484], [22, -22, 1506, 1494]]
    """
    rules = get_rules(rules)
    h = _prepare(games)
    if len(h.report) and not skip_invalid:
        raise InvalidHistory(h.report, len(h.rows))
    chains = _chains(h)
    return _rate(h, chains, _recent_games(h, chains, rules.window), rules, initial_ratings)


def compare_rules(
    games: pd.DataFrame,
    rules: Iterable[Rules | str],
    *,
    initial_ratings: Mapping[str, int] | pd.Series | None = None,
    skip_invalid: bool = False,
    active_games: int = 1,
) -> RulesComparison:
    """The same history under several rule sets: final ratings side by side and each rule set's
    spread over the active players (those with at least ``active_games`` ranked games).

    The spread: lowest and highest final rating, top to bottom (their difference), the
    interquartile range (75th − 25th percentile, linear interpolation), and "half the active
    players within X points": the narrowest window [from, to] holding ⌈players / 2⌉ of the final
    ratings, the lowest such window where several are as narrow.

    >>> history = pd.DataFrame({
    ...     "time": ["2026-10-05T20:00:00Z", "2026-10-05T20:30:00Z"],
    ...     "winner": ["Eleni", "Eleni"],
    ...     "loser": ["Nikos", "Maria"],
    ... })
    >>> comparison = compare_rules(history, ["1.0.5", "1.3.1"])
    >>> comparison.ratings.values.tolist()
    [['Eleni', 2, 1531, 1532], ['Maria', 1, 1485, 1484], ['Nikos', 1, 1484, 1484]]
    >>> comparison.spread["top_to_bottom"].tolist()  # ÷400 takes 15 from Maria, ÷1200 16
    [47, 48]
    """
    rule_sets = [get_rules(r) for r in rules]
    if not rule_sets:
        raise InvalidInput("rules", [], "must name at least one rule set")
    labels = [r.label for r in rule_sets]
    for label in labels:
        if labels.count(label) > 1:
            raise InvalidInput("rules", labels, f"name {label!r} more than once")
    active_games = _checks.games("active_games", active_games)
    h = _prepare(games)
    if len(h.report) and not skip_invalid:
        raise InvalidHistory(h.report, len(h.rows))
    chains = _chains(h)
    recent: dict[timedelta, Ints] = {}
    results: dict[str, ReplayResult] = {}
    for label, rule_set in zip(labels, rule_sets, strict=True):
        if rule_set.window not in recent:
            recent[rule_set.window] = _recent_games(h, chains, rule_set.window)
        results[label] = _rate(h, chains, recent[rule_set.window], rule_set, initial_ratings)

    first = results[labels[0]].players
    ratings = first[["player", "ranked_games"]].copy()
    for label, result in results.items():
        finals = result.players.set_index("player")["final"]
        ratings[label] = finals.reindex(ratings["player"]).to_numpy()
    spread = pd.DataFrame(
        [_spread(label, result.players, active_games) for label, result in results.items()],
        columns=list(SPREAD_COLUMNS),
    )
    return RulesComparison(results=results, ratings=ratings, spread=spread)


def _spread(label: str, players: pd.DataFrame, active_games: int) -> dict[str, Any]:
    active = np.sort(players.loc[players["ranked_games"] >= active_games, "final"].to_numpy())
    count = len(active)
    if count == 0:
        return {"rules": label, "players": 0}
    half = math.ceil(count / 2)
    widths = active[half - 1 :] - active[: count - half + 1]
    narrowest = int(np.argmin(widths))
    return {
        "rules": label,
        "players": count,
        "lowest": int(active[0]),
        "highest": int(active[-1]),
        "top_to_bottom": int(active[-1] - active[0]),
        "iqr": float(np.percentile(active, 75) - np.percentile(active, 25)),
        "half_within": int(widths[narrowest]),
        "half_from": int(active[narrowest]),
        "half_to": int(active[narrowest + half - 1]),
    }


def trajectories(
    result: ReplayResult | RulesComparison,
    players: Iterable[str] | None = None,
    *,
    busiest: int = 5,
) -> pd.DataFrame:
    """Each chosen player's rating after each of their rows, in long form for a chart.

    One row per player per row of theirs (rated or not), in rating order, under each rule set
    of a comparison: ``game`` counts the player's rows from 1, ``result`` is ``win``, ``loss``
    or ``prize``, ``rating`` is the rating after the row. Without ``players``, the ``busiest``
    players (most ranked games, then by name).

    >>> history = pd.DataFrame({
    ...     "time": ["2026-10-05T20:00:00Z", "2026-10-05T20:30:00Z"],
    ...     "winner": ["Eleni", "Nikos"],
    ...     "loser": ["Nikos", "Eleni"],
    ... })
    >>> eleni = trajectories(replay(history), ["Eleni"])
    >>> eleni[["player", "game", "result", "rating"]].values.tolist()
    [['Eleni', 1, 'win', 1516], ['Eleni', 2, 'loss', 1500]]
    """
    results = (
        result.results if isinstance(result, RulesComparison) else {result.rules.label: result}
    )
    first = next(iter(results.values()))
    known = set(first.players["player"].tolist())
    if players is None:
        busiest = _checks.games("busiest", busiest)
        chosen = (
            first.players.sort_values(
                ["ranked_games", "player"], ascending=[False, True], kind="stable"
            )["player"]
            .head(busiest)
            .tolist()
        )
    else:
        chosen = [players] if isinstance(players, str) else list(players)
        for name in chosen:
            if name not in known:
                raise InvalidInput("players", name, "is not a player of this history")
    frames = [_trajectory(label, r.games, chosen) for label, r in results.items()]
    return pd.concat(frames, ignore_index=True) if frames else _trajectory("", pd.DataFrame(), [])


def _trajectory(label: str, games: pd.DataFrame, chosen: list[str]) -> pd.DataFrame:
    if games.empty or not chosen:
        return pd.DataFrame({c: [] for c in TRAJECTORY_COLUMNS})
    sides = []
    for side, other in (("winner", "loser"), ("loser", "winner")):
        mine = games[side].isin(chosen).to_numpy()
        rows = games.loc[mine]
        if side == "winner":
            outcome = np.where(rows["type"].to_numpy() == "podium", "prize", "win")
        else:
            outcome = np.full(len(rows), "loss")
        sides.append(
            pd.DataFrame(
                {
                    "player": rows[side].astype(object).to_numpy(),
                    "row": rows["row"].to_numpy(),
                    "time": rows["time"].to_numpy(),
                    "type": rows["type"].astype(object).to_numpy(),
                    "opponent": rows[other].astype(object).to_numpy(),
                    "result": outcome,
                    "change": rows[f"{side}_change"].to_numpy(dtype=np.int64),
                    "rating": rows[f"{side}_after"].to_numpy(dtype=np.int64),
                    "_position": np.flatnonzero(mine),
                }
            )
        )
    # A side with no rows (a player who never won) would turn the time column into objects.
    long = pd.concat([side for side in sides if len(side)] or sides[:1], ignore_index=True)
    long = long.sort_values(["player", "time", "_position"], kind="stable", ignore_index=True)
    long["time"] = pd.to_datetime(long["time"], utc=True)
    long.insert(0, "rules", label)
    long.insert(2, "game", long.groupby("player", sort=False).cumcount() + 1)
    return long.drop(columns="_position")[list(TRAJECTORY_COLUMNS)]


#: What a spreadsheet reads as the start of a formula (OWASP's list: =, +, -, @, tab, CR).
_FORMULA_STARTS: Final = ("=", "+", "-", "@", "\t", "\r")


def neutralize_formulas(frame: pd.DataFrame) -> pd.DataFrame:
    """A copy of ``frame`` safe to open in a spreadsheet: every text cell (and column name)
    starting with =, +, -, @, tab or carriage return gets a leading single quote, so it is shown
    as text instead of run as a formula (CSV injection). Numbers are left alone.

    >>> frame = pd.DataFrame(
    ...     {"player": ["=HYPERLINK(1)", "Eleni", "-Nikos"], "change": [-16, 8, 0]}
    ... )
    >>> neutralize_formulas(frame).values.tolist()
    [["'=HYPERLINK(1)", -16], ['Eleni', 8], ["'-Nikos", 0]]
    """
    safe = frame.copy()
    for i in range(safe.shape[1]):
        values = safe.iloc[:, i]
        if isinstance(values.dtype, pd.CategoricalDtype):
            # Few categories stand for many cells: quote the categories, when that keeps them
            # distinct (else quote the cells).
            names = list(values.cat.categories)
            quoted = [_quoted(name) for name in names]
            if quoted != names and len(set(quoted)) == len(quoted):
                safe.isetitem(i, values.cat.rename_categories(quoted).array)
                continue
            values = values.astype(object)
        elif not (
            pd.api.types.is_object_dtype(values.dtype) or pd.api.types.is_string_dtype(values.dtype)
        ):
            continue  # numbers and times cannot start a formula
        cells = values.to_numpy(dtype=object)
        risky = np.fromiter(
            (isinstance(v, str) and v.startswith(_FORMULA_STARTS) for v in cells),
            dtype=bool,
            count=len(cells),
        )
        if risky.any():
            cells = cells.copy()
            cells[risky] = ["'" + v for v in cells[risky]]
            safe.isetitem(i, cells)
    safe.columns = [_quoted(c) for c in safe.columns]
    return safe


def _quoted(value: Any) -> Any:
    return "'" + value if isinstance(value, str) and value.startswith(_FORMULA_STARTS) else value
