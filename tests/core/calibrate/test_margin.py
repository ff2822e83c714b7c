"""The paired margin between two rule sets' predictions (:func:`paired_margin`), on a history
small enough to score by hand: Eleni beats Nikos twice, then Nikos beats Eleni, everyone from
1500 at K 32, every game scored (burn-in 0)."""

from __future__ import annotations

import math

import numpy as np
import pandas as pd
import pytest

from gammon_elo import InvalidInput
from gammon_elo.calibrate import paired_margin, score

TINY = pd.DataFrame(
    {
        "time": ["2026-10-05T20:00:00Z", "2026-10-05T20:30:00Z", "2026-10-05T21:00:00Z"],
        "winner": ["Eleni", "Eleni", "Nikos"],
        "loser": ["Nikos", "Nikos", "Eleni"],
    }
)


def _expected(difference: float, divisor: float) -> float:
    return 1 / (1 + 10 ** (-difference / divisor))


def hand_losses(divisor: float) -> list[float]:
    """Each game's −ln(winner's expected score), by hand. Game 1: 1500 v 1500, E = ½, K 32
    moves 16 each way (1516 v 1484). Game 2: Eleni 32 ahead; her gain is K(1 − E) rounded:
    ÷1200 E = 0.5153, 32 × 0.4847 = 15.5 → 16 (1532 v 1468); ÷400 E = 0.5459, 32 × 0.4541 =
    14.5 → 15 (1531 v 1469). Game 3: Nikos, 64 (÷1200) or 62 (÷400) behind, wins."""
    behind = 64 if divisor == 1200 else 62
    return [
        math.log(2),
        -math.log(_expected(32, divisor)),
        -math.log(_expected(-behind, divisor)),
    ]


def test_each_rule_sets_per_game_losses_are_the_hand_computed_ones() -> None:
    for name, divisor in (("1.3.1", 1200.0), ("1.0.5", 400.0)):
        scores = score(TINY, name, burn_in=0)
        assert scores.losses.tolist() == pytest.approx(hand_losses(divisor), abs=1e-12)
        assert scores.log_loss == pytest.approx(sum(hand_losses(divisor)) / 3, abs=1e-12)


def test_the_margin_is_the_mean_paired_difference_and_its_standard_error() -> None:
    old, new = hand_losses(400), hand_losses(1200)
    d = [a - b for a, b in zip(old, new, strict=True)]
    mean = sum(d) / 3
    se = math.sqrt(sum((x - mean) ** 2 for x in d) / 2) / math.sqrt(3)
    margin = paired_margin(
        score(TINY, "1.0.5", burn_in=0).losses, score(TINY, "1.3.1", burn_in=0).losses
    )
    assert margin.games == 3
    assert margin.mean == pytest.approx(mean, abs=1e-12)
    assert margin.se == pytest.approx(se, abs=1e-12)
    # 0.0245 against a standard error of 0.056: inside the noise.
    assert round(margin.mean, 4) == 0.0245 and round(margin.se, 3) == 0.056
    assert not margin.clear


def test_a_margin_far_outside_its_error_is_clear_and_a_tie_is_not() -> None:
    # Every game 0.1 cheaper, give or take 0.01: d̄ = 0.1, s = 0.01, se = 0.01 / 2.
    clear = paired_margin([0.61, 0.59, 0.61, 0.59], [0.5, 0.5, 0.5, 0.5])
    assert clear.mean == pytest.approx(0.1) and clear.se == pytest.approx(0.005 * 2 / math.sqrt(3))
    assert clear.clear
    assert not paired_margin([0.5, 0.7], [0.5, 0.7]).clear  # identical predictions
    one = paired_margin([0.9], [0.1])  # one game: no error to judge by
    assert math.isnan(one.se) and not one.clear
    assert paired_margin(np.empty(0), np.empty(0)).games == 0


def test_losses_of_different_games_are_refused_by_name() -> None:
    with pytest.raises(InvalidInput, match="losses_b"):
        paired_margin([0.5, 0.6], [0.5])
