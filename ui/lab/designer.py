"""The Rule designer page's pieces: its heat maps and calibration charts, the tables dressed for
reading, and the one plain sentence each says, computed from its numbers. The page only lays
them out."""

from __future__ import annotations

import math
from collections.abc import Callable, Hashable, Mapping
from dataclasses import dataclass
from typing import Any

import altair as alt
import pandas as pd

from gammon_elo import Rules
from gammon_elo.calibrate import FitResult, Margin, Scores

from ..chart_specs import inks, style
from ..grids import Table, Writer
from ..heatmaps import HEAT_TEXT, heat_inks, heat_scale
from ..i18n import NO_VALUE, count, number, percent, t
from .rule_sets import by_measure


@dataclass(frozen=True)
class Metric:
    """A sweep's measure drawn as a heat map: its column, its name's catalog key, how a value is
    written, and which way is better (``higher``, ``lower``, ``wider``: a wider spread
    separates the players more, ``zero``: closer to zero is better)."""

    column: str
    key: str
    write: Callable[[float], str]
    better: str


def _digits(digits: int) -> Callable[[float], str]:
    return lambda value: number(value, digits)


def _signed_percent(value: float, digits: int = 1) -> str:
    """A difference of two rates in percentage points, signed: "+1.5%", "−2.5%"; "0.0%" for
    what rounds to zero (never "−0.0%")."""
    if round(100 * value, digits) == 0:
        return percent(0.0, digits)
    return ("+" if value > 0 else "") + percent(value, digits)


#: The sweep's measures drawn as heat maps. The spread is the Simulator's: the narrowest band of
#: ratings holding half the active players ("half within", the article's measure), by one name
#: on both pages; the interquartile range stays in the table and its downloads.
METRICS = (
    Metric("half_within", "simulator.half_within", _digits(0), "wider"),
    Metric("spearman", "designer.metric_spearman", _digits(3), "higher"),
    Metric("weekly_volatility", "designer.metric_volatility", _digits(1), "lower"),
    Metric("top_tenth_gap", "designer.metric_top_tenth", _signed_percent, "zero"),
    Metric("log_loss", "designer.metric_log_loss", _digits(4), "lower"),
    Metric("brier", "designer.metric_brier", _digits(4), "lower"),
)
#: The sweep table's fractions, shown as percentages.
FRACTIONS = ("top_tenth_expected", "top_tenth_actual", "top_tenth_gap")


def with_gap(table: pd.DataFrame) -> pd.DataFrame:
    """The sweep's table with ``top_tenth_gap``: the top tenth's actual win rate minus their
    expected score (the article's check: negative where they win less than the curve says)."""
    return table.assign(top_tenth_gap=table["top_tenth_actual"] - table["top_tenth_expected"])


def sweep_means(table: pd.DataFrame, metric: str) -> pd.DataFrame:
    """The metric averaged over seeds (and heavy-week variants), per divisor × K."""
    return with_gap(table).groupby(["divisor", "k"], as_index=False)[metric].mean()


#: Past this many divisors a heat map writes them in thousands ("1.2k"), level and unclipped.
SHORT_DIVISORS = 6


#: A wide grid's cells on a phone are some 28 px wide: their figures smaller, rates whole.
WIDE_TEXT: dict[str, Any] = {"fontSize": 9, "fontWeight": 600}


def _divisor_axis(count: int) -> alt.Axis:
    """The divisors written level (never turned upright); when many, in thousands ("1.2k") and
    a size smaller, every one of them (Vega would otherwise drop every other label)."""
    if count <= SHORT_DIVISORS:
        return alt.Axis(labelAngle=0)
    short = "datum.value >= 1000 ? format(datum.value / 1000, '.1~f') + 'k' : datum.label"
    return alt.Axis(labelAngle=0, labelExpr=short, labelOverlap=False, labelFontSize=10)


