"""The array twins of :mod:`.scalar`, shared by the history replay and the simulator: the
winner's expected score and the cube multiplier over arrays, and both changes of many games at
once (the server's float operations in its order, Go's rounding, and the scalar path wherever
the last bits of 10^x could decide a half). Every value here is what the scalar function returns
for the same game; :mod:`.lookup` builds the change lookup both rate with.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Final

import numpy as np
import numpy.typing as npt

from . import checks
from .scalar import TIE_MARGIN, expected, multiplier, server_values

__all__ = [
    "CUBE_MULTIPLIERS",
    "Flags",
    "Floats",
    "Indices",
    "Ints",
    "changes",
    "cube_multipliers",
    "expected_winner",
    "go_round_array",
    "near_tie",
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
    values = np.asarray(x, dtype=np.float64)
    whole = np.trunc(values)
    # x − trunc(x) is exact in binary floating point, as in formulas.go_round.
    away = np.abs(values - whole) >= 0.5
    return (whole + np.copysign(away, values)).astype(np.int64)


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


def near_tie(value: Floats, scale: Floats) -> Flags:
    """scalar.near_tie on arrays: within TIE_MARGIN × scale of a half-integer."""
    return np.asarray(np.abs(np.abs(value) % 1.0 - 0.5) <= TIE_MARGIN * scale)


def changes(
    difference: Ints,
    expected_winner: Floats,
    divisor: float,
    k_winner: Ints,
    k_loser: Ints,
    multiplier: Floats,
) -> tuple[Ints, Ints]:
    """CalculateChangeWithK on arrays: the server's float operations in its order, rounded as Go
    rounds; where the last bits of 10^x could decide a half (:func:`near_tie`), the value is
    recomputed by the scalar path, which then uses Go's own Pow."""
    expected_loser = 1 - expected_winner
    winner = k_winner * (1 - expected_winner) * multiplier
    loser = k_loser * (0 - expected_loser) * multiplier
    near = near_tie(winner, k_winner * multiplier) | near_tie(loser, k_loser * multiplier)
    for i in np.flatnonzero(near):
        *_, winner[i], loser[i] = server_values(
            int(difference[i]), divisor, int(k_winner[i]), int(k_loser[i]), float(multiplier[i])
        )
    return go_round_array(winner), go_round_array(loser)
