"""Each player's games in order: every appearance of a player in an accepted row, sorted by
player and then rating order, and each ranked appearance's count of ranked games in the 7 days
before it, from which its K follows. Neither depends on a rating, so both are known before the
first rating moves.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import timedelta
from typing import Final

import numpy as np

from .._core.arrays import Indices, Ints
from .._core.errors import InvalidInput
from .compiled import compiled_sweep
from .validate import PODIUM, RANKED, History

__all__ = ["MAX_ROWS", "Chains", "player_chains", "recent_games"]


@dataclass(frozen=True, slots=True)
class Chains:
    """Every appearance of a player in an accepted row, sorted by player, then rating order.

    An appearance is a *slot*: ``2 × position + side``, side 0 the winner (or the podium's
    player), side 1 the loser. Each appearance has a key: the player in the high bits, the
    slot shifted left by 2, and the row's type in the 2 low bits.
    """

    slot: Indices
    player: Indices
    #: Where each player's run of appearances begins, and whose run it is.
    starts: Indices
    run_player: Indices
    #: The same for ranked games only (still sorted by player, then rating order).
    ranked_slot: Indices
    ranked_player: Indices
    ranked_key: Ints
    shift: int


#: Rows a history may have: a player and a slot must fit one int64 key together.
MAX_ROWS: Final = 2**29


def player_chains(h: History) -> Chains:
    """Every appearance in ``h``, chained by player (see :class:`Chains`)."""
    n = len(h.time)
    if n > MAX_ROWS:
        raise InvalidInput("games", f"{n} rows", f"must have at most {MAX_ROWS} rows")
    shift = int(2 * n).bit_length() + 2
    kind = h.kind.astype(np.int64)
    keys = np.arange(0, 8 * n, 4, dtype=np.int64)  # slot << 2
    keys[0::2] |= (h.winner.astype(np.int64) << shift) | kind
    keys[1::2] |= (h.loser.astype(np.int64) << shift) | kind
    keys.sort()
    # A podium row's missing loser (-1) has a negative key: sorted first, then cut off.
    keys = keys[int(np.count_nonzero(h.kind == PODIUM)) :]
    player = keys >> shift
    slot = (keys >> 2) & ((1 << (shift - 2)) - 1)
    first = np.empty(len(keys), dtype=bool)
    first[:1] = True
    np.not_equal(player[1:], player[:-1], out=first[1:])
    starts = np.flatnonzero(first)
    ranked = (keys & 3) == RANKED
    return Chains(
        slot=slot,
        player=player,
        starts=starts,
        run_player=player[starts],
        ranked_slot=slot[ranked],
        ranked_player=player[ranked],
        ranked_key=keys[ranked],
        shift=shift,
    )


def recent_games(h: History, chains: Chains, window: timedelta, *, compiled: bool = False) -> Ints:
    """Each ranked slot's ranked games this week (in ``chains.ranked_slot`` order): the
    player's ranked games earlier in rating order whose time is after t − window.

    A game exactly ``window`` earlier no longer counts; an earlier row with the same time does
    (it was rated first). ``compiled``: by the compiled sweep, with the same counts.
    """
    ticks = window // timedelta(microseconds=1) * (1000 if h.unit == "ns" else 1)
    lowest = np.iinfo(np.int64).min
    if compiled:
        # The same count by one pass a player (the searches below cost log n a game).
        recent_compiled = np.empty(len(chains.ranked_slot), dtype=np.int64)
        ranked_times = h.time[chains.ranked_slot >> 1]
        compiled_sweep()(ranked_times, chains.ranked_player, ticks, int(lowest), recent_compiled)
        return recent_compiled
    threshold = np.where(h.time > lowest + ticks, h.time - ticks, lowest)
    # The first row (in rating order) inside each row's window.
    opening = np.searchsorted(h.time, threshold, side="right")
    # The player's first ranked appearance at or after that row: the key of slot 2 × opening.
    bounds = chains.ranked_key >> chains.shift << chains.shift
    bounds |= opening[chains.ranked_slot >> 1] << 3
    recent: Ints = np.arange(len(bounds), dtype=np.int64)
    recent -= np.searchsorted(chains.ranked_key, bounds, side="left")
    return recent