def heatmap(means: pd.DataFrame, metric: Metric, title: str) -> alt.LayerChart:
    """Divisor × K, the metric's mean over seeds written in each cell, the better cell the
    darker (:func:`ui.heatmaps.heat_stops`)."""
    values = means[metric.column]
    divisors = int(means["divisor"].nunique())
    wide = divisors > SHORT_DIVISORS
    write = metric.write
    if wide and metric.column in FRACTIONS:
        write = lambda v: _signed_percent(v, 0)  # noqa: E731
    better = "higher" if metric.better == "wider" else metric.better
    frame = means.assign(text=[write(v) for v in values], ink=heat_inks(values, better))
    base = alt.Chart(frame).encode(
        x=alt.X("divisor:O", title=t("designer.divisor"), axis=_divisor_axis(divisors)),
        y=alt.Y("k:O", title=t("designer.k"), sort="descending"),
    )
    # A rate's legend in percent, as its cells (three labels: five of "−14.5%" overlapped).
    legend = alt.Legend(format="+.1%", tickCount=3) if metric.column in FRACTIONS else alt.Legend()
    cells = base.mark_rect().encode(
        color=alt.Color(
            f"{metric.column}:Q", title=title, scale=heat_scale(values, better), legend=legend
        ),
        tooltip=[
            alt.Tooltip("divisor:O", title=t("designer.divisor")),
            alt.Tooltip("k:O", title=t("designer.k")),
            alt.Tooltip("text:N", title=title),
        ],
    )
    text = base.mark_text(**(WIDE_TEXT if wide else HEAT_TEXT)).encode(
        text="text:N", fill=alt.Fill("ink:N", scale=None, legend=None)
    )
    return style(alt.layer(cells, text))


def _cell(row: pd.Series, metric: Metric) -> dict[str, Any]:
    return {
        "divisor": number(float(row["divisor"])),
        "k": int(row["k"]),
        "value": metric.write(float(row[metric.column])),
    }


def heatmap_sentence(means: pd.DataFrame, metric: Metric, title: str) -> str:
    """Which way is better for the metric, its best cell and its worst."""
    values = means[metric.column]
    if metric.better == "zero":
        best, worst = values.abs().idxmin(), values.abs().idxmax()
    elif metric.better == "lower":
        best, worst = values.idxmin(), values.idxmax()
    else:
        best, worst = values.idxmax(), values.idxmin()
    first, last = _cell(means.loc[best], metric), _cell(means.loc[worst], metric)
    return t(
        f"designer.heat_{metric.better}",
        metric=title,
        best_divisor=first["divisor"],
        best_k=first["k"],
        best=first["value"],
        worst_divisor=last["divisor"],
        worst_k=last["k"],
        worst=last["value"],
    )


def sweep_table(table: pd.DataFrame) -> Table:
    """Every run of the sweep: rates as percentages, a missing heavy-week setting as a dash."""
    formats: dict[Hashable, Writer] = {}
    for column in table.columns:
        if column in FRACTIONS:
            formats[column] = percent
        elif column in ("log_loss", "brier"):
            formats[column] = _digits(4)
        elif column == "spearman":
            formats[column] = _digits(3)
        elif column in ("weekly_volatility", "iqr", "half_within", "spread"):
            formats[column] = _digits(1)
    return Table(table, formats)


def scores_table(scores: Mapping[str, Scores], labels: Mapping[str, str]) -> Table:
    """Games scored, log-loss, Brier, the top tenth's two rates: a row per measure and a column
    per rule set (``labels``: its name, a version such as "1.3.1"), as the simulator's summary;
    the CSV a row per rule set."""
    frame = pd.DataFrame(
        {
            "rules": list(scores),
            "games": [s.games for s in scores.values()],
            "log_loss": [s.log_loss for s in scores.values()],
            "brier": [s.brier for s in scores.values()],
            "top_expected": [s.top_tenth.expected for s in scores.values()],
            "top_actual": [s.top_tenth.actual for s in scores.values()],
        }
    )
    four = lambda v: number(v, 4)  # noqa: E731
    columns: dict[str, tuple[str, Callable[[Any], str]]] = {
        "games": (t("designer.games"), count),
        "log_loss": (t("designer.log_loss"), four),
        "brier": (t("designer.brier"), four),
        "top_expected": (t("designer.top_expected"), percent),
        "top_actual": (t("designer.top_actual"), percent),
    }
    return by_measure(frame, {name: labels.get(name, name) for name in scores}, columns)


