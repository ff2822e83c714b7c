"""Break-even win rates and games to a target (:mod:`gammon_elo.player.break_even`), fed values
of every type; games to a target equal to the drift summed point by point with rating_change."""

from __future__ import annotations

from typing import Any

import pytest
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


def games_point_by_point(
    rating: int, target: int, opponent: int, p: float, cube: int, games: int, rules: g.Rules
) -> float | None:
    """Σ 1 / drift over the points from rating to target, one rating_change pair a point."""
    direction = 1 if target > rating else -1
    total = 0.0
    for r in range(rating, target, direction):
        gain = g.rating_change(r, opponent, cube=cube, winner_recent_games=games, rules=rules)
        loss = g.rating_change(opponent, r, cube=cube, loser_recent_games=games, rules=rules)
        drift = p * gain.winner + (1 - p) * loss.loser
        if drift * direction <= 0:
            return None
        total += 1 / abs(drift)
    return total


@pytest.mark.parametrize(
    ("rating", "target", "opponent", "p", "cube", "games", "rules"),
    [
        (1500, 1800, 1500, 0.6, 1, 0, g.CURRENT),
        (1500, 1200, 1600, 0.3, 4, 60, g.CURRENT),  # down, at the heavy-week K
        (1500, 2000, 1500, 0.6, 1, 0, g.CURRENT),  # past the settling point (1711): never
        # Far past the change lookup's reach (8,192 points), K 1,000 at cube 64.
        (1500, 13_500, 1500, 1.0, 64, 0, g.Rules.custom(100_000, 1000)),
        # Every change next to a half-integer (4.5 × (1 − E), E about 10^-12).
        (-46_500, -44_000, 1500, 1.0, 8, 0, g.Rules.custom(4000, 3)),
    ],
)
def test_games_to_target_sums_the_drift_point_by_point(
    rating: int, target: int, opponent: int, p: float, cube: int, games: int, rules: g.Rules
) -> None:
    found = g.games_to_target(
        rating, target, opponent=opponent, win_rate=p, cube=cube, games=games, rules=rules
    )
    assert found == games_point_by_point(rating, target, opponent, p, cube, games, rules)
