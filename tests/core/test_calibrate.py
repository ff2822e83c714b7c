"""Calibration of rule sets on a history: log-loss and Brier score equal a plain-Python
computation (ratings from the game-by-game oracle, the curve written out, burn-in counted by
hand); the calibration table's counts add up to the ranked games; the top tenth equals a
brute-force ranking; and on a history simulated with a known true curve the fitted divisor
comes within a derived tolerance of the true curve's log-loss.
"""

from __future__ import annotations

import io
import json
import math
from collections import defaultdict

import numpy as np
import pandas as pd
import pytest

from gammon_elo import CURRENT, RULES, Rules
from gammon_elo.calibrate import fit, predictions, score, simulated_history
from gammon_elo.calibrate.fit import COARSE_DIVISORS
from gammon_elo.calibrate.scores import prepare_history, quick_score
from gammon_elo.cli import main
from gammon_elo.replay import read_history, sample_history
from gammon_elo.simulate import Population, simulate
from tests.oracles import replay_game_by_game

#: Small files: equal times, cubes, a boosted game, a podium prize moving a rating.
SMALL_FILES = [
    "time,winner,loser\n"
    "2026-10-05T20:00:00Z,Eleni,Nikos\n"
    "2026-10-05T20:30:00Z,Eleni,Nikos\n"
    "2026-10-05T21:00:00Z,Nikos,Eleni\n",
    "time,winner,loser,cube,type,prize\n"
    "2026-10-05T08:00:00Z,Anna,Yannis,4,ranked,\n"
    "2026-10-05T08:00:00Z,Petros,Maria,2,ranked,\n"
    "2026-10-05T09:00:00Z,Anna,Petros,1,ranked,\n"
    "2026-10-05T09:30:00Z,Maria,Anna,8,boosted,\n"
    "2026-10-05T10:00:00Z,Yannis,,,podium,50\n"
    "2026-10-05T11:00:00Z,Yannis,Anna,16,ranked,\n"
    "2026-10-05T12:00:00Z,Maria,Yannis,2,ranked,\n"
    "2026-10-05T12:00:00Z,Petros,Anna,1,ranked,\n"
    "2026-10-06T12:00:00Z,Anna,Maria,1,ranked,\n",
]


def _plain_scores(text: str, rules: Rules, burn_in: int) -> tuple[int, float, float]:
    """Log-loss and Brier score the long way: every ranked game's ratings before it from the
    oracle, E = 1 / (1 + 10^((loser − winner) / D)), each player's earlier ranked games
    counted in time order."""
    frame = read_history(text.encode())
    for column, default in (("cube", "1"), ("type", "ranked"), ("prize", "")):
        if column not in frame:
            frame[column] = default
    frame["cube"] = [int(c) if c else 1 for c in frame["cube"]]
    frame["prize"] = [int(p) if p else 0 for p in frame["prize"]]
    frame = frame.reset_index(drop=True)
    rows = replay_game_by_game(frame, rules).rows
    times = pd.to_datetime(frame["time"], utc=True).tolist()
    order = sorted(range(len(frame)), key=lambda i: (times[i], i))
    played: defaultdict[str, int] = defaultdict(int)
    losses, briers = [], []
    for i in order:
        if frame.at[i, "type"] != "ranked":
            continue
        w, lo = frame.at[i, "winner"], frame.at[i, "loser"]
        before_w, before_l = rows[i][0], rows[i][1]
        e = 1 / (1 + 10 ** ((before_l - before_w) / rules.divisor))
        if played[w] >= burn_in and played[lo] >= burn_in:
            losses.append(-math.log(e))
            briers.append((1 - e) ** 2)
        played[w] += 1
        played[lo] += 1
    return len(losses), sum(losses) / len(losses), sum(briers) / len(briers)


@pytest.mark.parametrize("text", SMALL_FILES)
@pytest.mark.parametrize("rules", list(RULES.values()))
@pytest.mark.parametrize("burn_in", [0, 1])
def test_log_loss_and_brier_equal_a_plain_computation(
    text: str, rules: Rules, burn_in: int
) -> None:
    games, log_loss, brier = _plain_scores(text, rules, burn_in)
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


def _cli(*argv: str) -> tuple[int, str, str]:
    import contextlib

    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        status = main(list(argv))
    return status, out.getvalue(), err.getvalue()


def test_cli_calibrate_json(tmp_path: pytest.TempPathFactory) -> None:
    path = tmp_path / "games.csv"  # type: ignore[operator]
    path.write_text(SMALL_FILES[1], encoding="utf-8")
    status, out, _ = _cli(
        "calibrate", str(path), "--rules", "1.2.0", "800/16", "--burn-in", "0", "--json"
    )
    assert status == 0
    payload = json.loads(out)
    assert list(payload["rule_sets"]) == ["1.2.0", "custom (÷800, K 16)"]
    games, log_loss, brier = _plain_scores(SMALL_FILES[1], RULES["1.2.0"], 0)
    first = payload["rule_sets"]["1.2.0"]
    assert first["games"] == games
    assert first["log_loss"] == pytest.approx(log_loss, rel=1e-12)
    assert first["brier"] == pytest.approx(brier, rel=1e-12)


@pytest.mark.parametrize(
    ("argv", "field"),
    [
        (["--burn-in", "-1"], "burn_in"),
        (["--rules", "fast"], "rules"),
        (["--fit", "k"], "--fit"),
        (["--burn-in", "x"], "--burn-in"),
    ],
)
def test_cli_calibrate_bad_input_exits_2(argv: list[str], field: str) -> None:
    try:
        status, _, err = _cli("calibrate", "gammon_elo/data/sample_history.csv", *argv)
    except SystemExit as stop:  # argparse's own checks: the same status
        status, err = int(str(stop.code)), ""
        assert status == 2
        return
    assert status == 2
    assert field in err
