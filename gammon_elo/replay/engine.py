"""The replay's one pass, as the server's loop runs: each ranked game's changes copied from the
exact change tables; a game outside them goes to :func:`~gammon_elo.rating_change` and the pass
resumes after it. One source, :func:`replay_rows`: plain Python, or compiled by Numba."""

from __future__ import annotations

import contextlib
import functools
import sys
import threading
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from datetime import timedelta
from typing import Any, Final

import numpy as np
import numpy.typing as npt
import pandas as pd

from .._core import checks
from .._core.arrays import Ints
from .._core.errors import InvalidInput
from .._core.lookup import ChangeLookup, lookup
from ..formulas import rating_change
from ..rules import Rules
from .validate import PODIUM, RANKED, History

#: Ranked games from which the pass runs compiled: loading Numba in a process costs what the
#: plain pass takes for about this many (benchmarks/README.md).
COMPILED_FROM = 100_000

#: Each player's row of the state table: rating, head and tail of their stretch of the window,
#: peak, lowest, ranked games, wins, losses, unrated games, prizes, last row (-1), heavy-K games.
FIELDS: Final = 12
RATING, HEAD, TAIL, PEAK, LOWEST, GAMES, WINS, LOSSES, UNRATED, PRIZES, LAST, HEAVY = range(12)

#: Ratings stay in int64, and any difference of two within rating_change's range, below this.
_SAFE_RATING: Final = 2**60
_LOWEST_TICK: Final = int(np.iinfo(np.int64).min)


def replay_rows(
    start: int, forced: bool, time: Any, winner: Any, loser: Any, kind: Any, cube: Any,
    prize: Any, reach: int, width: int, heavy_games: int, ticks: int, lowest: int,
    table_winner: Any, table_loser: Any, state: Any, window: Any, out: Any,
) -> int:  # fmt: skip
    """Rows ``start``… rated in place; the index of the first ranked game whose d leaves the
    tables (its befores and week counts written), else the number of rows. ``state``: FIELDS
    per player, flat; ``window``: each player's ranked games' times from head to tail; ``out``:
    before, change of both sides, both sides' week counts, a row each, flat. ``forced``: row
    ``start``'s changes are in ``out`` already. One function, so Numba compiles one loop.
    """
    rows = len(time)
    for i in range(start, rows):
        w = winner[i] * FIELDS
        t = time[i]
        state[w + LAST] = i
        if kind[i] == PODIUM:  # the prize, and nothing else
            rating = state[w + RATING]
            out[i] = rating
            out[2 * rows + i] = prize[i]
            rating += prize[i]
            state[w + RATING] = rating
            state[w + PRIZES] += prize[i]
            if rating > state[w + PEAK]:
                state[w + PEAK] = rating
            if rating < state[w + LOWEST]:
                state[w + LOWEST] = rating
            continue
        l = loser[i] * FIELDS  # noqa: E741 (the loser, as in the server's code)
        state[l + LAST] = i
        rw = state[w + RATING]
        rl = state[l + RATING]
        out[i] = rw
        out[rows + i] = rl
        if kind[i] != RANKED:  # boosted or tournament: counted, not rated
            state[w + UNRATED] += 1
            state[l + UNRATED] += 1
            continue
        threshold = t - ticks if t > lowest + ticks else lowest
        for p in (w, l):  # the window's old games leave it
            head = state[p + HEAD]
            while head < state[p + TAIL] and window[head] <= threshold:
                head += 1
            state[p + HEAD] = head
        recent_w = state[w + TAIL] - state[w + HEAD]
        recent_l = state[l + TAIL] - state[l + HEAD]
        out[4 * rows + i] = recent_w
        out[5 * rows + i] = recent_l
        d = rl - rw
        heavy_w = 1 if recent_w >= heavy_games else 0
        heavy_l = 1 if recent_l >= heavy_games else 0
        if -reach <= d <= reach:
            cw = table_winner[(heavy_w * 7 + cube[i]) * width + reach + d]
            cl = table_loser[(heavy_l * 7 + cube[i]) * width + reach + d]
            out[2 * rows + i] = cw
            out[3 * rows + i] = cl
        elif forced and i == start:
            cw = out[2 * rows + i]
            cl = out[3 * rows + i]
        else:
            return i
        for p, r, side, heavy in ((w, rw + cw, WINS, heavy_w), (l, rl + cl, LOSSES, heavy_l)):
            state[p + RATING] = r
            if r > state[p + PEAK]:
                state[p + PEAK] = r
            if r < state[p + LOWEST]:
                state[p + LOWEST] = r
            state[p + GAMES] += 1
            state[p + side] += 1
            state[p + HEAVY] += heavy
            window[state[p + TAIL]] = t
            state[p + TAIL] += 1
    return rows


