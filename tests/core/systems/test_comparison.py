"""Every system scored on the same games (:func:`compare_systems`): each row against a reference
computed apart (the calibration's scores and fit, the per-player Glicko-2 loop, openskill's
own rating), the games scored counted here, the floor and Spearman by hand, the verdict's cases
and the refusals."""

from __future__ import annotations

import math

import numpy as np
import pandas as pd
import pytest

from gammon_elo import CURRENT, InvalidInput, compare_systems, verdict_text
from gammon_elo.calibrate import fit, paired_margin, score
from gammon_elo.replay import replay
from gammon_elo.stats import spearman
from gammon_elo.systems import ROW_COLUMNS, TEMPLATES, Glicko2, system_label
from tests.oracles import glicko2_player_by_player, weng_lin_by_openskill

PLAYERS = 10


def _history(seed: int = 5, games: int = 500) -> tuple[pd.DataFrame, dict[str, int]]:
    """Ten players of skills 0…9 over 20 days, the stronger winning more often; every 25th row
    a boosted game (not rated by any system); each player's skill as their level."""
    rng = np.random.default_rng(seed)
    a = rng.integers(0, PLAYERS, games)
    b = (a + rng.integers(1, PLAYERS, games)) % PLAYERS
    a_wins = rng.random(games) < 1 / (1 + np.exp(-(a - b) / 3))
    minutes = np.sort(rng.integers(0, 20 * 24 * 60, games))
    frame = pd.DataFrame(
        {
            "time": pd.Timestamp("2026-10-05T00:00:00Z") + pd.to_timedelta(minutes, "min"),
            "winner": [f"p{x}" for x in np.where(a_wins, a, b)],
            "loser": [f"p{x}" for x in np.where(a_wins, b, a)],
            "cube": rng.choice([1, 2, 4], games),
            "type": np.where(np.arange(games) % 25 == 24, "boosted", "ranked"),
        }
    )
    return frame, {f"p{i}": i for i in range(PLAYERS)}


def _ranked(frame: pd.DataFrame, burn_in: int) -> tuple[pd.DataFrame, list[bool]]:
    """The ranked games in time order and which of them are past the burn-in, counted here."""
    ranked = frame[frame["type"] == "ranked"].reset_index(drop=True)
    seen: dict[str, int] = {}
    past = []
    for w, l in zip(ranked["winner"], ranked["loser"], strict=True):  # noqa: E741
        past.append(seen.get(w, 0) >= burn_in and seen.get(l, 0) >= burn_in)
        seen[w], seen[l] = seen.get(w, 0) + 1, seen.get(l, 0) + 1
    return ranked, past


def _row(result: object, name: str) -> pd.Series:
    rows = result.rows  # type: ignore[attr-defined]
    return rows[rows["system"] == name].iloc[0]


def test_the_rule_rows_are_the_calibrations_scores() -> None:
    frame, _ = _history()
    result = compare_systems(frame, ["1.0.5", CURRENT], burn_in=5, fit_on="all")
    assert list(result.rows.columns) == list(ROW_COLUMNS)
    old, new = score(frame, "1.0.5", burn_in=5), score(frame, CURRENT, burn_in=5)
    assert result.games == new.games
    assert _row(result, system_label(CURRENT))["log_loss"] == pytest.approx(new.log_loss, abs=1e-12)
    row = _row(result, "1.0.5 ÷400")
    assert row["log_loss"] == pytest.approx(old.log_loss, abs=1e-12)
    assert row["brier"] == pytest.approx(old.brier, abs=1e-12)
    margin = paired_margin(new.losses, old.losses)  # positive: ÷400 better than the current
    assert (row["margin"], row["margin_se"]) == pytest.approx((margin.mean, margin.se), abs=1e-12)
    assert row["clear"] == margin.clear
    coin = _row(result, "coin toss")
    assert (coin["log_loss"], coin["brier"]) == pytest.approx((math.log(2), 0.25))


