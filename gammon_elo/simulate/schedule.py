"""Who plays when: each player's time slots of a week, drawn with their weekly rate, and the
players of each slot paired at random.
"""

from __future__ import annotations

import numpy as np

from .._core.arrays import Floats, Ints

__all__ = ["random_pairs", "week_schedule"]


def week_schedule(rng: np.random.Generator, chance: Floats, slots: int) -> tuple[Ints, Ints]:
    """Who plays in which slot: each player in each slot with their chance, independently.

    Drawn as geometric gaps between a player's slots (cheap for the many light players; whoever
    runs out of draws before the week's end draws on), then grouped by slot in random order
    within each slot. Returns the players slot by slot, and each slot's start.
    """
    who: list[Ints] = []
    when: list[Ints] = []
    pending = np.flatnonzero(chance > 0)
    position = np.full(pending.size, -1, dtype=np.int64)  # the slot of each one's last game
    while pending.size:
        p = chance[pending]
        mean = (slots - 1 - position) * p
        draws = np.ceil(mean + np.sqrt(mean * (1 - p)) + 1).astype(np.int64)
        # Geometric(p) gaps as ⌊Exp / −log(1 − p)⌋ + 1; p = 1 gives −log(0) = inf: gaps of 1.
        with np.errstate(divide="ignore"):
            mean_gap = -1 / np.log1p(-p)
        gaps = np.floor(rng.standard_exponential(int(draws.sum())) * np.repeat(mean_gap, draws))
        total = np.cumsum(gaps + 1)
        ends = np.cumsum(draws) - 1
        # Each player's slots: their last slot so far plus their own gaps' running total.
        before = np.concatenate(([0.0], total[ends[:-1]]))
        slot = total + np.repeat(position - before, draws)
        keep = slot < slots
        who.append(np.repeat(pending, draws)[keep])
        when.append(slot[keep].astype(np.int64))
        last = slot[ends]
        more = last < slots - 1
        pending, position = pending[more], last[more].astype(np.int64)
    players = np.concatenate(who) if who else np.zeros(0, dtype=np.int64)
    slot = np.concatenate(when) if when else np.zeros(0, dtype=np.int64)
    # Random order within each slot: sort by a random 16-bit key, then (stably) by slot; both
    # are radix sorts, far cheaper than shuffling.
    shuffled = np.argsort(rng.integers(0, 2**16, players.size, dtype=np.uint16), kind="stable")
    key = slot[shuffled].astype(np.int16 if slots <= np.iinfo(np.int16).max else np.int32)
    order = shuffled[np.argsort(key, kind="stable")]
    starts = np.concatenate(([0], np.cumsum(np.bincount(slot, minlength=slots))))
    return players[order], starts.astype(np.int64)


def random_pairs(order: Ints, starts: Ints) -> tuple[Ints, Ints, Ints]:
    """Neighbours paired within each slot (the order is already random; an odd one out waits):
    A, B, and each slot's first game."""
    per_slot = np.diff(starts) // 2
    game_starts = np.concatenate(([0], np.cumsum(per_slot)))
    slot_of = np.repeat(np.arange(per_slot.size), per_slot)
    first = starts[slot_of] + 2 * (np.arange(slot_of.size) - game_starts[slot_of])
    return order[first], order[first + 1], game_starts.astype(np.int64)