def compiled_pass() -> Callable[..., int]:
    """:func:`replay_rows` compiled; ImportError without Numba."""
    with _LOADING:
        return _jit()


@functools.cache
def _jit() -> Callable[..., int]:
    """:func:`replay_rows` compiled by Numba, imported without SciPy: Numba's ``arraymath``
    imports SciPy, a large part of loading Numba, only to know whether ``np.correlate`` may call
    BLAS, which the pass needs not."""
    import numba

    blas = "scipy.linalg.cython_blas"
    if "scipy.linalg" not in sys.modules and "numba.np.arraymath" not in sys.modules:
        sys.modules[blas] = None  # type: ignore[assignment]  # importing it now fails at once
        try:
            import numba.np.arraymath
        finally:
            if sys.modules.get(blas, ...) is None:
                del sys.modules[blas]
    compiled: Callable[..., int] = numba.njit(cache=True, nogil=True)(replay_rows)
    return compiled


_LOADING: Final = threading.Lock()


def loaded() -> bool:
    """Whether this process has loaded the compiled pass."""
    return _jit.cache_info().currsize > 0


def load_soon() -> None:
    """Load the compiled pass in a thread, overlapping the read of a history that needs it."""

    def load() -> None:
        with contextlib.suppress(ImportError):
            run, empty = compiled_pass(), np.empty(0, dtype=np.int64)
            kinds = np.empty(0, dtype=np.int8)
            run(0, False, empty, empty, empty, kinds, kinds, empty, 0, 0, 0, 0, 0, empty,
                empty, empty, empty, empty)  # fmt: skip

    threading.Thread(target=load, name="load compiled pass", daemon=True).start()


def compilations() -> int:
    """How many compiled passes this process compiled rather than loaded from Numba's cache."""
    return sum(getattr(_jit(), "stats").cache_misses.values()) if loaded() else 0  # noqa: B009


def use_compiled(count: int) -> bool:
    """Whether ``count`` ranked games run compiled: from COMPILED_FROM, where Numba is there."""
    if count < COMPILED_FROM or count == 0:
        return False
    try:
        compiled_pass()
    except ImportError:
        return False
    return True


def initial_ratings(
    names: npt.NDArray[np.object_], initial: Mapping[str, int] | pd.Series | None, rules: Rules
) -> Ints:
    """Every player's first rating: ``initial`` where it names them, else the rule set's."""
    ratings = np.full(len(names), rules.starting, dtype=np.int64)
    if initial is None:
        return ratings
    given = initial.to_dict() if isinstance(initial, pd.Series) else initial
    if not isinstance(given, Mapping):
        raise InvalidInput(
            "initial_ratings", type(initial).__name__, "must map player names to ratings"
        )
    index = {name: i for i, name in enumerate(names.tolist())}
    for name, value in given.items():
        rating = checks.rating(f"initial_ratings[{name!r}]", value)
        i = index.get(str(name).strip())
        if i is not None:
            ratings[i] = rating
    return ratings


def new_state(start: Ints) -> Ints:
    """The state table of players yet to play, starting at ``start``."""
    state = np.zeros((len(start), FIELDS), dtype=np.int64)
    state[:, RATING] = state[:, PEAK] = state[:, LOWEST] = start
    state[:, LAST] = -1
    return state


@dataclass(frozen=True, slots=True)
class Pass:
    """Rows rated under one rule set: the pass's ``out`` as six rows, and what it is read with."""

    rules: Rules
    tables: ChangeLookup
    figures: Ints
    heavy_k: int
    heavy_games: int


