"""Kept for one release; use :mod:`gammon_elo.player.break_even`."""

from .player.break_even import (
    MAX_CLIMB,
    break_even_win_rate,
    games_to_target,
)

__all__ = [
    "MAX_CLIMB",
    "break_even_win_rate",
    "games_to_target",
]
