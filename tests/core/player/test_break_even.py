"""Break-even win rates and games to a target (:mod:`gammon_elo.player.break_even`), fed values
of every type."""

from __future__ import annotations

from typing import Any

from hypothesis import given

import gammon_elo as g
from tests.core.fuzz_support import ANYTHING, FUZZ, outcome


@FUZZ
@given(ANYTHING, ANYTHING, ANYTHING)
def test_analysis(rating: Any, opponent: Any, cube: Any) -> None:
    rate = outcome(lambda: g.break_even_win_rate(rating, opponent, cube=cube))
    assert rate is None or 0.0 <= rate <= 1.0


@FUZZ
@given(ANYTHING, ANYTHING, ANYTHING)
def test_games_to_target(target: Any, win_rate: Any, opponent: Any) -> None:
    games = outcome(lambda: g.games_to_target(1500, target, opponent=opponent, win_rate=win_rate))
    assert games is None or games >= 0
