"""FIBS's rating formula, which the article cites for comparison (FIBS's own help text).

For a match of length N between players D points apart, the underdog wins with
P = 1 / (10^(D·√N / 2000) + 1). The winner gains and the loser loses 4·K·√N·P, where P is the
upset probability if the favourite won and 1 − P if the underdog won, and each player's
K = max(1, 5 − experience / 100), experience being the sum of the match lengths they played.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from ._core import checks
from .rules import FIBS_DIVISOR

__all__ = ["FibsChange", "fibs_change", "fibs_k", "fibs_underdog_probability"]

#: Experience from which FIBS's K has fallen to its floor of 1.
EXPERIENCED = 400


def fibs_underdog_probability(difference: float, *, match_length: int = 1) -> float:
    """P = 1 / (10^(D·√N / 2000) + 1), D the favourite's lead — FIBS.

    >>> fibs_underdog_probability(0)
    0.5
    """
    difference = abs(checks.finite("difference", difference))
    n = checks.integer("match_length", match_length, low=1)
    try:
        power = math.pow(10.0, difference * math.sqrt(n) / FIBS_DIVISOR)
    except OverflowError:
        return 0.0
    return 1 / (power + 1)


def fibs_k(experience: int) -> float:
    """K = max(1, 5 − experience / 100) — FIBS.

    >>> fibs_k(0), fibs_k(250), fibs_k(1000)
    (5.0, 2.5, 1.0)
    """
    experience = checks.integer("experience", experience, low=0)
    return max(1.0, 5 - experience / 100)


@dataclass(frozen=True, slots=True)
class FibsChange:
    """FIBS's changes for one match: the winner's gain and the loser's loss (negative)."""

    winner: float
    loser: float
    #: The probability of the result that happened not happening: P or 1 − P.
    upset_probability: float


def fibs_change(
    winner: float,
    loser: float,
    *,
    match_length: int = 1,
    winner_experience: int = EXPERIENCED,
    loser_experience: int = EXPERIENCED,
) -> FibsChange:
    """±4·K·√N·P for winner and loser, each with their own K — FIBS.

    >>> fibs_change(1500, 1500)
    FibsChange(winner=2.0, loser=-2.0, upset_probability=0.5)
    """
    winner = checks.finite("winner", winner)
    loser = checks.finite("loser", loser)
    n = checks.integer("match_length", match_length, low=1)
    underdog_wins = fibs_underdog_probability(winner - loser, match_length=n)
    # The favourite won: the upset that did not happen had probability P; else 1 − P.
    p = underdog_wins if winner >= loser else 1 - underdog_wins
    scale = 4 * math.sqrt(n) * p
    return FibsChange(
        winner=fibs_k(winner_experience) * scale,
        loser=-fibs_k(loser_experience) * scale,
        upset_probability=p,
    )
