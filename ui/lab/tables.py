"""The lab's tables dressed for reading: a simulation's summary and weekly figures, a replayed
history's ratings, spread and games, and the rows a file had rejected. Each is a
:class:`ui.grids.Shown`, drawn by :func:`ui.grids.show` as every table is."""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping
from dataclasses import replace
from typing import Any

import pandas as pd

from gammon_elo.replay import RulesComparison, trajectories

from ..catalogs import EN
from ..grids import NO_VALUE, Shown, text
from ..i18n import number, percent, signed, t

#: Keys every catalog holds (tests/ui/test_i18n.py checks the parity).
CATALOG_KEYS = frozenset(EN)


def _written(values: pd.Series, write: Callable[[Any], str]) -> list[str]:
    return [NO_VALUE if pd.isna(v) else write(v) for v in values]


def _per_rule_set(
    frame: pd.DataFrame,
    labels: Mapping[str, str],
    columns: Mapping[str, tuple[str, Callable[[Any], str]]],
) -> Shown:
    """One row per rule set: its label, then each column under its header, formatted (a missing
    figure shows as a dash)."""
    shown = pd.DataFrame({t("col.rules"): frame["rules"].map(labels)})
    raw = pd.DataFrame({t("col.rules"): frame["rules"]})
    for column, (header, fmt) in columns.items():
        shown[header] = [fmt(v) if pd.notna(v) else NO_VALUE for v in frame[column]]
        raw[header] = frame[column].to_numpy()
    return Shown(shown=shown, raw=raw)


def by_measure(
    frame: pd.DataFrame,
    labels: Mapping[str, str],
    headers: Mapping[str, str],
    columns: Mapping[str, tuple[str, Callable[[Any], str]]],
) -> Shown:
    """A row per measure and a column per rule set under its short header (``headers``;
    ``labels`` name them in the CSV, a row per rule set), drawn static: a measure's name wraps
    on a phone, and only there."""
    measure = t("simulator.measure")
    shown = pd.DataFrame({measure: [header for header, _ in columns.values()]})
    for _, row in frame.iterrows():
        shown[headers[row["rules"]]] = [
            fmt(row[c]) if pd.notna(row[c]) else NO_VALUE for c, (_, fmt) in columns.items()
        ]
    raw = _per_rule_set(frame, labels, columns).raw
    return Shown(shown=shown, raw=raw, static=True)


def simulation_summary(
    frame: pd.DataFrame, labels: Mapping[str, str], headers: Mapping[str, str]
) -> Shown:
    """The last week's spread and accuracy, the tenths' win rates: a row per measure and a column
    per rule set (a few rule sets fit across where seven long headers did not). The headline
    spread is "half the players within"; the CSV also keeps the interquartile range."""
    columns = {
        "half_within": (t("simulator.half_within"), number),
        "spread": (t("simulator.spread"), number),
        "spearman": (t("simulator.spearman"), lambda v: number(v, 3)),
        "top_tenth_expected": (t("simulator.top_expected"), percent),
        "top_tenth_actual": (t("simulator.top_actual"), percent),
        "newcomer_games_to_level": (t("simulator.newcomer_games"), number),
    }
    table = by_measure(frame, labels, headers, columns)
    raw_columns = {"iqr": (t("simulator.iqr"), number), **columns}
    return replace(table, raw=_per_rule_set(frame, labels, raw_columns).raw)


def weekly(frame: pd.DataFrame, column: str, labels: Mapping[str, str], digits: int = 0) -> Shown:
    """A week × rule-set table of one weekly figure (the numbers behind a time-series chart)."""
    wide = frame.pivot(index="week", columns="rules", values=column)
    wide = wide[[name for name in labels if name in wide.columns]]
    raw = wide.rename(columns=labels).reset_index().rename(columns={"week": t("simulator.week")})
    raw.columns.name = None
    shown = raw.copy()
    for header in labels.values():
        if header in shown:
            shown[header] = _written(raw[header], lambda v: number(v, digits))
    shown[t("simulator.week")] = raw[t("simulator.week")].map(number)
    return Shown(shown=text(shown), raw=raw)


def volatility(frame: pd.DataFrame, labels: Mapping[str, str]) -> Shown:
    """Weekly swing (sd of the weekly change) by games that week: a column per rule set."""
    wide = frame.pivot(index="group", columns="rules", values="sd_change")
    wide = wide.loc[list(dict.fromkeys(frame["group"])), [n for n in labels if n in wide.columns]]
    raw = (
        wide.rename(columns=labels)
        .reset_index()
        .rename(columns={"group": t("simulator.games_week")})
    )
    raw.columns.name = None
    shown = raw.copy()
    for header in labels.values():
        if header in shown:
            # A group no player-week fell in (no week of 300+ games) has no swing: a dash.
            shown[header] = _written(raw[header], lambda v: number(v, 1))
    return Shown(shown=text(shown), raw=raw)


def heavy_claim(
    frame: pd.DataFrame, labels: Mapping[str, str], headers: Mapping[str, str]
) -> Shown:
    """The article's heavy week: what 300+ games at 2–3 points under expectation cost, a row
    per measure and a column per rule set, as in the summary."""
    columns = {
        "player_weeks": (t("simulator.player_weeks"), number),
        "games": (t("simulator.games"), number),
        "shortfall": (t("simulator.shortfall"), percent),
        "change": (t("simulator.week_change"), signed),
        "k_games_shortfall": (t("simulator.estimate"), lambda v: signed(-v)),
    }
    return by_measure(frame, labels, headers, columns)


def rejected(report: pd.DataFrame) -> Shown:
    """Every problem of every rejected row: row number (as the file counts), column, value, why."""
    raw = report.rename(
        columns={
            "row": t("history.col_row"),
            "column": t("history.col_column"),
            "value": t("history.col_value"),
            "reason": t("history.col_reason"),
        }
    )
    return Shown(shown=text(raw), raw=raw)


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
            shown[column] = _written(shown[column], signed)
        elif pd.api.types.is_datetime64_any_dtype(shown[column]):
            # The header already says UTC: "2026-10-05 08:14", no seconds, no "+00:00".
            shown[column] = shown[column].dt.strftime("%Y-%m-%d %H:%M").fillna(NO_VALUE)
        elif column == "expected_winner":
            shown[column] = _written(shown[column], percent)
        elif column == "cube_multiplier":
            shown[column] = _written(shown[column], lambda v: number(v, 2))
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
