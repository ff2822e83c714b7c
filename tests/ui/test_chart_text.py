"""Chart text a reader can read: heat-map numbers in black or white by their cell's colour, at
WCAG AA's 4.5 : 1 or more; axis and legend titles never cut short; one y title on a layered
chart."""

from __future__ import annotations

import pandas as pd
import pytest

from ui import heatmaps
from ui.lab import designer


def test_contrast_matches_wcag_for_black_and_white() -> None:
    # WCAG 2: white on black is 21 : 1; #767676 on white is the classic 4.54 : 1.
    assert heatmaps.contrast(1.0, 0.0) == pytest.approx(21.0)
    grey = heatmaps._luminance((0x76, 0x76, 0x76))
    assert heatmaps.contrast(1.0, grey) == pytest.approx(4.54, abs=0.01)


def test_every_heat_map_number_reads_at_4_5_to_1_or_more() -> None:
    values = pd.Series(range(8, 33))  # K 32's changes, the Tables page's heat map
    inks = heatmaps.heat_inks(values)
    for value, ink in zip(values, inks, strict=True):
        cell = heatmaps._luminance(heatmaps.heat_colour(value, [8, 32], list(heatmaps.HEAT_RAMP)))
        text = 0.0 if ink == "#000000" else 1.0
        assert heatmaps.contrast(cell, text) >= 4.5, (value, ink)
    # Black on the gold end, white on the crimson end (dark on crimson was about 3 : 1).
    assert (inks[0], inks[-1]) == ("#000000", "#ffffff")


def test_the_calibration_chart_has_one_y_title_and_titles_are_never_cut() -> None:
    frame = pd.DataFrame(
        {
            "expected": [0.6, 0.8],
            "actual": [0.58, 0.77],
            "low": [0.5, 0.7],
            "high": [0.66, 0.84],
            "games": [100, 80],
            "series": ["1.3.1 (÷1200)"] * 2,
        }
    )
    spec = designer.calibration_chart(frame).to_dict()
    y_titles = {layer["encoding"]["y"].get("title") for layer in spec["layer"]}
    assert y_titles == {"Won"}  # each layer alike: Vega-Lite then writes it once
    assert spec["config"]["legend"]["titleLimit"] == 0
    assert spec["config"]["axisY"]["titleLimit"] == 0
    assert spec["config"]["axisY"]["titleAngle"] == 0  # level, above the axis
