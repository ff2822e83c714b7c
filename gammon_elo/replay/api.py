"""The replay's entry points: :func:`replay`, :func:`compare_rules`, :func:`checked_history`, and
:func:`replay_chunks`, a history larger than memory replayed in time-ordered chunks, each rated
from what the earlier ones leave and written out before the next is read.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from datetime import timedelta
from typing import Any, Final

import numpy as np
import pandas as pd

from .._core import checks
from .._core.arrays import Ints
from .._core.errors import InvalidHistory, InvalidInput
from ..rules import CURRENT, Rules, get_rules
from ..stats import iqr, narrowest_window
from . import engine
from .read import Source, history_chunks
from .results import (
    NO_TIME,
    ReplayResult,
    RulesComparison,
    game_table,
    neutralize_formulas,
    players_table,
)
from .results import result as rated_result
from .validate import History, column_labels, empty_report, prepare

#: One row per rule set in a comparison.
SPREAD_COLUMNS: Final = (
    "rules", "players", "lowest", "highest", "top_to_bottom", "iqr", "half_within", "half_from",
    "half_to",
)  # fmt: skip


def replay(
    games: pd.DataFrame,
    *,
    rules: Rules | str = CURRENT,
    initial_ratings: Mapping[str, int] | pd.Series | None = None,
    skip_invalid: bool = False,
) -> ReplayResult:
    """Rate a history of games in time order, each ranked game exactly as the server would.

    ``games``: ``time`` (ISO 8601; no offset: UTC), ``winner``, ``loser``, optionally ``cube``
    (1), ``type`` (``ranked``, ``boosted``, ``tournament``, ``podium``) and ``prize`` (podium
    rows, no loser); other columns are carried through. Equal times keep input order. A
    player's K counts their ranked games earlier in that order within the 7 days before (one
    exactly 7 × 24 h earlier no longer counts). Boosted and tournament rows change nothing; a
    podium adds its prize. Strict by default: a bad row raises :class:`InvalidHistory` with
    the full report; ``skip_invalid=True`` rates the valid rows and returns the others.

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
    comparison = compare_rules(
        games, [rules], initial_ratings=initial_ratings, skip_invalid=skip_invalid
    )
    return comparison.results[rules.label]


