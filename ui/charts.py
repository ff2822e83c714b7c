"""Chart builders: each returns an ``alt.Chart`` in the app's one style; pages only show them.
Titles, axes and tooltips come in already translated."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import altair as alt
import pandas as pd
import streamlit as st
from streamlit.delta_generator import DeltaGenerator

from .i18n import decimal_comma

#: A backgammon board's colours: dark and light points, the felt, the cube's ivory.
PALETTE = ["#7b2d26", "#1f5f5b", "#c8963e", "#4a4e69", "#9a8c98", "#22333b"]
#: Axis and legend text. Streamlit's chart theme draws it in #808495, 3.5 : 1 on the app's
#: background; this grey is 6.0 : 1 (WCAG AA asks 4.5 : 1 for text this small).
LABEL_INK = "#5c5f6a"


def show(where: DeltaGenerator, chart: alt.LayerChart, *, title: str, alt_text: str) -> None:
    """A chart under its title, with its accessible description.

    The title is page text, not Vega's: Streamlit sized some charts a title's height too short
    and clipped Vega titles at the top.
    """
    where.markdown(f"**{title}**")
    where.altair_chart(chart, alt=alt_text)


def beside(
    chart: alt.LayerChart,
    *,
    title: str,
    alt_text: str,
    table_title: str,
    table: Callable[[], object],
) -> None:
    """A chart and, to its right, the numbers it draws: ``table`` draws them under their title."""
    chart_col, table_col = st.columns([3, 2])
    show(chart_col, chart, title=title, alt_text=alt_text)
    with table_col:
        st.markdown(f"**{table_title}**")
        table()


def _style(chart: alt.Chart | alt.LayerChart) -> alt.LayerChart:
    styled = chart.properties(height=340)
    if decimal_comma():
        # Axes and tooltips as the Greek article writes numbers: 64,0% and no thousands mark.
        # (configure() replaces the whole config, so it comes before the other configure_*.)
        styled = styled.configure(locale=_GREEK_NUMBERS)
    return styled.configure_axis(
        grid=True, gridOpacity=0.35, labelColor=LABEL_INK, titleColor=LABEL_INK
    ).configure_legend(orient="bottom", title=None, labelColor=LABEL_INK, titleColor=LABEL_INK)


_GREEK_NUMBERS = {
    "number": {"decimal": ",", "thousands": "", "grouping": [3], "currency": ["", " €"]}
}


def expected_curves(
    frame: pd.DataFrame,
    *,
    difference: int,
    x_title: str,
    y_title: str,
    series_title: str,
) -> alt.LayerChart:
    """Expected score against rating difference, one line per series, a rule at ``difference``.

    ``frame`` has columns difference, series, expected.
    """
    order = list(dict.fromkeys(frame["series"]))
    color = alt.Color("series:N", sort=order, scale=alt.Scale(range=PALETTE), title=series_title)
    lines = (
        alt.Chart(frame)
        .mark_line(strokeWidth=2.5)
        .encode(
            x=alt.X("difference:Q", title=x_title),
            y=alt.Y(
                "expected:Q",
                title=y_title,
                axis=alt.Axis(format="%"),
                scale=alt.Scale(domain=[0, 1]),
            ),
            color=color,
            tooltip=[
                alt.Tooltip("series:N", title=series_title),
                alt.Tooltip("difference:Q", title=x_title),
                alt.Tooltip("expected:Q", title=y_title, format=".1%"),
            ],
        )
    )
    rule = (
        alt.Chart(pd.DataFrame({"difference": [difference]}))
        .mark_rule(color="#333", strokeDash=[4, 4])
        # Titled, so that a screen reader's description of the rule is in the page's language
        # (Vega describes a mark by its fields' titles, here "difference: 300" untitled).
        .encode(x=alt.X("difference:Q", title=x_title))
    )
    return _style(alt.layer(lines, rule))


def points(
    frame: pd.DataFrame,
    *,
    difference: int,
    x_title: str,
    y_title: str,
    series_title: str,
    outcome_title: str,
) -> alt.LayerChart:
    """Points for a win and for a loss against rating difference, colour = series, dash = outcome.

    ``frame`` has columns difference, series, outcome, points.
    """
    order = list(dict.fromkeys(frame["series"]))
    lines = (
        alt.Chart(frame)
        .mark_line(strokeWidth=2, interpolate="step-after")
        .encode(
            x=alt.X("difference:Q", title=x_title),
            y=alt.Y("points:Q", title=y_title),
            color=alt.Color(
                "series:N", sort=order, scale=alt.Scale(range=PALETTE), title=series_title
            ),
            strokeDash=alt.StrokeDash(
                "outcome:N", title=outcome_title, legend=alt.Legend(orient="top", title=None)
            ),
            tooltip=[
                alt.Tooltip("series:N", title=series_title),
                alt.Tooltip("outcome:N", title=outcome_title),
                alt.Tooltip("difference:Q", title=x_title),
                alt.Tooltip("points:Q", title=y_title),
            ],
        )
    )
    zero = (
        alt.Chart(pd.DataFrame({"points": [0]}))
        .mark_rule(color="#999")
        .encode(y=alt.Y("points:Q", title=y_title))
    )
    rule = (
        alt.Chart(pd.DataFrame({"difference": [difference]}))
        .mark_rule(color="#333", strokeDash=[4, 4])
        .encode(x=alt.X("difference:Q", title=x_title))
    )
    return _style(alt.layer(lines, zero, rule))


def heatmap(
    frame: pd.DataFrame,
    *,
    x_title: str,
    y_title: str,
    value_title: str,
) -> alt.LayerChart:
    """A rating-difference × cube heat map of the change, the value written in each cell.

    ``frame`` has columns difference, cube, change.
    """
    base = alt.Chart(frame).encode(
        x=alt.X("difference:O", title=x_title),
        y=alt.Y("cube:O", title=y_title, sort="descending"),
    )
    cells = base.mark_rect().encode(
        color=alt.Color("change:Q", title=value_title, scale=alt.Scale(scheme="goldred")),
        tooltip=[
            alt.Tooltip("difference:O", title=x_title),
            alt.Tooltip("cube:O", title=y_title),
            alt.Tooltip("change:Q", title=value_title),
        ],
    )
    text = base.mark_text(fontSize=11).encode(
        text=alt.Text("change:Q", title=value_title), color=alt.value("#111")
    )
    return _style(alt.layer(cells, text))


def lines(
    frame: pd.DataFrame,
    *,
    x: str,
    y: str,
    series: str,
    x_title: str,
    y_title: str,
    series_title: str,
    y_format: str | None = None,
) -> alt.LayerChart:
    """A plain multi-series line chart (history trajectories, simulator time series)."""
    axis = alt.Axis(format=y_format) if y_format else alt.Axis()
    chart = (
        alt.Chart(frame)
        .mark_line(strokeWidth=2)
        .encode(
            x=alt.X(f"{x}:Q", title=x_title),
            y=alt.Y(f"{y}:Q", title=y_title, axis=axis, scale=alt.Scale(zero=False)),
            color=alt.Color(f"{series}:N", scale=alt.Scale(range=PALETTE), title=series_title),
            tooltip=[
                alt.Tooltip(f"{series}:N", title=series_title),
                alt.Tooltip(f"{x}:Q", title=x_title),
                alt.Tooltip(f"{y}:Q", title=y_title, format=y_format or ""),
            ],
        )
    )
    return _style(alt.layer(chart))


def bars(
    frame: pd.DataFrame,
    *,
    x: str,
    y: str,
    series: str,
    x_title: str,
    y_title: str,
    series_title: str,
    x_order: list[str] | None = None,
) -> alt.LayerChart:
    """Grouped bars: one group per ``x`` category, one bar per series."""
    chart = (
        alt.Chart(frame)
        .mark_bar()
        .encode(
            x=alt.X(f"{x}:N", title=x_title, sort=x_order, axis=alt.Axis(labelAngle=0)),
            xOffset=alt.XOffset(f"{series}:N", title=series_title),
            y=alt.Y(f"{y}:Q", title=y_title),
            color=alt.Color(f"{series}:N", scale=alt.Scale(range=PALETTE), title=series_title),
            tooltip=[
                alt.Tooltip(f"{series}:N", title=series_title),
                alt.Tooltip(f"{x}:N", title=x_title),
                alt.Tooltip(f"{y}:Q", title=y_title, format=".1f"),
            ],
        )
    )
    return _style(alt.layer(chart))


def histogram(
    frame: pd.DataFrame,
    *,
    value: str,
    series: str,
    x_title: str,
    y_title: str,
    series_title: str,
) -> alt.LayerChart:
    """Overlaid step histograms of ``value``, one per series."""
    chart = (
        alt.Chart(frame)
        .mark_line(interpolate="step", strokeWidth=2)
        .encode(
            x=alt.X(f"{value}:Q", bin=alt.Bin(maxbins=60), title=x_title),
            y=alt.Y("count():Q", title=y_title),
            color=alt.Color(f"{series}:N", scale=alt.Scale(range=PALETTE), title=series_title),
            tooltip=[
                alt.Tooltip(f"{series}:N", title=series_title),
                alt.Tooltip(f"{value}:Q", bin=alt.Bin(maxbins=60), title=x_title),
                alt.Tooltip("count():Q", title=y_title),
            ],
        )
    )
    return _style(alt.layer(chart))


def trajectories(
    frame: pd.DataFrame,
    *,
    x_title: str,
    y_title: str,
    player_title: str,
    rules_title: str,
    tooltip_titles: dict[str, str],
) -> alt.LayerChart:
    """Each player's rating after each of their games: colour = player, dash = rule set.

    ``frame`` has the columns of ``gammon_elo.replay.trajectories`` plus ``series`` (the rule
    set's display name). Names are data, drawn as text by Vega, never as HTML.
    """
    dashed = frame["series"].nunique() > 1
    encoding: dict[str, Any] = {
        "x": alt.X("game:Q", title=x_title),
        "y": alt.Y("rating:Q", title=y_title, scale=alt.Scale(zero=False)),
        "color": alt.Color("player:N", scale=alt.Scale(range=PALETTE), title=player_title),
        "detail": "series:N",
        "tooltip": [
            alt.Tooltip(f"{column}:N", title=title) for column, title in tooltip_titles.items()
        ],
    }
    if dashed:
        encoding["strokeDash"] = alt.StrokeDash("series:N", title=rules_title)
    chart = alt.Chart(frame).mark_line(strokeWidth=2, point=False).encode(**encoding)
    return _style(alt.layer(chart))
