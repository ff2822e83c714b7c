"""Calibration scores of a rule set on a history (:mod:`gammon_elo.calibrate.scores`): log-loss
and Brier score equal a plain-Python computation (ratings from the game-by-game oracle, the curve
written out, burn-in counted by hand); the calibration table's counts add up to the ranked games;
the top tenth equals a brute-force ranking.
"""

from __future__ import annotations

import math

import numpy as np
import pytest

from gammon_elo import CURRENT, RULES, Rules
from gammon_elo.calibrate import predictions, score
from gammon_elo.calibrate.scores import prepare_history, quick_score
from gammon_elo.replay import read_history, sample_history
from tests.core.calibrate.calibrate_support import SMALL_FILES, plain_scores


@pytest.mark.parametrize("text", SMALL_FILES)
@pytest.mark.parametrize("rules", list(RULES.values()))
@pytest.mark.parametrize("burn_in", [0, 1])
def test_log_loss_and_brier_equal_a_plain_computation(
    text: str, rules: Rules, burn_in: int
) -> None:
    games, log_loss, brier = plain_scores(text, rules, burn_in)
    scores = score(read_history(text.encode()), rules, burn_in=burn_in)
    assert scores.games == games
    assert scores.log_loss == pytest.approx(log_loss, rel=1e-12)
    assert scores.brier == pytest.approx(brier, rel=1e-12)
    # The fit's fast path gives the very same numbers.
    quick = quick_score(prepare_history(read_history(text.encode())), rules, burn_in=burn_in)
    assert quick == (scores.games, scores.log_loss, scores.brier)


def test_hand_computed_example() -> None:
    # Eleni beats Nikos twice under ÷1200: 1500 v 1500 first (E = 0.5), then 1516 v 1484
    # (the replay's +16/−16), E = 1 / (1 + 10^(−32/1200)).
    e2 = 1 / (1 + 10 ** (-32 / 1200))
    text = "time,winner,loser\n2026-10-05T20:00:00Z,Eleni,Nikos\n2026-10-05T20:30:00Z,Eleni,Nikos\n"
    two = score(read_history(text.encode()), "1.3.1", burn_in=0)
    assert two.games == 2
    assert two.log_loss == pytest.approx((math.log(2) - math.log(e2)) / 2, rel=1e-12)
    assert two.brier == pytest.approx((0.25 + (1 - e2) ** 2) / 2, rel=1e-12)
    # A burn-in of one game each leaves only the second game.
    assert score(read_history(text.encode()), "1.3.1", burn_in=1).games == 1


@pytest.mark.parametrize("burn_in", [0, 10])
def test_calibration_counts_sum_to_the_ranked_games(burn_in: int) -> None:
    history = sample_history()
    ranked = int((history["type"] == "ranked").sum())
    scores = score(history, CURRENT, burn_in=burn_in)
    table = scores.calibration
    assert int(table["games"].sum()) == scores.games
    if burn_in == 0:
        assert scores.games == ranked
    else:
        assert scores.games < ranked
    assert (table["low"] <= table["actual"]).all() and (table["actual"] <= table["high"]).all()
    assert (table["expected"] >= table["bin_from"]).all()
    assert (table["expected"] <= table["bin_to"]).all()
    # The favourite's actual win rate in a bin, recounted from the predictions.
    frame = predictions(history, CURRENT, burn_in=burn_in)
    e = frame.loc[frame["scored"], "expected_winner"].to_numpy()
    first = table.iloc[0]
    favourite = np.maximum(e, 1 - e)
    inside = (favourite >= first["bin_from"]) & (favourite < first["bin_to"])
    wins = sum(1.0 if x > 0.5 else 0.5 if x == 0.5 else 0.0 for x in e[inside])
    assert first["actual"] == pytest.approx(wins / inside.sum(), rel=1e-12)


def test_top_tenth_equals_a_brute_force_ranking() -> None:
    history = sample_history()
    frame = predictions(history, "1.2.0", burn_in=5)
    current: dict[str, int] = {}
    games, expected, wins = 0, 0.0, 0.0
    for row in frame.itertuples():
        current[row.winner] = row.winner_before
        current[row.loser] = row.loser_before
        if row.scored:
            ratings = sorted(current.values(), reverse=True)
            top = max(1, len(ratings) // 10)
            for rating, e, won in (
                (row.winner_before, row.expected_winner, 1.0),
                (row.loser_before, 1 - row.expected_winner, 0.0),
            ):
                if sum(r > rating for r in ratings) < top:
                    games, expected, wins = games + 1, expected + e, wins + won
        current[row.winner] = row.winner_after
        current[row.loser] = row.loser_after
    top_tenth = score(history, "1.2.0", burn_in=5).top_tenth
    assert top_tenth.games == games > 0
    assert top_tenth.expected == pytest.approx(expected / games, rel=1e-12)
    assert top_tenth.actual == pytest.approx(wins / games, rel=1e-12)
