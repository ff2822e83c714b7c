"""Where a change would be exact: for a change no game against the opponent typed gives, the
opponent ratings at which each outcome, K and cube give exactly that change.

For one outcome, K and cube the change is a step function of the opponent's rating, never
decreasing as the opponent gets stronger (a win is worth more, a loss costs less), so the
opponents giving one change form one run of whole ratings, found by bisection with the server's
own arithmetic (:func:`~gammon_elo.rating_change`, Go's rounding). A run that reaches as far as
the expected score moves (:data:`REACH` divisors away, where it is 0 or 1 to the last bit) is
open at that end: every opponent further out gives the same change.

A +3 win at K 16 and cube 1 under ÷1200 needs 2.5 ≤ 16 × (1 − E) < 3.5, an opponent 664 to
878 points below you:

>>> [r.gaps for r in exact_opponents(1650, 3, 1820, cubes=(1,), rules="1.3.1") if r.k == 16]
[(-878, -664)]
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import partial
from typing import Final

from .._core import checks, scalar
from ..formulas import rating_change
from ..rules import CURRENT, Rules, get_rules
from .explain import CUBE_LIKELIHOOD, WinOrLoss

__all__ = ["REACH", "OpponentRange", "exact_opponents"]

#: How far the search looks, in divisors: 10^20 makes the expected score 0 or 1 in a float.
REACH: Final = 20


@dataclass(frozen=True, slots=True)
class OpponentRange:
    """The opponents against whom one outcome, K and cube change ``rating`` by exactly
    ``change``: ``lowest`` … ``highest`` (None: open at that end)."""

    rating: int
    change: int
    outcome: WinOrLoss
    k: int
    #: Whether ``k`` is the heavy-week K.
    heavy: bool
    cube: int
    cube_multiplier: float
    lowest: int | None
    highest: int | None

    @property
    def gaps(self) -> tuple[int | None, int | None]:
        """The range as the opponent's rating minus yours (negative: a weaker opponent)."""
        return (
            None if self.lowest is None else self.lowest - self.rating,
            None if self.highest is None else self.highest - self.rating,
        )

    def distance(self, opponent: int) -> int:
        """How many points ``opponent`` lies outside the range (0 inside it)."""
        if self.lowest is not None and opponent < self.lowest:
            return self.lowest - opponent
        if self.highest is not None and opponent > self.highest:
            return opponent - self.highest
        return 0


def exact_opponents(
    rating: int,
    change: int,
    opponent: int,
    *,
    cubes: tuple[int, ...] = tuple(CUBE_LIKELIHOOD),
    rules: Rules | str = CURRENT,
) -> tuple[OpponentRange, ...]:
    """For each outcome, K of ``rules`` (the usual one, the heavy-week one) and cube of
    ``cubes``: the opponent ratings at which ``rating`` (before the game) changes by exactly
    ``change``, nearest to ``opponent`` first; combinations no opponent makes exact are left
    out."""
    rules = get_rules(rules)
    rating = checks.rating("rating", rating)
    change = checks.integer("change", change, low=-(2**41), high=2**41)
    opponent = checks.rating("opponent", opponent)
    cubes = tuple(checks.cube(c) for c in cubes)
    reach = max(1, int(REACH * rules.divisor))
    low, high = rating - reach, rating + reach
    ks = [(rules.k, False)] + ([(rules.heavy_k, True)] if rules.heavy_k is not None else [])
    found = []
    outcomes: tuple[WinOrLoss, WinOrLoss] = ("win", "loss")
    for outcome in outcomes:
        for k, heavy in ks:
            games = rules.heavy_games if heavy and rules.heavy_games is not None else 0
            for cube in cubes:
                of = partial(
                    _change, rating=rating, outcome=outcome, cube=cube, games=games, rules=rules
                )
                first = _first_reaching(of, change, low, high)
                last = _first_reaching(of, change + 1, low, high) - 1
                if first > last or of(first) != change:
                    continue
                found.append(
                    OpponentRange(
                        rating=rating,
                        change=change,
                        outcome=outcome,
                        k=k,
                        heavy=heavy,
                        cube=cube,
                        cube_multiplier=scalar.multiplier(cube),
                        lowest=None if first == low else first,
                        highest=None if last == high else last,
                    )
                )
    return tuple(sorted(found, key=lambda r: r.distance(opponent)))


def _change(
    opponent: int, *, rating: int, outcome: str, cube: int, games: int, rules: Rules
) -> int:
    """Your change against ``opponent`` (the heavy-week K where ``games`` reach it)."""
    if outcome == "win":
        return rating_change(
            rating, opponent, cube=cube, winner_recent_games=games, rules=rules
        ).winner
    return rating_change(opponent, rating, cube=cube, loser_recent_games=games, rules=rules).loser


def _first_reaching(of: Callable[[int], int], value: int, low: int, high: int) -> int:
    """The lowest opponent in ``low`` … ``high`` whose change is ``value`` or more (``high + 1``
    if none): the change never decreases as the opponent's rating rises."""
    if of(high) < value:
        return high + 1
    while low < high:
        middle = (low + high) // 2
        if of(middle) >= value:
            high = middle
        else:
            low = middle + 1
    return low