def scores_sentence(scores: Mapping[str, Scores], labels: Mapping[str, str]) -> str:
    """Which rule set predicted the games best, against a coin toss; that every one predicted
    worse than a coin toss, where they did."""
    ranked = sorted(
        ((s.log_loss, name) for name, s in scores.items() if math.isfinite(s.log_loss)),
    )
    if not ranked:
        return t("designer.no_games")
    best_loss, best = ranked[0]
    worst_loss, worst = ranked[-1]
    # Worse than a coin toss, the "best" predicts nothing: none is named best.
    return t(
        "designer.scores_sentence" if best_loss < math.log(2) else "designer.scores_worse",
        best=labels.get(best, best),
        best_loss=number(best_loss, 4),
        worst=labels.get(worst, worst),
        worst_loss=number(worst_loss, 4),
        coin=number(math.log(2), 4),
        games=int(scores[best].games),
    )


def calibration_frame(scores: Mapping[str, Scores], labels: Mapping[str, str]) -> pd.DataFrame:
    """Every rule set's calibration rows, long, with its label."""
    parts = [
        s.calibration.assign(series=labels.get(name, name))
        for name, s in scores.items()
        if len(s.calibration)
    ]
    return pd.concat(parts, ignore_index=True) if parts else pd.DataFrame()


def calibration_chart(frame: pd.DataFrame) -> alt.LayerChart:
    """Expected (x) against actual (y) win rate of the favourite per bin, with the 95 %
    interval, and the diagonal a perfectly calibrated rule set would follow."""
    x = alt.X("expected:Q", title=t("designer.expected"), scale=alt.Scale(domain=[0.5, 1]))
    y_title = t("designer.actual")
    diagonal = (
        alt.Chart(pd.DataFrame({"expected": [0.5, 1.0], "actual": [0.5, 1.0]}))
        .mark_line(strokeDash=[4, 4], color=inks().text)
        .encode(x=x, y=alt.Y("actual:Q", title=y_title))
    )
    color = alt.Color("series:N", title=t("rules.label"))
    # A screen reader hears each bar as one sentence in the reader's language (Vega would
    # otherwise read the untitled end's column name, "high").
    described = frame.assign(
        description=[
            f"{t('rules.label')}: {series}; {t('designer.interval')}: {percent(a)}–{percent(b)}"
            for series, a, b in zip(frame["series"], frame["low"], frame["high"], strict=True)
        ]
    )
    bars = (
        alt.Chart(described)
        .mark_rule()
        .encode(
            x=x,
            description=alt.Description("description:N"),
            # Every layer titles the y axis alike, so that it reads one title (Vega-Lite joins
            # different ones: "Won, Won: 95 % interval, Won").
            y=alt.Y("low:Q", title=y_title),
            y2=alt.Y2("high:Q"),
            color=color,
        )
    )
    points = (
        alt.Chart(frame)
        .mark_point(filled=True, size=70)
        .encode(
            x=x,
            y=alt.Y("actual:Q", title=y_title, scale=alt.Scale(domain=[0, 1])),
            color=color,
            size=alt.Size("games:Q", title=t("designer.games"), legend=None),
            tooltip=[
                alt.Tooltip("series:N", title=t("rules.label")),
                alt.Tooltip("games:Q", title=t("designer.games")),
                alt.Tooltip("expected:Q", title=t("designer.expected"), format=".1%"),
                alt.Tooltip("actual:Q", title=y_title, format=".1%"),
            ],
        )
    )
    return style(alt.layer(diagonal, bars, points))


def calibration_table(scores: Scores) -> Table:
    """A row per band of the favourite's expected score: the band, the expected and the actual
    win rate and the actual's 95 % interval, under short headers that fit a phone (the caption
    above says what each is; the chart's points give each band's games)."""
    frame = scores.calibration
    band, interval = t("designer.col_band"), t("league.interval")
    start, end = t("explain.col_from"), t("explain.col_to")
    table = pd.DataFrame(
        {
            (band, start): frame["bin_from"].to_numpy(),
            (band, end): frame["bin_to"].to_numpy(),
            ("", t("designer.expected")): frame["expected"].to_numpy(),
            ("", t("designer.actual")): frame["actual"].to_numpy(),
            (interval, t("league.low")): frame["low"].to_numpy(),
            (interval, t("league.high")): frame["high"].to_numpy(),
        }
    )
    formats: dict[Hashable, Writer] = {column: percent for column in table.columns[2:]}
    formats |= {column: lambda v: percent(v, 0) for column in table.columns[:2]}
    return Table(table, formats)


