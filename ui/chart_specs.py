"""The Vega-Lite side of the charts: the inks of the theme the reader sees, the one style every
chart is drawn in, and the spec of a :func:`ui.charts.hover_lines` chart, built by Altair once a
shape and kept (``SPECS``), its data named (``LINES`` …) for the chart to fill."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Literal, NamedTuple

import altair as alt
import pandas as pd
import streamlit as st

from .i18n import decimal_comma


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


#: Shapes of chart kept: each page's few, in each language.
SPECS = 64


@st.cache_data(max_entries=SPECS, show_spinner=False)
def hover_spec(
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
