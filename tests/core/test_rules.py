"""The rule sets (:mod:`gammon_elo.rules`): a custom rule set from any values is refused by name
or rates a game as the rules say."""

from __future__ import annotations

from typing import Any

from hypothesis import given

import gammon_elo as g
from tests.core.fuzz_support import ANYTHING, FUZZ, outcome


@FUZZ
@given(ANYTHING, ANYTHING, ANYTHING, ANYTHING)
def test_custom_rules(divisor: Any, k: Any, heavy_k: Any, heavy_games: Any) -> None:
    rules = outcome(lambda: g.Rules(divisor=divisor, k=k, heavy_k=heavy_k, heavy_games=heavy_games))
    if rules is not None:
        change = g.rating_change(1500, 1500, rules=rules)
        assert change.winner == -change.loser >= 0


def test_the_standard_divisors_are_the_rule_historys() -> None:
    # ARTICLE, the formula's history: 1.0.5 ÷400, 1.2.0 ÷800, 1.3.1 ÷1200, oldest first, each once.
    assert g.STANDARD_DIVISORS[:3] == (400, 800, 1200)
    assert len(set(g.STANDARD_DIVISORS)) == len(g.STANDARD_DIVISORS)
    assert g.CURRENT.divisor in g.STANDARD_DIVISORS
