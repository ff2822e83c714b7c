"""The replay's sequential core compiled with Numba: each ranked game rated from the change
tables, one game at a time in rating order, at the speed of compiled code.

The tables already hold the exact change of every game they cover, near-ties included (they are
built by the scalar path, Go's Pow where a half is at stake), so the compiled loop copies table
entries and adds integers: it rounds nothing itself. A game whose difference is outside the
tables (ratings thousands of points apart) leaves the loop: the loop returns its index, the
caller rates it by the exact Python path and the loop resumes at the next game.

Numba is imported on first use only (it takes a while to import, and a small history is rated
faster without it); the compiled loop is cached on disk (``cache=True``), so a process pays the
compilation once per machine and then only the loading (:func:`compilations` says whether it
compiled). SciPy stays out of that loading (:func:`_numba`).
"""

from __future__ import annotations

import functools
import sys
from collections.abc import Callable
from typing import Any

import numpy as np

from .._core.arrays import Ints

__all__ = [
    "code_rows",
    "compilations",
    "compiled_loop",
    "compiled_replay",
    "compiled_sweep",
    "mark_used",
    "parse_times",
    "rate_compiled",
    "replay_from",
]


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


def parse_times(cells: Any, out: Ints) -> int:
    """:func:`~.isotimes.whole_seconds`' checks and arithmetic, a row at a time, on the cells'
    bytes (n × 19 or n × 20, ``YYYY-MM-DDTHH:MM:SS[Z]``): each row's microseconds since 1970
    written to ``out``; the first row that is not a real time of the years 1900 to 2199 so
    written, or -1 when every row is."""
    width = cells.shape[1]
    for i in range(cells.shape[0]):
        c = cells[i]
        if c[4] != 45 or c[7] != 45 or c[10] != 84 or c[13] != 58 or c[16] != 58:  # - - T : :
            return i
        if width == 20 and c[19] != 90:  # Z
            return i
        for at in (0, 1, 2, 3, 5, 6, 8, 9, 11, 12, 14, 15, 17, 18):
            if c[at] < 48 or c[at] > 57:
                return i
        year = (
            (np.int64(c[0]) - 48) * 1000
            + (np.int64(c[1]) - 48) * 100
            + (np.int64(c[2]) - 48) * 10
            + (np.int64(c[3]) - 48)
        )
        month = (np.int64(c[5]) - 48) * 10 + (np.int64(c[6]) - 48)
        day = (np.int64(c[8]) - 48) * 10 + (np.int64(c[9]) - 48)
        hour = (np.int64(c[11]) - 48) * 10 + (np.int64(c[12]) - 48)
        minute = (np.int64(c[14]) - 48) * 10 + (np.int64(c[15]) - 48)
        second = (np.int64(c[17]) - 48) * 10 + (np.int64(c[18]) - 48)
        if year < 1900 or year > 2199 or month < 1 or month > 12 or day < 1:
            return i
        if hour > 23 or minute > 59 or second > 59:
            return i
        leap = year % 4 == 0 and (year % 100 != 0 or year % 400 == 0)
        if month == 2:
            last = 29 if leap else 28
        elif month in (4, 6, 9, 11):
            last = 30
        else:
            last = 31
        if day > last:
            return i
        # H. Hinnant's days_from_civil, as isotimes computes it (years here are positive).
        y = year - 1 if month <= 2 else year
        era = y // 400
        of_era = y - era * 400
        of_year = (153 * (month - 3 if month > 2 else month + 9) + 2) // 5 + day - 1
        days = era * 146097 + of_era * 365 + of_era // 4 - of_era // 100 + of_year - 719468
        out[i] = ((days * 24 + hour) * 60 + minute) * 60_000_000 + second * 1_000_000
    return -1


def mark_used(winner_codes: Any, loser_codes: Any, winner_used: Any, loser_used: Any) -> int:
    """Which codes of each name column some row holds (a code of -1, an empty cell, marks
    none): ``winner_used`` and ``loser_used`` set in place. Returns 0."""
    for i in range(len(winner_codes)):
        c = winner_codes[i]
        if c >= 0:
            winner_used[c] = True
        c = loser_codes[i]
        if c >= 0:
            loser_used[c] = True
    return 0