def rate(
    h: History,
    rules: Rules,
    state: Ints,
    winner: Ints,
    loser: Ints,
    carried: tuple[Ints, Ints] | None = None,
    *,
    compiled: bool | None = None,
) -> tuple[Pass, tuple[Ints, Ints]]:
    """The rows of ``h`` rated, ``winner``/``loser`` their rows in ``state`` (updated);
    ``carried`` and the second answer: ranked games in the window (player, time; sorted)."""
    heavy_k = rules.k if rules.heavy_k is None else rules.heavy_k
    tables = lookup(rules.divisor, rules.k, heavy_k)
    heavy_games = 2**62 if rules.heavy_games is None else rules.heavy_games
    ticks = rules.window // timedelta(microseconds=1) * (1000 if h.unit == "ns" else 1)
    ranked = h.kind == RANKED
    count = int(np.count_nonzero(ranked))
    furthest = int(np.abs(state[:, RATING]).max(initial=0))
    if furthest + count * 2 * max(rules.k, heavy_k) + int(h.prize.sum()) > _SAFE_RATING:
        reason = f"with this history and K could take a rating past ±{_SAFE_RATING}"
        raise InvalidInput("initial_ratings", furthest, reason)
    window = _window(state, winner[ranked], loser[ranked], carried)
    fast = use_compiled(count) if compiled is None else compiled and count > 0
    figures = _run(h, winner, loser, rules, tables, heavy_games, ticks, state, window, fast)
    return Pass(rules, tables, figures, heavy_k, heavy_games), _in_window(state, window)


def _window(state: Ints, winner: Ints, loser: Ints, carried: tuple[Ints, Ints] | None) -> Ints:
    """The window: a stretch per player for their carried and coming ranked games."""
    players = len(state)
    held = np.zeros(players, dtype=np.int64)
    if carried is not None:
        held += np.bincount(carried[0], minlength=players)
    stretch = held + np.bincount(winner, minlength=players) + np.bincount(loser, minlength=players)
    state[:, HEAD] = np.cumsum(stretch) - stretch
    state[:, TAIL] = state[:, HEAD] + held
    window = np.empty(int(stretch.sum()), dtype=np.int64)
    if carried is not None and len(carried[0]):
        runs = np.cumsum(held) - held
        within = np.arange(len(carried[0])) - np.repeat(runs, held)
        window[state[carried[0], HEAD] + within] = carried[1]
    return window


def _in_window(state: Ints, window: Ints) -> tuple[Ints, Ints]:
    """The players' ranked games still in the window (player, time; by player, then time)."""
    held = state[:, TAIL] - state[:, HEAD]
    runs = np.cumsum(held) - held
    within = np.arange(int(held.sum())) - np.repeat(runs, held)
    player = np.repeat(np.arange(len(state)), held)
    return player, window[state[player, HEAD] + within]


def _run(
    h: History, winner: Ints, loser: Ints, rules: Rules, tables: ChangeLookup,
    heavy_games: int, ticks: int, state: Ints, window: Ints, compiled: bool,
) -> Ints:  # fmt: skip
    """The pass over every row: compiled, or plain on lists (Python indexes them faster)."""
    n, columns = len(h.time), (h.time, winner, loser, h.kind, h.cube, h.prize)
    run: Callable[..., int] = replay_rows
    if not compiled:
        rows: list[Any] = [c.tolist() for c in columns]
        tail: list[Any] = [*_lists(rules.divisor, rules.k, rules.heavy_k),
                           state.reshape(-1).tolist(), window.tolist(), [0] * (6 * n)]  # fmt: skip
    else:
        types = (np.int64, np.int64, np.int64, np.int8, np.int8, np.int64)
        rows = [np.ascontiguousarray(c, t) for c, t in zip(columns, types, strict=True)]
        run = compiled_pass()
        tail = [tables.winner, tables.loser, state.reshape(-1), window,
                np.zeros(6 * n, dtype=np.int64)]  # fmt: skip
    out = tail[-1]  # the figures: before, changes, week counts, a row each
    i, forced = 0, False
    while (i := run(i, forced, *rows, tables.reach, tables.width, heavy_games, ticks,
                    _LOWEST_TICK, *tail)) < n:  # fmt: skip
        change = rating_change(  # d outside the tables: by the scalar path
            0,
            int(out[n + i]) - int(out[i]),
            cube=checks.CUBES[h.cube[i]],
            winner_recent_games=int(out[4 * n + i]),
            loser_recent_games=int(out[5 * n + i]),
            rules=rules,
        )
        out[2 * n + i], out[3 * n + i] = change.winner, change.loser
        forced = True
    if not compiled:
        state[:] = np.array(tail[2], dtype=np.int64).reshape(state.shape)
        window[:] = tail[3]
    return np.asarray(out, dtype=np.int64).reshape(6, n)


@functools.lru_cache(maxsize=8)
def _lists(divisor: float, k: int, heavy_k: int | None) -> tuple[list[int], list[int]]:
    """The change tables as lists, for the plain pass."""
    tables = lookup(divisor, k, k if heavy_k is None else heavy_k)
    return tables.winner.tolist(), tables.loser.tolist()
