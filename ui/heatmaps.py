"""Heat maps: a grid of cells coloured on one ramp, each cell's number written in the ink that
reads on it (black or white, by WCAG 2's contrast), in the charts' one style."""

from __future__ import annotations

from typing import Any

import altair as alt
import pandas as pd

from .charts import style


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


#: A heat map's colour ramp, from its lowest value to its highest (a gold to a crimson, as
#: Vega's "goldred"), interpolated in RGB so that each cell's colour is known here.
HEAT_RAMP = ("#f4d06f", "#a3122f")
#: The numbers written in a heat map's cells: large enough to read on a phone.
HEAT_TEXT: dict[str, Any] = {"fontSize": 13, "fontWeight": 600}


def heat_scale(values: pd.Series) -> alt.Scale:
    """The ramp over exactly the values' range (no rounding out), as :func:`heat_inks` reads it."""
    low, high = float(values.min()), float(values.max())
    return alt.Scale(domain=[low, high], range=list(HEAT_RAMP), interpolate="rgb", nice=False)


def _luminance(rgb: tuple[float, float, float]) -> float:
    """WCAG 2's relative luminance of an sRGB colour (channels 0–255)."""
    linear = [c / 255 / 12.92 if c <= 10.31 else ((c / 255 + 0.055) / 1.055) ** 2.4 for c in rgb]
    return 0.2126 * linear[0] + 0.7152 * linear[1] + 0.0722 * linear[2]


def contrast(first: float, second: float) -> float:
    """WCAG 2's contrast ratio of two relative luminances (1 to 21)."""
    light, dark = max(first, second), min(first, second)
    return (light + 0.05) / (dark + 0.05)


def heat_colour(value: float, low: float, high: float) -> tuple[float, float, float]:
    """The cell colour :func:`heat_scale` gives ``value``."""
    share = 0.0 if high == low else (value - low) / (high - low)
    ends = [tuple(int(c[i : i + 2], 16) for i in (1, 3, 5)) for c in HEAT_RAMP]
    (r0, g0, b0), (r1, g1, b1) = ends
    return (r0 + (r1 - r0) * share, g0 + (g1 - g0) * share, b0 + (b1 - b0) * share)


def heat_inks(values: pd.Series) -> list[str]:
    """Black or white for each cell's number, whichever contrasts more with the cell (one of
    them is always at least 4.58 : 1, WCAG AA's 4.5 : 1)."""
    low, high = float(values.min()), float(values.max())
    inks = []
    for value in values:
        cell = _luminance(heat_colour(float(value), low, high))
        inks.append("#000000" if contrast(cell, 0.0) >= contrast(cell, 1.0) else "#ffffff")
    return inks
