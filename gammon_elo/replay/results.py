"""What a replay returns, built from the rated arrays: :class:`ReplayResult`,
:class:`RulesComparison`, :func:`trajectories` for a chart; and :func:`neutralize_formulas`, for
its tables as CSV files a spreadsheet opens safely."""

from __future__ import annotations

import dataclasses
import functools
import unicodedata
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any, Final

import numpy as np
import numpy.typing as npt
import pandas as pd

from .._core import checks
from .._core.arrays import CUBE_MULTIPLIERS, Flags, Ints, expected_winner
from .._core.errors import InvalidInput
from ..rules import Rules
from .engine import GAMES, HEAVY, LAST, LOSSES, LOWEST, PEAK, PRIZES, RATING, UNRATED, WINS, Pass
from .validate import GAME_TYPES, PODIUM, RANKED, History

#: A player's last time where they have no row (NaT's ticks).
NO_TIME: Final = int(np.iinfo(np.int64).min)

#: What ``replay`` adds to each game, after the input's own columns.
GAME_COLUMNS: Final = (
    "winner_before", "loser_before", "winner_recent_games", "loser_recent_games", "winner_k",
    "loser_k", "cube_multiplier", "expected_winner", "winner_change", "loser_change",
    "winner_after", "loser_after",
)  # fmt: skip

#: One row per player of the history.
PLAYER_COLUMNS: Final = (
    "player", "initial", "final", "peak", "lowest", "ranked_games", "wins", "losses",
    "games_at_heavy_k", "unrated_games", "prizes", "last_game",
)  # fmt: skip

#: One row per player per game, for charts.
TRAJECTORY_COLUMNS: Final = (
    "rules", "player", "game", "row", "time", "type", "opponent", "result", "change", "rating",
)  # fmt: skip


@dataclass(frozen=True)
class ReplayResult:
    """One history rated under one rule set. ``games`` (built on first use): a row per accepted
    input row, in input order: ``row``, the input's columns cleaned, GAME_COLUMNS (NA where a
    row has no such figure), the input's other columns. ``players``: a row per player, best
    final rating first; ``rejected``: a row per problem of a rejected row."""

    players: pd.DataFrame
    rejected: pd.DataFrame
    rules: Rules
    #: Data rows in the input (a CSV file's blank lines are not rows).
    rows_read: int
    build_games: Callable[[], pd.DataFrame] = field(repr=False, compare=False)

    @functools.cached_property
    def games(self) -> pd.DataFrame:
        return self.build_games()

    def __getstate__(self) -> dict[str, Any]:
        """Pickled with the table once built, without the arrays it was built from."""
        state = dict(self.__dict__)
        if "games" in state:
            state["build_games"] = None
        return state

    @property
    def rows_rejected(self) -> int:
        """How many input rows were rejected (a row with two problems counts once)."""
        return int(self.rejected["row"].nunique())


@dataclass(frozen=True, slots=True)
class RulesComparison:
    """The same history under several rule sets: ``ratings``, a row per player and a column of
    final ratings per rule set (by label), ordered by the first; ``spread``, a row per rule set."""

    results: Mapping[str, ReplayResult]
    ratings: pd.DataFrame
    spread: pd.DataFrame


def result(
    h: History, rated: Pass, start: Ints, state: Ints, *, games_table: bool = True
) -> ReplayResult:
    """The frames of a history rated in one pass (``games_table=False``: no games row)."""
    last = state[:, LAST]
    times = h.time[last] if len(h.time) else last
    players = players_table(h.names, start, state, np.where(last >= 0, times, NO_TIME), h.unit)
    if not games_table:  # none of the rows, nor the arrays they would be built from
        none = np.zeros(0, dtype=np.int64)
        h = dataclasses.replace(
            h, order=none, in_input_order=True, time=h.time[:0], winner=h.winner[:0],
            loser=h.loser[:0], cube=h.cube[:0], kind=h.kind[:0], prize=h.prize[:0],
        )  # fmt: skip
        rated = dataclasses.replace(rated, figures=rated.figures[:, :0].copy())
    return ReplayResult(
        build_games=functools.partial(game_table, h, rated),
        players=players,
        rejected=h.report,
        rules=rated.rules,
        rows_read=h.rows_read,
    )


