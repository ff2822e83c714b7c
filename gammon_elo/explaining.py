"""Kept for one release; use :mod:`gammon_elo.player.explain`."""

from .player.explain import (
    CUBE_LIKELIHOOD,
    HEAVY_LIKELIHOOD,
    NEAREST,
    Explained,
    Explanation,
    Other,
    explain_result,
)
from .player.explain import WinOrLoss as Outcome

__all__ = [
    "CUBE_LIKELIHOOD",
    "HEAVY_LIKELIHOOD",
    "NEAREST",
    "Explained",
    "Explanation",
    "Other",
    "Outcome",
    "explain_result",
]
