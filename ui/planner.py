"""What the Planner page draws: the projection chart (band, target, heavy weeks) and the
hold-your-rating table. Every figure comes from :mod:`gammon_elo`."""

from __future__ import annotations

import math

import altair as alt
import numpy as np
import pandas as pd

from gammon_elo import CUBE_MIX, HoldRow, Plan, Rules, hold_table
from gammon_elo.player.planner import HOLD_OPPONENTS

from . import answer
from .chart_specs import inks, style
from .grids import Table, short
from .i18n import count, number, percent, t

#: Points of the projection chart (every game would be 2,000 points per series).
CHART_POINTS = 250


def cube_choice(choice: str) -> int | tuple[tuple[int, float], ...]:
    """The page's cube choice: one cube value, or the simulator's cube mix."""
    return CUBE_MIX if choice == "mix" else int(choice)


def projection_frame(result: Plan) -> pd.DataFrame:
    """The band and the mean at about CHART_POINTS games (always the first and the last)."""
    games = np.unique(np.linspace(0, result.horizon, CHART_POINTS).round().astype(int))
    return pd.DataFrame(
        {
            "game": games,
            "mean": result.mean[games].round(1),
            "low": result.low[games].round(1),
            "high": result.high[games].round(1),
        }
    )


def heavy_frame(result: Plan) -> pd.DataFrame:
    """The runs of games played at the heavy-week K, as (start, end) game numbers, with the
    ratings of a thin strip just under the band (bottom, top) where the chart marks them."""
    flags = np.concatenate([[False], result.heavy, [False]])
    edges = np.flatnonzero(np.diff(flags.astype(int)))
    lowest = min(float(result.low.min()), float(result.target))
    span = max(float(result.high.max()), float(result.target)) - lowest
    return pd.DataFrame(
        {
            "start": edges[0::2],
            "end": edges[1::2],
            "bottom": lowest - 0.06 * span,
            "top": lowest - 0.03 * span,
        }
    )


def projection_chart(result: Plan) -> alt.LayerChart:
    """Your expected rating over the games: the 10th–90th percentile band, the mean, the target
    as a line, and the games at the heavy-week K as a strip along the foot."""
    frame = projection_frame(result)
    # Games are counted (2,000 / 2.000), ratings written plain (1500) in either language.
    games_axis = alt.Axis(format=",d")
    x = alt.X("game:Q", title=t("planner.chart_games"), axis=games_axis)
    games_tip = alt.Tooltip("game:Q", title=t("planner.chart_games"), format=",d")
    y_title = t("planner.chart_rating")
    y_axis = alt.Axis(format="d")
    layers: list[alt.Chart] = []
    ink = inks()
    heavy = heavy_frame(result)
    if not heavy.empty:
        layers.append(
            # A gold strip just under the band where K drops.
            alt.Chart(heavy.assign(label=t("planner.chart_heavy")))
            .mark_rect(color=ink.series[2])
            .encode(
                x=alt.X("start:Q", title=t("planner.chart_games"), axis=games_axis),
                x2="end:Q",
                y=alt.Y("bottom:Q", title=y_title, axis=y_axis),
                y2="top:Q",
                tooltip=[alt.Tooltip("label:N", title=t("planner.chart_heavy_title"))],
            )
        )
    band = (
        alt.Chart(frame)
        .mark_area(color=ink.series[1], opacity=0.25)
        .encode(
            x=x,
            y=alt.Y("low:Q", title=y_title, scale=alt.Scale(zero=False), axis=y_axis),
            y2="high:Q",
            tooltip=[
                games_tip,
                alt.Tooltip("low:Q", title=t("planner.chart_low"), format=".1f"),
                alt.Tooltip("high:Q", title=t("planner.chart_high"), format=".1f"),
            ],
        )
    )
    mean = (
        alt.Chart(frame)
        .mark_line(color=ink.series[1], strokeWidth=2.5)
        .encode(
            x=x,
            y=alt.Y("mean:Q", title=y_title, axis=y_axis),
            tooltip=[games_tip, alt.Tooltip("mean:Q", title=t("planner.chart_mean"), format=".1f")],
        )
    )
    target = (
        alt.Chart(pd.DataFrame({"rating": [result.target]}))
        .mark_rule(color=ink.series[0], strokeDash=[6, 4], strokeWidth=2)
        .encode(
            y=alt.Y("rating:Q", title=y_title, axis=y_axis),
            tooltip=[alt.Tooltip("rating:Q", title=t("planner.target"), format="d")],
        )
    )
    layers += [band, mean, target]
    return style(alt.layer(*layers))


def chart_caption(result: Plan) -> str:
    """What the projection draws, in words with its numbers: the line, the band, the target,
    and the heavy weeks' strip where there is one."""
    said = t(
        "planner.chart_caption",
        paths=result.paths,
        rating=result.rating,
        games=result.horizon,
        mean=number(result.mean[-1]),
        low=number(result.low[-1]),
        high=number(result.high[-1]),
        target=result.target,
    )
    return said + " " + t("planner.chart_heavy_strip") if result.heavy.any() else said


