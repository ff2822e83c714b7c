"""The array twins of :mod:`gammon_elo.formulas`, shared by the history replay and the simulator:
the winner's expected score and the cube multiplier over arrays, both changes of many games at
once (the server's float operations in its order, Go's rounding, and the scalar path wherever
the last bits of 10^x could decide a half), and the one builder of the change tables both rate
with. Every value here is what the scalar function returns for the same game.
"""

from __future__ import annotations

import functools
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Final

import numpy as np
import numpy.typing as npt

from . import _checks
from .formulas import _TIE_MARGIN, _expected, _multiplier, _server_values

__all__ = [
    "CUBE_MULTIPLIERS",
    "TABLE_REACH",
    "ChangeTables",
    "Flags",
    "Floats",
    "Indices",
    "Ints",
    "build_change_tables",
    "change_tables",
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

#: Rating differences the change tables cover (±). A game outside them takes ratings thousands
#: of points apart, where the tables would be mostly unused: it is rated game by game instead.
TABLE_REACH: Final = 2**13


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
    return np.array([_multiplier(int(cube)) for cube in cubes], dtype=np.float64)


#: The cube multiplier by log2(cube): cube 1, 2, 4 … 64.
CUBE_MULTIPLIERS: Final = cube_multipliers(_checks.CUBES)


def expected_winner(differences: Ints, divisor: float) -> Floats:
    """E of the winner for each loser − winner difference, by the package's scalar formula."""
    return np.array([_expected(0, int(d), divisor) for d in differences], dtype=np.float64)


def near_tie(value: Floats, scale: Floats) -> Flags:
    """formulas._near_tie on arrays: within _TIE_MARGIN × scale of a half-integer."""
    return np.asarray(np.abs(np.abs(value) % 1.0 - 0.5) <= _TIE_MARGIN * scale)


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
        *_, winner[i], loser[i] = _server_values(
            int(difference[i]), divisor, int(k_winner[i]), int(k_loser[i]), float(multiplier[i])
        )
    return go_round_array(winner), go_round_array(loser)


@dataclass(frozen=True, slots=True)
class ChangeTables:
    """Both changes for every K, cube and difference d = loser's rating − winner's, at
    ``[(k_index × cubes + cube_index) × width + reach + d]`` (k_index 1 for the heavy-week K),
    and the winner's expected score at ``[reach + d]``. Read-only: they are shared."""

    winner: Ints
    loser: Ints
    expected: Floats
    reach: int
    width: int


def build_change_tables(
    divisor: float,
    k: int,
    heavy_k: int | None = None,
    multipliers: Sequence[float] = tuple(CUBE_MULTIPLIERS.tolist()),
) -> ChangeTables:
    """The change tables of one divisor, for K (then ``heavy_k``, if given) and each cube's
    multiplier, over differences within ±TABLE_REACH.

    A change depends only on loser − winner, its own side's K and the cube, so a table lookup
    rates a game exactly as :func:`~gammon_elo.rating_change` does (the other side's K can only
    switch the power to Go's for values so near a half that they are recomputed anyway).

    >>> tables = build_change_tables(1200.0, 32)
    >>> int(tables.winner[tables.reach]), int(tables.loser[tables.reach])  # equal ratings, cube 1
    (16, -16)
    """
    reach = TABLE_REACH
    differences = np.arange(-reach, reach + 1, dtype=np.int64)
    expected = expected_winner(differences, divisor)
    winner, loser = [], []
    for kk in (k,) if heavy_k is None else (k, heavy_k):
        same = np.full(differences.size, kk)
        for m in multipliers:
            cube = np.full(differences.size, m)
            w, lo = changes(differences, expected, divisor, same, same, cube)
            winner.append(w)
            loser.append(lo)
    tables = ChangeTables(
        winner=np.concatenate(winner),
        loser=np.concatenate(loser),
        expected=expected,
        reach=reach,
        width=differences.size,
    )
    for table in (tables.winner, tables.loser, tables.expected):
        table.flags.writeable = False
    return tables


#: :func:`build_change_tables`, kept for the rule sets used last: a history is often replayed
#: again under the same rules (each rerun of the History page), and the tables take a while to
#: build. The simulator builds its own, which live only as long as its run.
change_tables = functools.lru_cache(maxsize=16)(build_change_tables)
