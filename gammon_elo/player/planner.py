"""The Planner: how many games a climb to a target rating takes, simulated under the exact rules.

Many paths of games against opponents of one rating are played at once (numpy, one step a game
for every path): each game is won with your win rate, ends at a cube drawn from the cube mix,
and is rated from the change tables the history replay uses (the server's float operations and
Go's rounding), with your K from the ranked games of the 7 days before it. Your games are spread
evenly over the week, so with g games a week the 7 days before a game hold the games less than
one week back (g − 1 of them once the first week is over, as the server counts: a game exactly
7 days old no longer counts); K drops to the heavy-week K from ``heavy_games`` of them. The
window need not start empty: the n ranked games of the 7 days before game 1 are spread evenly
over those days (the j-th most recent (j − ½)/n of a week back), all n in the window of game 1,
each dropping out 7 days after it was played.

Where a path settles: with a win rate p against opponents of rating R, the rating at which p is
your expected score, R + D·log10(p / (1 − p)). A target beyond it is reached only by a lucky
streak; :attr:`Plan.reached_share` says how often within the horizon.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final, TypedDict

import numpy as np

from .._core import checks
from .._core.arrays import CUBE_MULTIPLIERS, Flags, Floats, Ints, changes_at
from .._core.defaults import CUBE_MIX
from .._core.errors import InvalidInput
from .._core.lookup import lookup
from .._core.scalar import expected
from ..formulas import rating_change
from ..rules import CURRENT, Rules, get_rules
from .break_even import games_to_target

__all__ = [
    "CUBE_MIX",
    "HOLD_OPPONENTS",
    "MAX_WEEK_GAMES",
    "HoldRow",
    "Plan",
    "hold_table",
    "plan",
    "settling_rating",
]

#: The opponents' ratings of the "hold your rating" table.
HOLD_OPPONENTS: Final = tuple(range(1300, 2101, 100))
#: Bounds on the simulation's size, so that one call stays within memory (paths × games ints).
MAX_PATHS: Final = 20_000
MAX_GAMES: Final = 20_000
MAX_CELLS: Final = 20_000_000
#: The most ranked games the 7 days before game 1 may hold: one a minute, day and night.
MAX_WEEK_GAMES: Final = 7 * 24 * 60

Cubes = int | Sequence[tuple[int, float]]


@dataclass(frozen=True, slots=True)
class Plan:
    """Simulated paths from ``rating`` towards ``target`` and what they say.

    ``games_p10``/``games_median``/``games_p90`` are percentiles of the games each path needed
    (nearest rank: a number of games some path took; None where that share of paths had not
    reached the target within ``horizon`` games);
    ``mean_games`` is their mean, set only when every path got there.
    """

    rating: int
    target: int
    opponent: int
    win_rate: float
    games_per_week: float
    #: The ranked games already in the 7 days before game 1.
    games_this_week: int
    rules: Rules
    cubes: tuple[tuple[int, float], ...]
    paths: int
    horizon: int
    seed: int
    #: R + D·log10(p / (1 − p)); −inf / +inf for a win rate of 0 / 1.
    settling: float
    #: The target lies past the settling rating, on the far side from where you start.
    beyond_settling: bool
    #: Share of paths that reached the target within the horizon.
    reached_share: float
    games_p10: float | None
    games_median: float | None
    games_p90: float | None
    mean_games: float | None
    #: The drift (mean-field) estimate of :func:`~gammon_elo.games_to_target`, for one cube.
    drift_estimate: float | None
    #: Per game 0 … horizon: the paths' mean rating, 10th and 90th percentiles.
    mean: Floats
    low: Floats
    high: Floats
    #: Per game 1 … horizon: whether that game is played at the heavy-week K.
    heavy: Flags

    @property
    def weeks(self) -> tuple[float | None, float | None, float | None]:
        """The 10th, 50th and 90th percentiles of games needed, in weeks."""
        return tuple(  # type: ignore[return-value]
            None if g is None else g / self.games_per_week
            for g in (self.games_p10, self.games_median, self.games_p90)
        )

    @property
    def reached_on_average(self) -> bool:
        """The paths' mean rating after the last game is at the target or past it: the target
        is reached on average, not only by the lucky paths (the rounded changes can carry a
        climb past the unrounded settling rating, as K 2 does)."""
        last = float(self.mean[-1])
        return last >= self.target if self.target > self.rating else last <= self.target

    @property
    def reaching_rate(self) -> float:
        """The win rate at which you settle exactly at the target: your expected score against
        the opponents at the target rating, 1 / (1 + 10^((R − target) / D)). A higher rate (a
        lower one, for a target under your rating) settles beyond the target.

        >>> p = plan(1650, 1800, opponent=1820, paths=10, horizon=10, rules="1.3.1")
        >>> round(p.win_rate, 4), round(p.reaching_rate, 4)  # 1 / (1 + 10^(20 / 1200))
        (0.4192, 0.4904)
        """
        return expected(self.target, self.opponent, self.rules.divisor)

    @property
    def first_k(self) -> int:
        """Your K at game 1: the heavy-week K if the 7 days before it already make a heavy
        week."""
        heavy_k = self.rules.heavy_k
        return heavy_k if heavy_k is not None and bool(self.heavy[0]) else self.rules.k

    @property
    def heavy_weeks(self) -> list[int]:
        """The weeks (1, 2 …) in which some game is played at the heavy-week K."""
        games = np.flatnonzero(self.heavy)  # game index 0 = game 1
        return sorted({math.floor(i / self.games_per_week) + 1 for i in games})


def settling_rating(opponent: float, win_rate: float, divisor: float) -> float:
    """R + D·log10(p / (1 − p)): where your expected score against R equals your win rate.

    >>> round(settling_rating(1500, 0.6, 1200), 1)
    1711.3
    >>> settling_rating(1500, 0.5, 400)
    1500.0
    """
    p = checks.probability("win_rate", win_rate)
    if p == 0:
        return -math.inf
    if p == 1:
        return math.inf
    return float(opponent) + float(divisor) * math.log10(p / (1 - p))


def _cube_mix(cubes: Cubes) -> tuple[tuple[int, float], ...]:
    if isinstance(cubes, (int, np.integer)) and not isinstance(cubes, bool):
        return ((checks.cube(cubes), 1.0),)
    if isinstance(cubes, (str, bytes)) or not isinstance(cubes, Sequence) or not cubes:
        raise InvalidInput("cube", cubes, "must be a cube value or (cube, weight) pairs")
    mix = []
    for pair in cubes:
        if not isinstance(pair, (tuple, list)) or len(pair) != 2:
            raise InvalidInput("cube", cubes, "must be a cube value or (cube, weight) pairs")
        weight = checks.finite("cube weight", pair[1])
        if weight < 0:
            raise InvalidInput("cube weight", pair[1], "must be zero or more")
        mix.append((checks.cube(pair[0]), weight))
    if len({c for c, _ in mix}) != len(mix) or sum(w for _, w in mix) <= 0:
        raise InvalidInput("cube", cubes, "must list each cube once, weights adding up above 0")
    return tuple(mix)


def recent_games(games: int, games_per_week: float, games_this_week: int = 0) -> Ints:
    """For games 1 … ``games`` spread evenly at ``games_per_week``: the ranked games of the
    7 days before each (those less than a week back), ``games_this_week`` of them already in
    the 7 days before game 1 (spread evenly over those days, see the module's docstring).

    >>> recent_games(5, 3.0).tolist()
    [0, 1, 2, 2, 2]
    >>> recent_games(5, 3.0, games_this_week=6).tolist()
    [6, 5, 4, 2, 2]
    """
    index = np.arange(games, dtype=np.float64)
    first = np.maximum(0.0, np.floor(index - games_per_week) + 1)
    result: Ints = (index - first).astype(np.int64)
    if games_this_week:
        # Earlier game j (1 … n) is (j − ½)/n weeks before game 1: still counted at game i
        # (i / g weeks after game 1) while j < n·(1 − i/g) + ½.
        n = games_this_week
        bound = n * (1 - index / games_per_week) + 0.5
        result = result + np.clip(np.ceil(bound) - 1, 0, n).astype(np.int64)
    return result


def plan(
    rating: int,
    target: int,
    *,
    opponent: int,
    win_rate: float | None = None,
    games_per_week: float = 20.0,
    games_this_week: int = 0,
    cube: Cubes = 1,
    rules: Rules | str = CURRENT,
    paths: int = 1000,
    horizon: int = 2000,
    seed: int = 0,
) -> Plan:
    """``paths`` simulated paths of ``horizon`` games from ``rating`` against opponents of
    rating ``opponent``, won at ``win_rate`` (None: your expected score at ``rating``, "as
    expected against this field"), at ``games_per_week`` (``games_this_week`` of them already in
    the 7 days before game 1), each game at ``cube`` or at a cube drawn from (cube, weight) pairs
    such as :data:`CUBE_MIX`; the games each path needs to reach ``target`` and the band of its
    rating over the games.

    >>> p = plan(1500, 1600, opponent=1500, win_rate=0.6, paths=200, horizon=500, rules="1.3.1")
    >>> round(p.settling), p.beyond_settling, p.reached_share
    (1711, False, 1.0)
    """
    rules = get_rules(rules)
    rating, target, opponent = _checked_ratings(rating, target, opponent)
    p = _checked_win_rate(win_rate, rating, opponent, rules)
    per_week = checks.positive("games_per_week", games_per_week)
    this_week = checks.integer("games_this_week", games_this_week, low=0, high=MAX_WEEK_GAMES)
    mix = _cube_mix(cube)
    paths, horizon, seed = _checked_size(paths, horizon, seed)

    recent = recent_games(horizon, per_week, this_week)
    heavy = _heavy_weeks(recent, rules)
    ratings = _walk(rating, opponent, p, mix, rules, paths, heavy, seed)
    up = target > rating
    settling = settling_rating(opponent, p, rules.divisor)
    low, high = np.percentile(ratings, [10, 90], axis=1)
    return Plan(
        rating=rating,
        target=target,
        opponent=opponent,
        win_rate=p,
        games_per_week=per_week,
        games_this_week=this_week,
        rules=rules,
        cubes=mix,
        paths=paths,
        horizon=horizon,
        seed=seed,
        settling=settling,
        beyond_settling=target > settling if up else target < settling,
        **_arrival(ratings, target, up),
        drift_estimate=_drift_estimate(rating, target, opponent, p, mix, int(recent[-1]), rules),
        mean=ratings.mean(axis=1),
        low=low,
        high=high,
        heavy=heavy,
    )


def _checked_win_rate(win_rate: float | None, rating: int, opponent: int, rules: Rules) -> float:
    """The win rate, checked; None stands for your expected score at ``rating`` against this
    field ("as expected")."""
    if win_rate is None:
        return expected(rating, opponent, rules.divisor)
    return checks.probability("win_rate", win_rate)


def _heavy_weeks(recent: Ints, rules: Rules) -> Flags:
    """Per game: whether the 7 days before it hold a heavy week's ranked games (K drops to the
    heavy-week K); never under rules without a heavy week."""
    if rules.heavy_games is None:
        return np.zeros(recent.size, dtype=np.bool_)
    heavy: Flags = recent >= rules.heavy_games
    return heavy


class _Arrival(TypedDict):
    """How the paths reach the target, as :class:`Plan` has it."""

    reached_share: float
    games_p10: float | None
    games_median: float | None
    games_p90: float | None
    mean_games: float | None


def _arrival(ratings: Ints, target: int, up: bool) -> _Arrival:
    """The share of paths that reach ``target``, the games the 10th, 50th and 90th percentile
    path needs (None where that path never arrives), and the mean games where every path
    arrives (None otherwise)."""
    reached, needed = _arrivals(ratings, target, up)
    p10, median, p90 = (
        _finite(np.percentile(needed, q, method="inverted_cdf")) for q in (10, 50, 90)
    )
    return _Arrival(
        reached_share=float(reached.mean()),
        games_p10=p10,
        games_median=median,
        games_p90=p90,
        mean_games=float(needed.mean()) if reached.all() else None,
    )


def _drift_estimate(
    rating: int,
    target: int,
    opponent: int,
    p: float,
    mix: tuple[tuple[int, float], ...],
    steady: int,
    rules: Rules,
) -> float | None:
    """The closed-form estimate beside the simulation (:func:`games_to_target`), with the
    ``steady`` ranked games of a week once the first one is over: for a single cube only, the
    one its formula takes (None for a mix of cubes)."""
    if len(mix) != 1:
        return None
    return games_to_target(
        rating, target, opponent=opponent, win_rate=p, cube=mix[0][0], games=steady, rules=rules
    )


def _checked_ratings(rating: int, target: int, opponent: int) -> tuple[int, int, int]:
    """The plan's three ratings, checked: a target other than the rating, both within 100000
    points of the opponent."""
    rating = checks.rating("rating", rating)
    target = checks.rating("target", target)
    opponent = checks.rating("opponent", opponent)
    for field, value in (("rating", rating), ("target", target)):
        if abs(value - opponent) > 100_000:
            raise InvalidInput(field, value, "must be within 100000 points of opponent")
    if target == rating:
        raise InvalidInput("target", target, "must differ from rating")
    return rating, target, opponent


def _checked_size(paths: int, horizon: int, seed: int) -> tuple[int, int, int]:
    """Paths, horizon and seed, checked against the bounds that keep one call within memory."""
    paths = checks.integer("paths", paths, low=1, high=MAX_PATHS)
    horizon = checks.integer("horizon", horizon, low=1, high=MAX_GAMES)
    if paths * horizon > MAX_CELLS:
        raise InvalidInput("paths", paths, f"× horizon must be at most {MAX_CELLS}")
    seed = checks.integer("seed", seed, low=0, high=2**63 - 1)
    return paths, horizon, seed


def _arrivals(ratings: Ints, target: int, up: bool) -> tuple[Flags, Floats]:
    """Per path: whether it reaches ``target``, and the games it needs (∞ where it never does)."""
    arrived = ratings[1:] >= target if up else ratings[1:] <= target
    reached: Flags = np.asarray(arrived.any(axis=0))
    needed: Floats = np.where(reached, arrived.argmax(axis=0) + 1.0, math.inf)
    return reached, needed


def _finite(value: float) -> float | None:
    return float(value) if math.isfinite(value) else None


def _walk(
    rating: int,
    opponent: int,
    p: float,
    mix: tuple[tuple[int, float], ...],
    rules: Rules,
    paths: int,
    heavy: Flags,
    seed: int,
) -> Ints:
    """Ratings of every path before game 1 and after each game: (horizon + 1) × paths.

    Not :mod:`gammon_elo.simulate`: that one rates a population against one another, each game
    changing two ratings drawn by pairing; a plan is one player against a field of fixed rating,
    and its random stream (wins, then cubes, per game and path) is what the pinned plans were
    drawn from. Both rate through the same change lookup."""
    horizon = heavy.size
    rng = np.random.default_rng(seed)
    wins = rng.random((horizon, paths)) < p
    weights = np.array([w for _, w in mix], dtype=np.float64)
    cube_index = np.array([c.bit_length() - 1 for c, _ in mix], dtype=np.int64)
    drawn = cube_index[rng.choice(len(mix), size=(horizon, paths), p=weights / weights.sum())]
    tables = lookup(rules.divisor, rules.k, rules.heavy_k)
    cubes, width, reach = CUBE_MULTIPLIERS.size, tables.width, tables.reach
    ks = (rules.k, rules.k if rules.heavy_k is None else rules.heavy_k)
    ratings = np.empty((horizon + 1, paths), dtype=np.int64)
    ratings[0] = rating
    current = np.full(paths, rating, dtype=np.int64)
    for game in range(horizon):
        win = wins[game]
        # d = loser − winner: the opponent's lead if you win, yours if you lose.
        d = np.where(win, opponent - current, current - opponent)
        k = ks[int(heavy[game])]
        far = np.abs(d) > reach
        if far.all():
            change = _changes_beyond(d, win, k, drawn[game], rules.divisor)
        else:
            block = (int(heavy[game]) * cubes + drawn[game]) * width
            index = block + reach + np.minimum(np.maximum(d, -reach), reach)
            change = np.where(win, tables.winner[index], tables.loser[index])
            if far.any():
                at = np.flatnonzero(far)
                change[at] = _changes_beyond(d[at], win[at], k, drawn[game, at], rules.divisor)
        current = current + change
        ratings[game + 1] = current
    return ratings


def _changes_beyond(d: Ints, win: Flags, k: int, cube_index: Ints, divisor: float) -> Ints:
    """Your changes in games thousands of points apart, beyond the lookup's reach: all at once,
    exactly as the lookup and :func:`~gammon_elo.rating_change` rate them."""
    ks = np.full(d.size, k)
    winner, loser = changes_at(d, divisor, ks, ks, CUBE_MULTIPLIERS[cube_index])
    change: Ints = np.where(win, winner, loser)
    return change


@dataclass(frozen=True, slots=True)
class HoldRow:
    """Against one opponent rating: your expected score and the win rate that holds you put."""

    opponent: int
    expected: float
    #: |loss| / (gain + |loss|) from the rounded changes (weighted by the cube mix); None where
    #: a win and a loss both change nothing.
    hold: float | None


def hold_table(
    rating: int,
    *,
    opponents: Sequence[int] = HOLD_OPPONENTS,
    cube: Cubes = 1,
    games: int = 0,
    rules: Rules | str = CURRENT,
) -> list[HoldRow]:
    """The win rate that holds ``rating`` against each opponent rating: the share of wins at
    which the average change is 0, from the rounded changes (each cube weighted by its share).

    >>> [(r.opponent, r.hold) for r in hold_table(1500, opponents=(1500, 1700), rules="1.3.1")]
    [(1500, 0.5), (1700, 0.40625)]
    """
    rules = get_rules(rules)
    rating = checks.rating("rating", rating)
    mix = _cube_mix(cube)
    games = checks.games("games", games)
    rows = []
    for raw in opponents:
        opponent = checks.rating("opponent", raw)
        gain, loss = _mixed(rating, opponent, mix, games, rules)
        hold = None if gain - loss == 0 else -loss / (gain - loss)
        rows.append(HoldRow(opponent, expected(rating, opponent, rules.divisor), hold))
    return rows


def _mixed(
    rating: int, opponent: int, mix: tuple[tuple[int, float], ...], games: int, rules: Rules
) -> tuple[float, float]:
    """Your average gain for a win and loss for a loss over the cube mix."""
    total = sum(w for _, w in mix)
    gain = loss = 0.0
    for c, w in mix:
        gain += (
            w
            / total
            * rating_change(rating, opponent, cube=c, winner_recent_games=games, rules=rules).winner
        )
        loss += (
            w
            / total
            * rating_change(opponent, rating, cube=c, loser_recent_games=games, rules=rules).loser
        )
    return gain, loss
