"""Kept for one release; use :mod:`gammon_elo.replay.api`."""

from .api import SPREAD_COLUMNS, compare_rules, replay

__all__ = ["SPREAD_COLUMNS", "compare_rules", "replay"]
