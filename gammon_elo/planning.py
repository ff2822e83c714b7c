"""Kept for one release; use :mod:`gammon_elo.player.planner`."""

from .player.planner import (
    CUBE_MIX,
    HOLD_OPPONENTS,
    MAX_CELLS,
    MAX_GAMES,
    MAX_PATHS,
    Cubes,
    HoldRow,
    Plan,
    hold_table,
    plan,
    recent_games,
    settling_rating,
)

__all__ = [
    "CUBE_MIX",
    "HOLD_OPPONENTS",
    "MAX_CELLS",
    "MAX_GAMES",
    "MAX_PATHS",
    "Cubes",
    "HoldRow",
    "Plan",
    "hold_table",
    "plan",
    "recent_games",
    "settling_rating",
]
