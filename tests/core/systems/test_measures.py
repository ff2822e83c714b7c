"""The calibration slope against a plain maximisation of its likelihood written here, the floor
against a hand count, and the levels read from a league's history."""

from __future__ import annotations

import math

import numpy as np
import pandas as pd
import pytest

from gammon_elo import InvalidInput
from gammon_elo.systems import calibration_slope, history_levels
from gammon_elo.systems.measures import floor_probabilities, level_codes


def _slope_by_search(p: list[float]) -> float:
    """b maximising Σ ln(1 / (1 + e^(−b·logit pᵢ))), by golden-section search on [−20, 20]: the
    likelihood is concave in b, so the search closes on its one maximum."""
    x = [math.log(q / (1 - q)) for q in p]

    def likelihood(b: float) -> float:
        return sum(-math.log1p(math.exp(-b * xi)) for xi in x)

    low, high = -20.0, 20.0
    ratio = (math.sqrt(5) - 1) / 2
    while high - low > 1e-10:
        a, b = high - ratio * (high - low), low + ratio * (high - low)
        if likelihood(a) < likelihood(b):
            low = a
        else:
            high = b
    return (low + high) / 2


@pytest.mark.parametrize("truth", [0.5, 1.0, 2.0])
def test_the_slope_is_the_maximum_of_its_likelihood(truth: float) -> None:
    # Predictions logit p = x, outcomes drawn with logit truth · x: the slope estimates truth.
    rng = np.random.default_rng(7)
    x = rng.normal(0, 1, 600)
    won = rng.random(600) < 1 / (1 + np.exp(-truth * x))
    p = np.where(won, 1 / (1 + np.exp(-x)), 1 / (1 + np.exp(x)))  # the winner's probability
    slope = calibration_slope(p)
    assert slope == pytest.approx(_slope_by_search(p.tolist()), abs=1e-7)
    assert slope == pytest.approx(truth, abs=0.4)


def test_the_slope_by_hand() -> None:
    # Three winners given 0.6, one 0.4: 3 ln σ(b L) + ln σ(−b L), L = ln 1.5, peaks where
    # σ(b L) = 3/4, b = ln 3 / ln 1.5 = 2.709511.
    assert calibration_slope([0.6, 0.6, 0.6, 0.4]) == pytest.approx(2.709511, abs=1e-6)


def test_slopes_without_a_maximum() -> None:
    assert calibration_slope([0.6, 0.7]) == math.inf  # every winner the favourite
    assert calibration_slope([0.4, 0.3]) == -math.inf  # every winner the underdog
    assert math.isnan(calibration_slope([0.5, 0.5]))  # a coin toss says nothing
    assert math.isnan(calibration_slope([0.6, 0.0]))  # a winner given no chance
    assert calibration_slope([0.6, 0.6, 0.6, 0.4, 1.0]) == pytest.approx(2.709511, abs=1e-6)


def test_the_floor_is_each_pairs_win_rate_on_these_games() -> None:
    # Levels 2 v 0: 2 wins of 3; 1 v 0: 1 of 1; 0 v 0: ½.
    winner = np.array([2, 2, 0, 1, 0])
    loser = np.array([0, 0, 2, 0, 0])
    assert floor_probabilities(winner, loser).tolist() == pytest.approx(
        [2 / 3, 2 / 3, 1 / 3, 1.0, 0.5]
    )


def test_levels_are_read_from_a_leagues_history() -> None:
    games = pd.DataFrame(
        {
            "winner": ["a", "b", "c"],
            "loser": ["b", "c", "a"],
            "winner_level": ["expert", "beginner", "advanced"],
            "loser_level": ["beginner", "advanced", "expert"],
        }
    )
    assert history_levels(games) == {"a": "expert", "b": "beginner", "c": "advanced"}
    assert history_levels(games.drop(columns="loser_level")) is None
    games.loc[2, "loser_level"] = "beginner"  # a is an expert, then a beginner
    with pytest.raises(InvalidInput, match="two levels"):
        history_levels(games)


def test_level_codes_order_the_presets_weakest_first() -> None:
    names = np.array(["a", "b", "c"], dtype=object)
    codes, order = level_codes(names, {"a": "expert", "b": "beginner", "c": "Advanced "})
    assert order.tolist() == [4, 0, 3]
    assert codes.tolist() == [2, 0, 1]
    assert level_codes(names, {"a": 3, "b": 1.5, "c": 3})[0].tolist() == [1, 0, 1]
    with pytest.raises(InvalidInput, match="names no level"):
        level_codes(names, {"a": 1, "b": 2})
    with pytest.raises(InvalidInput, match="beginner, casual"):
        level_codes(names, {"a": "grandmaster", "b": "expert", "c": "expert"})