def code_rows(
    time: Ints,
    winner_codes: Any,
    loser_codes: Any,
    winner_players: Ints,
    loser_players: Ints,
    cube_codes: Any,
    cube_empty: Any,
    cube_log2: Any,
    type_codes: Any,
    type_kinds: Any,
    prize_codes: Any,
    prize_empty: Any,
    prize_points: Ints,
    winner: Ints,
    loser: Ints,
    cube: Any,
    kind: Any,
    prize: Ints,
) -> int:
    """:func:`~.validate.prepare`'s checks of a row and its codes, a row at a time, on columns
    coded already: each column's codes (-1 for an empty cell, or true in its ``empty`` array
    where it has one; no codes at all for a column the table lacks) looked up in its table,
    whose last entry is an empty cell's. A player table
    gives -1 for no player, a cube table -1 for a bad cube, a type table -1 for an unknown
    type, a prize table -1 for no prize and -2 for a bad one. The rows' player, cube and type
    codes are written to ``winner``… ``kind``, and podium rows' prizes to ``prize`` (zeros
    elsewhere already).

    Returns -1 as soon as a row fails a check (the caller then checks the table the long way,
    to report every problem), else 1 when the times are in input order, 0 when they are not.
    """
    rows = len(time)
    in_order = 1
    for i in range(rows):
        c = winner_codes[i]
        w = winner_players[c if c >= 0 else len(winner_players) - 1]
        c = loser_codes[i]
        l = loser_players[c if c >= 0 else len(loser_players) - 1]  # noqa: E741
        c = cube_codes[i] if len(cube_codes) else -1
        if len(cube_empty) and cube_empty[i]:
            c = -1
        log2 = cube_log2[c if c >= 0 else len(cube_log2) - 1]
        c = type_codes[i] if len(type_codes) else -1
        k = type_kinds[c if c >= 0 else len(type_kinds) - 1]
        c = prize_codes[i] if len(prize_codes) else -1
        if len(prize_empty) and prize_empty[i]:
            c = -1
        points = prize_points[c if c >= 0 else len(prize_points) - 1]
        if w < 0 or log2 < 0 or k < 0 or points == -2:
            return -1
        if k == 3:  # podium: no loser, a prize
            if l >= 0 or points == -1:
                return -1
            prize[i] = points
        elif l < 0 or l == w or points > 0:
            return -1
        winner[i] = w
        loser[i] = l
        cube[i] = log2
        kind[i] = k
        if i and time[i] < time[i - 1]:
            in_order = 0
    return in_order


@functools.cache
def _numba() -> Any:
    """Numba, imported without SciPy.

    Loading cached code loads all of Numba's implementations, and one of them (``arraymath``)
    imports SciPy, about 0.7 s, only to learn whether ``np.correlate`` may call BLAS. These
    loops do no linear algebra: with SciPy's BLAS module hidden while ``arraymath`` is imported,
    SciPy is not imported, and in this process Numba's ``np.correlate`` and ``np.convolve`` take
    their own loop (the same results); whatever else needs BLAS imports SciPy as usual.
    """
    import numba

    blas = "scipy.linalg.cython_blas"
    if "scipy.linalg" in sys.modules or "numba.np.arraymath" in sys.modules:
        return numba
    sys.modules[blas] = None  # type: ignore[assignment]  # importing it now fails at once
    try:
        import numba.np.arraymath
    finally:
        if sys.modules.get(blas, ...) is None:
            del sys.modules[blas]
    return numba


@functools.cache
def compiled_sweep() -> Callable[..., None]:
    """:func:`_recent_sweep` compiled (Numba imported on the first call)."""
    numba = _numba()

    compiled: Callable[..., None] = numba.njit(cache=True, nogil=True)(_recent_sweep)
    return compiled


@functools.cache
def compiled_loop() -> Callable[..., int]:
    """:func:`_rate_from` compiled (Numba imported and the loop loaded on the first call)."""
    numba = _numba()

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


