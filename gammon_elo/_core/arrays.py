"""The array twins of :mod:`.scalar`, shared by the history replay, the simulator and the
Planner: the winner's expected score and the cube multiplier over arrays, and both changes of
many games at once (the server's float operations in its order, Go's rounding, and the scalar
path wherever the last bits of 10^x could decide a half). Every value here is what the scalar
function returns for the same game; :mod:`.lookup` builds the change lookup they rate with, and
:func:`changes_at` rates the games beyond its reach.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Final

import numpy as np
import numpy.typing as npt

from . import checks
from .scalar import expected, multiplier, round_half_away, server_values

__all__ = [
    "CHANGE_SPREAD",
    "CUBE_MULTIPLIERS",
    "EXPONENT_REACH",
    "POWER_SPREAD",
    "Flags",
    "Floats",
    "Indices",
    "Ints",
    "changes",
    "changes_at",
    "cube_multipliers",
    "expected_winner",
    "go_round_array",
]

Ints = npt.NDArray[np.int64]
Floats = npt.NDArray[np.float64]
Indices = npt.NDArray[np.intp]
Flags = npt.NDArray[np.bool_]


def go_round_array(x: npt.ArrayLike) -> Ints:
    """Go's int(math.Round(x)) for a whole array: trunc, then ±1 where |x − trunc(x)| ≥ 0.5.

    >>> go_round_array([0.5, -0.5, 2.5, -2.5, 0.49999999999999994]).tolist()
    [1, -1, 3, -3, 0]
    """
    return _rounded(np.asarray(x, dtype=np.float64))[0]


def _rounded(values: Floats) -> tuple[Ints, Floats]:
    """Go's rounding of each value, and each value's distance to the nearest half-integer (exact
    below 1/4: the fraction is, and so is its difference from 1/2 there)."""
    whole = np.trunc(values)
    # x − trunc(x) is exact in binary floating point, as in formulas.go_round.
    fraction = np.abs(values - whole)
    rounded = (whole + np.copysign(fraction >= 0.5, values)).astype(np.int64)
    return rounded, np.abs(fraction - 0.5)


def cube_multipliers(cubes: Iterable[int]) -> Floats:
    """1 + log2(cube) / 6 for each cube, as :func:`~gammon_elo.cube_multiplier` gives it.

    >>> cube_multipliers([1, 2, 64]).tolist()
    [1.0, 1.1666666666666667, 2.0]
    """
    return np.array([multiplier(int(cube)) for cube in cubes], dtype=np.float64)


#: The cube multiplier by log2(cube): cube 1, 2, 4 … 64.
CUBE_MULTIPLIERS: Final = cube_multipliers(checks.CUBES)


def expected_winner(differences: Ints, divisor: float) -> Floats:
    """E of the winner for each loser − winner difference, by the package's scalar formula."""
    return np.array([expected(0, int(d), divisor) for d in differences], dtype=np.float64)


#: How far apart, relatively, the winner's expected score from Go's 10^x and from the 10^x
#: computed here may lie: C's pow and NumPy's agree with Go's to a few ulp (2^-50), and each of
#: the float steps from 10^x to E adds at most 2^-53; 2^-40 is a thousand times wider. (Where E
#: is below 2^-54, as when one 10^x overflows and the other not, 1 − E is 1 either way.)
POWER_SPREAD: Final = 2.0**-40
#: How far, in units of K × multiplier, a change from an E within POWER_SPREAD of this one may
#: lie from this change: 2 × POWER_SPREAD from E, and the float steps' roundings (under 2^-50).
CHANGE_SPREAD: Final = 2.0**-38
#: Past 10^±20 the expected score is 0 or 1 as far as a change can tell: 1 + 10^x is 1, or
#: 1 − 1 / (1 + 10^x) is 1, to the last bit (both from 10^±19 on).
EXPONENT_REACH: Final = 20.0


def changes(
    difference: Ints,
    expected_winner: Floats,
    divisor: float,
    k_winner: Ints,
    k_loser: Ints,
    multiplier: Floats,
) -> tuple[Ints, Ints]:
    """CalculateChangeWithK on arrays: the server's float operations in its order, rounded as Go
    rounds; where the last bits of 10^x could decide the rounding, the value is recomputed by
    the scalar path, which then uses Go's own Pow.

    The loser's change is the winner's formula at the loser's K, negated: K × (0 − (1 − E)) ×
    multiplier is −(K × (1 − E) × multiplier) to the last bit, and Go's rounding is symmetric.
    """
    winner = _gains(difference, expected_winner, divisor, k_winner, multiplier)
    same = k_loser is k_winner or np.array_equal(k_loser, k_winner)
    loser = winner if same else _gains(difference, expected_winner, divisor, k_loser, multiplier)
    return winner, -loser


def _gains(
    difference: Ints, expected_winner: Floats, divisor: float, k: Ints, multiplier: Floats
) -> Ints:
    """The winner's change at K, rounded as Go rounds it.

    Whether the last bits of 10^x could decide the rounding is bracketed, not guessed. Every
    float step from E to K × (1 − E) × multiplier is monotone in E, so the change from Go's E
    lies between the changes at E × (1 ∓ POWER_SPREAD), as this one does: where no half-integer
    lies within twice that span of this change (twice: the span and the distance are floats
    too), Go's rounds alike. Only changes within 2 × CHANGE_SPREAD × K × multiplier of a
    half-integer can fail that, so only those are bracketed. Saturated games (1 − E exactly 1
    or 0 whatever the last bits: a span of 0) thus never take the scalar path, even where K ×
    multiplier is itself a half-integer.
    """
    gain = k * (1 - expected_winner) * multiplier
    rounded, from_half = _rounded(gain)
    near = np.flatnonzero(from_half < 2 * CHANGE_SPREAD * k * multiplier)
    if near.size:
        e, kn, m = expected_winner[near], k[near], multiplier[near]
        span = np.abs(kn * (1 - e * (1 - POWER_SPREAD)) * m - kn * (1 - e * (1 + POWER_SPREAD)) * m)
        for i in near[from_half[near] < 2 * span]:
            d, ki, mi = int(difference[i]), int(k[i]), float(multiplier[i])
            rounded[i] = round_half_away(server_values(d, divisor, ki, ki, mi)[3])
    return rounded


def changes_at(
    difference: Ints, divisor: float, k_winner: Ints, k_loser: Ints, multiplier: Floats
) -> tuple[Ints, Ints]:
    """Both changes of games at any loser − winner ``difference``, without a lookup: 10^(d / D)
    from NumPy for all games at once, then :func:`changes`.

    >>> k, cube_1 = np.array([32, 32, 32]), np.ones(3)
    >>> changes_at(np.array([0, 20_000, -20_000]), 1200.0, k, k, cube_1)
    (array([16, 32,  0]), array([-16, -32,   0]))
    """
    # float64(loserELO − winnerELO) / Divisor, as the scalar path and Go convert it; beyond
    # ±EXPONENT_REACH every change is what it is there (and 10^x is far quicker within it).
    exponent = np.clip(difference.astype(np.float64) / divisor, -EXPONENT_REACH, EXPONENT_REACH)
    expected_winner = 1.0 / (1.0 + np.power(10.0, exponent))
    return changes(difference, expected_winner, divisor, k_winner, k_loser, multiplier)
