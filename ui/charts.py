"""Chart builders: each returns an ``alt.Chart`` in the app's one style; pages only show them.
Titles, axes and tooltips come in already translated."""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

import altair as alt
import numpy as np
import pandas as pd
import streamlit as st

from .chart_specs import GAP, GAP_DOTS, HEIGHT, LINES, MARKER, POINTER, hover_spec, inks, style
from .i18n import decimal_comma
from .params import Where


@dataclass(frozen=True)
class Figure:
    """A chart as Streamlit draws it: a Vega-Lite spec that names its data, and that data.

    The spec is built by Altair once for every chart of its shape
    (:func:`ui.chart_specs.hover_spec`), so a rerun that moves the numbers only computes the
    data; and the browser, finding the spec unchanged, replaces only the data that changed
    rather than drawing the chart anew."""

    spec: dict[str, Any]
    data: dict[str, pd.DataFrame]


#: What :func:`show` draws: an Altair chart, or a :class:`Figure`.
Chart = alt.TopLevelMixin | Figure


def show(where: Where, chart: Chart, *, title: str, alt_text: str) -> None:
    """A chart under its title, with its accessible description.

    The title is page text, not Vega's: Streamlit sized some charts a title's height too short
    and clipped Vega titles at the top. The browser writes ``alt_text`` into the chart's spec,
    so an alt text that changes with the inputs makes every rerun draw the chart anew (every
    mark, axis and hover layer) rather than give it its new data: a chart on a page that reruns
    as the reader types says in its alt text what it shows, and the numbers stay in the text
    beside it.
    """
    where.markdown(f"**{title}**")
    if isinstance(chart, Figure):
        datasets = {**chart.spec.get("datasets", {}), **chart.data}
        where.vega_lite_chart(spec={**chart.spec, "datasets": datasets}, alt=alt_text)
    else:
        where.altair_chart(chart, alt=alt_text)


def beside(
    chart: Chart,
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


#: No chart draws more lines than this at once (more tangle): pages split or let the reader pick.
MAX_LINES = 6


def _series_columns(
    frame: pd.DataFrame, x: str, y: str, series: str
) -> tuple[pd.DataFrame, list[str]]:
    """The long frame pivoted to one row per ``x`` (ascending) and a column per series (in the
    order they first appear), the columns named s0, s1 … (series names hold dots and brackets,
    which Vega would read as field paths). A series' first value at an ``x`` counts; rows
    without a value are left out, and a series' missing ``x`` are NaN.

    Built with NumPy rather than ``pivot_table``, which costs several times more: a page with
    a chart builds this on each rerun."""
    columns, names = pd.factorize(frame[series])
    kept = (columns >= 0) & frame[x].notna().to_numpy() & frame[y].notna().to_numpy()
    xs, rows = np.unique(frame[x].to_numpy()[kept], return_inverse=True)
    columns, values = columns[kept], frame[y].to_numpy(dtype=float)[kept]
    # Each (x, series) once, its first row; a series with no value at all has no column.
    _, first = np.unique(rows * len(names) + columns, return_index=True)
    wide = np.full((len(xs), len(names)), np.nan)
    wide[rows[first], columns[first]] = values[first]
    shown = np.unique(columns)
    table = pd.DataFrame(wide[:, shown], columns=[f"s{i}" for i in range(len(shown))])
    table.insert(0, x, xs)
    return table, [names[i] for i in shown]


def _gap_data(
    x: str, y: str, series: str, order: list[str], marker: float, values: Mapping[str, float]
) -> dict[str, pd.DataFrame]:
    """The marker's data: one row of every series' value (``values``, by series name) at
    ``x`` = ``marker``, and a dot a series."""
    wide = pd.DataFrame({x: [marker], **{f"s{i}": [values[name]] for i, name in enumerate(order)}})
    dots = pd.DataFrame({series: order, y: [values[name] for name in order]}).merge(
        wide, how="cross"
    )
    return {GAP: wide, GAP_DOTS: dots}


def hover_lines(
    frame: pd.DataFrame,
    *,
    x: str,
    y: str,
    series: str,
    x_title: str,
    y_title: str,
    series_title: str,
    y_format: str = "",
    x_format: str = "",
    y_domain: tuple[float, float] | None = None,
    y_zero: bool = False,
    interpolate: str = "linear",
    marker: float | None = None,
    marked: Mapping[str, float] | None = None,
    zero_line: bool = False,
    legend_columns: int | None = None,
    height: int = HEIGHT,
) -> Figure:
    """Lines, one per series, read by pointing: anywhere over the plot a vertical rule snaps to the
    nearest ``x`` and one tooltip gives every series' value there (Vega-Lite's nearest-point
    selection on a pivoted rule layer). ``marker`` draws a dashed rule at that ``x``; with
    ``marked`` (each series' value at the marker) a dot on each line too, and pointing at the
    rule or a dot lists them all."""
    wide, order = _series_columns(frame, x, y, series)
    spec = hover_spec(
        x=x,
        y=y,
        series=series,
        order=tuple(order),
        x_title=x_title,
        y_title=y_title,
        series_title=series_title,
        y_format=y_format,
        x_format=x_format,
        y_domain=y_domain,
        y_zero=y_zero,
        interpolate=interpolate,
        marker=None if marker is None else ("gap" if marked is not None else "guide"),
        zero_line=zero_line,
        legend_columns=legend_columns,
        height=height,
        greek=decimal_comma(),
        ink=inks(),
    )
    data = {LINES: frame, POINTER: wide}
    if marker is not None and marked is None:
        data[MARKER] = pd.DataFrame({x: [marker]})
    elif marker is not None and marked is not None:
        data |= _gap_data(x, y, series, order, marker, marked)
    return Figure(spec, data)


def expected_curves(
    frame: pd.DataFrame,
    *,
    difference: int,
    x_title: str,
    y_title: str,
    series_title: str,
    marked: Mapping[str, float] | None = None,
) -> Figure:
    """Expected score against rating difference, one line per series, a rule at ``difference``
    (and, with ``marked``, each series' expected score there as a dot on its line).

    ``frame`` has columns difference, series, expected.
    """
    return hover_lines(
        frame,
        x="difference",
        y="expected",
        series="series",
        x_title=x_title,
        y_title=y_title,
        series_title=series_title,
        y_format=".1%",
        x_format="d",
        y_domain=(0, 1),
        marker=difference,
        marked=marked,
    )


def points(
    frame: pd.DataFrame,
    *,
    difference: int,
    x_title: str,
    y_title: str,
    series_title: str,
) -> Figure:
    """Points for one outcome (a win, or a loss) against rating difference, a line per series.

    ``frame`` has columns difference, series, points.
    """
    return hover_lines(
        frame,
        x="difference",
        y="points",
        series="series",
        x_title=x_title,
        y_title=y_title,
        series_title=series_title,
        x_format="d",
        y_format="d",
        interpolate="step-after",
        marker=difference,
        zero_line=True,
    )


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
) -> Figure:
    """A multi-series line chart over whole-number ``x`` (weeks, games), read by pointing."""
    return hover_lines(
        frame,
        x=x,
        y=y,
        series=series,
        x_title=x_title,
        y_title=y_title,
        series_title=series_title,
        y_format=y_format or "",
        x_format="d",
    )


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
            color=alt.Color(
                f"{series}:N",
                title=series_title,
                legend=alt.Legend(symbolType="square"),
            ),
            tooltip=[
                alt.Tooltip(f"{series}:N", title=series_title),
                alt.Tooltip(f"{x}:N", title=x_title),
                alt.Tooltip(f"{y}:Q", title=y_title, format=".1f"),
            ],
        )
    )
    return style(alt.layer(chart))


