"""Weng-Lin Bradley-Terry: the model's logistic win probability by hand, and the history's
ratings and probabilities against openskill's own ``BradleyTerryFull.rate``, game by game
(tests/oracles.py), plain and compiled."""

from __future__ import annotations

import math

import numpy as np
import pytest
from openskill.models import BradleyTerryFull

from gammon_elo import InvalidInput
from gammon_elo.systems import win_probability
from gammon_elo.systems.weng_lin import BETA, KAPPA, MU, SIGMA, TAU, weng_lin_history
from tests.oracles import weng_lin_by_openskill


def test_the_win_probability_is_the_models_logistic_by_hand() -> None:
    # μ 30 and 25, σ 5 each, β 25/6: c² = 2 × 17.3611 + 25 + 25 = 84.7222, c = 9.20447;
    # (μA − μB) / c = 0.543214; e^−0.543214 = 0.580878; 1 / 1.580878 = 0.632560.
    assert win_probability(30, 5, 25, 5, 25 / 6) == pytest.approx(0.632560, abs=1e-6)
    assert win_probability(25, 5, 30, 5, 25 / 6) == pytest.approx(1 - 0.632560, abs=1e-6)
    assert win_probability(25, 1, 25, 8, 4) == 0.5


def test_openskills_predict_win_is_a_normal_curve_not_this_logistic() -> None:
    # Upstream issue 146: predict_win gives Φ((μA − μB) / c), here Φ(0.543214) = 0.7065, where
    # the model the ratings come from says 0.6326.
    model = BradleyTerryFull()
    a, b = model.rating(mu=30, sigma=5), model.rating(mu=25, sigma=5)
    normal = model.predict_win([[a], [b]])[0]
    assert normal == pytest.approx(0.5 * (1 + math.erf(0.543214 / math.sqrt(2))), abs=1e-5)
    assert abs(normal - win_probability(30, 5, 25, 5, model.beta)) > 0.07


def _history(seed: int, players: int = 9, games: int = 400) -> tuple[list[int], list[int]]:
    rng = np.random.default_rng(seed)
    winner = rng.integers(0, players - 1, games)
    loser = (winner + rng.integers(1, players - 1, games)) % (players - 1)
    winner[-3:] = players - 1  # a newcomer late on
    return winner.tolist(), loser.tolist()


SETTINGS = [
    {},  # openskill's defaults
    {"beta": 4 * 25 / 6, "tau": 0.0},  # β × 4, no additive dynamics
    {"mu": 10.0, "sigma": 3.0, "beta": 1.0, "tau": 0.5, "kappa": 0.2},
]


@pytest.mark.parametrize("settings", SETTINGS)
@pytest.mark.parametrize("compiled", [False, True])
def test_the_history_is_rated_as_openskill_rates_it(
    settings: dict[str, float], compiled: bool
) -> None:
    winner, loser = _history(3)
    expected, ratings = weng_lin_by_openskill(winner, loser, 9, **settings)
    full = {"mu": MU, "sigma": SIGMA, "beta": BETA, "tau": TAU, "kappa": KAPPA} | settings
    run = weng_lin_history(winner, loser, 9, compiled=compiled, **full)
    assert run.expected_winner.tolist() == pytest.approx(expected, abs=1e-12)
    assert run.mu.tolist() == pytest.approx([m for m, _ in ratings], abs=1e-9)
    assert run.sigma.tolist() == pytest.approx([s for _, s in ratings], abs=1e-12)


@pytest.mark.parametrize(
    ("field", "settings"),
    [("sigma", {"sigma": 0.0}), ("beta", {"beta": -1.0}), ("tau", {"tau": -0.1}),
     ("kappa", {"kappa": 0.0}), ("mu", {"mu": math.inf})],
)  # fmt: skip
def test_bad_settings_are_refused_naming_the_field(field: str, settings: dict[str, float]) -> None:
    with pytest.raises(InvalidInput) as error:
        weng_lin_history([0], [1], 2, **settings)
    assert error.value.field == field
