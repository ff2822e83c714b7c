"""The shipped league's figures as an outside measurement gives them (each player's first 10
ranked games left out, 48,576 games; settings as named, the fit on the games it is scored on):
1.3.1 0.63448, fitted ÷1088.7 0.63441, Glicko-2 at the paper's defaults in 1-day periods 0.6367,
Glicko-2 in 1-hour periods from RD 100 and volatility 0.01 0.63179, Weng-Lin Bradley-Terry
(the model's logistic, β × 4, τ 0) 0.63344, the floor (each pair of levels' win rate) 0.62551."""

from __future__ import annotations

import pytest

from gammon_elo import compare_systems
from gammon_elo.league import shipped_league
from gammon_elo.systems import history_levels

SYSTEMS = ["1.3.1", "fit", "glicko2", "glicko2:period=1h,rd=100,volatility=0.01",
           "weng-lin:beta=4x,tau=0"]  # fmt: skip

MEASURED = {
    "1.3.1 ÷1200": (0.63448, 5),
    "fitted ÷1088.7": (0.63441, 5),
    "Glicko-2 (1-day periods, RD 350, volatility 0.06, τ 0.5)": (0.6367, 4),
    "Glicko-2 (1-hour periods, RD 100, volatility 0.01, τ 0.5)": (0.63179, 5),
    "Weng-Lin BT (σ 8.333, β 16.67, τ 0)": (0.63344, 5),
    "floor": (0.62551, 5),
}


def test_the_shipped_leagues_measured_figures() -> None:
    games = shipped_league()
    result = compare_systems(games, SYSTEMS, fit_on="all", levels=history_levels(games))
    assert result.games == 48_576
    found = result.rows.set_index("system")["log_loss"]
    assert {name: round(found[name], places) for name, (_, places) in MEASURED.items()} == {
        name: value for name, (value, _) in MEASURED.items()
    }
    # Tuned, the systems with uncertainty beat the best divisor clearly; at its defaults
    # Glicko-2 loses to the current rules, clearly.
    verdict = result.verdict
    assert verdict.best == "Glicko-2 (1-hour periods, RD 100, volatility 0.01, τ 0.5)"
    assert verdict.versus_current.clear and verdict.versus_current.mean > 0
    assert verdict.worse == ("Glicko-2 (1-day periods, RD 350, volatility 0.06, τ 0.5)",)
    # (0.63441 − 0.63179) / (0.63441 − 0.62551): about 30 % of the way from the best divisor.
    assert verdict.divisor_share == pytest.approx(0.294, abs=0.005)
    assert verdict.in_sample == ("fitted ÷1088.7",)
