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

from ._core import checks
from ._core.errors import InvalidInput

__all__ = [
    "CLASSIC_DIVISOR",
    "K_GUIDANCE",
    "K_PRESETS",
    "ClassicResult",
    "KGuidance",
    "KPreset",
    "TeamResult",
    "classic_team_update",
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
class KGuidance:
    """A row of the seed's "Choosing K" table: a range of K, who it suits, what it does."""

    low: int
    high: int
    for_whom: str
    effect: str


#: The seed's table as it prints it: three rows, K 40, 20–32 and 10–16 (the presets above are
#: the values a reader picks; this is the advice, one row per kind of player).
K_GUIDANCE: tuple[KGuidance, ...] = (
    KGuidance(40, 40, "new / provisional players", "ratings find their level quickly"),
    KGuidance(20, 32, "most amateur play", "balanced response"),
    KGuidance(10, 16, "masters / established ratings", "stable, changes slowly"),
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
        values = [checks.finite(f"{field}[{i}]", r) for i, r in enumerate(ratings)]
        return math.fsum(values) / len(values)
    return checks.finite(field, ratings)


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
    k_value = checks.finite("k", k)
    if k_value <= 0:
        raise InvalidInput("k", k, "must be a positive number")
    divisor = checks.positive("divisor", divisor)
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


@dataclass(frozen=True, slots=True)
class TeamResult:
    """A team game: the teams' result (each team rated as one player at its players' average)
    and every member's new rating, in the order given."""

    teams: ClassicResult
    new_a: tuple[float, ...]
    new_b: tuple[float, ...]


def _members(ratings: float | Sequence[float], field: str) -> tuple[float, ...]:
    if isinstance(ratings, Sequence) and not isinstance(ratings, (str, bytes)):
        return tuple(checks.finite(f"{field}[{i}]", r) for i, r in enumerate(ratings))
    return (checks.finite(field, ratings),)


def classic_team_update(
    team_a: float | Sequence[float],
    team_b: float | Sequence[float],
    score_a: float,
    *,
    k: float = 32,
    divisor: float = CLASSIC_DIVISOR,
) -> TeamResult:
    """Each member's new rating after a team game.

    The seed rates a team "as a whole, or by averaging its players' ratings": the team plays as
    one player at its average rating, and its change K × (score − expected) goes to every member
    in full. So the team's new average is exactly the team's new rating, and the next game
    starts where this one ended; each member keeps their own distance from the team's average.
    (Splitting the change among the members would make a team of four move a quarter as much as
    a single player for the same surprise.)

    >>> r = classic_team_update([1400, 1600], [1600], 1)  # a 1500 team beats 1600
    >>> [round(x, 2) for x in r.new_a], [round(x, 2) for x in r.new_b]
    ([1420.48, 1620.48], [1579.52])
    """
    result = classic_update(team_a, team_b, score_a, k=k, divisor=divisor)
    members_a = _members(team_a, "rating_a")
    members_b = _members(team_b, "rating_b")
    return TeamResult(
        teams=result,
        new_a=tuple(r + result.change_a for r in members_a),
        new_b=tuple(r + result.change_b for r in members_b),
    )
