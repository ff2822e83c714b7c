"""The whole replay in one compiled pass, as the server's own loop runs it: the rows in rating
order, every player's rating and a queue of their ranked games in the window, each ranked game's
changes copied from the exact change tables. It needs none of the chains the NumPy paths build,
so it is faster and keeps less per game; the numbers are the same (a game outside the tables
leaves the pass for the exact Python path, and the pass resumes after it).
"""

from __future__ import annotations

import functools
from collections.abc import Mapping
from datetime import timedelta
from typing import Any, Final

import numpy as np
import numpy.typing as npt
import pandas as pd

from .._core import checks
from .._core.arrays import CUBE_MULTIPLIERS, Ints, expected_winner
from .._core.lookup import ChangeLookup, lookup
from ..formulas import rating_change
from ..rules import Rules
from .compiled import compiled_replay
from .engine import check_room, initial_ratings
from .results import PLAYER_COLUMNS, ReplayResult, game_table, no_games
from .validate import RANKED, History

__all__ = ["NARROW_UP_TO", "replay_one_pass"]

#: The furthest from 0 a rating may get for the pass to keep its figures in int32 (half the
#: memory to write as int64: a third less time at 10 M games).
NARROW_UP_TO: Final = 2**31 - 1

#: Per-player figures kept by the pass (columns of its state table).
_RATING, _HEAD, _TAIL, _PEAK, _LOWEST = range(5)
_RANKED, _WINS, _LOSSES, _UNRATED, _PRIZES, _LAST, _HEAVY = range(5, 12)


def replay_one_pass(
    h: History,
    rules: Rules,
    initial: Mapping[str, int] | pd.Series | None,
    *,
    games_table: bool = True,
) -> ReplayResult:
    """Rate the checked history ``h`` under ``rules`` in one compiled pass (the games table
    without a row where not ``games_table``)."""
    start = initial_ratings(h.names, initial, rules)
    heavy_k = rules.k if rules.heavy_k is None else rules.heavy_k
    tables = lookup(rules.divisor, rules.k, heavy_k)
    players = len(h.names)
    ranked = int(np.count_nonzero(h.kind == RANKED))
    bound = check_room(start, ranked, max(rules.k, heavy_k), h.prize)
    heavy_games = 2**62 if rules.heavy_games is None else rules.heavy_games
    ticks = rules.window // timedelta(microseconds=1) * (1000 if h.unit == "ns" else 1)

    state = np.zeros((players, 12), dtype=np.int64)
    state[:, _RATING] = state[:, _PEAK] = state[:, _LOWEST] = start
    state[:, _LAST] = -1
    narrow = bound <= NARROW_UP_TO
    out = _run(h, rules, tables, state, heavy_games, ticks, ranked, narrow)
    if games_table:
        build_games = functools.partial(_games, h, rules, tables, out, heavy_k, heavy_games)
    else:
        build_games = functools.partial(no_games, h)
    return ReplayResult(
        build_games=build_games,
        players=_players(h, start, state),
        rejected=h.report,
        rules=rules,
        rows_read=h.rows_read,
    )