def compare_rules(
    games: pd.DataFrame | History,
    rules: Iterable[Rules | str],
    *,
    initial_ratings: Mapping[str, int] | pd.Series | None = None,
    skip_invalid: bool = False,
    active_games: int = 1,
    games_table: bool = True,
    progress: Callable[[int, int], object] | None = None,
) -> RulesComparison:
    """The same history under several rule sets: final ratings side by side and each rule set's
    spread over the active players (at least ``active_games`` ranked games): lowest, highest,
    top to bottom, the interquartile range (linear interpolation), and the narrowest window
    [from, to] holding ⌈players / 2⌉ of the final ratings (the lowest of equally narrow ones).

    ``games`` may be a :func:`checked_history`; ``games_table=False``: no games rows;
    ``progress`` is called after each rule set's replay with (rule sets done, rule sets).

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
    rule_sets = distinct_rule_sets(rules)
    active_games = checks.games("active_games", active_games)
    h = games if isinstance(games, History) else checked_history(games, skip_invalid=skip_invalid)
    results = {}
    for rule_set in rule_sets:  # each in one pass
        start = engine.initial_ratings(h.names, initial_ratings, rule_set)
        state = engine.new_state(start)
        rated, _ = engine.rate(h, rule_set, state, h.winner, h.loser)
        results[rule_set.label] = rated_result(h, rated, start, state, games_table=games_table)
        if progress is not None:
            progress(len(results), len(rule_sets))
    first = results[rule_sets[0].label].players
    ratings = first[["player", "ranked_games"]].copy()
    for label, result in results.items():
        finals = result.players.set_index("player")["final"]
        ratings[label] = finals.reindex(ratings["player"]).to_numpy()
    spread = pd.DataFrame(
        [_spread(label, result.players, active_games) for label, result in results.items()],
        columns=list(SPREAD_COLUMNS),
    )
    return RulesComparison(results=results, ratings=ratings, spread=spread)


def distinct_rule_sets(rules: Iterable[Rules | str]) -> list[Rules]:
    """The rule sets named, refused when there is none or one is named twice."""
    rule_sets = [get_rules(r) for r in rules]
    if not rule_sets:
        raise InvalidInput("rules", [], "must name at least one rule set")
    labels = [r.label for r in rule_sets]
    for label in labels:
        if labels.count(label) > 1:
            raise InvalidInput("rules", labels, f"name {label!r} more than once")
    return rule_sets


def checked_history(games: pd.DataFrame, *, skip_invalid: bool = False) -> History:
    """Every row checked (:class:`InvalidHistory` on a bad one unless ``skip_invalid``), the
    accepted ones coded in rating order."""
    h = prepare(games)
    if len(h.report) and not skip_invalid:
        raise InvalidHistory(h.report, h.rows_read)
    return h


def _spread(label: str, players: pd.DataFrame, active_games: int) -> dict[str, Any]:
    active = np.sort(players.loc[players["ranked_games"] >= active_games, "final"].to_numpy())
    count = len(active)
    if count == 0:
        return {"rules": label, "players": 0}
    narrowest, half = narrowest_window(active, 0.5)
    return {
        "rules": label,
        "players": count,
        "lowest": int(active[0]),
        "highest": int(active[-1]),
        "top_to_bottom": int(active[-1] - active[0]),
        "iqr": iqr(active),
        "half_within": int(active[narrowest + half - 1] - active[narrowest]),
        "half_from": int(active[narrowest]),
        "half_to": int(active[narrowest + half - 1]),
    }


#: Rows a chunk has unless told otherwise: a chunk's arrays, not the history's, in memory.
DEFAULT_CHUNK_ROWS: Final = 250_000


@dataclass(frozen=True, slots=True)
class ChunkedReplay:
    """What a chunked replay leaves besides its games file."""

    out: str
    players: pd.DataFrame
    rejected: pd.DataFrame
    rules: Rules
    rows_read: int
    rows_replayed: int
    chunks: int

    @property
    def rows_rejected(self) -> int:
        return int(self.rejected["row"].nunique())  # as ReplayResult counts them


@dataclass(slots=True)
class _Players:
    """Every player of the chunks so far, by their row of the pass's state, and what the next
    chunk is rated from; all times in ticks of ``unit``."""

    index: dict[str, int] = field(default_factory=dict)
    names: list[str] = field(default_factory=list)
    start: Ints = field(default_factory=lambda: np.empty(0, dtype=np.int64))
    state: Ints = field(default_factory=lambda: engine.new_state(np.empty(0, dtype=np.int64)))
    last: Ints = field(default_factory=lambda: np.empty(0, dtype=np.int64))
    window: tuple[Ints, Ints] = (np.empty(0, dtype=np.int64), np.empty(0, dtype=np.int64))
    unit: str = "us"
    last_time: int | None = None
    last_row: int = 0
    reports: list[pd.DataFrame] = field(default_factory=list)
    rows_read: int = 0
    replayed: int = 0
    chunks: int = 0

    def rows_of(self, h: History, given: Mapping[str, int], rules: Rules) -> Ints:
        """The state's row of each player of ``h`` (by ``h``'s codes), new ones added."""
        new = [name for name in h.names.tolist() if name not in self.index]
        if new:
            start = engine.initial_ratings(np.array(new, dtype=object), given, rules)
            self.index.update((name, len(self.names) + i) for i, name in enumerate(new))
            self.names += new
            self.start = np.concatenate((self.start, start))
            self.state = np.concatenate((self.state, engine.new_state(start)))
            self.last = np.concatenate((self.last, np.full(len(new), NO_TIME)))
        return np.array([self.index[name] for name in h.names.tolist()], dtype=np.int64)


def replay_chunks(
    history: Source,
    out: str | os.PathLike[str],
    *,
    chunk_rows: int = DEFAULT_CHUNK_ROWS,
    rules: Rules | str = CURRENT,
    initial_ratings: Mapping[str, int] | None = None,
    skip_invalid: bool = False,
) -> ChunkedReplay:
    """Replay a CSV or Parquet history ``chunk_rows`` rows at a time, writing every game to
    ``out`` (Parquet if it ends in ``.parquet``, else CSV a spreadsheet opens safely): ``rules``
    (the label) then :func:`replay`'s ``games`` columns. A row earlier than one of an earlier
    chunk is refused; bad rows as :func:`replay` treats them; nothing is left at ``out`` after a
    refusal.

    >>> import tempfile, pathlib
    >>> folder = pathlib.Path(tempfile.mkdtemp())
    >>> _ = (folder / "games.csv").write_text(
    ...     "time,winner,loser\\n2026-10-01T20:00:00Z,Eleni,Nikos\\n"
    ...     "2026-10-01T20:30:00Z,Eleni,Maria\\n2026-10-01T21:00:00Z,Nikos,Maria\\n"
    ... )
    >>> done = replay_chunks(folder / "games.csv", folder / "rated.csv", chunk_rows=2)
    >>> done.chunks, done.players[["player", "final"]].values.tolist()
    (2, [['Eleni', 1532], ['Nikos', 1500], ['Maria', 1468]])
    """
    rules = get_rules(rules)
    target = os.fspath(out)
    partial = target + ".partial"
    writer = _Writer(partial, parquet=target.lower().endswith(".parquet"), rules=rules)
    given = {str(k).strip(): v for k, v in (initial_ratings or {}).items()}
    try:
        done = _replay_into(writer, history, chunk_rows, rules, given, skip_invalid)
        writer.close()
        os.replace(partial, target)
    finally:
        writer.close()
        if os.path.exists(partial):
            os.remove(partial)
    names = np.array(done.names, dtype=object)
    return ChunkedReplay(
        out=target,
        players=players_table(names, done.start, done.state, done.last, done.unit),
        rejected=pd.concat(done.reports, ignore_index=True) if done.reports else empty_report(),
        rules=rules,
        rows_read=done.rows_read,
        rows_replayed=done.replayed,
        chunks=done.chunks,
    )


def _replay_into(
    writer: _Writer,
    history: Source,
    chunk_rows: int,
    rules: Rules,
    given: dict[str, int],
    skip_invalid: bool,
) -> _Players:
    players = _Players()
    for frame in history_chunks(history, chunk_rows):
        h = checked_history(frame, skip_invalid=skip_invalid)
        players.rows_read += h.rows_read
        if len(h.report):
            players.reports.append(h.report)
        _check_order(h, players)
        rows = np.append(players.rows_of(h, given, rules), -1)  # -1: a podium's no loser
        # Compiled once the rows read so far would be (a long history).
        compiled = engine.use_compiled(players.rows_read)
        rated, window = engine.rate(h, rules, players.state, rows[h.winner], rows[h.loser],
                             players.window, compiled=compiled)  # fmt: skip
        games = game_table(h, rated)
        writer.write(games)
        _carry(h, players, window, rules.window)
        players.replayed += len(games)
        players.chunks += 1
    return players


def _check_order(h: History, players: _Players) -> None:
    """Refuse a row earlier than the earlier chunks' latest; note this chunk's latest."""
    if not len(h.time):
        return
    order_rows = h.accepted_rows
    if players.last_time is not None:
        latest = _in_unit(np.array([players.last_time]), players.unit, h.unit)[0]
        early = np.flatnonzero(h.time < latest)
        if early.size:
            first = int(early[np.argmin(order_rows[early])])
            row = int(order_rows[first])
            value = h.frame.loc[row, column_labels(h.frame)["time"]]
            raise InvalidInput(
                "time",
                value,
                f"of row {row} is earlier than row {players.last_row}'s, in an earlier chunk:"
                " a history replayed in chunks must be in time order",
            )
    # h.time is in rating order: the last entry is the latest, the last row to have it.
    if players.unit != h.unit:
        played = players.last != NO_TIME
        players.last[played] = _in_unit(players.last[played], players.unit, h.unit)
        players.window = (players.window[0], _in_unit(players.window[1], players.unit, h.unit))
        players.unit = h.unit
    players.last_time = int(h.time[-1])
    players.last_row = int(order_rows[-1])


def _in_unit(ticks: Ints, unit: str, wanted: str) -> Ints:
    """Ticks of ``unit`` in ``wanted``, rounded up (t > T keeps its answer)."""
    if unit == wanted:
        return ticks
    converted: Ints = ticks * 1000 if unit == "us" else -((-ticks) // 1000)
    return converted


def _carry(h: History, players: _Players, window: tuple[Ints, Ints], week: timedelta) -> None:
    """Each player's last time; the window's games a later game can count."""
    last = players.state[:, engine.LAST]
    played = np.flatnonzero(last >= 0)
    players.last[played] = h.time[last[played]]
    last[:] = -1
    if players.last_time is not None:
        ticks = week // timedelta(microseconds=1) * (1000 if h.unit == "ns" else 1)
        keep = window[1] > players.last_time - ticks
        window = (window[0][keep], window[1][keep])
    players.window = window


class _Writer:
    """The games, chunk after chunk, to one Parquet or CSV file."""

    def __init__(self, path: str, *, parquet: bool, rules: Rules) -> None:
        self.path = path
        self.parquet = parquet
        self.label = rules.label
        self.started = False
        self.unit: str | None = None
        self.parquet_writer: Any = None

    def write(self, games: pd.DataFrame) -> None:
        table = games  # the chunk's own frame, not needed after it is written: no copy
        table.insert(0, "rules", self.label)
        if self.unit is None:
            self.unit = table["time"].dt.unit
        table["time"] = table["time"].dt.as_unit(self.unit)
        if self.parquet:
            self._write_parquet(table)
        else:
            neutralize_formulas(table).to_csv(
                self.path, mode="a" if self.started else "w", header=not self.started, index=False
            )
        self.started = True

    def _write_parquet(self, table: pd.DataFrame) -> None:
        import pyarrow as pa  # type: ignore[import-untyped]
        import pyarrow.parquet as pq  # type: ignore[import-untyped]

        if self.parquet_writer is None:
            schema = pa.Schema.from_pandas(table, preserve_index=False)
            for i, field in enumerate(schema):
                if pa.types.is_null(field.type):  # a column empty so far: text
                    schema = schema.set(i, field.with_type(pa.string()))
                elif pa.types.is_dictionary(field.type):
                    # Names stored once a row group; each chunk has its own categories (none
                    # when the first chunk had no accepted row: text then).
                    value = field.type.value_type
                    kind = pa.dictionary(
                        pa.int32(), pa.string() if pa.types.is_null(value) else value
                    )
                    schema = schema.set(i, field.with_type(kind))
            self.parquet_writer = pq.ParquetWriter(self.path, schema)
        schema = self.parquet_writer.schema  # as it was made
        arrow = pa.Table.from_pandas(table, schema=schema, preserve_index=False)
        self.parquet_writer.write_table(arrow)

    def close(self) -> None:
        """The file finished (a CSV file of no game: its header); again, nothing."""
        if self.parquet_writer is not None:
            self.parquet_writer.close()
            self.parquet_writer = None
        elif not self.started and not self.parquet:
            pd.DataFrame(columns=["rules"]).to_csv(self.path, index=False)
        self.started = True
