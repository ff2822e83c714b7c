"""The exact scalar arithmetic behind :mod:`gammon_elo.formulas`, without argument checks: the
expected score, the cube multiplier, the server's floats of one change (C's pow, then Go's Pow
where the last bits could decide a half), Go's rounding and the K choice. The public functions
check their arguments and call these; the array twins (:mod:`.arrays`) call them for the games
whose rounding is too close to call.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Protocol

from .gomath import go_pow10

__all__ = [
    "TIE_MARGIN",
    "KChoice",
    "KRules",
    "choose_k",
    "expected",
    "multiplier",
    "near_tie",
    "power_of_ten",
    "round_half_away",
    "server_values",
]

#: How near a half-integer K × (1 − E) × multiplier must be, in units of K × multiplier, before
#: the last bits of 10^x can decide its rounding. Go's and C's 10^x differ only in their last few
#: bits (:mod:`gammon_elo._core.gomath`), which move the product by some 2^-44 × K × multiplier:
#: 2^-30 is thousands of times wider, so no tie Go's bits decide slips past it, and still so
#: narrow that only a rare input takes the exact (slower) path.
TIE_MARGIN = 2.0**-30


def round_half_away(x: float) -> int:
    """Go's int(math.Round(x)) of a finite float: trunc, then ±1 where the fraction is ≥ 0.5."""
    whole = math.trunc(x)
    # x - trunc(x) is exact in binary floating point, so this compares the true fraction.
    if abs(x - whole) >= 0.5:
        whole += 1 if x > 0 else -1
    return int(whole)


def power_of_ten(exponent: float) -> float:
    """10^exponent as Go's math.Pow returns it, +Inf past the float64 range instead of raising."""
    try:
        return math.pow(10.0, exponent)
    except OverflowError:
        return math.inf


def expected(rating: int, opponent: int, divisor: float) -> float:
    """E = 1 / (1 + 10^((opponent − rating) / divisor)), arguments already checked."""
    # float64(opponentELO-playerELO)/Divisor: the difference is converted first, as in Go.
    return 1.0 / (1.0 + power_of_ten(float(opponent - rating) / divisor))


def multiplier(cube: int) -> float:
    """1 + log2(cube) / 6 for a cube already checked to be a power of two."""
    # log2 of a power of two is exact (Go's Log2 returns the exponent for these too).
    return 1 + (cube.bit_length() - 1) / 6


def near_tie(value: float, scale: float) -> bool:
    """Whether ``value`` lies within TIE_MARGIN × scale of a half-integer."""
    return abs(abs(value) % 1.0 - 0.5) <= TIE_MARGIN * scale


def server_values(
    difference: int, divisor: float, winner_k: int, loser_k: int, multiplier: float
) -> tuple[float, float, float, float, float]:
    """CalculateChangeWithK's floats: 10^x, E_w, E_l and both changes before rounding.

    Computed with C's pow, then again with Go's Pow (bit for bit) when the change is so near a
    half-integer that their last-bit difference could round it the other way.
    """
    # float64(opponentELO-playerELO)/Divisor: the difference is converted first, as in Go.
    exponent = float(difference) / divisor
    values = _from_power(power_of_ten(exponent), winner_k, loser_k, multiplier)
    if near_tie(values[3], winner_k * multiplier) or near_tie(values[4], loser_k * multiplier):
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


class KRules(Protocol):
    """What the K choice reads from a rule set (:class:`~gammon_elo.Rules` has it)."""

    @property
    def k(self) -> int: ...
    @property
    def heavy_k(self) -> int | None: ...
    @property
    def heavy_games(self) -> int | None: ...


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


def choose_k(games: int, rules: KRules) -> KChoice:
    """KFor(recentRankedGames) of a count already checked: heavy_k from heavy_games games on."""
    if rules.heavy_games is not None and rules.heavy_k is not None and games >= rules.heavy_games:
        return KChoice(games, rules.heavy_k, True, rules.heavy_games)
    return KChoice(games, rules.k, False, rules.heavy_games)