def nice_step(span: float, bins: int = 40) -> float:
    """A round bin width (1, 2, 2.5 or 5 × a power of ten) giving about ``bins`` bins over
    ``span``: bins and ticks then fall on round numbers (1,150 and 1,200, not 1,160 and 1,320)."""
    if span <= 0:
        return 1.0
    raw = span / bins
    power = 10.0 ** math.floor(math.log10(raw))
    return next(m * power for m in (1, 2, 2.5, 5, 10) if m * power >= raw)


def binned(frame: pd.DataFrame, *, value: str, series: str) -> pd.DataFrame:
    """Counts of ``value`` in round-width bins, per series (every bin of the common range, zeros
    included), as columns bin (the bin's lower edge), series, count."""
    low, high = float(frame[value].min()), float(frame[value].max())
    step = nice_step(high - low)
    start = math.floor(low / step) * step
    edges = [start + i * step for i in range(int((high - start) // step) + 2)]
    out = []
    for name, block in frame.groupby(series, sort=False):
        counts = pd.cut(block[value], edges, right=False).value_counts(sort=False)
        out.append(pd.DataFrame({"bin": edges[:-1], series: name, "count": counts.to_numpy()}))
    return pd.concat(out, ignore_index=True)


def histogram(
    frame: pd.DataFrame,
    *,
    value: str,
    series: str,
    x_title: str,
    y_title: str,
    series_title: str,
) -> Figure:
    """Overlaid step histograms of ``value``, one per series, on round-number bins."""
    return hover_lines(
        binned(frame, value=value, series=series),
        x="bin",
        y="count",
        series=series,
        x_title=x_title,
        y_title=y_title,
        series_title=series_title,
        x_format="d",
        y_format="d",
        y_zero=True,
        interpolate="step-after",
    )


def trajectories(
    frame: pd.DataFrame,
    *,
    x_title: str,
    y_title: str,
    player_title: str,
    y_domain: tuple[float, float],
) -> Figure:
    """Each chosen player's rating after each of their games under one rule set, a line per
    player; ``y_domain`` shared by the rule sets' charts, so that they compare at a glance.

    ``frame`` has columns player, game, rating. Names are data, drawn as text by Vega.
    """
    return hover_lines(
        frame,
        x="game",
        y="rating",
        series="player",
        x_title=x_title,
        y_title=y_title,
        series_title=player_title,
        x_format="d",
        y_format="d",
        y_domain=y_domain,
        # Three names a row, under the plot: a phone's 390 px hold three short ones.
        legend_columns=3,
        height=TRAJECTORY_HEIGHT,
    )


#: A rating trajectory's height, axes and legend included (Streamlit fits the whole chart to
#: it): a plot of some 230 px over two rows of names, one chart a rule set, one under another.
TRAJECTORY_HEIGHT = 400
