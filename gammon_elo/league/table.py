"""What a designer reads off a league: for every pair of levels, how many games they played,
how often the stronger side won (with a 95 % Wilson interval), and the rating gap that win rate
implies under each divisor D: ``D · log10(p / (1 − p))`` (the gap at which D's expected score
is p). Cubeful and cubeless leagues side by side when both are given.

>>> games = pd.DataFrame({"winner_level": ["expert"] * 7 + ["beginner"] * 3,
...                       "loser_level": ["beginner"] * 7 + ["expert"] * 3})
>>> row = win_rates({"cubeful": games}).iloc[0]
>>> int(row["games"]), float(row["win_rate"]), round(row["gap_1200"])
(10, 0.7, 442)
>>> print(sentence(win_rates({"cubeful": games})).replace("; ", ";\\n"))
an expert beats a beginner in 7 single games of 10 with the cube;
÷1200 says that is a 442-point gap (÷800: 294, ÷400: 147).
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from typing import Final

import pandas as pd

from ..calibrate import wilson
from ..rules import STANDARD_DIVISORS
from .players import strength

__all__ = ["DIVISORS", "TABLE_COLUMNS", "implied_gap", "sentence", "win_rates"]

#: The divisors whose implied gaps the table shows.
DIVISORS: Final = tuple(int(d) for d in STANDARD_DIVISORS)

TABLE_COLUMNS: Final = (
    "mode", "stronger", "weaker", "games", "stronger_wins", "win_rate", "low", "high",
    *(f"gap_{d}" for d in DIVISORS),
)  # fmt: skip

_MODES: Final = {"cubeful": "with the cube", "cubeless": "without the cube"}


def implied_gap(p: float, divisor: float) -> float:
    """The rating gap at which ``divisor``'s expected score is ``p`` (±inf at 0 and 1).

    >>> round(implied_gap(0.75, 400), 1)
    190.8
    """
    if p <= 0:
        return -math.inf
    if p >= 1:
        return math.inf
    return divisor * math.log10(p / (1 - p))


def win_rates(leagues: Mapping[str, pd.DataFrame]) -> pd.DataFrame:
    """Every pair of different levels that met in each league (``mode`` → its games, with
    ``winner_level`` and ``loser_level``), strongest pairs first (:data:`TABLE_COLUMNS`)."""
    rows = []
    for mode, games in leagues.items():
        winner, loser = games["winner_level"].astype(str), games["loser_level"].astype(str)
        counts = pd.crosstab(winner, loser)
        levels = sorted(set(counts.index) | set(counts.columns), key=strength, reverse=True)
        for i, strong in enumerate(levels):
            for weak in levels[i + 1 :]:
                wins, losses = _count(counts, strong, weak), _count(counts, weak, strong)
                n = wins + losses
                if n == 0:
                    continue
                p = wins / n
                low, high = wilson(wins, n)
                gaps = {f"gap_{d}": implied_gap(p, d) for d in DIVISORS}
                rows.append([mode, strong, weak, n, wins, p, low, high, *gaps.values()])
    return pd.DataFrame(rows, columns=list(TABLE_COLUMNS))


def _count(counts: pd.DataFrame, row: str, column: str) -> int:
    if row in counts.index and column in counts.columns:
        return int(counts.to_numpy()[counts.index.get_loc(row), counts.columns.get_loc(column)])
    return 0


def _article(level: str) -> str:
    return f"an {level}" if level[0] in "aeiou" else f"a {level}"


def sentence(table: pd.DataFrame) -> str:
    """One sentence on the pair that played most (in the first league given)."""
    if table.empty:
        return "no two different levels met."
    first = table[table["mode"] == table["mode"].iloc[0]]
    row = first.loc[first["games"].idxmax()]
    tenths = round(10 * row["win_rate"])
    how = _MODES.get(str(row["mode"]), f"({row['mode']})")
    return (
        f"{_article(row['stronger'])} beats {_article(row['weaker'])} in {tenths} single games"
        f" of 10 {how}; ÷1200 says that is a {row['gap_1200']:.0f}-point gap"
        f" (÷800: {row['gap_800']:.0f}, ÷400: {row['gap_400']:.0f})."
    )
