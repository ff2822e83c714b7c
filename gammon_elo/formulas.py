"""The rating equations of the article, one function each, computed the way the server's Go code
computes them: the same float64 operations in the same order, and Go's rounding
(``int(math.Round(x))``: halves away from zero, where Python's ``round`` goes to even).
Go's ``math.Pow`` differs from C's ``pow`` in the last bits, so where those bits could decide the
rounding the power is recomputed exactly as Go computes it (:mod:`gammon_elo._core.gomath`).

The article's code, for reference::

    expectedWinner := expectedScore(winnerELO, loserELO)
    Winner: int(math.Round(float64(winnerK) * (1 - expectedWinner) * coefficient))
    Loser:  int(math.Round(float64(loserK) * (0 - expectedLoser) * coefficient))
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from ._core import checks, scalar
from ._core.errors import InvalidInput
from ._core.scalar import KChoice
from .rules import CURRENT, Rules, get_rules

__all__ = [
    "Change",
    "ChangeSteps",
    "KChoice",
    "change_steps",
    "cube_multiplier",
    "expected_score",
    "go_round",
    "k_choice",
    "k_factor",
    "rating_change",
]


def go_round(x: float) -> int:
    """int(math.Round(x)) in Go: to the nearest integer, halves away from zero.

    >>> go_round(0.5), go_round(-0.5), go_round(2.5), round(2.5)
    (1, -1, 3, 2)
    >>> go_round(0.49999999999999994)  # floor(x + 0.5) would say 1
    0
    """
    if isinstance(x, bool) or not isinstance(x, (int, float)) or not math.isfinite(x):
        # Go's int() of NaN or ±Inf is undefined; no change of a valid game is ever one.
        raise InvalidInput("x", x, "must be a finite number")
    if isinstance(x, int):
        return x  # already whole (float(x) could lose digits past 2**53)
    return scalar.round_half_away(x)


def expected_score(rating: int, opponent: int, *, divisor: float = CURRENT.divisor) -> float:
    """E = 1 / (1 + 10^((opponent − rating) / divisor)) — Gammon42 1.3.1, Step 1.

    Within a few ulp of the server's float (C's pow, not Go's, for speed); the rounded changes
    of :func:`rating_change` are the server's exactly.

    >>> expected_score(1500, 1500)
    0.5
    >>> round(expected_score(1800, 1500, divisor=1200), 3)  # favourite by 300: 64.0 %
    0.64
    """
    rating = checks.rating("rating", rating)
    opponent = checks.rating("opponent", opponent)
    divisor = checks.positive("divisor", divisor)
    return scalar.expected(rating, opponent, divisor)


def cube_multiplier(cube: int) -> float:
    """1 + log2(cube) / 6 — the cube's weight, 1.00 at cube 1 up to 2.00 at cube 64.

    >>> [round(cube_multiplier(c), 2) for c in (1, 2, 4, 8, 16, 32, 64)]
    [1.0, 1.17, 1.33, 1.5, 1.67, 1.83, 2.0]
    """
    cube = checks.cube(cube)
    return scalar.multiplier(cube)


def k_choice(recent_ranked_games: int, *, rules: Rules | str = CURRENT) -> KChoice:
    """KFor(recentRankedGames) with its reason: heavy_k from heavy_games games on, else k."""
    rules = get_rules(rules)
    games = checks.games("recent_ranked_games", recent_ranked_games)
    return scalar.choose_k(games, rules)


def k_factor(recent_ranked_games: int, *, rules: Rules | str = CURRENT) -> int:
    """K = 16 with 50 or more ranked games in the 7 days before the game, else 32 — Step 3.

    >>> k_factor(49), k_factor(50), k_factor(300, rules="1.2.0")
    (32, 16, 32)
    """
    return k_choice(recent_ranked_games, rules=rules).k


@dataclass(frozen=True, slots=True)
class Change:
    """The rounded changes of one ranked game, as the server's ``Change`` struct."""

    winner: int
    loser: int