def replay_from(
    start: int,
    forced: bool,
    time: Ints,
    winner: Any,
    loser: Any,
    kind: Any,
    cube: Any,
    prize: Ints,
    reach: int,
    width: int,
    heavy_games: int,
    ticks: int,
    lowest: int,
    table_winner: Ints,
    table_loser: Ints,
    state: Ints,
    window: Ints,
    out: Ints,
) -> int:
    """The whole replay in one pass over the rows in rating order, as the server's loop runs:
    every player's rating and the times of their ranked games in the window, in place.

    ``window`` holds every ranked game's time twice, once in each player's stretch of it: a
    player's stretch is as long as their ranked games (counted before the first row), and the
    games in the window are those from its head to its tail, oldest first, so that the old ones
    leave it by reading on. ``state`` is per player: rating, head and tail (indices into
    ``window``; zeros before the first row), peak, lowest, ranked games, wins, losses, unrated
    games, prizes, the last row and games at the heavy K. ``out`` has a row per figure, a column
    per game: before and change of both sides, and recent games of both (d is the difference of
    the befores). A game whose d leaves the tables stops the pass (its index is returned, its
    befores and recent games written); the caller writes its changes and resumes there with
    ``forced``. Returns the number of rows when done.

    One long function on purpose: Numba compiles it as one loop over the rows, with the state
    in local arrays; helpers would each take a dozen of those arrays per row and leave the loop
    to Numba's inlining.
    """
    rows = len(time)
    if start == 0 and not forced:  # each player's stretch of the window: their ranked games
        for i in range(rows):
            if kind[i] == 0:
                state[winner[i], 2] += 1
                state[loser[i], 2] += 1
        total = 0
        for p in range(state.shape[0]):
            games = state[p, 2]
            state[p, 1] = total
            state[p, 2] = total
            total += games
    for i in range(start, rows):
        w = winner[i]
        t = time[i]
        state[w, 10] = i
        if kind[i] == 3:  # podium: the prize, and nothing else
            out[0, i] = state[w, 0]
            out[2, i] = prize[i]
            rating = state[w, 0] + prize[i]
            state[w, 0] = rating
            state[w, 9] += prize[i]
            if rating > state[w, 3]:
                state[w, 3] = rating
            if rating < state[w, 4]:
                state[w, 4] = rating
            continue
        l = loser[i]  # noqa: E741 (the loser, as in the server's code)
        state[l, 10] = i
        rw = state[w, 0]
        rl = state[l, 0]
        out[0, i] = rw
        out[1, i] = rl
        if kind[i] != 0:  # boosted or tournament: counted, not rated
            state[w, 8] += 1
            state[l, 8] += 1
            continue
        threshold = t - ticks if t > lowest + ticks else lowest
        for p in (w, l):  # the window's old games leave it
            head = state[p, 1]
            tail = state[p, 2]
            while head < tail and window[head] <= threshold:
                head += 1
            state[p, 1] = head
        recent_w = state[w, 2] - state[w, 1]
        recent_l = state[l, 2] - state[l, 1]
        out[4, i] = recent_w
        out[5, i] = recent_l
        d = rl - rw
        heavy_w = 1 if recent_w >= heavy_games else 0
        heavy_l = 1 if recent_l >= heavy_games else 0
        if -reach <= d <= reach:
            cw = table_winner[(heavy_w * 7 + cube[i]) * width + reach + d]
            cl = table_loser[(heavy_l * 7 + cube[i]) * width + reach + d]
            out[2, i] = cw
            out[3, i] = cl
        elif forced and i == start:
            cw = out[2, i]
            cl = out[3, i]
        else:
            return i
        rw += cw
        rl += cl
        state[w, 0] = rw
        state[l, 0] = rl
        for p, r, side, heavy in ((w, rw, 0, heavy_w), (l, rl, 1, heavy_l)):
            if r > state[p, 3]:
                state[p, 3] = r
            if r < state[p, 4]:
                state[p, 4] = r
            state[p, 5] += 1
            state[p, 6 + side] += 1
            if heavy:
                state[p, 11] += 1
            window[state[p, 2]] = t
            state[p, 2] += 1
    return rows


#: Whether :func:`compiled_replay` may give the kernel compiled ahead of time (:mod:`.ahead`);
#: if not, or where it cannot be had, Numba's just-in-time kernel. The numbers are the same.
AHEAD_OF_TIME = True


@functools.cache
def compiled_replay(*, narrow: bool = False) -> Callable[..., int]:
    """:func:`replay_from` compiled (``narrow``: for ``out`` in int32): the module built ahead of
    time where it can be had (loaded without Numba, built on first use on a machine), else by
    Numba just in time (imported on the first call; one kernel for both widths); ImportError
    when neither can be had."""
    if AHEAD_OF_TIME:
        from .ahead import load_kernel

        kernel = load_kernel(narrow=narrow)
        if kernel is not None:
            return kernel
    return _jit_replay()


@functools.cache
def _jit_replay() -> Callable[..., int]:
    numba = _numba()

    compiled: Callable[..., int] = numba.njit(cache=True, nogil=True)(replay_from)
    return compiled


def compilations() -> int:
    """How many of this process's compiled functions were compiled here rather than loaded from
    a cache (Numba's, or the folder of the kernel built ahead of time): 0 once a machine has
    compiled them (or when none was used)."""
    from .ahead import builds

    total = builds()
    for made in (compiled_loop, _jit_replay, compiled_sweep):
        if made.cache_info().currsize:
            dispatcher: Any = made()
            stats = getattr(dispatcher, "stats", None)  # none on a kernel built ahead of time
            if stats is not None:
                total += sum(stats.cache_misses.values())
    return total
