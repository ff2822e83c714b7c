"""The fit (:mod:`gammon_elo.calibrate.fit`): on a history simulated with a known true curve the
fitted divisor comes within a derived tolerance of the true curve's log-loss; its sentence and
its edges.
"""

from __future__ import annotations

import math

import numpy as np
import pytest

from gammon_elo import Rules
from gammon_elo.calibrate import fit, predictions, simulated_history
from gammon_elo.calibrate.fit import COARSE_DIVISORS, fit_tasks
from gammon_elo.replay import sample_history
from gammon_elo.simulate import Population, simulate


def test_fitted_divisor_comes_close_to_the_true_curve() -> None:
    """A history of simulated games, true curve ÷1325 on strengths of sd 100, rated at K 32.

    Tolerance, derived: Elo at K on the curve ÷D is a stochastic gradient step of
    η = K·ln10/D on each player's logit-strength, so once settled a player's rating error has
    variance η/2 (in logits) and a game's, two players', η. A prediction error of variance v
    costs on average ½·p(1−p)·v ≤ v/8 of log-loss over the true probability, so at ÷1325 the
    excess is at most η/8. Before settling, the initial error (everyone at 1500: variance
    v0 = (sd·ln10/D)²) decays by (1 − η/4)² a game, adding v0/8 · ((1 − η/4)^(2·g_w) +
    (1 − η/4)^(2·g_l)) for players with g_w and g_l games behind them. The fit searches a grid
    holding 1325, so its log-loss is at most that bound B above the true curve's, and it cannot
    beat the true curve either; both up to 3 standard errors of the per-game differences.

    (It does not find ÷1325 itself: with K fixed, a larger divisor means a smaller step K/D,
    less noise and slower settling; only the step relative to the curve matters.)
    """
    population = Population(players=150, weeks=6, seed=1, newcomers=0, heavy_share=0)
    run = simulate(population, rules=["1.2.0"], record_games=True)
    history = simulated_history(run)
    base = Rules.custom(1200, 32)
    result = fit(history, base=base, burn_in=10, divisors=(*COARSE_DIVISORS, 1325), serial=True)
    frame = predictions(history, Rules.custom(result.divisor, 32), burn_in=10)
    scored = frame["scored"].to_numpy()
    strength = run.ratings["strength"].to_numpy()
    gap = (
        strength[frame["winner"].str[1:].astype(int)] - strength[frame["loser"].str[1:].astype(int)]
    )
    true_loss = np.log1p(10.0 ** (-gap / population.true_divisor))[scored]
    fit_loss = -np.log(frame["expected_winner"].to_numpy()[scored])
    assert result.log_loss == pytest.approx(fit_loss.mean(), rel=1e-12)
    eta = 32 * math.log(10) / population.true_divisor
    v0 = (population.strength_sd * math.log(10) / population.true_divisor) ** 2
    decay = 1 - eta / 4
    g_w = frame["winner_games"].to_numpy()[scored]
    g_l = frame["loser_games"].to_numpy()[scored]
    bound = float(np.mean((eta + v0 * (decay ** (2 * g_w) + decay ** (2 * g_l))) / 8))
    noise = 3 * float((fit_loss - true_loss).std()) / math.sqrt(scored.sum())
    excess = float(fit_loss.mean() - true_loss.mean())
    assert -noise <= excess <= bound + noise, (excess, bound, noise)
    # The candidate at the true divisor sits within the same bound.
    at_true = result.candidates.set_index("divisor").at[1325.0, "log_loss"]
    assert at_true - true_loss.mean() <= bound + noise
    assert result.log_loss <= at_true


def test_fit_sentence_and_edges() -> None:
    result = fit(
        sample_history(), what="divisor,k", divisors=(400, 800, 1600), ks=(16, 32), serial=True
    )
    assert set(result.candidates["k"]) == {16, 32}
    assert result.log_loss == result.candidates["log_loss"].min()
    sentence = result.sentence()
    assert f"÷{result.divisor:g}" in sentence and f"K {result.k}" in sentence
    with pytest.raises(ValueError, match="fit"):
        fit(sample_history(), what="k", serial=True)


def test_fit_reports_its_progress_by_finished_candidates() -> None:
    """The fit's progress counts candidates as they finish, out of the most the search runs
    (fit_tasks: 3 coarse divisors, the base, the finer grid), and ends full."""
    calls: list[tuple[int, int]] = []
    fit(
        sample_history(),
        divisors=(400, 800, 1600),
        serial=True,
        progress=lambda *c: calls.append(c),
    )
    total = fit_tasks("divisor", divisors=(400, 800, 1600))
    assert {t for _, t in calls} == {total}
    done = [d for d, _ in calls]
    assert done == sorted(done) and done[0] == 1 and done[-1] == total
    assert len(done) > 3  # the coarse batch, then the finer grid, one call per candidate
