"""Kept for one release; use :mod:`gammon_elo.player.game`."""

from .player.game import (
    Ending,
    Game,
    GameType,
    Notice,
    Outcome,
    PlayerOutcome,
    WhatIf,
    podium_prize,
    rate_game,
    what_if,
)

__all__ = [
    "Ending",
    "Game",
    "GameType",
    "Notice",
    "Outcome",
    "PlayerOutcome",
    "WhatIf",
    "podium_prize",
    "rate_game",
    "what_if",
]
