"""The change lookup: both rounded changes of every rating difference within ±TABLE_REACH, for
one divisor, each K and each cube, built once from the array twins (:mod:`.arrays`). The history
replay, the simulator and the Planner rate a game by reading it, exactly as
:func:`~gammon_elo.rating_change` would.
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final

import numpy as np

from .arrays import CUBE_MULTIPLIERS, Floats, Ints, changes, expected_winner

__all__ = ["TABLE_REACH", "ChangeLookup", "build_lookup", "lookup"]

#: Rating differences the change lookup covers (±). A game outside them takes ratings thousands
#: of points apart, where the tables would be mostly unused: it is rated game by game instead.
TABLE_REACH: Final = 2**13


@dataclass(frozen=True, slots=True)
class ChangeLookup:
    """Both changes for every K, cube and difference d = loser's rating − winner's, at
    ``[(k_index × cubes + cube_index) × width + reach + d]`` (k_index 1 for the heavy-week K),
    and the winner's expected score at ``[reach + d]``. Read-only: they are shared."""

    winner: Ints
    loser: Ints
    expected: Floats
    reach: int
    width: int


def build_lookup(
    divisor: float,
    k: int,
    heavy_k: int | None = None,
    multipliers: Sequence[float] = tuple(CUBE_MULTIPLIERS.tolist()),
) -> ChangeLookup:
    """The change tables of one divisor, for K (then ``heavy_k``, if given) and each cube's
    multiplier, over differences within ±TABLE_REACH.

    A change depends only on loser − winner, its own side's K and the cube, so a table lookup
    rates a game exactly as :func:`~gammon_elo.rating_change` does (the other side's K can only
    switch the power to Go's for values so near a half that they are recomputed anyway).

    >>> tables = build_lookup(1200.0, 32)
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
    tables = ChangeLookup(
        winner=np.concatenate(winner),
        loser=np.concatenate(loser),
        expected=expected,
        reach=reach,
        width=differences.size,
    )
    for table in (tables.winner, tables.loser, tables.expected):
        table.flags.writeable = False
    return tables


#: :func:`build_lookup`, kept for the rule sets used last: a history is often replayed
#: again under the same rules (each rerun of the History page), and the tables take a while to
#: build. The simulator builds its own, which live only as long as its run.
lookup = functools.lru_cache(maxsize=16)(build_lookup)