def band_text(result: Plan) -> str:
    """The spread of the games needed: 8 paths in 10 between two counts, or, where more than
    one path in 10 never gets there, how fast the quickest tenth is and how many never do."""
    if result.games_p90 is not None:
        return t("planner.band", low=round(result.games_p10), high=round(result.games_p90))
    return t(
        "planner.band_open",
        low=round(result.games_p10),
        missed=percent(1 - result.reached_share, 0),
        games=result.horizon,
    )


def rate_text(result: Plan, *, as_expected: bool) -> str:
    """The win rate the plan assumes, named: the reader's, or their expected score."""
    key = "planner.rate_expected" if as_expected else "planner.rate_given"
    return t(key, win_rate=percent(result.win_rate), opponent=result.opponent)


def headline(result: Plan, *, as_expected: bool) -> None:
    """The answer first, naming the win rate it assumes: the games to the target, or, where the
    average path falls short of the target (it lies beyond where that rate settles), that it is
    not reached on average and the win rate that does reach it."""
    rate = rate_text(result, as_expected=as_expected)
    if not result.reached_on_average:
        up = result.target > result.rating
        fields = {
            "target": result.target,
            "needed": percent(result.reaching_rate),
            "share": percent(result.reached_share),
            "games": result.horizon,
        }
        settle = (
            t("planner.never_settle", win_rate=percent(result.win_rate))
            if not math.isfinite(result.settling)
            else t("planner.unreached_settle", settle=number(result.settling))
        )
        answer.answer(
            t("planner.unreached_label", target=result.target, rate=rate),
            t("planner.unreached"),
            " ".join(
                (
                    settle,
                    t("planner.reaching_up" if up else "planner.reaching_down", **fields),
                    t("planner.unreached_share", **fields),
                )
            ),
            small=True,
        )
        return
    if result.games_median is None:  # every rate short of this one is beyond settling
        answer.answer(
            t("planner.share_label", target=result.target, games=result.horizon),
            percent(result.reached_share),
            rate + " · " + t("planner.share_line"),
        )
        return
    # On average where every path got there; else the median (half the paths).
    games = result.mean_games if result.mean_games is not None else result.games_median
    key = "planner.answer_label" if result.mean_games is not None else "planner.median_label"
    answer.answer(
        t(key, target=result.target),
        count(games),
        t(
            "planner.answer_line",
            rate=rate,
            weeks=number(games / result.games_per_week, 1),
            per_week=number(result.games_per_week),
        )
        + " · "
        + band_text(result),
    )


def k_text(result: Plan) -> str:
    """Your K at game 1 from the 7 days before it, and in which games K is the heavy-week K."""
    rules = result.rules
    if rules.heavy_k is None or rules.heavy_games is None:
        return t("planner.k_always", k=rules.k, rules=rules.label)
    said = t(
        "planner.first_k",
        k=result.first_k,
        games=result.games_this_week,
        threshold=rules.heavy_games,
    )
    heavy = result.heavy
    fields = {"threshold": rules.heavy_games, "k": rules.heavy_k, "usual": rules.k}
    if heavy.all():
        return said + " " + t("planner.heavy_all", **fields)
    if heavy[0]:  # a heavy week to begin with, that wears off
        last = int(np.flatnonzero(~heavy)[0])  # the last heavy game, counted from 1
        week = math.floor((last - 1) / result.games_per_week) + 1
        return said + " " + t("planner.heavy_until", last=number(last), week=week, **fields)
    weeks = result.heavy_weeks
    if weeks:
        return said + " " + t("planner.heavy_weeks", first=weeks[0], **fields)
    return said


def usual_week(games_per_week: float) -> int:
    """The ranked games of the 7 days before a game once the first week is over, at
    ``games_per_week`` spread evenly (as the Planner counts them)."""
    return max(0, int(np.ceil(games_per_week)) - 1)


def hold_rows(
    rating: int,
    cube: str,
    games: int,
    rules: Rules,
    opponents: tuple[int, ...] = HOLD_OPPONENTS,
) -> list[HoldRow]:
    """The hold table at the K of ``games`` ranked games in the 7 days before a game."""
    return hold_table(rating, opponents=opponents, cube=cube_choice(cube), games=games, rules=rules)


def hold_grid(rows: list[HoldRow]) -> Table:
    """Opponent, your expected score against them, and the win rate that holds you put (shown
    under a header short enough for a phone in Greek; no such rate: a dash)."""
    hold = t("planner.col_hold")
    frame = pd.DataFrame(
        {
            t("planner.col_opponent"): [r.opponent for r in rows],
            t("planner.col_expected"): [r.expected for r in rows],
            hold: pd.array([r.hold for r in rows], dtype="Float64"),
        }
    )
    formats = {t("planner.col_expected"): percent, hold: percent}
    return Table(frame, formats, {hold: short(t("planner.col_hold_short"), hold)})