def calibration_sentence(scores: Scores, label: str) -> str:
    """In how many bins the expected score lies inside the actual rate's 95 % interval."""
    frame = scores.calibration
    if frame.empty:
        return t("designer.no_games")
    inside = int(((frame["expected"] >= frame["low"]) & (frame["expected"] <= frame["high"])).sum())
    games = int(frame["games"].sum())
    expected = float((frame["expected"] * frame["games"]).sum() / games)
    actual = float((frame["actual"] * frame["games"]).sum() / games)
    return t(
        "designer.calibration_sentence",
        rules=label,
        inside=inside,
        bins=len(frame),
        games=games,
        expected=percent(expected),
        actual=percent(actual),
    )


def fit_chart(result: FitResult) -> alt.LayerChart:
    """Log-loss against the divisor, a line per K."""
    frame = result.candidates.assign(series=[f"K {k}" for k in result.candidates["k"]])
    chart = (
        alt.Chart(frame)
        .mark_line(point=True)
        .encode(
            # A divisor is written as the article writes it, ÷1200: no thousands mark.
            x=alt.X(
                "divisor:Q",
                title=t("designer.divisor"),
                scale=alt.Scale(type="log", nice=False, zero=False),
                axis=alt.Axis(format="~f"),
            ),
            y=alt.Y("log_loss:Q", title=t("designer.log_loss"), scale=alt.Scale(zero=False)),
            color=alt.Color("series:N", title="K"),
            tooltip=[
                alt.Tooltip("divisor:Q", title=t("designer.divisor"), format="~f"),
                alt.Tooltip("series:N", title="K"),
                alt.Tooltip("log_loss:Q", title=t("designer.log_loss"), format=".4f"),
            ],
        )
    )
    return style(alt.layer(chart))


def fitted_rules(result: FitResult) -> Rules:
    """The rule set the fit found best, as it replayed it: the candidate's divisor, K and
    heavy week (the base's threshold, its K scaled with K)."""
    row = result.candidates[
        (result.candidates["divisor"] == result.divisor) & (result.candidates["k"] == result.k)
    ].iloc[0]
    heavy_k = None if pd.isna(row["heavy_k"]) else int(row["heavy_k"])
    heavy_games = None if pd.isna(row["heavy_games"]) else int(row["heavy_games"])
    return Rules.custom(result.divisor, result.k, heavy_k=heavy_k, heavy_games=heavy_games)


def fit_sentence(result: FitResult, base_label: str, margin: Margin) -> str:
    """What the fit means, from its numbers (the core's sentence, in the reader's language):
    its margin over the base rule set paired game by game (``margin``: the base's per-game
    log-loss minus the fitted rule set's, :func:`~gammon_elo.calibrate.paired_margin`), whether
    that is clear, and that it was chosen on the games it is scored on; where even the best
    divisor predicts worse than a coin toss, that, and no divisor named best."""
    # Five decimals: a fitted divisor's margin is often under 0.0001 a game.
    se = number(margin.se, 5) if math.isfinite(margin.se) else NO_VALUE
    first = t(
        "designer.fit_best" if result.log_loss < math.log(2) else "designer.fit_worse",
        divisor=number(result.divisor, 0 if float(result.divisor).is_integer() else 1),
        k=result.k,
        games=margin.games,
        loss=number(result.log_loss, 4),
        gain=number(margin.mean, 5),
        se=se,
        base=base_label,
        base_loss=number(result.base_log_loss, 4),
        coin=number(math.log(2), 4),
        judgement=t("designer.verdict_clear" if margin.clear else "designer.verdict_unclear"),
    )
    first += " " + t("designer.fit_in_sample")
    # Interior: the search found its best inside the range; at an end, it may lie beyond.
    first += " " + t("designer.fit_edge" if result.at_edge else "designer.fit_interior")
    per_k = result.best_per_k
    if len(per_k) > 1:
        ratios = per_k["k_over_d"]
        key = (
            "designer.fit_ratio_only"
            if ratios.max() / ratios.min() < 1.5
            else "designer.fit_ratio_both"
        )
        first += " " + t(key, low=number(ratios.min(), 4), high=number(ratios.max(), 4))
    else:
        first += " " + t("designer.fit_ratio", ratio=number(result.k / result.divisor, 4))
    return first
