"""Heat maps: a grid of cells coloured on one ramp, the darker cell the better one on every map
(the ramp reversed for a measure where lower is better), each cell's number written in the ink
that reads on it (black or white, by WCAG 2's contrast), in the charts' one style."""

from __future__ import annotations

from typing import Any

import altair as alt
import pandas as pd

from .chart_specs import style


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
    frame = frame.assign(ink=heat_inks(frame["change"]))
    base = alt.Chart(frame).encode(
        x=alt.X("difference:O", title=x_title, axis=alt.Axis(labelAngle=0)),
        y=alt.Y("cube:O", title=y_title, sort="descending"),
    )
    cells = base.mark_rect().encode(
        color=alt.Color("change:Q", title=value_title, scale=heat_scale(frame["change"])),
        tooltip=[
            alt.Tooltip("difference:O", title=x_title),
            alt.Tooltip("cube:O", title=y_title),
            alt.Tooltip("change:Q", title=value_title),
        ],
    )
    # The numbers repeat the cells' values, which screen readers already hear with their titles
    # (the ink's column name would be read too): the text layer stays out of the reading.
    text = base.mark_text(**HEAT_TEXT, aria=False).encode(
        text=alt.Text("change:Q", title=value_title),
        fill=alt.Fill("ink:N", scale=None, legend=None),
    )
    return style(alt.layer(cells, text))


#: A heat map's colour ramp, from its worst value to its best (a gold to a crimson, as Vega's
#: "goldred"): the darker cell is the better one on every map. Interpolated in RGB, so that each
#: cell's colour is known here.
HEAT_RAMP = ("#f4d06f", "#a3122f")
#: Which way a heat map's measure is better: ``higher``, ``lower``, or ``zero`` (closer to zero).
BETTER = ("higher", "lower", "zero")
#: The numbers written in a heat map's cells: large enough to read on a phone.
HEAT_TEXT: dict[str, Any] = {"fontSize": 13, "fontWeight": 600}


def heat_stops(values: pd.Series, better: str = "higher") -> tuple[list[float], list[str]]:
    """The ramp over exactly the values' range (no rounding out), its best value the darkest:
    the domain's stops and their colours. Closer to zero is better: where the values lie on
    both sides of zero, the ramp runs light, dark at zero, light again, alike either side."""
    if better not in BETTER:
        raise ValueError(f"better must be one of {', '.join(BETTER)}, got {better!r}")
    low, high = float(values.min()), float(values.max())
    light, dark = HEAT_RAMP
    if better == "zero":
        if low < 0 < high:
            reach = max(-low, high)
            return [-reach, 0.0, reach], [light, dark, light]
        better = "lower" if low >= 0 else "higher"
    return [low, high], [light, dark] if better == "higher" else [dark, light]


def heat_scale(values: pd.Series, better: str = "higher") -> alt.Scale:
    """The ramp of :func:`heat_stops` as Vega draws it (and :func:`heat_colour` reads it)."""
    domain, colours = heat_stops(values, better)
    return alt.Scale(domain=domain, range=colours, interpolate="rgb", nice=False)


def _luminance(rgb: tuple[float, float, float]) -> float:
    """WCAG 2's relative luminance of an sRGB colour (channels 0–255)."""
    linear = [c / 255 / 12.92 if c <= 10.31 else ((c / 255 + 0.055) / 1.055) ** 2.4 for c in rgb]
    return 0.2126 * linear[0] + 0.7152 * linear[1] + 0.0722 * linear[2]


def contrast(first: float, second: float) -> float:
    """WCAG 2's contrast ratio of two relative luminances (1 to 21)."""
    light, dark = max(first, second), min(first, second)
    return (light + 0.05) / (dark + 0.05)


def _rgb(colour: str) -> tuple[int, int, int]:
    return (int(colour[1:3], 16), int(colour[3:5], 16), int(colour[5:7], 16))


def heat_colour(
    value: float, domain: list[float], colours: list[str]
) -> tuple[float, float, float]:
    """The cell colour a piecewise-linear RGB scale over ``domain`` and ``colours`` gives
    ``value`` (:func:`heat_stops`), as Vega's does: a stretch of no width reads its middle."""
    at = next((i for i in range(1, len(domain) - 1) if value < domain[i]), len(domain) - 1)
    first, last = domain[at - 1], domain[at]
    share = 0.5 if first == last else min(1.0, max(0.0, (value - first) / (last - first)))
    (r0, g0, b0), (r1, g1, b1) = _rgb(colours[at - 1]), _rgb(colours[at])
    return (r0 + (r1 - r0) * share, g0 + (g1 - g0) * share, b0 + (b1 - b0) * share)


def heat_inks(values: pd.Series, better: str = "higher") -> list[str]:
    """Black or white for each cell's number, whichever contrasts more with the cell (one of
    them is always at least 4.58 : 1, WCAG AA's 4.5 : 1)."""
    domain, colours = heat_stops(values, better)
    inks = []
    for value in values:
        cell = _luminance(heat_colour(float(value), domain, colours))
        inks.append("#000000" if contrast(cell, 0.0) >= contrast(cell, 1.0) else "#ffffff")
    return inks
