"""The change lookup (:mod:`gammon_elo._core.lookup`): every entry is what rating_change gives."""

from __future__ import annotations

import dataclasses

import pytest

import gammon_elo
from gammon_elo import CURRENT, RULES, rating_change
from gammon_elo._core.lookup import lookup as change_tables


@pytest.mark.parametrize(
    "rules", [*RULES.values(), dataclasses.replace(CURRENT, k=1, heavy_k=3, divisor=75)]
)
def test_change_tables_equal_rating_change(rules: gammon_elo.Rules) -> None:
    heavy_k = rules.heavy_k or rules.k
    tables = change_tables(rules.divisor, rules.k, heavy_k)
    heavy_games = rules.heavy_games or 0
    for heavy, games in ((0, 0), (1, heavy_games)):
        for log2 in range(7):
            base = (heavy * 7 + log2) * tables.width + tables.reach
            for d in range(-2500, 2501, 7):
                change = rating_change(
                    1500,
                    1500 + d,
                    cube=2**log2,
                    winner_recent_games=games,
                    loser_recent_games=games,
                    rules=rules,
                )
                assert (tables.winner[base + d], tables.loser[base + d]) == (
                    change.winner,
                    change.loser,
                )
