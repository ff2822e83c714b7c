"""The designer's community: :class:`Population` (who plays, how strong, how much, at which cube,
for how long), the players drawn from it, and the true curve's win rate of its strongest tenth,
on which the true curve's steepness is calibrated.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from statistics import NormalDist
from typing import Any, Final, Literal

import numpy as np

from .._core import checks
from .._core.arrays import Flags, Floats
from .._core.defaults import CUBE_MIX, HEAVY_SHARE
from .._core.errors import InvalidInput

__all__ = [
    "DEFAULT_CUBES",
    "MAX_PLAYERS",
    "MAX_WEEKS",
    "TRUE_DIVISOR",
    "Pairing",
    "Population",
    "StrengthShape",
    "draw_players",
    "strongest_tenth_win_rate",
]

#: The true curve's divisor: with strengths of sd 100 the strongest tenth then win 57.5 % of their
#: games against the field, the middle of the article's 57–58 % (see strongest_tenth_win_rate).
TRUE_DIVISOR = 1325.0

#: The most players a population may have: a week's games of ten times as many, with every
#: player's arrays, would not fit in a large machine's memory.
MAX_PLAYERS: Final = 1_000_000
#: The most weeks a run may last: ten years of weekly measures.
MAX_WEEKS: Final = 10 * 52

#: The default cube distribution (the package's one cube mix).
DEFAULT_CUBES = CUBE_MIX

#: Standardised lognormal's sigma for the "skewed" strength shape: a long tail of strong players.
_SKEW_SIGMA = 0.5

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
    gammon_elo._core.errors.InvalidInput: players must be at least 2, got 1
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
    heavy_share: float = HEAVY_SHARE
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
        for name, low, high in (
            ("players", 2, MAX_PLAYERS),
            ("weeks", 1, MAX_WEEKS),
            ("seed", 0, None),
            ("slots_per_week", 1, None),
        ):
            value = checks.integer(name, getattr(self, name), low=low, high=high)
            object.__setattr__(self, name, value)
        if self.strength not in ("normal", "uniform", "skewed"):
            raise InvalidInput("strength", self.strength, "must be normal, uniform or skewed")
        _non_negative("strength_sd", self.strength_sd)
        checks.positive("true_divisor", self.true_divisor)
        slots = self.slots_per_week
        checks.positive("games_per_week", self.games_per_week)
        _non_negative("games_spread", self.games_spread)
        checks.probability("heavy_share", self.heavy_share)
        heavy = tuple(self.heavy_games_per_week)
        # A player plays at most one game a slot; without heavy players their rate is unused.
        most = slots if self.heavy_share > 0 else math.inf
        if (
            len(heavy) != 2
            or not 0 < checks.positive("heavy_games_per_week", heavy[0]) <= heavy[1] <= most
        ):
            raise InvalidInput(
                "heavy_games_per_week",
                self.heavy_games_per_week,
                f"must be (low, high) with 0 < low ≤ high ≤ slots_per_week ({slots})",
            )
        object.__setattr__(self, "heavy_games_per_week", heavy)
        cubes = tuple((c, w) for c, w in self.cubes)
        for cube, weight in cubes:
            checks.cube(cube, field="cubes")
            _non_negative("cubes", weight)
        if len({c for c, _ in cubes}) != len(cubes) or sum(w for _, w in cubes) <= 0:
            raise InvalidInput(
                "cubes", self.cubes, "must list each cube once with weights adding up above 0"
            )
        object.__setattr__(self, "cubes", cubes)
        if self.pairing not in ("random", "band"):
            raise InvalidInput("pairing", self.pairing, "must be random or band")
        checks.positive("band", self.band)
        if self.newcomers is not None:
            object.__setattr__(
                self, "newcomers", checks.integer("newcomers", self.newcomers, low=0)
            )
        if not math.isfinite(self.newcomer_strength):
            raise InvalidInput("newcomer_strength", self.newcomer_strength, "must be finite")
        if self.newcomer_week is not None:
            week = checks.integer("newcomer_week", self.newcomer_week, low=0, high=self.weeks - 1)
            object.__setattr__(self, "newcomer_week", week)
        checks.positive("newcomer_games_per_week", self.newcomer_games_per_week)

    @property
    def cohort(self) -> int:
        """How many newcomers join: newcomers, or one in forty of the players."""
        return max(1, self.players // 40) if self.newcomers is None else self.newcomers

    @property
    def join_week(self) -> int:
        """The week the newcomers join: newcomer_week, or halfway through."""
        return self.weeks // 2 if self.newcomer_week is None else self.newcomer_week


def _non_negative(name: str, value: Any) -> float:
    if isinstance(value, bool) or not isinstance(value, int | float) or not value >= 0:
        raise InvalidInput(name, value, "must be a number of at least 0")
    if not math.isfinite(value):
        raise InvalidInput(name, value, "must be finite")
    return float(value)


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


def draw_players(population: Population, rng: np.random.Generator) -> tuple[Floats, Floats, Flags]:
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
