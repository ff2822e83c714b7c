"""The History page's own pieces: a replayed history's players' lines, ratings, spread and
games, as tables and chart data, each in the reader's language."""

from __future__ import annotations

import functools
import math
from collections.abc import Hashable, Mapping

import pandas as pd
import streamlit as st

from gammon_elo.replay import RulesComparison, trajectories

from ..catalogs import EN
from ..grids import Table, Writer, short
from ..i18n import number, percent, signed, t

#: Points a player's line draws at most: a line of each of a league's busiest player's 2,400
#: games packs several games into every pixel of a chart's width, and five such lines fill the
#: plot as bands.
LINE_POINTS = 150


def history_trajectories(
    comparison: RulesComparison, players: list[str], labels: Mapping[str, str]
) -> tuple[pd.DataFrame, int]:
    """The chosen players' ratings after each of their rows, with display names of rule sets,
    and the stretch of games each point stands for: 1 (a point a game), or, where a player has
    more than :data:`LINE_POINTS` rows, the same stretch for every line, each point the mean
    rating over its stretch drawn at the stretch's last game."""
    if not players:
        empty = pd.DataFrame(
            {c: [] for c in ("rules", "player", "game", "opponent", "result", "change", "rating")}
        )
        return empty.assign(series=[]), 1
    frame = trajectories(comparison, players)
    longest = int(frame.groupby(["rules", "player"], sort=False).size().max())
    stretch = max(1, math.ceil(longest / LINE_POINTS))
    if stretch > 1:
        frame = (
            frame.assign(stretch=(frame["game"] - 1) // stretch)
            .groupby(["rules", "player", "stretch"], sort=False, as_index=False)
            .agg(game=("game", "max"), rating=("rating", "mean"))
        )
    return frame.assign(series=frame["rules"].map(labels)), stretch


def history_ratings(ratings: pd.DataFrame, levels: Mapping[str, str] | None = None) -> Table:
    """Each player's ranked games and final rating under each rule set, a column per rule set
    headed by its version ("1.3.1"): three such columns fit a phone where "1.3.1 (÷1200)" did
    not (the caption above the table names each version's divisor). With ``levels`` (a league
    the engine played: each bot's level), each player's level stands beside their name."""
    table = ratings.rename(
        columns={"player": t("history.player"), "ranked_games": t("history.games")}
    )
    if levels is not None:
        names = table[t("history.player")].astype(str)
        table.insert(1, t("history.level"), [t(f"league.level_{levels[n]}") for n in names])
    return Table(table)


def history_spread(spread: pd.DataFrame, labels: Mapping[str, str]) -> Table:
    """A row per rule set: its active players, the half within, top to bottom; short headers
    on show (the caption above says them in full)."""
    columns = {
        "players": (t("history.active_players"), t("history.active_players")),
        "half_within": (t("simulator.half_within"), t("history.col_half_within")),
        "top_to_bottom": (t("simulator.spread"), t("history.col_spread")),
    }
    table = pd.DataFrame({t("col.rules"): spread["rules"].map(labels)})
    for column, (header, _) in columns.items():
        table[header] = spread[column].to_numpy()
    shorter = {
        header: short(label, header) for header, label in columns.values() if label != header
    }
    return Table(table, {header: number for header, _ in columns.values()}, shorter)


def replay_frame(frame: pd.DataFrame) -> Table:
    """A replay's per-game or per-player table, the package's own column names in its CSV (for
    other tools), translated headers and words on show; the input's own extra columns keep
    their names. Its numbers are written as every table's (:mod:`ui.grids`): a change "+21" or
    "−21", the expected score "64,0%" in Greek, a time "2026-10-05 08:14" (the header says
    UTC), a missing figure the dash."""
    first = [c for c in _READING_ORDER if c in frame.columns]
    table = frame[first + [c for c in frame.columns if c not in first]]
    # An empty text cell (a podium row's loser) is missing: it is written as the dash.
    text = [
        c
        for c in table.columns
        if not pd.api.types.is_numeric_dtype(table[c])
        and not pd.api.types.is_datetime64_any_dtype(table[c])
    ]
    table = table.assign(**{c: table[c].mask(table[c] == "") for c in text})
    formats: dict[Hashable, Writer] = {}
    for column in table.columns:
        if column.endswith("_change"):
            formats[column] = signed
        elif pd.api.types.is_datetime64_any_dtype(table[column]):
            formats[column] = _minute
        elif column == "expected_winner":
            formats[column] = percent
        elif column == "cube_multiplier":
            formats[column] = _multiplier
        elif column in _WORDS:
            formats[column] = functools.partial(_word, _WORDS[column])
    columns = {
        column: st.column_config.Column(t(f"data.{column}"))
        for column in table.columns
        if f"data.{column}" in CATALOG_KEYS
    }
    return Table(table, formats, columns)


def _minute(time: pd.Timestamp) -> str:
    """A time to the minute, "2026-10-05 08:14": the header says UTC, so no "+00:00"."""
    return time.strftime("%Y-%m-%d %H:%M")


def _multiplier(value: float) -> str:
    """The cube's multiplier as the cube table writes it, "1,17" in Greek."""
    return number(value, 2)


#: The columns whose values are the history format's own words (a game's type and ending, a
#: league's levels), each written in the reader's language: the catalog key of each value.
_WORDS = {
    "type": "type.{}",
    "ending": "ending.{}",
    "winner_level": "league.level_{}",
    "loser_level": "league.level_{}",
}


def _word(key: str, value: object) -> str:
    """A format word in the reader's language (a value no catalog knows, as it is)."""
    found = key.format(value)
    return t(found) if found in CATALOG_KEYS else str(value)


#: What a reader looks for first in a replayed game: who, then what it did to each of them.
_READING_ORDER = (
    "row", "time", "winner", "loser", "winner_change", "loser_change", "winner_after",
    "loser_after", "winner_k", "loser_k", "winner_before", "loser_before", "cube", "type",
)  # fmt: skip


#: Keys every catalog holds (tests/ui/test_i18n.py checks the parity).
CATALOG_KEYS = frozenset(EN)
