"""The pointer's table of a hover chart (``ui.charts``): one row per x, a column per series, which
the tooltip reads wherever the reader points. Expected tables written out by hand."""

from __future__ import annotations

import math

import pandas as pd

from ui.charts import _series_columns


def test_a_row_per_x_and_a_column_per_series_in_the_order_they_first_appear() -> None:
    long = pd.DataFrame(
        {
            "game": [3, 1, 1, 2, 3, 2, 1, 4],
            "player": ["b.2", "b.2", "a[1]", "a[1]", "a[1]", "b.2", "b.2", "c"],
            "rating": [1530.0, 1510.0, 1490.0, 1480.0, 1470.0, math.nan, 1999.0, math.nan],
        }
    )
    wide, order = _series_columns(long, "game", "rating", "player")
    # b.2 appears first. At game 1 its first value counts (1510, not the later 1999); at game 2
    # it has no value (NaN row left out). c has no value at all: no column, and game 4 no row.
    assert order == ["b.2", "a[1]"]
    assert list(wide.columns) == ["game", "s0", "s1"]
    assert wide["game"].tolist() == [1, 2, 3]
    assert wide["s0"].tolist()[0::2] == [1510.0, 1530.0] and math.isnan(wide["s0"][1])
    assert wide["s1"].tolist() == [1490.0, 1480.0, 1470.0]