def test_glicko2_and_weng_lin_rows_are_their_references() -> None:
    frame, _ = _history()
    systems = ["glicko2:period=1d,rd=200,volatility=0.03", "weng-lin:beta=2x,tau=0"]
    result = compare_systems(frame, systems, burn_in=5, fit_on="all")
    ranked, past = _ranked(frame, 5)
    names = sorted(set(ranked["winner"]) | set(ranked["loser"]))
    code = {n: i for i, n in enumerate(names)}
    winner = [code[n] for n in ranked["winner"]]
    loser = [code[n] for n in ranked["loser"]]
    days = [int(t.timestamp() // 86_400) for t in ranked["time"]]  # 2026-10-05 is a Monday
    glicko, _ = glicko2_player_by_player(
        days, winner, loser, len(names), rating=1500, deviation=200, volatility=0.03, tau=0.5
    )
    openskill, _ = weng_lin_by_openskill(winner, loser, len(names), beta=2 * 25 / 6, tau=0.0)
    assert result.games == sum(past)
    for name, expected in (
        ("Glicko-2 (1-day periods, RD 200, volatility 0.03, τ 0.5)", glicko),
        ("Weng-Lin BT (σ 8.333, β 8.333, τ 0)", openskill),
    ):
        p = np.array(expected)[past]
        row = _row(result, name)
        assert row["log_loss"] == pytest.approx(float(-np.log(p).mean()), abs=1e-12)
        assert row["brier"] == pytest.approx(float(((1 - p) ** 2).mean()), abs=1e-12)


def test_the_fitted_divisor_is_the_calibrations_fit() -> None:
    frame, _ = _history()
    result = compare_systems(frame, ["fit"], burn_in=5, fit_on="all")
    fitted = fit(frame, burn_in=5, serial=True)
    row = _row(result, f"fitted ÷{fitted.divisor:g}")
    assert row["log_loss"] == pytest.approx(fitted.log_loss, abs=1e-12)
    assert (row["fitted"], row["chosen"]) == (True, True)  # chosen on the games it is scored on


def test_settings_chosen_on_the_first_half_are_scored_on_the_second() -> None:
    frame, _ = _history()
    candidates = [Glicko2(deviation=d, volatility=0.02) for d in (30, 150, 350)]
    text = "glicko2:rd=30|150|350,volatility=0.02"
    result = compare_systems(frame, ["1.3.1", text], burn_in=3)
    ranked, past = _ranked(frame, 3)
    half = len(ranked) // 2
    assert result.games == sum(past[half:])  # the second half's games past the burn-in
    assert result.fit_games == sum(past[:half])
    assert set(result.rows["games"]) == {result.games}  # every row on the same games
    # The chosen candidate: the lowest log-loss over the first half's games, rated on them.
    names = sorted(set(ranked["winner"]) | set(ranked["loser"]))
    code = {n: i for i, n in enumerate(names)}
    winner = [code[n] for n in ranked["winner"][:half]]
    loser = [code[n] for n in ranked["loser"][:half]]
    days = [int(t.timestamp() // 86_400) for t in ranked["time"][:half]]
    losses = []
    for c in candidates:
        p, _ = glicko2_player_by_player(
            days, winner, loser, len(names), rating=1500, deviation=c.deviation,
            volatility=0.02, tau=0.5,
        )  # fmt: skip
        losses.append(float(-np.log(np.array(p)[past[:half]]).mean()))
    best = candidates[int(np.argmin(losses))]
    label = f"{best.label}, best of 3"
    assert result.settings[label] == best
    row = _row(result, label)
    assert (row["fitted"], row["chosen"]) == (False, True)
    assert label in result.verdict.chosen


def test_the_floor_and_spearman_with_the_true_levels() -> None:
    # a (level 2) beats b (1) twice and loses once; b beats c (0); a beats c. Every game
    # scored: the floor is 2/3, 2/3, 1/3, 1, 1 by hand.
    frame = pd.DataFrame(
        {
            "time": [f"2026-10-05T0{h}:00:00Z" for h in range(5)],
            "winner": ["a", "a", "b", "b", "a"],
            "loser": ["b", "b", "a", "c", "c"],
        }
    )
    levels = {"a": "expert", "b": "advanced", "c": "beginner"}
    result = compare_systems(frame, ["1.3.1"], burn_in=0, fit_on="all", levels=levels)
    floor = _row(result, "floor")
    by_hand = [2 / 3, 2 / 3, 1 / 3, 1.0, 1.0]
    assert floor["log_loss"] == pytest.approx(-sum(math.log(p) for p in by_hand) / 5)
    assert bool(floor["fitted"])  # in-sample, on the games it scores
    players = replay(frame, rules="1.3.1").players.set_index("player")["final"]
    rho = _row(result, "1.3.1 ÷1200")["spearman_level"]
    assert rho == pytest.approx(spearman([players[n] for n in "abc"], [4, 3, 0]))
    assert math.isnan(_row(result, "coin toss")["spearman_level"])
    assert result.verdict.floor == pytest.approx(floor["log_loss"])


def test_a_history_worse_than_a_coin_toss_names_no_best() -> None:
    # Two players taking turns: every system favours the last winner, who then loses.
    frame = pd.DataFrame(
        {
            "time": [f"2026-10-05T{h:02d}:00:00Z" for h in range(24)],
            "winner": ["a", "b"] * 12,
            "loser": ["b", "a"] * 12,
        }
    )
    result = compare_systems(frame, ["1.0.5", "1.3.1", "weng-lin"], burn_in=0, fit_on="all")
    verdict = result.verdict
    systems = result.rows[~result.rows["kind"].isin(["coin toss", "floor"])]
    assert (systems["log_loss"] > math.log(2)).all()
    assert verdict.best is None
    assert verdict.parts()[0][0] == "all_worse"
    text = verdict_text(verdict)
    assert "worse than a coin toss" in text and "none is named best" in text
    assert "games best" not in text


def test_the_verdict_takes_a_pages_own_templates() -> None:
    frame, _ = _history()
    result = compare_systems(frame, ["1.0.5", "1.3.1", "weng-lin:beta=2x"], burn_in=5)
    keys = [key for key, _ in result.verdict.parts()]
    assert set(keys) <= set(TEMPLATES)
    mine = {key: f"[{key}: " + "{" + "}{".join(fields) + "}]" for key, fields in
            ((k, sorted(f)) for k, f in result.verdict.parts())}  # fmt: skip
    text = verdict_text(result.verdict, mine, join=" / ".join)
    assert text.startswith(f"[{keys[0]}: ")
    best = result.rows[~result.rows["kind"].isin(["coin toss", "floor"])].iloc[0]
    assert str(best["system"]) in text


def test_progress_counts_every_system() -> None:
    frame, _ = _history(games=120)
    calls: list[tuple[int, int]] = []
    compare_systems(
        frame, ["1.0.5", "weng-lin"], burn_in=0, progress=lambda d, t: calls.append((d, t))
    )
    assert calls == [(1, 3), (2, 3), (3, 3)]  # the current rules are added first


@pytest.mark.parametrize(
    ("options", "field"),
    [
        ({"burn_in": 10_000}, "burn_in"),
        ({"fit_on": "second"}, "fit_on"),
        ({"systems": ["1.3.1", "1.2.0", "1.3.1"]}, "systems"),  # one system twice
        ({"levels": {"p0": "expert"}}, "levels"),
        ({"systems": ["glicko2:rd=tall"]}, "rd"),
    ],
)
def test_bad_options_are_refused_naming_the_field(options: dict[str, object], field: str) -> None:
    frame, _ = _history(games=60)
    with pytest.raises(InvalidInput) as error:
        compare_systems(frame, **options)  # type: ignore[arg-type]
    assert error.value.field == field


def test_a_fit_with_no_game_to_choose_on_is_refused() -> None:
    # Every game of the first half is someone's first: nothing to choose settings on.
    frame = pd.DataFrame(
        {"time": ["2026-10-05T00:00:00Z", "2026-10-05T01:00:00Z", "2026-10-05T02:00:00Z",
                  "2026-10-05T03:00:00Z"],
         "winner": ["a", "c", "a", "c"], "loser": ["b", "d", "b", "d"]}
    )  # fmt: skip
    with pytest.raises(InvalidInput) as error:
        compare_systems(frame, ["fit"], burn_in=1)
    assert error.value.field == "fit_on"
    assert compare_systems(frame, ["weng-lin"], burn_in=1).games == 2  # nothing to choose
