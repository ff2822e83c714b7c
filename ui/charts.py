"""Chart builders: each returns an ``alt.Chart`` in the app's one style; pages only show them.
Titles, axes and tooltips come in already translated."""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any, Literal, NamedTuple

import altair as alt
import numpy as np
import pandas as pd
import streamlit as st

from .i18n import decimal_comma
from .params import Where


class Inks(NamedTuple):
    """What a chart draws with in the reader's theme, from ``.streamlit/config.toml``'s
    ``[theme.light]`` or ``[theme.dark]``: a colour per series (``chartCategoricalColors``), the
    ink of its text and guides (``grayTextColor``), and the page's background."""

    series: list[str]
    text: str
    background: str


def inks() -> Inks:
    """The colours of the theme the reader sees (``st.context.theme.type``: an embed's
    ``embed_options``, or the reader's own setting; light when the browser has not said)."""
    variant = "dark" if st.context.theme.type == "dark" else "light"

    def option(name: str) -> Any:
        value = st.get_option(f"theme.{variant}.{name}")
        if value is None:
            raise RuntimeError(
                f"theme.{variant}.{name} is not set: Streamlit reads .streamlit/config.toml"
                " from the folder it is started in (the project's)"
            )
        return value

    return Inks(
        series=list(option("chartCategoricalColors")),
        text=str(option("grayTextColor")),
        background=str(option("backgroundColor")),
    )


@dataclass(frozen=True)
class Figure:
    """A chart as Streamlit draws it: a Vega-Lite spec that names its data, and that data.

    The spec is built by Altair once for every chart of its shape (:func:`_hover_spec`), so a
    rerun that moves the numbers only computes the data; and the browser, finding the spec
    unchanged, replaces only the data that changed rather than drawing the chart anew."""

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


#: A chart's height, axes and legend included (Streamlit fits the whole chart to it).
HEIGHT = 340


def style(chart: alt.Chart | alt.LayerChart) -> alt.LayerChart:
    # Room at the top for the y title written above the axis (Vega's bounds leave a few pixels
    # of its letters outside the drawing, where the browser clips them). No background of its
    # own: the page's, or an embedding article's, shows through as it does around the chart.
    styled = chart.properties(
        height=HEIGHT,
        padding={"top": 14, "left": 5, "right": 5, "bottom": 5},
        background="transparent",
    )
    if decimal_comma():
        # Axes and tooltips as the Greek article writes numbers: 64,0%, and a count 2.000 where
        # its format groups it (",d"); a rating's axis says "d", 1500 in either language.
        # (configure() replaces the whole config, so it comes before the other configure_*.)
        styled = styled.configure(locale=_GREEK_NUMBERS)
    ink = inks()
    configured: alt.LayerChart = (
        # Every colour from the reader's theme: the series' lines (a scale without a range of
        # its own takes this one), the guides' rules and the text.
        styled.configure_range(category=ink.series)
        .configure_rule(color=ink.text)
        .configure_axis(grid=True, gridOpacity=0.35, labelColor=ink.text, titleColor=ink.text)
        # The y title level, above the axis: a phone's chart is wider than it is tall, and a
        # title written up the axis was cut at its top ("Typical weekly change (sd, points").
        .configure_axisY(**Y_TITLE_ABOVE)
        .configure_legend(
            orient="bottom",
            title=None,
            labelColor=ink.text,
            titleColor=ink.text,
            # Names are never cut short ("FIBS ÷20…"): labels and titles as long as they are,
            # two a row (a phone's 390 px hold two).
            labelLimit=0,
            titleLimit=0,
            columns=2,
            symbolType="stroke",
            # As strong as the line it names (Vega draws legend symbols at 0.7).
            symbolOpacity=1,
        )
    )
    return configured


#: A y axis's title written level, left-aligned above the axis's top end.
Y_TITLE_ABOVE: dict[str, Any] = {
    "titleAngle": 0,
    "titleAnchor": "end",
    "titleAlign": "left",
    "titleBaseline": "bottom",
    "titleX": 0,
    "titleY": -8,
    "titleLimit": 0,
}


