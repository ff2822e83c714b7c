"""Kept for one release; use :mod:`gammon_elo.sweep.gather`."""

from .gather import (
    RESULT_COLUMNS,
    sweep,
)

__all__ = [
    "RESULT_COLUMNS",
    "sweep",
]
