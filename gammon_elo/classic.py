"""The classic Elo calculator (the second seed): two ratings or two teams, a result from A's
side with draws, a K factor with presets, divisor 400 by default; no rounding (the caller's).

    Expected A = 1 / (1 + 10^((B − A) / 400))
    New A = A + K × (score A − expected A)
"""

from __future__ import annotations

import math
import numbers
from collections.abc import Sequence
from dataclasses import dataclass

from . import _checks
from ._errors import InvalidInput

__all__ = [
    "CLASSIC_DIVISOR",
    "K_PRESETS",
    "ClassicResult",
    "KPreset",
    "classic_update",
    "team_rating",
]

#: Chess's divisor, the classic calculator's default.
CLASSIC_DIVISOR = 400

#: The results a classic game can have, from A's side.
SCORES = (0.0, 0.5, 1.0)


@dataclass(frozen=True, slots=True)
class KPreset:
    """A K factor and who it suits, from the classic calculator's guidance table."""

    k: int
    for_whom: str
    effect: str


K_PRESETS: tuple[KPreset, ...] = (
    KPreset(40, "new / provisional players", "ratings find their level quickly"),
    KPreset(32, "most amateur play", "balanced response"),
    KPreset(20, "most amateur play", "balanced response"),
    KPreset(16, "masters / established ratings", "stable, changes slowly"),
    KPreset(10, "masters / established ratings", "stable, changes slowly"),
)


@dataclass(frozen=True, slots=True)
class ClassicResult:
    """Both expected scores and both new ratings, unrounded."""

    rating_a: float
    rating_b: float
    expected_a: float
    expected_b: float
    new_a: float
    new_b: float

    @property
    def change_a(self) -> float:
        return self.new_a - self.rating_a

    @property
    def change_b(self) -> float:
        return self.new_b - self.rating_b


def team_rating(ratings: float | Sequence[float], field: str = "rating") -> float:
    """A player's rating, or a team's: the average of its players' ratings.

    >>> team_rating([1500, 1600])
    1550.0
    """
    if isinstance(ratings, (str, bytes)):
        raise InvalidInput(field, ratings, "must be a number or a list of numbers")
    if isinstance(ratings, Sequence):
        if len(ratings) == 0:
            raise InvalidInput(field, ratings, "must name at least one player's rating")
        values = [_checks.finite(f"{field}[{i}]", r) for i, r in enumerate(ratings)]
        return math.fsum(values) / len(values)
    return _checks.finite(field, ratings)


def classic_update(
    rating_a: float | Sequence[float],
    rating_b: float | Sequence[float],
    score_a: float,
    *,
    k: float = 32,
    divisor: float = CLASSIC_DIVISOR,
) -> ClassicResult:
    """New A = A + K × (score A − expected A), and the same for B.

    >>> r = classic_update(1500, 1600, 1)  # the seed's surprise win
    >>> round(r.expected_a, 2), round(r.new_a - 1500, 2)
    (0.36, 20.48)
    """
    a = team_rating(rating_a, "rating_a")
    b = team_rating(rating_b, "rating_b")
    if (
        isinstance(score_a, bool)
        or not isinstance(score_a, numbers.Real)
        or float(score_a) not in SCORES
    ):
        raise InvalidInput("score_a", score_a, "must be 1 (win), 0.5 (draw) or 0 (loss)")
    score = float(score_a)
    k_value = _checks.finite("k", k)
    if k_value <= 0:
        raise InvalidInput("k", k, "must be a positive number")
    divisor = _checks.positive("divisor", divisor)
    try:
        power = math.pow(10.0, (b - a) / divisor)
    except OverflowError:
        power = math.inf
    expected_a = 1 / (1 + power)
    expected_b = 1 - expected_a
    return ClassicResult(
        rating_a=a,
        rating_b=b,
        expected_a=expected_a,
        expected_b=expected_b,
        new_a=a + k_value * (score - expected_a),
        new_b=b + k_value * ((1 - score) - expected_b),
    )
