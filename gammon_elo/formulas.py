"""The rating equations of the article, one function each, computed the way the server's Go code
computes them: the same float64 operations in the same order, and Go's rounding
(``int(math.Round(x))``: halves away from zero, where Python's ``round`` goes to even).
Go's ``math.Pow`` differs from C's ``pow`` in the last bits, so where those bits could decide the
rounding the power is recomputed exactly as Go computes it (:mod:`gammon_elo._gomath`).

The article's code, for reference::

    expectedWinner := expectedScore(winnerELO, loserELO)
    Winner: int(math.Round(float64(winnerK) * (1 - expectedWinner) * coefficient))
    Loser:  int(math.Round(float64(loserK) * (0 - expectedLoser) * coefficient))
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from . import _checks
from ._errors import InvalidInput
from ._gomath import go_pow10
from .rules import CURRENT, Rules, get_rules

__all__ = [
    "Change",
    "ChangeSteps",
    "KChoice",
    "cube_multiplier",
    "expected_score",
    "explain_change",
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
    return _go_round(x)


def _go_round(x: float) -> int:
    whole = math.trunc(x)
    # x - trunc(x) is exact in binary floating point, so this compares the true fraction.
    if abs(x - whole) >= 0.5:
        whole += 1 if x > 0 else -1
    return int(whole)


def _power_of_ten(exponent: float) -> float:
    """10^exponent as Go's math.Pow returns it, +Inf past the float64 range instead of raising."""
    try:
        return math.pow(10.0, exponent)
    except OverflowError:
        return math.inf


def expected_score(rating: int, opponent: int, *, divisor: float = 1200) -> float:
    """E = 1 / (1 + 10^((opponent − rating) / divisor)) — Gammon42 1.3.1, Step 1.

    Within a few ulp of the server's float (C's pow, not Go's, for speed); the rounded changes
    of :func:`rating_change` are the server's exactly.

    >>> expected_score(1500, 1500)
    0.5
    >>> round(expected_score(1800, 1500), 3)  # favourite by 300: 64.0 %
    0.64
    """
    rating = _checks.rating("rating", rating)
    opponent = _checks.rating("opponent", opponent)
    divisor = _checks.positive("divisor", divisor)
    return _expected(rating, opponent, divisor)


def _expected(rating: int, opponent: int, divisor: float) -> float:
    # float64(opponentELO-playerELO)/Divisor: the difference is converted first, as in Go.
    return 1.0 / (1.0 + _power_of_ten(float(opponent - rating) / divisor))


def cube_multiplier(cube: int) -> float:
    """1 + log2(cube) / 6 — the cube's weight, 1.00 at cube 1 up to 2.00 at cube 64.

    >>> [round(cube_multiplier(c), 2) for c in (1, 2, 4, 8, 16, 32, 64)]
    [1.0, 1.17, 1.33, 1.5, 1.67, 1.83, 2.0]
    """
    cube = _checks.cube(cube)
    return _multiplier(cube)


#: How near a half-integer K × (1 − E) × multiplier must be, in units of K × multiplier, before
#: the last bits of 10^x can decide its rounding. Go's and C's 10^x differ by at most 8 ulp
#: (measured), which moves 1 − E by under 2^-45 and the product by under 2^-44 × K × multiplier:
#: 2^-30 leaves a wide margin and sends about one input in 10^8 to the exact (slower) path.
_TIE_MARGIN = 2.0**-30


def _near_tie(value: float, scale: float) -> bool:
    """Whether ``value`` lies within _TIE_MARGIN × scale of a half-integer."""
    return abs(abs(value) % 1.0 - 0.5) <= _TIE_MARGIN * scale


def _server_values(
    difference: int, divisor: float, winner_k: int, loser_k: int, multiplier: float
) -> tuple[float, float, float, float, float]:
    """CalculateChangeWithK's floats: 10^x, E_w, E_l and both changes before rounding.

    Computed with C's pow, then again with Go's Pow (bit for bit) when the change is so near a
    half-integer that their last-bit difference could round it the other way.
    """
    # float64(opponentELO-playerELO)/Divisor: the difference is converted first, as in Go.
    exponent = float(difference) / divisor
    values = _from_power(_power_of_ten(exponent), winner_k, loser_k, multiplier)
    if _near_tie(values[3], winner_k * multiplier) or _near_tie(values[4], loser_k * multiplier):
        values = _from_power(go_pow10(exponent), winner_k, loser_k, multiplier)
    return values