def per_game(h: History, rated: Pass, out: Ints) -> dict[str, npt.NDArray[Any]]:
    """Every row's ranked figures (masked on other rows)."""
    rules, tables = rated.rules, rated.tables
    ranked = h.kind == RANKED
    d = out[1] - out[0]
    expected = tables.expected[np.clip(d + tables.reach, 0, tables.width - 1)]
    outside = np.flatnonzero(np.abs(d) > tables.reach)
    expected[outside] = expected_winner(d[outside], rules.divisor)
    multiplier = CUBE_MULTIPLIERS[h.cube]
    expected[~ranked] = multiplier[~ranked] = np.nan
    recent_w, recent_l = out[4], out[5]
    return {
        "winner_recent_games": recent_w,
        "loser_recent_games": recent_l,
        "winner_k": np.where(recent_w >= rated.heavy_games, rated.heavy_k, rules.k),
        "loser_k": np.where(recent_l >= rated.heavy_games, rated.heavy_k, rules.k),
        "cube_multiplier": multiplier,
        "expected_winner": expected,
    }


def players_table(
    names: npt.NDArray[np.object_], start: Ints, state: Ints, last: Ints, unit: str
) -> pd.DataFrame:
    """A row per player who has a row (``last`` not NO_TIME), best final rating first."""
    who = np.flatnonzero(last != NO_TIME)
    if not who.size:
        return pd.DataFrame({c: [] for c in PLAYER_COLUMNS})
    by_name = np.empty(len(who), dtype=np.intp)
    by_name[np.argsort(names[who], kind="stable")] = np.arange(len(who))
    who = who[np.lexsort((by_name, -state[who, RATING]))]
    mine = state[who]
    figures = zip(PLAYER_COLUMNS[2:11], (RATING, PEAK, LOWEST, GAMES, WINS, LOSSES, HEAVY,
                                         UNRATED, PRIZES), strict=True)  # fmt: skip
    return pd.DataFrame(
        {"player": pd.Series(names[who], dtype=object), "initial": start[who]}
        | {column: mine[:, field] for column, field in figures}
        | {"last_game": pd.DatetimeIndex(last[who].view(f"datetime64[{unit}]")).tz_localize("UTC")}
    )


def _nullable(values: npt.NDArray[Any], missing: Flags) -> pd.arrays.IntegerArray:
    return pd.arrays.IntegerArray(values.astype(np.int64, copy=False), missing)


def game_table(h: History, rated: Pass) -> pd.DataFrame:
    """One row per accepted input row, in input order, from the pass's figures."""
    before_w, before_l, change_w, change_l = rated.figures[:4]
    figured = per_game(h, rated, rated.figures)
    back = None if h.in_input_order else np.argsort(h.source)

    def out(values: npt.NDArray[Any]) -> npt.NDArray[Any]:
        return values if back is None else values[back]

    unrated = out(h.kind != RANKED)
    no_loser = out(h.kind == PODIUM)
    players = pd.Index(h.names, dtype=object)
    columns: dict[str, Any] = {
        "row": out(h.accepted_rows),
        "time": pd.DatetimeIndex(out(h.time).view(f"datetime64[{h.unit}]")).tz_localize("UTC"),
        "winner": pd.Categorical.from_codes(out(h.winner), categories=players),
        "loser": pd.Categorical.from_codes(out(h.loser), categories=players),
        "cube": np.left_shift(1, out(h.cube).astype(np.int64)),
        "type": pd.Categorical.from_codes(out(h.kind), categories=pd.Index(GAME_TYPES)),
        "prize": _nullable(out(h.prize), ~no_loser),
        "winner_before": out(before_w),
        "loser_before": _nullable(out(before_l), no_loser),
        "winner_recent_games": _nullable(out(figured["winner_recent_games"]), unrated),
        "loser_recent_games": _nullable(out(figured["loser_recent_games"]), unrated.copy()),
        "winner_k": _nullable(out(figured["winner_k"]), unrated.copy()),
        "loser_k": _nullable(out(figured["loser_k"]), unrated.copy()),
        "cube_multiplier": out(figured["cube_multiplier"]),
        "expected_winner": out(figured["expected_winner"]),
        "winner_change": out(change_w),
        "loser_change": _nullable(out(change_l), no_loser.copy()),
        "winner_after": out(before_w + change_w),
        "loser_after": _nullable(out(before_l + change_l), no_loser.copy()),
    }
    return _with_carried(h, pd.DataFrame(columns, copy=False))


