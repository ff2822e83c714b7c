"""Kept for one release; use :mod:`gammon_elo.player.performance`."""

from .player.performance import (
    RESULTS,
    Performance,
    parse_results,
    performance_rating,
)

__all__ = [
    "RESULTS",
    "Performance",
    "parse_results",
    "performance_rating",
]
