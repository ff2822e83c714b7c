"""The simulator's weekly measurements, accumulated as the weeks go by: the distribution of the
active players' ratings and how well it orders them by true strength, the win rates of the top
and the strongest tenth, the volatility by games played, every heavy week, the newcomers.
"""

from __future__ import annotations

import itertools
import math
from typing import Any, NamedTuple

import numpy as np
import numpy.typing as npt
import pandas as pd

from .._core.arrays import Flags, Floats, Ints
from ..rules import Rules
from ..stats import half_within_sorted, iqr, pearson, ranks
from .population import Population

__all__ = ["HEAVY_WEEK_GAMES", "VOLATILITY_BUCKETS", "WeekEnd", "WeeklyStats"]

#: The article's heavy week: 300 ranked games.
HEAVY_WEEK_GAMES = 300


#: Lower edges of the games-per-week groups of the volatility table.
VOLATILITY_BUCKETS = (1, 10, 25, 50, 100, 200, HEAVY_WEEK_GAMES)


class WeekEnd(NamedTuple):
    """A week's arrays at its end, as the measurements take them: the ratings now and at the
    week's start and each player's expected wins (a row per rule set), and each player's wins
    and games that week."""

    ratings: Ints
    start: Ints
    expected: Floats
    wins: Ints
    games: Ints


class WeeklyStats:
    """The weekly measurements, accumulated as the weeks go by."""

    def __init__(
        self,
        population: Population,
        rules: tuple[Rules, ...],
        strength: Floats,
        newcomer: Flags,
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
        end: WeekEnd,
        *,
        scheduled: Flags,
        played_so_far: Ints,
        joined: bool,
        first_week: int,
    ) -> None:
        ratings, start, expected, wins, games = end
        active = np.flatnonzero(self.population_mask & (games > 0))
        candidates = np.flatnonzero(self.population_mask & scheduled)
        tenth = max(1, candidates.size // 10)
        strongest = _top(candidates, self.strength[candidates], tenth)
        strength = self.strength[active]
        strength_ranks, _ = ranks(strength)
        centred = strength - strength.mean() if active.size else strength
        spread_sq = float(centred @ centred)
        for s, name in enumerate(self.names):
            r = ratings[s, active]
            rating_ranks, ordered = ranks(r)
            slope = float(centred @ r) / spread_sq if spread_sq > 0 else math.nan
            mean = float(r.mean()) if r.size else math.nan
            self.rows.append(
                {
                    "week": week,
                    "rules": name,
                    "active": int(active.size),
                    "mean": mean,
                    "iqr": iqr(ordered),
                    "half_within": half_within_sorted(ordered, 0.5),
                    "spread": float(ordered[-1] - ordered[0]) if r.size else math.nan,
                    "spearman": pearson(rating_ranks, strength_ranks),
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
        self._volatility(week, end, active)

    def _volatility(self, week: int, end: WeekEnd, active: Ints) -> None:
        ratings, start, expected, wins, games = end
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


def _tenth(prefix: str, who: Ints, wins: Ints, games: Ints, expected: Floats) -> dict[str, float]:
    played = int(games[who].sum())
    if not played:
        return {f"{prefix}_expected": math.nan, f"{prefix}_actual": math.nan}
    return {
        f"{prefix}_expected": float(expected[who].sum()) / played,
        f"{prefix}_actual": float(wins[who].sum()) / played,
    }