def _run(
    h: History,
    rules: Rules,
    tables: ChangeLookup,
    state: Ints,
    heavy_games: int,
    ticks: int,
    ranked: int,
    narrow: bool,
) -> npt.NDArray[np.int32] | Ints:
    """The compiled pass over every row, stopping at each ranked game outside the lookup for
    the scalar path to rate it: before ratings, changes and week counts, a row per figure, so
    that each is one contiguous array the games table takes as it is (the difference of the
    befores is not kept: the table computes it, if it is built); in int32 where ``narrow``
    (every figure fits)."""
    n = len(h.time)
    lowest = int(np.iinfo(np.int64).min)
    window = np.empty(2 * ranked, dtype=np.int64)  # each ranked game's time, for both players
    out = np.zeros((6, n), dtype=np.int32 if narrow else np.int64)
    run = compiled_replay(narrow=narrow)
    # The kernel built ahead of time takes these types only (no copy where they are already).
    time, prize = (np.ascontiguousarray(a, dtype=np.int64) for a in (h.time, h.prize))
    winner, loser = (np.ascontiguousarray(a, dtype=np.int64) for a in (h.winner, h.loser))
    kind, cube = (np.ascontiguousarray(a, dtype=np.int8) for a in (h.kind, h.cube))
    i, forced = 0, False
    while True:
        i = run(
            i, forced, time, winner, loser, kind, cube, prize, tables.reach,
            tables.width, heavy_games, ticks, lowest, tables.winner, tables.loser, state,
            window, out,
        )  # fmt: skip
        if i >= n:
            break
        change = rating_change(
            0,
            int(out[1, i]) - int(out[0, i]),
            cube=checks.CUBES[h.cube[i]],
            winner_recent_games=int(out[4, i]),
            loser_recent_games=int(out[5, i]),
            rules=rules,
        )
        out[2, i], out[3, i] = change.winner, change.loser
        forced = True
    return out


def _games(
    h: History,
    rules: Rules,
    tables: ChangeLookup,
    figures: npt.NDArray[np.int32] | Ints,
    heavy_k: int,
    heavy_games: int,
) -> pd.DataFrame:
    """The games table, from the pass's figures (in int64, as every table's figures are)."""
    out = figures.astype(np.int64, copy=False)
    per_game = _per_game(h, rules, tables, out, heavy_k, heavy_games)
    return game_table(h, None, per_game, (out[0], out[1]), (out[2], out[3]))


def _per_game(
    h: History, rules: Rules, tables: ChangeLookup, out: Ints, heavy_k: int, heavy_games: int
) -> dict[str, Any]:
    """Every figure for every row (the table masks the rows that are not ranked games)."""
    ranked = h.kind == RANKED
    d = out[1] - out[0]
    expected = tables.expected[np.clip(d + tables.reach, 0, tables.width - 1)]
    outside = np.flatnonzero(np.abs(d) > tables.reach)
    expected[outside] = expected_winner(d[outside], rules.divisor)
    multiplier = CUBE_MULTIPLIERS[h.cube]
    expected[~ranked] = multiplier[~ranked] = np.nan
    recent_w, recent_l = out[4], out[5]
    return {
        "winner_recent_games": recent_w,
        "loser_recent_games": recent_l,
        "winner_k": np.where(recent_w >= heavy_games, heavy_k, rules.k),
        "loser_k": np.where(recent_l >= heavy_games, heavy_k, rules.k),
        "cube_multiplier": multiplier,
        "expected_winner": expected,
    }


def _players(h: History, start: np.ndarray, state: np.ndarray) -> pd.DataFrame:
    """One row per player of the accepted rows, best final rating first (then by name)."""
    who = np.flatnonzero(state[:, _LAST] >= 0)
    if not who.size:
        return pd.DataFrame({c: [] for c in PLAYER_COLUMNS})
    by_name = np.empty(len(who), dtype=np.intp)
    by_name[np.argsort(h.names[who], kind="stable")] = np.arange(len(who))
    who = who[np.lexsort((by_name, -state[who, _RATING]))]
    mine = state[who]
    last = h.time[mine[:, _LAST]].view(f"datetime64[{h.unit}]")
    return pd.DataFrame(
        {
            "player": pd.Series(h.names[who], dtype=object),
            "initial": start[who],
            "final": mine[:, _RATING],
            "peak": mine[:, _PEAK],
            "lowest": mine[:, _LOWEST],
            "ranked_games": mine[:, _RANKED],
            "wins": mine[:, _WINS],
            "losses": mine[:, _LOSSES],
            "games_at_heavy_k": mine[:, _HEAVY],
            "unrated_games": mine[:, _UNRATED],
            "prizes": mine[:, _PRIZES],
            "last_game": pd.DatetimeIndex(last).tz_localize("UTC"),
        }
    )
