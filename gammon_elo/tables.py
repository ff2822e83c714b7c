"""Kept for one release; use :mod:`gammon_elo.article`."""

from .article import (
    CHANGE_DIFFERENCES,
    EXPECTED_DIFFERENCES,
    HEAVY_DIFFERENCES,
    change_table,
    cube_table,
    divisor_table,
    expected_curves,
    expected_curves_frame,
    expected_table,
    heat_map_frame,
    heavy_week_table,
    points_frame,
)

__all__ = [
    "CHANGE_DIFFERENCES",
    "EXPECTED_DIFFERENCES",
    "HEAVY_DIFFERENCES",
    "change_table",
    "cube_table",
    "divisor_table",
    "expected_curves",
    "expected_curves_frame",
    "expected_table",
    "heat_map_frame",
    "heavy_week_table",
    "points_frame",
]