def _from_power(
    power: float, winner_k: int, loser_k: int, multiplier: float
) -> tuple[float, float, float, float, float]:
    expected_winner = 1.0 / (1.0 + power)
    expected_loser = 1 - expected_winner
    return (
        power,
        expected_winner,
        expected_loser,
        float(winner_k) * (1 - expected_winner) * multiplier,
        float(loser_k) * (0 - expected_loser) * multiplier,
    )


def _multiplier(cube: int) -> float:
    # log2 of a power of two is exact (Go's Log2 returns the exponent for these too).
    return 1 + (cube.bit_length() - 1) / 6


@dataclass(frozen=True, slots=True)
class KChoice:
    """Which K a player gets and why (Step 3)."""

    recent_games: int
    k: int
    heavy: bool
    #: The heavy-week threshold, or None where the rule set has none.
    threshold: int | None

    @property
    def reason(self) -> str:
        """The choice in words: ``60 ranked games in the last 7 days ≥ 50 → K = 16``."""
        if self.threshold is None:
            return f"no heavy-week rule in this rule set → K = {self.k}"
        sign = "≥" if self.heavy else "<"
        return (
            f"{self.recent_games} ranked games in the last 7 days {sign} {self.threshold}"
            f" → K = {self.k}"
        )


def k_choice(recent_ranked_games: int, *, rules: Rules | str = CURRENT) -> KChoice:
    """KFor(recentRankedGames) with its reason: heavy_k from heavy_games games on, else k."""
    rules = get_rules(rules)
    games = _checks.games("recent_ranked_games", recent_ranked_games)
    return _k_choice(games, rules)


def _k_choice(games: int, rules: Rules) -> KChoice:
    if rules.heavy_games is not None and rules.heavy_k is not None and games >= rules.heavy_games:
        return KChoice(games, rules.heavy_k, True, rules.heavy_games)
    return KChoice(games, rules.k, False, rules.heavy_games)


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


def explain_change(
    winner: int,
    loser: int,
    *,
    cube: int = 1,
    winner_recent_games: int = 0,
    loser_recent_games: int = 0,
    rules: Rules | str = CURRENT,
) -> ChangeSteps:
    """The server's CalculateChangeWithK, step by step.

    >>> steps = explain_change(1500, 1500, winner_recent_games=60, loser_recent_games=10)
    >>> steps.winner_k.reason
    '60 ranked games in the last 7 days ≥ 50 → K = 16'
    >>> steps.change
    Change(winner=8, loser=-16)
    """
    rules = get_rules(rules)
    winner = _checks.rating("winner", winner)
    loser = _checks.rating("loser", loser)
    cube = _checks.cube(cube)
    winner_k = _k_choice(_checks.games("winner_recent_games", winner_recent_games), rules)
    loser_k = _k_choice(_checks.games("loser_recent_games", loser_recent_games), rules)

    difference = loser - winner
    multiplier = _multiplier(cube)
    power, expected_winner, expected_loser, winner_unrounded, loser_unrounded = _server_values(
        difference, rules.divisor, winner_k.k, loser_k.k, multiplier
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
        change=Change(_go_round(winner_unrounded), _go_round(loser_unrounded)),
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
    rules = get_rules(rules)
    winner = _checks.rating("winner", winner)
    loser = _checks.rating("loser", loser)
    multiplier = _multiplier(_checks.cube(cube))
    winner_k = _k_choice(_checks.games("winner_recent_games", winner_recent_games), rules).k
    loser_k = _k_choice(_checks.games("loser_recent_games", loser_recent_games), rules).k
    *_, winner_unrounded, loser_unrounded = _server_values(
        loser - winner, rules.divisor, winner_k, loser_k, multiplier
    )
    return Change(_go_round(winner_unrounded), _go_round(loser_unrounded))
