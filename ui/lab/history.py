"""The History page's own pieces: a replayed history's players' lines, ratings, spread and
games, as tables and chart data, each in the reader's language."""

from __future__ import annotations

import math
from collections.abc import Mapping

import pandas as pd

from gammon_elo.replay import RulesComparison, trajectories

from ..catalogs import EN
from ..grids import NO_VALUE, Shown, text
from ..i18n import number, percent, signed, t
from .rule_sets import written

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


def history_ratings(ratings: pd.DataFrame, levels: Mapping[str, str] | None = None) -> Shown:
    """Each player's ranked games and final rating under each rule set, a column per rule set
    headed by its version ("1.3.1"): three such columns fit a phone where "1.3.1 (÷1200)" did
    not (the caption above the table names each version's divisor). With ``levels`` (a league
    the engine played: each bot's level), each player's level stands beside their name."""
    raw = ratings.rename(
        columns={"player": t("history.player"), "ranked_games": t("history.games")}
    )
    if levels is not None:
        names = raw[t("history.player")].astype(str)
        raw.insert(1, t("history.level"), [t(f"league.level_{levels[n]}") for n in names])
    return Shown(shown=text(raw), raw=raw)


def history_spread(spread: pd.DataFrame, labels: Mapping[str, str]) -> Shown:
    """A row per rule set: its active players, the half within, top to bottom; short headers
    (the caption above says them in full), the CSV's as before."""
    columns = {
        "players": (t("history.active_players"), t("history.active_players")),
        "half_within": (t("simulator.half_within"), t("history.col_half_within")),
        "top_to_bottom": (t("simulator.spread"), t("history.col_spread")),
    }
    raw = pd.DataFrame({t("col.rules"): spread["rules"].map(labels)})
    shown = raw.copy()
    for column, (header, short) in columns.items():
        raw[header] = spread[column].to_numpy()
        shown[short] = [number(v) for v in spread[column]]
    return Shown(shown=text(shown), raw=raw)


def replay_frame(frame: pd.DataFrame) -> Shown:
    """A replay's per-game or per-player table with translated headers; the input's own extra
    columns keep their names. The CSV keeps the package's column names, for other tools."""
    first = [c for c in _READING_ORDER if c in frame.columns]
    shown = frame[first + [c for c in frame.columns if c not in first]].copy()
    for column in shown.columns:
        if column.endswith("_change"):
            # +21 and −21, as everywhere else in the app.
            shown[column] = written(shown[column], signed)
        elif pd.api.types.is_datetime64_any_dtype(shown[column]):
            # The header already says UTC: "2026-10-05 08:14", no seconds, no "+00:00".
            shown[column] = shown[column].dt.strftime("%Y-%m-%d %H:%M").fillna(NO_VALUE)
        elif column == "expected_winner":
            shown[column] = written(shown[column], percent)
        elif column == "cube_multiplier":
            shown[column] = written(shown[column], lambda v: number(v, 2))
        elif column in _WORDS:
            shown[column] = [
                NO_VALUE if pd.isna(v) or v == "" else _word(_WORDS[column], str(v))
                for v in shown[column]
            ]
        elif pd.api.types.is_numeric_dtype(shown[column]):
            # Sent as numbers (a header click sorts them); a missing one, a boosted or
            # tournament game's K, is drawn as the grid's placeholder, a dash.
            continue
        else:
            # A podium row has no loser: a dash, never "None" or "nan".
            shown[column] = [NO_VALUE if pd.isna(v) or v == "" else str(v) for v in shown[column]]
    headers = {c: t(f"data.{c}") for c in shown.columns if f"data.{c}" in CATALOG_KEYS}
    return Shown(shown=shown.rename(columns=headers), raw=frame)


#: The columns whose values are the history format's own words (a game's type and ending, a
#: league's levels), each written in the reader's language: the catalog key of each value.
_WORDS = {
    "type": "type.{}",
    "ending": "ending.{}",
    "winner_level": "league.level_{}",
    "loser_level": "league.level_{}",
}


def _word(key: str, value: str) -> str:
    """A format word in the reader's language (a value no catalog knows, as it is)."""
    found = key.format(value)
    return t(found) if found in CATALOG_KEYS else value


#: What a reader looks for first in a replayed game: who, then what it did to each of them.
_READING_ORDER = (
    "row", "time", "winner", "loser", "winner_change", "loser_change", "winner_after",
    "loser_after", "winner_k", "loser_k", "winner_before", "loser_before", "cube", "type",
)  # fmt: skip


#: Keys every catalog holds (tests/ui/test_i18n.py checks the parity).
CATALOG_KEYS = frozenset(EN)