@dataclass(frozen=True, slots=True)
class ChangeSteps:
    """Every intermediate value of the article's Steps 1–3 for one ranked game."""

    winner_rating: int
    loser_rating: int
    divisor: float
    #: loser − winner: the numerator of the winner's exponent.
    difference: int
    #: difference / divisor.
    exponent: float
    #: 10^exponent.
    power: float
    expected_winner: float
    #: 1 − expected_winner, as the server computes it.
    expected_loser: float
    winner_k: KChoice
    loser_k: KChoice
    cube: int
    cube_multiplier: float
    #: K_w × (1 − E_w) × multiplier, before rounding.
    winner_unrounded: float
    #: K_l × (0 − E_l) × multiplier, before rounding.
    loser_unrounded: float
    change: Change


def _checked_game(
    winner: int,
    loser: int,
    cube: int,
    winner_recent_games: int,
    loser_recent_games: int,
    rules: Rules | str,
) -> tuple[Rules, int, int, int, KChoice, KChoice]:
    """One game's arguments checked, in the order they are named, and both players' K."""
    rules = get_rules(rules)
    winner = checks.rating("winner", winner)
    loser = checks.rating("loser", loser)
    cube = checks.cube(cube)
    winner_k = scalar.choose_k(checks.games("winner_recent_games", winner_recent_games), rules)
    loser_k = scalar.choose_k(checks.games("loser_recent_games", loser_recent_games), rules)
    return rules, winner, loser, cube, winner_k, loser_k


def change_steps(
    winner: int,
    loser: int,
    *,
    cube: int = 1,
    winner_recent_games: int = 0,
    loser_recent_games: int = 0,
    rules: Rules | str = CURRENT,
) -> ChangeSteps:
    """The server's CalculateChangeWithK, step by step.

    >>> steps = change_steps(1500, 1500, winner_recent_games=60, loser_recent_games=10)
    >>> steps.winner_k.reason
    '60 ranked games in the last 7 days ≥ 50 → K = 16'
    >>> steps.change
    Change(winner=8, loser=-16)
    """
    rules, winner, loser, cube, winner_k, loser_k = _checked_game(
        winner, loser, cube, winner_recent_games, loser_recent_games, rules
    )

    difference = loser - winner
    multiplier = scalar.multiplier(cube)
    power, expected_winner, expected_loser, winner_unrounded, loser_unrounded = (
        scalar.server_values(difference, rules.divisor, winner_k.k, loser_k.k, multiplier)
    )
    return ChangeSteps(
        winner_rating=winner,
        loser_rating=loser,
        divisor=rules.divisor,
        difference=difference,
        exponent=float(difference) / rules.divisor,
        power=power,
        expected_winner=expected_winner,
        expected_loser=expected_loser,
        winner_k=winner_k,
        loser_k=loser_k,
        cube=cube,
        cube_multiplier=multiplier,
        winner_unrounded=winner_unrounded,
        loser_unrounded=loser_unrounded,
        change=Change(
            scalar.round_half_away(winner_unrounded), scalar.round_half_away(loser_unrounded)
        ),
    )


def rating_change(
    winner: int,
    loser: int,
    *,
    cube: int = 1,
    winner_recent_games: int = 0,
    loser_recent_games: int = 0,
    rules: Rules | str = CURRENT,
) -> Change:
    """round(K × (result − E) × (1 + log2(cube) / 6)) for winner and loser, each with their own K.

    >>> rating_change(1500, 1500)
    Change(winner=16, loser=-16)
    >>> rating_change(1800, 1500, rules="1.0.5")  # favourite by 300 under ÷400
    Change(winner=5, loser=-5)
    """
    rules, winner, loser, cube, winner_k, loser_k = _checked_game(
        winner, loser, cube, winner_recent_games, loser_recent_games, rules
    )
    multiplier = scalar.multiplier(cube)
    *_, winner_unrounded, loser_unrounded = scalar.server_values(
        loser - winner, rules.divisor, winner_k.k, loser_k.k, multiplier
    )
    return Change(scalar.round_half_away(winner_unrounded), scalar.round_half_away(loser_unrounded))