_GREEK_NUMBERS = {
    "number": {"decimal": ",", "thousands": ".", "grouping": [3], "currency": ["", " €"]}
}


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


def _tooltip(
    x: str, x_title: str, x_format: str, order: list[str], y_format: str
) -> list[alt.Tooltip]:
    """The pointer's one tooltip: the ``x`` there, then every series' value at it."""
    tooltip = [alt.Tooltip(f"{x}:Q", title=x_title, format=x_format or "")]
    return tooltip + [
        alt.Tooltip(f"s{i}:Q", title=name, format=y_format or "") for i, name in enumerate(order)
    ]


#: The names a :func:`hover_lines` spec gives its data: the long frame, one row per ``x`` for the
#: pointer, the marker's ``x``, and at the marker one row of every series' value and a dot each.
LINES, POINTER, MARKER, GAP, GAP_DOTS = "lines", "pointer", "marker", "gap", "gap_dots"


@dataclass(frozen=True)
class _Shared:
    """What the layers of one :func:`hover_lines` chart share, so that they line up: the
    fields, the series in their order, the x encoding, the y scale and the one tooltip."""

    x: str
    y: str
    series: str
    order: list[str]
    x_enc: alt.X
    y_scale: alt.Scale
    tooltip: list[alt.Tooltip]

    def color(self, **legend: Any) -> alt.Color:
        """A series' colour, the same on its line and on its dots."""
        scale = alt.Scale(domain=self.order)
        return alt.Color(f"{self.series}:N", sort=self.order, scale=scale, **legend)

    def y_enc(self) -> alt.Y:
        return alt.Y(f"{self.y}:Q", scale=self.y_scale)


def _named(name: str) -> alt.Chart:
    return alt.Chart(alt.NamedData(name))


def _series_lines(
    shared: _Shared,
    *,
    y_title: str,
    y_format: str,
    series_title: str,
    interpolate: str,
    legend_columns: int | None,
) -> alt.Chart:
    """The lines themselves, a colour per series and a legend under them."""
    y_axis = alt.Axis(format=y_format) if y_format else alt.Axis()
    legend = alt.Legend(columns=legend_columns) if legend_columns else alt.Legend()
    return (
        _named(LINES)
        .mark_line(strokeWidth=2.5, interpolate=interpolate)
        .encode(
            x=shared.x_enc,
            y=alt.Y(f"{shared.y}:Q", title=y_title, scale=shared.y_scale, axis=y_axis),
            color=shared.color(title=series_title, legend=legend),
        )
    )


def _pointer_layers(shared: _Shared) -> tuple[alt.Chart, alt.Chart]:
    """The vertical rule that snaps to the nearest ``x``, with the tooltip, and the dots it
    lights on each line."""
    nearest = alt.selection_point(
        nearest=True, on="pointerover", clear="pointerout", fields=[shared.x], empty=False
    )
    rule = (
        _named(POINTER)
        # Decorative for a screen reader (the lines and their data table say it all), and an
        # empty group of marks without a name is an axe violation.
        .mark_rule(strokeWidth=1, aria=False)
        .encode(
            x=shared.x_enc,
            opacity=alt.condition(nearest, alt.value(0.6), alt.value(0)),
            tooltip=shared.tooltip,
        )
        .add_params(nearest)
    )
    dots = (
        _named(LINES)
        .mark_point(filled=True, size=50, aria=False)
        .encode(x=shared.x_enc, y=shared.y_enc(), color=shared.color())
        .transform_filter(nearest)
    )
    return rule, dots