def _with_carried(h: History, frame: pd.DataFrame) -> pd.DataFrame:
    """The games table with the input's other columns after its own (one named like a column
    of the table's own is replaced)."""
    carried = [column for column in h.extra_columns if column not in frame.columns]
    if not carried:
        return frame
    extra = h.frame[carried]
    if h.order is not None and len(h.order) != len(h.frame):
        extra = extra.iloc[np.sort(h.order)]
    return pd.concat([frame, extra.reset_index(drop=True)], axis=1)


def trajectories(
    result: ReplayResult | RulesComparison,
    players: Iterable[str] | None = None,
    *,
    busiest: int = 5,
) -> pd.DataFrame:
    """Each chosen player's rating after each of their rows (rated or not), in rating order,
    under each rule set, in long form for a chart: ``game`` counts the player's rows from 1,
    ``result`` is ``win``, ``loss`` or ``prize``. Without ``players``, the ``busiest`` players
    (most ranked games, then by name).

    >>> history = pd.DataFrame({
    ...     "time": ["2026-10-05T20:00:00Z", "2026-10-05T20:30:00Z"],
    ...     "winner": ["Eleni", "Nikos"],
    ...     "loser": ["Nikos", "Eleni"],
    ... })
    >>> from gammon_elo.replay import replay
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
        busiest = checks.games("busiest", busiest)
        by = first.players.sort_values(["ranked_games", "player"], ascending=[False, True])
        chosen = by["player"].head(busiest).tolist()
    else:
        chosen = [players] if isinstance(players, str) else list(players)
        for name in chosen:
            if name not in known:
                raise InvalidInput("players", name, "is not a player of this history")
    frames = [_trajectory(label, r.games, chosen) for label, r in results.items()]
    return pd.concat(frames, ignore_index=True)


def _trajectory(label: str, games: pd.DataFrame, chosen: list[str]) -> pd.DataFrame:
    if games.empty or not chosen:
        return pd.DataFrame({c: [] for c in TRAJECTORY_COLUMNS})
    sides = []
    for side, other in (("winner", "loser"), ("loser", "winner")):
        mine = games[side].isin(chosen).to_numpy()
        rows = games.loc[mine]
        won = np.where(rows["type"].to_numpy() == "podium", "prize", "win")
        outcome = won if side == "winner" else np.full(len(rows), "loss")
        columns = {
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
        sides.append(pd.DataFrame(columns))
    # A side with no rows (a player who never won) would turn the time column into objects.
    long = pd.concat([side for side in sides if len(side)] or sides[:1], ignore_index=True)
    long = long.sort_values(["player", "time", "_position"], kind="stable", ignore_index=True)
    long["time"] = pd.to_datetime(long["time"], utc=True)
    long.insert(0, "rules", label)
    long.insert(2, "game", long.groupby("player", sort=False).cumcount() + 1)
    return long.drop(columns="_position")[list(TRAJECTORY_COLUMNS)]


_FORMULA_STARTS: Final = ("=", "+", "-", "@", "\t", "\r")


def neutralize_formulas(frame: pd.DataFrame) -> pd.DataFrame:
    """A copy of ``frame`` safe to open in a spreadsheet: every text cell (and column name)
    starting with =, +, -, @, tab or carriage return, as written or after NFKC normalisation,
    gets a leading single quote, shown as text, not run as a formula.

    >>> frame = pd.DataFrame(
    ...     {"player": ["=HYPERLINK(1)", "Eleni", "-Nikos"], "change": [-16, 8, 0]}
    ... )
    >>> neutralize_formulas(frame).values.tolist()
    [["'=HYPERLINK(1)", -16], ['Eleni', 8], ["'-Nikos", 0]]
    >>> neutralize_formulas(pd.DataFrame({"player": ["＝1+1"]})).player.tolist()
    ["'＝1+1"]
    """
    safe = frame.copy()
    for i in range(safe.shape[1]):
        values = safe.iloc[:, i]
        if isinstance(values.dtype, pd.CategoricalDtype):
            # Quote the few categories rather than the many cells, where they stay distinct.
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
        risky = np.array([isinstance(v, str) and _risky(v) for v in cells], dtype=bool)
        if risky.any():
            cells = cells.copy()
            cells[risky] = ["'" + v for v in cells[risky]]
            safe.isetitem(i, cells)
    safe.columns = [_quoted(c) for c in safe.columns]
    return safe


def _risky(text: str) -> bool:
    if text.startswith(_FORMULA_STARTS):
        return True
    return not text.isascii() and unicodedata.normalize("NFKC", text).startswith(_FORMULA_STARTS)


def _quoted(value: Any) -> Any:
    return "'" + value if isinstance(value, str) and _risky(value) else value
