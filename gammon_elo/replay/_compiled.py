"""The replay's sequential core compiled with Numba: each ranked game rated from the change
tables, one game at a time in rating order, at the speed of compiled code.

The tables already hold the exact change of every game they cover, near-ties included (they are
built by the scalar path, Go's Pow where a half is at stake), so the compiled loop copies table
entries and adds integers: it rounds nothing itself. A game whose difference is outside the
tables (ratings thousands of points apart) leaves the loop: the loop returns its index, the
caller rates it by the exact Python path and the loop resumes at the next game.

Numba is imported on first use only (it takes a while to import, and a small history is rated
faster without it); the compiled loop is cached on disk (``cache=True``), so a process pays the
compilation once per machine and then only the loading.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import Any

import numpy as np

from .._kernel import Ints

__all__ = ["compiled_loop", "compiled_sweep", "rate_compiled"]


def _rate_from(
    start: int,
    winner: Any,
    loser: Any,
    base_winner: Ints,
    base_loser: Ints,
    prizes: Ints,
    reach: int,
    table_winner: Ints,
    table_loser: Ints,
    ratings: Ints,
    differences: Ints,
    change_winner: Ints,
    change_loser: Ints,
) -> int:
    """Rate games ``start``… in order, in place; the index of the first game outside the
    tables (its d is written, its changes are not), or the number of games when none is."""
    count = len(base_winner)
    for i in range(start, count):
        w = winner[i]
        l = loser[i]  # noqa: E741 (the loser, as in the server's code)
        rw = ratings[w]
        rl = ratings[l]
        d = rl - rw
        differences[i] = d
        full = d + prizes[i]
        if full < -reach or full > reach:
            return i
        cw = table_winner[base_winner[i] + d]
        cl = table_loser[base_loser[i] + d]
        change_winner[i] = cw
        change_loser[i] = cl
        ratings[w] = rw + cw
        ratings[l] = rl + cl
    return count


def _recent_sweep(times: Ints, player: Any, ticks: int, lowest: int, recent: Ints) -> None:
    """Each appearance's earlier appearances of the same player whose time is after t − ticks,
    for appearances sorted by player, then rating order (times never decrease within a player):
    one pointer per player follows the window's start."""
    start = 0
    for j in range(times.shape[0]):
        if j == 0 or player[j] != player[j - 1]:
            start = j
        t = times[j]
        threshold = t - ticks if t > lowest + ticks else lowest
        while start < j and times[start] <= threshold:
            start += 1
        recent[j] = j - start


@functools.cache
def compiled_sweep() -> Callable[..., None]:
    """:func:`_recent_sweep` compiled (Numba imported on the first call)."""
    import numba

    compiled: Callable[..., None] = numba.njit(cache=True, nogil=True)(_recent_sweep)
    return compiled


@functools.cache
def compiled_loop() -> Callable[..., int]:
    """:func:`_rate_from` compiled (Numba imported and the loop loaded on the first call)."""
    import numba

    compiled: Callable[..., int] = numba.njit(cache=True, nogil=True)(_rate_from)
    return compiled


def rate_compiled(
    winner: Any,
    loser: Any,
    base_winner: Ints,
    base_loser: Ints,
    prizes: Ints,
    reach: int,
    table_winner: Ints,
    table_loser: Ints,
    ratings: Ints,
    exact: Callable[[int, int], tuple[int, int]],
) -> tuple[Ints, Ints, Ints]:
    """d and both changes of every game, by the compiled loop; a game outside the tables goes
    to ``exact(game, d with prizes)`` and the loop resumes after it."""
    loop = compiled_loop()
    count = len(base_winner)
    r = ratings.copy()
    differences = np.zeros(count, dtype=np.int64)
    change_w = np.zeros(count, dtype=np.int64)
    change_l = np.zeros(count, dtype=np.int64)
    i = 0
    while True:
        i = loop(
            i, winner, loser, base_winner, base_loser, prizes, reach,
            table_winner, table_loser, r, differences, change_w, change_l,
        )  # fmt: skip
        if i >= count:
            return differences, change_w, change_l
        cw, cl = exact(i, int(differences[i] + prizes[i]))
        change_w[i], change_l[i] = cw, cl
        r[winner[i]] += cw
        r[loser[i]] += cl
        i += 1
