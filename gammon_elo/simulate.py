"""The population simulator: players of hidden true strength play ranked games week after week,
and every rule set asked for rates **the very same games** (common random numbers), so whatever
differs between rule sets comes from the rules alone. Deterministic for a given seed.

The model, in the order a week is simulated:

- A week has ``slots_per_week`` time slots (504: one every 20 minutes). A player takes part in a
  slot with probability rate / slots, so their games in a week are Binomial(slots, rate / slots),
  close to Poisson(rate). Within one slot a player plays at most one game, so each game is rated
  with the ratings the previous game left, as on the server; all games of a slot are rated at once.
- The players of a slot are paired at random, or within a rating band (sorted by rating plus a
  random offset of up to ``band`` points, neighbours paired); an odd one out waits for the next
  slot. Band pairing looks at the *first* rule set's ratings: the games are played under it and
  the other rule sets re-rate them, as the history replay does.
- A beats B with the true probability 1 / (1 + 10^(−(strength_A − strength_B) / true_divisor)).
- The cube comes from ``cubes``; gammons are not modelled (they change nothing since 1.0.5).
- Each rule set rates every game exactly as the server: ``round(K × (result − E) × (1 +
  log2(cube)/6))`` with Go's rounding, each player's K from their ranked games in the 7 days
  before the slot (the previous slots − 1 slots: a game exactly 7 days earlier no longer counts;
  the window starts empty, as on launch day, and newcomers' too).

Only the ratio strength_sd / true_divisor matters to who wins; at equilibrium ratings settle where
the rating curve matches the true curve, ``rating ≈ starting + strength × divisor / true_divisor``,
blurred by the luck of the last few dozen games.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from statistics import NormalDist
from typing import Any, Literal

import numpy as np
import numpy.typing as npt
import pandas as pd

from . import _checks
from ._errors import InvalidInput
from .formulas import _TIE_MARGIN, _expected, _multiplier, _server_values
from .rules import RULES, Rules, get_rules

__all__ = [
    "HEAVY_WEEK_GAMES",
    "LEVEL_SHARE",
    "TRUE_DIVISOR",
    "VOLATILITY_BUCKETS",
    "Population",
    "Simulation",
    "go_round_array",
    "half_within",
    "simulate",
    "spearman",
    "strongest_tenth_win_rate",
]

Ints = npt.NDArray[np.int64]
Floats = npt.NDArray[np.float64]
Progress = Callable[[float], object]

#: The true curve's divisor: with strengths of sd 100 the strongest tenth then win 57.5 % of their
#: games against the field, the middle of the article's 57–58 % (see strongest_tenth_win_rate).
TRUE_DIVISOR = 1325.0

#: The article's heavy week: 300 ranked games.
HEAVY_WEEK_GAMES = 300

#: A newcomer has "reached their level" once they covered this share of the way to it.
LEVEL_SHARE = 0.9

#: Lower edges of the games-per-week groups of the volatility table.
VOLATILITY_BUCKETS = (1, 10, 25, 50, 100, 200, HEAVY_WEEK_GAMES)

#: The default cube distribution: most single games end undoubled or at 2.
DEFAULT_CUBES = ((1, 0.50), (2, 0.30), (4, 0.13), (8, 0.05), (16, 0.02))

#: Standardised lognormal's sigma for the "skewed" strength shape: a long tail of strong players.
_SKEW_SIGMA = 0.5

#: Rating differences up to this many points are rated from tables; beyond, game by game.
_TABLE_REACH = 8192

#: Points of quantile grid used to integrate the true win rate over the strength distribution.
_GRID = 4000

StrengthShape = Literal["normal", "uniform", "skewed"]
Pairing = Literal["random", "band"]


@dataclass(frozen=True, slots=True)
class Population:
    """The designer's community: who plays, how strong, how much, at which cube, for how long.

    >>> Population(players=500, weeks=4).heavy_share
    0.05
    >>> Population(players=1)
    Traceback (most recent call last):
    ...
    gammon_elo._errors.InvalidInput: players must be at least 2, got 1
    """

    players: int = 2000
    weeks: int = 26
    seed: int = 0
    #: Shape of the hidden strengths: "normal", "uniform" or "skewed" (a tail of strong players).
    strength: StrengthShape = "normal"
    #: Standard deviation of the hidden strengths, in points of the true curve (0: all equal).
    strength_sd: float = 100.0
    #: The true curve's divisor: how much luck the dice leave (larger: flatter, more luck).
    true_divisor: float = TRUE_DIVISOR
    #: Median weekly ranked games of the ordinary players (lognormal around it).
    games_per_week: float = 15.0
    #: The lognormal's sigma for ordinary players' weekly games (0: all play games_per_week).
    games_spread: float = 0.8
    #: Share of heavy players, who play heavy_games_per_week.
    heavy_share: float = 0.05
    #: Weekly ranked games of the heavy players: uniform between the two numbers.
    heavy_games_per_week: tuple[float, float] = (300.0, 400.0)
    #: Time slots per week: a player plays at most one game per slot.
    slots_per_week: int = 504
    #: (cube, weight) pairs: how often a game ends at each cube value.
    cubes: tuple[tuple[int, float], ...] = DEFAULT_CUBES
    #: "random" pairing, or "band": opponents within about ``band`` rating points of the first
    #: rule set's ratings (the games are played under it; the others re-rate the same games).
    #: Under band pairing the spread keeps growing: opponents of equal rating teach little.
    pairing: Pairing = "random"
    band: float = 200.0
    #: Newcomers who join at the starting rating in newcomer_week, all of newcomer_strength;
    #: None: one in forty of the players (at least one). They are left out of the population's
    #: figures, which they would otherwise pull towards their starting rating.
    newcomers: int | None = None
    #: Newcomers' true strength, in points above the population's average.
    newcomer_strength: float = 200.0
    #: The week they join (0 = from the start); None: halfway through.
    newcomer_week: int | None = None
    newcomer_games_per_week: float = 20.0

    def __post_init__(self) -> None:
        # Whole numbers are stored as ints (2000.0 from a widget becomes 2000).
        for name, low in (("players", 2), ("weeks", 1), ("seed", 0), ("slots_per_week", 1)):
            object.__setattr__(self, name, _checks.integer(name, getattr(self, name), low=low))
        if self.strength not in ("normal", "uniform", "skewed"):
            raise InvalidInput("strength", self.strength, "must be normal, uniform or skewed")
        _non_negative("strength_sd", self.strength_sd)
        _checks.positive("true_divisor", self.true_divisor)
        slots = self.slots_per_week
        _checks.positive("games_per_week", self.games_per_week)
        _non_negative("games_spread", self.games_spread)
        _checks.probability("heavy_share", self.heavy_share)
        heavy = tuple(self.heavy_games_per_week)
        # A player plays at most one game a slot; without heavy players their rate is unused.
        most = slots if self.heavy_share > 0 else math.inf
        if (
            len(heavy) != 2
            or not 0 < _checks.positive("heavy_games_per_week", heavy[0]) <= heavy[1] <= most
        ):
            raise InvalidInput(
                "heavy_games_per_week",
                self.heavy_games_per_week,
                f"must be (low, high) with 0 < low ≤ high ≤ slots_per_week ({slots})",
            )
        object.__setattr__(self, "heavy_games_per_week", heavy)
        cubes = tuple((c, w) for c, w in self.cubes)
        for cube, weight in cubes:
            _checks.cube(cube, field="cubes")
            _non_negative("cubes", weight)
        if len({c for c, _ in cubes}) != len(cubes) or sum(w for _, w in cubes) <= 0:
            raise InvalidInput(
                "cubes", self.cubes, "must list each cube once with weights adding up above 0"
            )
        object.__setattr__(self, "cubes", cubes)
        if self.pairing not in ("random", "band"):
            raise InvalidInput("pairing", self.pairing, "must be random or band")
        _checks.positive("band", self.band)
        if self.newcomers is not None:
            object.__setattr__(
                self, "newcomers", _checks.integer("newcomers", self.newcomers, low=0)
            )
        if not math.isfinite(self.newcomer_strength):
            raise InvalidInput("newcomer_strength", self.newcomer_strength, "must be finite")
        if self.newcomer_week is not None:
            week = _checks.integer("newcomer_week", self.newcomer_week, low=0, high=self.weeks - 1)
            object.__setattr__(self, "newcomer_week", week)
        _checks.positive("newcomer_games_per_week", self.newcomer_games_per_week)

    @property
    def cohort(self) -> int:
        """How many newcomers join: newcomers, or one in forty of the players."""
        return max(1, self.players // 40) if self.newcomers is None else self.newcomers

    @property
    def join_week(self) -> int:
        """The week the newcomers join: newcomer_week, or halfway through."""
        return self.weeks // 2 if self.newcomer_week is None else self.newcomer_week

    @property
    def mean_cube_multiplier(self) -> float:
        """E[1 + log2(cube)/6] over the cube distribution: how much bigger an average change is."""
        total = sum(w for _, w in self.cubes)
        return sum(w * _multiplier(c) for c, w in self.cubes) / total


def _non_negative(name: str, value: Any) -> float:
    if isinstance(value, bool) or not isinstance(value, int | float) or not value >= 0:
        raise InvalidInput(name, value, "must be a number of at least 0")
    if not math.isfinite(value):
        raise InvalidInput(name, value, "must be finite")
    return float(value)


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


def spearman(x: npt.ArrayLike, y: npt.ArrayLike) -> float:
    """Spearman's rho: the correlation of the ranks (ties averaged); NaN where a side is constant.

    >>> spearman([1, 2, 3, 4], [10, 20, 30, 40]), spearman([1, 2, 3, 4], [4, 3, 2, 1])
    (1.0, -1.0)
    >>> round(spearman([1, 2, 2, 3], [1, 3, 2, 4]), 4)
    0.9487
    """
    xs, ys = np.asarray(x).ravel(), np.asarray(y).ravel()
    if xs.shape != ys.shape:
        raise InvalidInput("y", f"{ys.size} values", f"must have as many values as x ({xs.size})")
    return _correlation(_ranks(xs)[0], _ranks(ys)[0])


def half_within(ratings: npt.ArrayLike, *, share: float = 0.5) -> float:
    """The narrowest window of ratings holding ``share`` of the players (the article's "half of
    the active players within about 60 points"): max − min of the tightest ⌈share × n⌉ ratings.

    >>> half_within([1400, 1490, 1500, 1510, 1600, 1700])
    20.0
    """
    share = _checks.probability("share", share)
    return _half_within_sorted(np.sort(np.asarray(ratings, dtype=np.float64).ravel()), share)


def _standard_quantiles(shape: StrengthShape, u: Floats) -> Floats:
    """The standardised (mean 0, sd 1) strength distribution's quantiles at u."""
    normal = np.array([NormalDist().inv_cdf(float(p)) for p in u])
    if shape == "uniform":
        return np.asarray(math.sqrt(3) * (2 * u - 1), dtype=np.float64)
    if shape == "skewed":
        return _standardised_lognormal(normal)
    return normal


def _standardised_lognormal(normal: Floats) -> Floats:
    s2 = _SKEW_SIGMA**2
    mean, sd = math.exp(s2 / 2), math.sqrt((math.exp(s2) - 1) * math.exp(s2))
    return np.asarray((np.exp(_SKEW_SIGMA * normal) - mean) / sd, dtype=np.float64)


def strongest_tenth_win_rate(population: Population | None = None) -> float:
    """∫ P(win) of the strongest tenth against the whole field, under the true curve.

    The number the true curve's steepness is calibrated on (the article: 57–58 % for the
    strongest players), computed by integration over the strength distribution, not by playing.

    >>> round(strongest_tenth_win_rate(), 3)
    0.575
    """
    population = population or Population()
    u = (np.arange(_GRID) + 0.5) / _GRID
    strengths = _standard_quantiles(population.strength, u) * population.strength_sd
    top = strengths[-(_GRID // 10) :]
    gaps = (top[:, None] - strengths[None, :]) / population.true_divisor
    return float(np.mean(1.0 / (1.0 + 10.0**-gaps)))


@dataclass(frozen=True, slots=True, eq=False)
class Simulation:
    """What simulate returns: per-rule-set time series and tables as pandas DataFrames.

    ``rules`` column values are the rule sets' labels ("1.3.1", "custom (÷1000, K 24)" …).
    """

    population: Population
    rules: tuple[Rules, ...]
    #: Games simulated; every rule set rated these same games.
    games: int
    #: One row per week and rule set: the distribution of the active players' ratings (mean, iqr,
    #: half_within, spread = max − min), spearman with true strength, slope (rating points per
    #: point of strength, least squares), and the top tenth by rating at the start of the week /
    #: the strongest tenth by true strength: expected and actual win rate in that week's games.
    weekly: pd.DataFrame
    #: Weekly rating change by games played that week: one row per rule set and games group.
    volatility: pd.DataFrame
    #: Every player-week of HEAVY_WEEK_GAMES or more: games, wins, expected wins (sum of E),
    #: the K of a heavy week, and the rating change over the week.
    heavy_weeks: pd.DataFrame
    #: The newcomers' cohort week by week after joining: mean games played, mean rating, and
    #: their level (the rating established players of their strength hold that week).
    newcomers: pd.DataFrame
    #: Final ratings: one row per player, with strength, weekly rate and one column per rule set.
    ratings: pd.DataFrame
    #: With record_games: every game (slot, winner, loser, cube, both players' recent games).
    log: pd.DataFrame | None = field(default=None)

    @property
    def names(self) -> tuple[str, ...]:
        """The rule sets' labels, in the order asked for."""
        return tuple(r.label for r in self.rules)

    def distribution(self) -> pd.DataFrame:
        """The final ratings of the population (newcomers left out), one row per player and rule
        set: rules, player, strength, rating — long, for a histogram per rule set."""
        players = self.ratings[~self.ratings["newcomer"]]
        return players.melt(
            id_vars=["player", "strength"],
            value_vars=list(self.names),
            var_name="rules",
            value_name="rating",
        )[["rules", "player", "strength", "rating"]]

    def summary(self) -> pd.DataFrame:
        """One row per rule set: the last week's distribution and accuracy, the top and
        strongest tenth's win rates averaged over the last quarter of the weeks, and how many
        games (and weeks) the newcomers took to cover LEVEL_SHARE of the way to their level."""
        weekly = self.weekly
        last = weekly[weekly["week"] == weekly["week"].max()].set_index("rules")
        tail = weekly[weekly["week"] > weekly["week"].max() - max(1, self.population.weeks // 4)]
        rates = tail.groupby("rules", sort=False)[
            [
                "top_tenth_expected",
                "top_tenth_actual",
                "strongest_tenth_expected",
                "strongest_tenth_actual",
            ]
        ].mean()
        rows = []
        for rules in self.rules:
            name = rules.label
            games, weeks = self._newcomer_time_to_level(name)
            rows.append(
                {
                    "rules": name,
                    "divisor": rules.divisor,
                    "k": rules.k,
                    "heavy_k": rules.heavy_k,
                    "heavy_games": rules.heavy_games,
                    **{
                        c: float(last.at[name, c])
                        for c in ("mean", "iqr", "half_within", "spread", "spearman", "slope")
                    },
                    **{c: float(v) for c, v in rates.loc[name].items()},
                    "newcomer_games_to_level": games,
                    "newcomer_weeks_to_level": weeks,
                }
            )
        return pd.DataFrame(rows).astype({"heavy_k": "Int64", "heavy_games": "Int64"})

    def _newcomer_time_to_level(self, name: str) -> tuple[float, float]:
        """Games and weeks until the newcomers' mean rating covered LEVEL_SHARE of the way."""
        cohort = self.newcomers[self.newcomers["rules"] == name]
        if cohort.empty:
            return math.nan, math.nan
        start = float(self.rules[self.names.index(name)].starting)
        gap = cohort["level"].to_numpy() - start
        covered = np.where(np.abs(gap) >= 1, (cohort["rating"].to_numpy() - start) / gap, 1.0)
        hit = np.flatnonzero(covered >= LEVEL_SHARE)
        if hit.size == 0:
            return math.nan, math.nan
        i = int(hit[0])
        games, weeks = cohort["games"].to_numpy(), cohort["week"].to_numpy()
        if i == 0:
            return float(games[0]), float(weeks[0])
        # Linear between the two week ends around the crossing.
        t = (LEVEL_SHARE - covered[i - 1]) / (covered[i] - covered[i - 1])
        return (
            float(games[i - 1] + t * (games[i] - games[i - 1])),
            float(weeks[i - 1] + t * (weeks[i] - weeks[i - 1])),
        )

    def heavy_week_claim(self, *, low: float = 0.02, high: float = 0.03) -> pd.DataFrame:
        """The article's heavy week: player-weeks of HEAVY_WEEK_GAMES+ games whose win rate fell
        ``low``–``high`` below their expected score, and what it cost them, per rule set.

        ``k_games_shortfall`` is the article's estimate K × games × shortfall (K of a heavy
        week), to set beside the measured ``change``; with undoubled games they agree to within
        each game's rounding, while the cube scales each game's change but not the shortfall.
        """
        low = _checks.probability("low", low)
        high = _checks.probability("high", high)
        frame = self.heavy_weeks
        shortfall = (frame["expected"] - frame["wins"]) / frame["games"]
        picked = frame[(shortfall >= low) & (shortfall <= high)].assign(
            shortfall=shortfall,
            k_games_shortfall=lambda f: f["k"] * f["games"] * f["shortfall"],
        )
        rows = []
        for name in self.names:
            group = picked[picked["rules"] == name]
            naive = float(group["k_games_shortfall"].mean()) if len(group) else math.nan
            rows.append(
                {
                    "rules": name,
                    "player_weeks": len(group),
                    "games": float(group["games"].mean()) if len(group) else math.nan,
                    "shortfall": float(group["shortfall"].mean()) if len(group) else math.nan,
                    "change": float(group["change"].mean()) if len(group) else math.nan,
                    "k_games_shortfall": naive,
                }
            )
        return pd.DataFrame(rows)


class _Tables:
    """Every rule set's rounded changes and expected scores, looked up by rating difference.

    The server's change depends only on loser − winner, each side's K and the cube, so tables
    over differences within ±_TABLE_REACH, computed once exactly as rating_change computes them,
    rate a whole slot of games by one lookup. Layout of ``changes``: the winners' half then the
    losers' half (``loser_offset`` further); in each, per rule set, per K (K, then the heavy-week
    K if the rule set has one), per cube, the differences.
    """

    def __init__(self, rules: Sequence[Rules], multipliers: Floats) -> None:
        self.rules = rules
        self.multipliers = multipliers
        self.width = width = 2 * _TABLE_REACH + 1
        differences = np.arange(-_TABLE_REACH, _TABLE_REACH + 1, dtype=np.int64)
        winner, loser, expected, rows, heavy = [], [], [], [], []
        offset = 0
        for r in rules:
            e = _expected_winner(differences, r.divisor)
            expected.append(e)
            ks = (r.k,) if r.heavy_k is None else (r.k, r.heavy_k)
            rows.append(offset + _TABLE_REACH)
            heavy.append(0 if r.heavy_k is None else len(multipliers) * width)
            for k in ks:
                for m in multipliers:
                    size = differences.size
                    w, lo = _changes(
                        differences,
                        e,
                        r.divisor,
                        np.full(size, k),
                        np.full(size, k),
                        np.full(size, m),
                    )
                    winner.append(w)
                    loser.append(lo)
                    offset += width
        self.changes = np.concatenate(winner + loser)
        self.loser_offset = offset
        self.expected_winner = np.concatenate(expected)
        #: Where each rule set's tables start (shifted by the reach, so a difference indexes).
        self.rows = np.array(rows, dtype=np.int64)[:, None]
        #: How far the heavy-week K's tables are from the K's (0: the rule set has none).
        self.heavy_stride = np.array(heavy, dtype=np.int64)[:, None]
        self.expected_rows = (np.arange(len(rules), dtype=np.int64) * width + _TABLE_REACH)[:, None]

    def exact(
        self, difference: Ints, heavy: npt.NDArray[np.bool_], cube: Ints
    ) -> tuple[Ints, Floats]:
        """The same as the tables, game by game, for a slot with differences beyond their reach:
        the changes of winners then losers, and the winners' expected scores."""
        games = difference.shape[1]
        changes = np.empty((len(self.rules), 2 * games), dtype=np.int64)
        expected = np.empty(difference.shape)
        m = self.multipliers[cube]
        for s, r in enumerate(self.rules):
            heavy_k = r.k if r.heavy_k is None else r.heavy_k
            k = np.where(heavy[s], heavy_k, r.k)
            expected[s] = e = _expected_winner(difference[s], r.divisor)
            changes[s, :games], changes[s, games:] = _changes(
                difference[s], e, r.divisor, k[:games], k[games:], m
            )
        return changes, expected


def _expected_winner(differences: Ints, divisor: float) -> Floats:
    """E of the winner for each loser − winner difference, by the package's scalar formula."""
    return np.array([_expected(0, int(d), divisor) for d in differences], dtype=np.float64)


def _changes(
    difference: Ints,
    expected_winner: Floats,
    divisor: float,
    k_winner: Ints,
    k_loser: Ints,
    multiplier: Floats,
) -> tuple[Ints, Ints]:
    """CalculateChangeWithK on arrays: the server's float operations in its order, rounded as Go
    rounds; where the last bits of 10^x could decide a half (formulas._near_tie), the value is
    recomputed by the scalar path, which then uses Go's own Pow."""
    expected_loser = 1 - expected_winner
    winner = k_winner * (1 - expected_winner) * multiplier
    loser = k_loser * (0 - expected_loser) * multiplier
    near = _near_tie(winner, k_winner * multiplier) | _near_tie(loser, k_loser * multiplier)
    for i in np.flatnonzero(near):
        *_, winner[i], loser[i] = _server_values(
            int(difference[i]), divisor, int(k_winner[i]), int(k_loser[i]), float(multiplier[i])
        )
    return go_round_array(winner), go_round_array(loser)


def _near_tie(value: Floats, scale: Floats) -> npt.NDArray[np.bool_]:
    """formulas._near_tie on arrays: within _TIE_MARGIN × scale of a half-integer."""
    return np.asarray(np.abs(np.abs(value) % 1.0 - 0.5) <= _TIE_MARGIN * scale)


def _draw_players(
    population: Population, rng: np.random.Generator
) -> tuple[Floats, Floats, npt.NDArray[np.bool_]]:
    """Strengths, weekly rates and the newcomer mask of the population plus the newcomers."""
    n = population.players
    normal = rng.standard_normal(n)
    if population.strength == "uniform":
        standard = math.sqrt(3) * (2 * rng.random(n) - 1)
    elif population.strength == "skewed":
        standard = _standardised_lognormal(normal)
    else:
        standard = normal
    strength = np.concatenate(
        [
            standard * population.strength_sd,
            np.full(population.cohort, population.newcomer_strength),
        ]
    )
    heavy = rng.random(n) < population.heavy_share
    ordinary = population.games_per_week * np.exp(population.games_spread * rng.standard_normal(n))
    low, high = population.heavy_games_per_week
    heavy_rate = low + (high - low) * rng.random(n)
    rate = np.concatenate(
        [
            np.where(heavy, heavy_rate, ordinary),
            np.full(population.cohort, population.newcomer_games_per_week),
        ]
    )
    rate = np.minimum(rate, population.slots_per_week)
    newcomer = np.arange(n + population.cohort) >= n
    return strength, rate, newcomer


def _week_schedule(rng: np.random.Generator, chance: Floats, slots: int) -> tuple[Ints, Ints]:
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


def _random_pairs(order: Ints, starts: Ints) -> tuple[Ints, Ints, Ints]:
    """Neighbours paired within each slot (the order is already random; an odd one out waits):
    A, B, and each slot's first game."""
    per_slot = np.diff(starts) // 2
    game_starts = np.concatenate(([0], np.cumsum(per_slot)))
    slot_of = np.repeat(np.arange(per_slot.size), per_slot)
    first = starts[slot_of] + 2 * (np.arange(slot_of.size) - game_starts[slot_of])
    return order[first], order[first + 1], game_starts.astype(np.int64)


def _rule_sets(rules: Sequence[Rules | str]) -> tuple[Rules, ...]:
    if isinstance(rules, str | Rules):
        rules = [rules]
    resolved = tuple(get_rules(r) for r in rules)
    if not resolved:
        raise InvalidInput("rules", list(rules), "must name at least one rule set")
    labels = [r.label for r in resolved]
    if len(set(labels)) != len(labels):
        raise InvalidInput("rules", labels, "must not name the same rule set twice")
    return resolved


def simulate(
    population: Population | None = None,
    *,
    rules: Sequence[Rules | str] = tuple(RULES),
    progress: Progress | None = None,
    record_games: bool = False,
) -> Simulation:
    """Play ``population.weeks`` weeks of ranked games and rate them under every rule set.

    ``progress``, if given, is called after each week with the share of the run done (0 … 1].
    ``record_games`` keeps every game in ``Simulation.log`` (large: one row per game).

    >>> run = simulate(Population(players=200, weeks=2, slots_per_week=60, heavy_share=0),
    ...                rules=["1.2.0", "1.3.1"])
    >>> run.names, run.games > 0
    (('1.2.0', '1.3.1'), True)
    >>> float(run.ratings["1.2.0"].mean())  # one K for all: every game zero-sum
    1500.0
    """
    population = population or Population()
    run = _Run(population, _rule_sets(rules), record_games=record_games)
    for week in range(population.weeks):
        run.play_week(week)
        if progress is not None:
            progress((week + 1) / population.weeks)
    return run.result()


class _Run:
    """One simulation's state: the players, every rule set's ratings side by side in one array
    (rule set s at s × players …), each player's ranked games in the 7-day window, the stats."""

    def __init__(
        self, population: Population, rules: tuple[Rules, ...], *, record_games: bool
    ) -> None:
        self.population = population
        self.rules = rules
        players_rng, self.schedule_rng, self.pairing_rng, self.games_rng = (
            np.random.default_rng(s) for s in np.random.SeedSequence(population.seed).spawn(4)
        )
        self.strength, self.rate, self.newcomer = _draw_players(population, players_rng)
        self.total = total = self.strength.size
        self.cube_values = np.array([c for c, _ in population.cubes], dtype=np.int64)
        weights = np.array([w for _, w in population.cubes], dtype=np.float64)
        self.cube_cumulative = np.cumsum(weights[:-1]) / weights.sum()
        multipliers = np.array([_multiplier(int(c)) for c in self.cube_values])
        self.tables = _Tables(rules, multipliers)
        starting = np.array([r.starting for r in rules], dtype=np.int64)
        self.ratings = np.repeat(starting, total)
        self.rows = (np.arange(len(rules), dtype=np.int64) * total)[:, None]
        no_heavy_week = np.iinfo(np.int64).max
        self.threshold = np.array(
            [no_heavy_week if r.heavy_games is None else r.heavy_games for r in rules],
            dtype=np.int64,
        )[:, None]
        # Per heavy-week threshold, how far each rule set's heavy-K tables are (0: not its own).
        self.heavy_levels = [
            (level, np.where(self.threshold == level, tables_stride, 0)[:, :, None])
            for level in sorted({r.heavy_games for r in rules if r.heavy_games is not None})
            for tables_stride in [self.tables.heavy_stride]
        ]
        self.luck_scale = population.true_divisor / math.log(10)
        self.recent = np.zeros(total, dtype=np.int64)  # ranked games in the last 7 days
        self.window: list[Ints | None] = [None] * population.slots_per_week
        self.played = np.zeros(total, dtype=np.int64)
        self.games = 0
        self.stats = _Stats(population, rules, self.strength, self.newcomer)
        self.log: list[pd.DataFrame] | None = [] if record_games else None

    def play_week(self, week: int) -> None:
        population, tables, rows = self.population, self.tables, self.rows
        slots = population.slots_per_week
        joined = week >= population.join_week
        chance = np.where(self.newcomer & ~joined, 0.0, self.rate / slots)
        order, starts = _week_schedule(self.schedule_rng, chance, slots)
        capacity = order.size // 2
        luck = self.games_rng.logistic(0.0, self.luck_scale, capacity)
        cube_index = np.searchsorted(self.cube_cumulative, self.games_rng.random(capacity))
        band = population.pairing == "band"
        if band:
            jitter = self.pairing_rng.random(order.size) * population.band
            game_starts = np.concatenate(([0], np.cumsum(np.diff(starts) // 2)))
        else:
            a, b, game_starts = _random_pairs(order, starts)
            winner, loser = self._play(a, b, luck)
        played = int(game_starts[-1])
        # Each slot's players side by side, winners then losers: slot t's h games fill the
        # places 2 × game_starts[t] … 2 × game_starts[t + 1].
        per_slot = np.diff(game_starts)
        slot_of = np.repeat(np.arange(slots), per_slot)
        at_winner = np.arange(played) + game_starts[slot_of]
        at_loser = at_winner + per_slot[slot_of]
        players = np.empty(2 * played, dtype=np.int64)
        if not band:
            players[at_winner], players[at_loser] = winner, loser
        # Where each place's change is in the tables, but for the rule set, K and difference.
        cube_places = np.empty(2 * played, dtype=np.int64)
        cube_places[at_winner] = cube_index[:played] * tables.width
        cube_places[at_loser] = cube_places[at_winner] + tables.loser_offset
        differences = np.empty((len(self.rules), played), dtype=np.int64)
        exact: list[tuple[int, int, Floats]] = []
        recent_at_game = np.empty(2 * played, dtype=np.int64) if self.log is not None else None

        start_ratings = self.ratings.copy()
        ratings, recent, window = self.ratings, self.recent, self.window
        table_rows = tables.rows[:, :, None]
        heavy_levels, changes, reach = self.heavy_levels, tables.changes, _TABLE_REACH
        bounds = game_starts.tolist()
        for t in range(slots):
            g0, g1 = bounds[t], bounds[t + 1]
            both = players[2 * g0 : 2 * g1]
            if g1 > g0:
                h = g1 - g0
                if band:
                    act = order[starts[t] : starts[t + 1]]
                    key = ratings[act] + jitter[starts[t] : starts[t + 1]]
                    paired = act[np.argsort(key, kind="stable")]
                    both[:h], both[h:] = self._play(paired[0::2][:h], paired[1::2], luck[g0:g1])
                at = rows + both
                r = ratings[at]
                difference = differences[:, g0:g1]
                np.subtract(r[:, h:], r[:, :h], out=difference)
                counted = recent[both]
                if recent_at_game is not None:
                    recent_at_game[2 * g0 : 2 * g1] = counted
                if difference.min() >= -reach and difference.max() <= reach:
                    # (rule set, 1, 1) + (1, side, game) + (rule set, 1, game)
                    index = table_rows + cube_places[2 * g0 : 2 * g1].reshape(2, h)
                    index += difference[:, None, :]
                    for threshold, stride in heavy_levels:
                        index += (counted >= threshold).reshape(2, h) * stride
                    ratings[at] = r + changes[index].reshape(r.shape)
                else:
                    heavy = counted >= self.threshold
                    change, e = tables.exact(difference, heavy, cube_index[g0:g1])
                    ratings[at] = r + change
                    exact.append((g0, g1, e))
                recent[both] += 1
            window[t] = both
            # The games of the slot 7 days before the next one leave the window.
            leaving = window[(t + 1) % slots]
            if leaving is not None:
                recent[leaving] -= 1

        winner, loser = players[at_winner], players[at_loser]
        self.games += played
        wins = np.bincount(winner, minlength=self.total)
        games = wins + np.bincount(loser, minlength=self.total)
        self.played += games
        # Slots beyond the tables' reach were rated exactly; clip here only to index safely,
        # their expected scores are overwritten just below.
        reachable = np.clip(differences, -_TABLE_REACH, _TABLE_REACH)
        expected_winner = tables.expected_winner[tables.expected_rows + reachable]
        for g0, g1, e in exact:
            expected_winner[:, g0:g1] = e
        expected = np.stack(
            [
                np.bincount(winner, weights=e, minlength=self.total)
                + np.bincount(loser, weights=1 - e, minlength=self.total)
                for e in expected_winner
            ]
        )
        if self.log is not None and recent_at_game is not None:
            self.log.append(
                pd.DataFrame(
                    {
                        "slot": week * slots + slot_of,
                        "winner": winner,
                        "loser": loser,
                        "cube": self.cube_values[cube_index[:played]],
                        "winner_recent_games": recent_at_game[at_winner],
                        "loser_recent_games": recent_at_game[at_loser],
                    }
                )
            )
        shape = (len(self.rules), self.total)
        self.stats.week(
            week + 1,
            ratings.reshape(shape),
            start_ratings.reshape(shape),
            expected,
            wins,
            games,
            scheduled=np.bincount(order, minlength=self.total) > 0,
            played_so_far=self.played,
            joined=joined,
            first_week=week - population.join_week + 1,
        )

    def _play(self, a: Ints, b: Ints, luck: Floats) -> tuple[Ints, Ints]:
        """Who wins: A beats B when the strength gap beats the dice (logistic luck, so that
        P(A wins) = 1 / (1 + 10^(−gap / true_divisor)))."""
        a_wins = self.strength[a] - self.strength[b] > luck[: a.size]
        winner = np.where(a_wins, a, b)
        return winner, a + b - winner

    def result(self) -> Simulation:
        final = self.ratings.reshape(len(self.rules), self.total)
        players = pd.DataFrame(
            {
                "player": np.arange(self.total),
                "strength": self.strength,
                "games_per_week": self.rate,
                "newcomer": self.newcomer,
                **{r.label: final[s] for s, r in enumerate(self.rules)},
            }
        )
        log = pd.concat(self.log, ignore_index=True) if self.log is not None else None
        return Simulation(
            population=self.population,
            rules=self.rules,
            games=self.games,
            weekly=self.stats.weekly_frame(),
            volatility=self.stats.volatility_frame(),
            heavy_weeks=self.stats.heavy_frame(),
            newcomers=self.stats.newcomer_frame(),
            ratings=players,
            log=log,
        )


class _Stats:
    """The weekly measurements, accumulated as the weeks go by."""

    def __init__(
        self,
        population: Population,
        rules: tuple[Rules, ...],
        strength: Floats,
        newcomer: npt.NDArray[np.bool_],
    ) -> None:
        self.population = population
        self.rules = rules
        self.names = [r.label for r in rules]
        self.strength = strength
        self.population_mask = ~newcomer
        self.newcomer = newcomer
        self.rows: list[dict[str, Any]] = []
        self.cohort: list[dict[str, Any]] = []
        self.heavy: list[dict[str, Any]] = []
        buckets = len(VOLATILITY_BUCKETS)
        self.n = np.zeros((len(rules), buckets))
        self.games = np.zeros((len(rules), buckets))
        self.sum = np.zeros((len(rules), buckets))
        self.sum_sq = np.zeros((len(rules), buckets))
        self.sum_abs = np.zeros((len(rules), buckets))

    def week(
        self,
        week: int,
        ratings: Ints,
        start: Ints,
        expected: Floats,
        wins: Ints,
        games: Ints,
        *,
        scheduled: npt.NDArray[np.bool_],
        played_so_far: Ints,
        joined: bool,
        first_week: int,
    ) -> None:
        active = np.flatnonzero(self.population_mask & (games > 0))
        candidates = np.flatnonzero(self.population_mask & scheduled)
        tenth = max(1, candidates.size // 10)
        strongest = _top(candidates, self.strength[candidates], tenth)
        strength = self.strength[active]
        strength_ranks, _ = _ranks(strength)
        centred = strength - strength.mean() if active.size else strength
        spread_sq = float(centred @ centred)
        for s, name in enumerate(self.names):
            r = ratings[s, active]
            ranks, ordered = _ranks(r)
            slope = float(centred @ r) / spread_sq if spread_sq > 0 else math.nan
            mean = float(r.mean()) if r.size else math.nan
            self.rows.append(
                {
                    "week": week,
                    "rules": name,
                    "active": int(active.size),
                    "mean": mean,
                    "iqr": _quantile(ordered, 0.75) - _quantile(ordered, 0.25),
                    "half_within": _half_within_sorted(ordered, 0.5),
                    "spread": float(ordered[-1] - ordered[0]) if r.size else math.nan,
                    "spearman": _correlation(ranks, strength_ranks),
                    "slope": slope,
                    **_tenth("top_tenth", _top(candidates, start[s, candidates], tenth), wins,
                             games, expected[s]),
                    **_tenth("strongest_tenth", strongest, wins, games, expected[s]),
                }
            )  # fmt: skip
            if joined and self.newcomer.any():
                gap = self.population.newcomer_strength - float(strength.mean())
                self.cohort.append(
                    {
                        "rules": name,
                        "week": first_week,
                        "games": float(played_so_far[self.newcomer].mean()),
                        "rating": float(ratings[s, self.newcomer].mean()),
                        "level": mean + slope * gap,
                    }
                )
        self._volatility(week, ratings, start, expected, wins, games, active)

    def _volatility(
        self,
        week: int,
        ratings: Ints,
        start: Ints,
        expected: Floats,
        wins: Ints,
        games: Ints,
        active: Ints,
    ) -> None:
        played = games[active]
        bucket = np.searchsorted(VOLATILITY_BUCKETS, played, side="right") - 1
        size = len(VOLATILITY_BUCKETS)
        heavy = active[played >= HEAVY_WEEK_GAMES]
        count = np.bincount(bucket, minlength=size)
        games_sum = np.bincount(bucket, weights=played, minlength=size)
        for s, rules in enumerate(self.rules):
            change = (ratings[s, active] - start[s, active]).astype(np.float64)
            self.n[s] += count
            self.games[s] += games_sum
            self.sum[s] += np.bincount(bucket, weights=change, minlength=size)
            self.sum_sq[s] += np.bincount(bucket, weights=change**2, minlength=size)
            self.sum_abs[s] += np.bincount(bucket, weights=np.abs(change), minlength=size)
            if heavy.size:
                k = np.full(heavy.size, rules.k, dtype=np.int64)
                if rules.heavy_k is not None and rules.heavy_games is not None:
                    k[games[heavy] >= rules.heavy_games] = rules.heavy_k
                self.heavy.append(
                    {
                        "week": np.full(heavy.size, week),
                        "player": heavy,
                        "rules": np.full(heavy.size, s),
                        "k": k,
                        "games": games[heavy],
                        "wins": wins[heavy],
                        "expected": expected[s, heavy],
                        "change": ratings[s, heavy] - start[s, heavy],
                    }
                )

    def weekly_frame(self) -> pd.DataFrame:
        return pd.DataFrame(self.rows)

    def volatility_frame(self) -> pd.DataFrame:
        edges = (*VOLATILITY_BUCKETS, None)
        rows = []
        for s, name in enumerate(self.names):
            for b, (low, high) in enumerate(itertools.pairwise(edges)):
                n = self.n[s, b]
                mean = self.sum[s, b] / n if n else math.nan
                rows.append(
                    {
                        "rules": name,
                        "games_from": low,
                        "games_to": None if high is None else high - 1,
                        "group": f"{low}+" if high is None else f"{low}–{high - 1}",
                        "player_weeks": int(n),
                        "games": self.games[s, b] / n if n else math.nan,
                        "mean_change": mean,
                        "sd_change": math.sqrt(max(0.0, self.sum_sq[s, b] / n - mean**2))
                        if n
                        else math.nan,
                        "mean_abs_change": self.sum_abs[s, b] / n if n else math.nan,
                    }
                )
        return pd.DataFrame(rows)

    def heavy_frame(self) -> pd.DataFrame:
        columns = ["week", "player", "rules", "k", "games", "wins", "expected", "change"]
        if not self.heavy:
            return pd.DataFrame({c: [] for c in columns})
        frame = pd.DataFrame({c: np.concatenate([part[c] for part in self.heavy]) for c in columns})
        frame["rules"] = np.array(self.names, dtype=object)[frame["rules"].to_numpy()]
        return frame

    def newcomer_frame(self) -> pd.DataFrame:
        columns = ["rules", "week", "games", "rating", "level"]
        return pd.DataFrame(self.cohort, columns=columns)


def _top(who: Ints, values: npt.NDArray[Any], count: int) -> Ints:
    """The ``count`` of ``who`` with the highest values."""
    if count >= who.size:
        return who
    return who[np.argpartition(-values, count - 1)[:count]]


def _ranks(values: npt.NDArray[Any]) -> tuple[Floats, npt.NDArray[Any]]:
    """Ranks 1 … n, ties sharing the average of their ranks, and the values sorted."""
    order = np.argsort(values, kind="stable")
    ordered = values[order]
    n = ordered.size
    new = np.empty(n, dtype=bool)
    new[:1] = True
    np.not_equal(ordered[1:], ordered[:-1], out=new[1:])
    starts = np.flatnonzero(new)
    ends = np.append(starts[1:], n)
    ranks = np.empty(n)
    ranks[order] = ((starts + ends + 1) / 2.0)[np.cumsum(new) - 1]
    return ranks, ordered


def _correlation(x: Floats, y: Floats) -> float:
    """Pearson's r; NaN where a side is constant."""
    if x.size < 2:
        return math.nan
    dx, dy = x - x.mean(), y - y.mean()
    scale = math.sqrt(float(dx @ dx) * float(dy @ dy))
    return float(dx @ dy) / scale if scale > 0 else math.nan


def _quantile(ordered: npt.NDArray[Any], q: float) -> float:
    """numpy's default (linear) quantile of values already sorted."""
    if ordered.size == 0:
        return math.nan
    h = (ordered.size - 1) * q
    low = math.floor(h)
    high = min(low + 1, ordered.size - 1)
    return float(ordered[low] + (h - low) * (ordered[high] - ordered[low]))


def _half_within_sorted(ordered: npt.NDArray[Any], share: float) -> float:
    if ordered.size == 0:
        return math.nan
    count = max(1, math.ceil(share * ordered.size))
    return float(np.min(ordered[count - 1 :] - ordered[: ordered.size - count + 1]))


def _tenth(prefix: str, who: Ints, wins: Ints, games: Ints, expected: Floats) -> dict[str, float]:
    played = int(games[who].sum())
    if not played:
        return {f"{prefix}_expected": math.nan, f"{prefix}_actual": math.nan}
    return {
        f"{prefix}_expected": float(expected[who].sum()) / played,
        f"{prefix}_actual": float(wins[who].sum()) / played,
    }
