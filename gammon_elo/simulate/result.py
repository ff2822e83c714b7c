"""What :func:`~gammon_elo.simulate` returns: :class:`Simulation`, its tables as pandas
DataFrames, and the summaries built from them (one row per rule set; the article's heavy week).
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

import numpy as np
import pandas as pd

from .._core import checks
from ..rules import Rules
from .population import Population

__all__ = ["HEADLINE_FIGURES", "LEVEL_SHARE", "Simulation"]

#: A newcomer has "reached their level" once they covered this share of the way to it.
LEVEL_SHARE = 0.9

#: The summary's figures that say what a rule set did to the population: the last week's
#: spread of ratings, how well they order the players by strength, and the top tenth's expected
#: and actual win rates (the columns a simulation's and a sweep's tables show).
HEADLINE_FIGURES = (
    "iqr",
    "half_within",
    "spread",
    "spearman",
    "top_tenth_expected",
    "top_tenth_actual",
)


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
        low = checks.probability("low", low)
        high = checks.probability("high", high)
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