def _guides(
    x: str, y: str, x_title: str, y_title: str, *, marker: bool, zero_line: bool
) -> list[alt.Chart]:
    """A grey rule at ``y`` = 0 and a dashed one at the marker's ``x``, each when asked for."""
    layers: list[alt.Chart] = []
    if zero_line:
        layers.append(
            alt.Chart(pd.DataFrame({y: [0]})).mark_rule().encode(y=alt.Y(f"{y}:Q", title=y_title))
        )
    if marker:
        layers.append(
            _named(MARKER)
            .mark_rule(strokeDash=[4, 4])
            # Titled, so that a screen reader's description of the rule is in the page's
            # language (Vega describes a mark by its fields' titles).
            .encode(x=alt.X(f"{x}:Q", title=x_title))
        )
    return layers


def _gap_marks(shared: _Shared) -> list[alt.Chart]:
    """At the marker: a dashed rule and a dot on each line, each with the one tooltip that
    lists every series' value there."""
    # Out of a screen reader's way, as the pointer's layers: the sentence beside the chart and
    # its table say the same values, in the page's language.
    rule = (
        _named(GAP)
        .mark_rule(strokeDash=[4, 4], strokeWidth=2, aria=False)
        .encode(x=shared.x_enc, tooltip=shared.tooltip)
    )
    points = (
        _named(GAP_DOTS)
        # Ringed in the page's colour, so that each dot stands apart from its line.
        .mark_point(
            filled=True, size=110, opacity=1, stroke=inks().background, strokeWidth=1.5, aria=False
        )
        .encode(x=shared.x_enc, y=shared.y_enc(), color=shared.color(), tooltip=shared.tooltip)
    )
    return [rule, points]


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
    spec = _hover_spec(
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


#: Shapes of chart kept: each page's few, in each language.
SPECS = 64


@st.cache_data(max_entries=SPECS, show_spinner=False)
def _hover_spec(
    *,
    x: str,
    y: str,
    series: str,
    order: tuple[str, ...],
    x_title: str,
    y_title: str,
    series_title: str,
    y_format: str,
    x_format: str,
    y_domain: tuple[float, float] | None,
    y_zero: bool,
    interpolate: str,
    marker: Literal["guide", "gap"] | None,
    zero_line: bool,
    legend_columns: int | None,
    height: int,
    greek: bool,
    ink: Inks,
) -> dict[str, Any]:
    """The Vega-Lite spec of a :func:`hover_lines` chart of this shape, its data named (``LINES``
    …), built by Altair once a shape: building and checking its layers costs several times
    what the rest of a page's rerun does. Every input of the spec is an argument, the
    language's decimal mark (``greek``) and the theme's colours (``ink``), both read by
    :func:`style`, included.

    The spec is top-level as Streamlit makes it from an Altair chart, without Altair's default
    theme (Streamlit draws charts in its own)."""
    del greek, ink  # keys of the cache: style() reads the language and the theme itself
    x_axis = alt.Axis(format=x_format, tickMinStep=1, tickCount=10) if x_format else alt.Axis()
    shared = _Shared(
        x=x,
        y=y,
        series=series,
        order=list(order),
        x_enc=alt.X(f"{x}:Q", title=x_title, axis=x_axis),
        y_scale=alt.Scale(domain=list(y_domain)) if y_domain else alt.Scale(zero=y_zero, nice=True),
        tooltip=_tooltip(x, x_title, x_format, list(order), y_format),
    )
    lines = _series_lines(
        shared,
        y_title=y_title,
        y_format=y_format,
        series_title=series_title,
        interpolate=interpolate,
        legend_columns=legend_columns,
    )
    rule, dots = _pointer_layers(shared)
    guides = _guides(x, y, x_title, y_title, marker=marker == "guide", zero_line=zero_line)
    layers = [lines, *guides, dots, rule, *(_gap_marks(shared) if marker == "gap" else [])]
    chart = style(alt.layer(*layers))
    if height != HEIGHT:
        chart = chart.properties(height=height)
    # Not top-level to Altair, which would add its default theme; the constant data (the zero
    # line's) lands in ``datasets``.
    datasets: dict[str, Any] = {}
    spec = chart.to_dict(context={"top_level": False, "datasets": datasets})
    return {"$schema": alt.SCHEMA_URL, **spec, "datasets": datasets}


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
