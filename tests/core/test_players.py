"""The players' questions: the Planner's simulated paths, "explain my result" and the
performance rating, against values worked out by hand or by plain loops, never the code's own
output; and their command-line subcommands (bad input: exit 2, the field named)."""

from __future__ import annotations

import contextlib
import io
import json
import math
import random

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gammon_elo import (
    CUBE_MIX,
    CUBES,
    InvalidInput,
    explain_result,
    hold_table,
    parse_results,
    performance_rating,
    plan,
    rating_change,
)
from gammon_elo.cli import main
from gammon_elo.planning import recent_games
from tests.oracles import plan_paths_game_by_game

# --- Performance rating -----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("opponents", "results", "divisor", "expected"),
    [
        # Chess's convention: 2 of 4 against four 1600s is 1600 (E = ½ each at R = 1600).
        ([1600] * 4, [1, 0, 1, 0], 400, 1600.0),
        ([1600] * 4, [1, 0, 1, 0], 1200, 1600.0),
        # 3 of 4 against 1500s: E = ¾ each, 10^((R − 1500)/D) = 3, R = 1500 + D·log10(3).
        ([1500] * 4, [1, 1, 1, 0], 400, 1500 + 400 * math.log10(3)),  # 1690.85
        ([1500] * 4, [1, 1, 1, 0], 1200, 1500 + 1200 * math.log10(3)),  # 2072.55
        # 1 of 4: E = ¼, R = 1500 − D·log10(3).
        ([1500] * 4, [0, 1, 0, 0], 400, 1500 - 400 * math.log10(3)),
        # Two opponents 1400 and 1800 (÷400), one win: symmetric about 1600, so R = 1600
        # (E(200) + E(−200) = 1 whatever the divisor).
        ([1400, 1800], [1, 0], 400, 1600.0),
        ([1400, 1800], [0, 1], 1200, 1600.0),
        # A draw and a win against 1500s under ÷400: score 1.5 of 2, E = ¾, 1500 + 400·log10 3.
        ([1500, 1500], [0.5, 1], 400, 1500 + 400 * math.log10(3)),
    ],
)
def test_performance_rating_hand_solved(
    opponents: list[int], results: list[float], divisor: float, expected: float
) -> None:
    found = performance_rating(opponents, results, divisor=divisor)
    assert found.finite and found.kind == "solved"
    assert found.rating == pytest.approx(expected, abs=1e-6)


@pytest.mark.parametrize("divisor", [400.0, 1200.0])
def test_all_wins_and_all_losses_have_no_finite_answer_only_the_convention(divisor: float) -> None:
    wins = performance_rating([1500, 1700, 1600], [1, 1, 1], divisor=divisor)
    assert (wins.kind, wins.finite, wins.rating) == ("all_wins", False, 1700 + divisor)
    losses = performance_rating([1500, 1700, 1600], [0, 0, 0], divisor=divisor)
    assert (losses.kind, losses.finite, losses.rating) == ("all_losses", False, 1500 - divisor)


@settings(max_examples=60, deadline=None)
@given(
    st.lists(
        st.tuples(st.integers(1000, 2500), st.sampled_from([0.0, 0.5, 1.0])),
        min_size=2,
        max_size=8,
    ),
    st.data(),
    st.sampled_from([400.0, 800.0, 1200.0]),
)
def test_performance_rating_is_monotone_in_each_result(
    games: list[tuple[int, float]], data: st.DataObject, divisor: float
) -> None:
    """Raising any one result (a loss to a draw or a win, a draw to a win) never lowers it."""
    opponents = [o for o, _ in games]
    results = [r for _, r in games]
    i = data.draw(st.integers(0, len(games) - 1))
    if results[i] == 1.0:
        return
    better = list(results)
    better[i] = data.draw(st.sampled_from([r for r in (0.5, 1.0) if r > results[i]]))
    before = performance_rating(opponents, results, divisor=divisor).rating
    after = performance_rating(opponents, better, divisor=divisor).rating
    assert after > before


@pytest.mark.parametrize(
    ("opponents", "results", "field"),
    [
        ([1500, 1600], [1], "results"),
        ([], [], "opponents"),
        ([1500], [2], "results[0]"),
        ([1500, float("nan")], [1, 0], "opponents[1]"),
    ],
)
def test_performance_rating_bad_input_names_the_field(
    opponents: list[float], results: list[float], field: str
) -> None:
    with pytest.raises(InvalidInput) as error:
        performance_rating(opponents, results)
    assert error.value.field == field


# --- Planner ----------------------------------------------------------------------------------


def test_recent_games_counts_the_seven_days_as_the_server_does() -> None:
    """Games spread evenly: at 60 a week game n (1-based) has min(n − 1, 59) games in the 7 days
    before it, so K drops to 16 from game 51; at exactly 50 a week the game 50 back is exactly
    7 days old and no longer counts, so the window holds 49 and K never drops."""
    at_60 = recent_games(200, 60.0)
    assert at_60[:3].tolist() == [0, 1, 2] and at_60[59:].tolist() == [59] * 141
    heavy = plan(1500, 1600, opponent=1500, win_rate=0.5, games_per_week=60, paths=5, horizon=200)
    assert not heavy.heavy[:50].any() and heavy.heavy[50:].all()
    assert heavy.heavy_weeks == [1, 2, 3, 4]  # game 51 is in week 1 (games 1–60)
    flat = plan(1500, 1600, opponent=1500, win_rate=0.5, games_per_week=50, paths=5, horizon=200)
    assert recent_games(200, 50.0).max() == 49 and not flat.heavy.any()


def test_planner_paths_are_the_rules_applied_game_by_game() -> None:
    """Heavy week (60 a week), the cube mix, Go rounding: the same paths as a plain loop."""
    expected = plan_paths_game_by_game(1600, 1750, 0.55, 60.0, CUBE_MIX, 12, 300, seed=7)
    found = plan(
        1600, 1700, opponent=1750, win_rate=0.55, games_per_week=60, cube=CUBE_MIX,
        paths=12, horizon=300, seed=7,
    )  # fmt: skip
    np.testing.assert_array_equal(found.mean, expected.mean(axis=1))
    np.testing.assert_array_equal(found.low, np.percentile(expected, 10, axis=1))
    np.testing.assert_array_equal(found.high, np.percentile(expected, 90, axis=1))
    reached = (expected[1:] >= 1700).any(axis=0)
    assert found.reached_share == reached.mean()


# The tolerance of the settling tests, derived from the walk's variance (÷1200, K 32, cube 1):
# one game changes the rating by about +K(1 − p) or −Kp, variance σ² = p(1 − p)K² ≈ 246 at p = 0.6;
# the pull back towards the settling point is λ = K·E(1 − E)·ln 10 / D ≈ 0.0147 a game (E = p
# there), so the walk is AR(1)-like with a stationary sd of √(σ² / 2λ) ≈ 91 points and a
# correlation time of about 1/λ ≈ 68 games. The mean of one path's games 1001–2000 (the start,
# 211 points away, has decayed by e^(−14.7) by then) has a variance ≈ 91² × (2/λ) / 1000 ≈ 1130,
# so over 1000 paths the standard error of the late mean is ≈ √1.13 ≈ 1.1 points. The rounding
# of each change shifts the drift by under half a point a game, but the ±91-point spread covers
# several rounding bands (each ≈ 65 points wide at this K), which average it out. Tolerance:
# 5 points, 4.5 standard errors.
SETTLE_TOLERANCE = 5.0


def test_win_rate_equal_to_the_expected_score_keeps_the_mean_flat() -> None:
    """1500 against 1700s winning 40.5 % (their expected score, ÷1200): you settle where you
    are; the mean stays within the band every game and the late mean within tolerance."""
    found = plan(1500, 1600, opponent=1700, paths=1000, horizon=2000, seed=3)
    assert found.win_rate == pytest.approx(1 / (1 + 10 ** (200 / 1200)))
    assert found.settling == pytest.approx(1500)
    assert (found.low <= found.mean).all() and (found.mean <= found.high).all()
    assert (found.low <= 1500).all() and (found.high >= 1500).all()
    assert abs(found.mean[1001:].mean() - 1500) < SETTLE_TOLERANCE


def test_paths_settle_at_the_rating_where_the_win_rate_is_the_expected_score() -> None:
    """p = 0.6 against 1500s under ÷1200: R + D·log10(p / (1 − p)) = 1500 + 1200·log10(1.5)
    = 1711.3."""
    found = plan(1500, 1650, opponent=1500, win_rate=0.6, paths=1000, horizon=2000, seed=11)
    assert found.settling == pytest.approx(1711.31, abs=0.01)
    assert abs(found.mean[1001:].mean() - 1711.31) < SETTLE_TOLERANCE
    # A target short of it: every path gets there, none beyond where you settle.
    assert not found.beyond_settling and found.reached_share == 1.0
    assert found.mean_games is not None
    assert found.games_p10 is not None and found.games_p90 is not None
    assert found.games_p10 <= found.games_median <= found.games_p90  # type: ignore[operator]


def test_a_target_beyond_the_settling_point_is_said_so_with_the_share_that_reach_it() -> None:
    """2000 at p = 0.6 against 1500s: 289 points past 1711, about 3 stationary sds (91): some
    paths reach it by a lucky streak within 2000 games, most do not."""
    found = plan(1500, 2000, opponent=1500, win_rate=0.6, paths=1000, horizon=2000, seed=5)
    assert found.beyond_settling
    assert 0.0 < found.reached_share < 0.5
    assert found.games_p90 is None and found.mean_games is None
    # A climb down to a rating below where you settle is "beyond" too.
    down = plan(1500, 1200, opponent=1500, win_rate=0.6, paths=200, horizon=300, seed=5)
    assert down.beyond_settling and down.reached_share < 0.05


def test_hold_table_matches_hand_rounded_changes() -> None:
    """At 1500 against 1700 (÷1200, K 32, cube 1): E = 0.4052, a win +round(19.03) = +19 and a
    loss −round(12.97) = −13, so you hold at 13 / 32 = 0.40625; against 1500: 16 / 32."""
    rows = {row.opponent: row for row in hold_table(1500)}
    assert list(rows) == list(range(1300, 2101, 100))
    assert rows[1700].hold == 13 / 32 and rows[1500].hold == 0.5
    assert rows[1700].expected == pytest.approx(0.40522, abs=1e-5)


@pytest.mark.parametrize(
    ("kwargs", "field"),
    [
        ({"win_rate": 1.5}, "win_rate"),
        ({"cube": 3}, "cube"),
        ({"games_per_week": 0}, "games_per_week"),
        ({"paths": 0}, "paths"),
        ({"horizon": 10**9}, "horizon"),
        ({"target": 1500}, "target"),
    ],
)
def test_plan_bad_input_names_the_field(kwargs: dict[str, object], field: str) -> None:
    arguments: dict[str, object] = {"opponent": 1500, "win_rate": 0.5} | kwargs
    target = arguments.pop("target", 1600)
    with pytest.raises(InvalidInput) as error:
        plan(1500, target, **arguments)  # type: ignore[arg-type]
    assert error.value.field == field


# --- Explain my result ------------------------------------------------------------------------


def test_two_thousand_random_results_are_explained_by_their_true_combination() -> None:
    rng = random.Random(2026)
    for case in range(2000):
        rating, opponent = rng.randint(800, 2600), rng.randint(800, 2600)
        heavy = rng.random() < 0.3
        cube, outcome = rng.choice(CUBES), rng.choice(("win", "loss"))
        games = 50 + rng.randint(0, 100) if heavy else rng.randint(0, 49)
        if outcome == "win":
            change = rating_change(rating, opponent, cube=cube, winner_recent_games=games).winner
        else:
            change = rating_change(opponent, rating, cube=cube, loser_recent_games=games).loser
        found = explain_result(rating, change, opponent)
        truth = (16 if heavy else 32, cube, outcome)
        assert truth in [(e.k, e.cube, e.outcome) for e in found.explanations], (
            rating, opponent, truth, change,
        )  # fmt: skip
        assert math.isclose(sum(e.likelihood for e in found.explanations), 1.0)
        if case % 10:
            continue
        # Knowing the rating after instead of before finds it too (every tenth case).
        after = explain_result(rating + change, change, opponent, after=True)
        assert truth in [(e.k, e.cube, e.outcome) for e in after.explanations]


def test_the_most_likely_explanation_comes_first_with_plain_reasons() -> None:
    """1650 against 1820 and +12 (÷1200): only a win at K 16 and cube 4 gives it
    (16 × 0.5808 × 1.3333 = 12.39); at K 32 a win is +19 at cube 1 and +22 at cube 2."""
    found = explain_result(1650, 12, 1820)
    assert [(e.k, e.cube, e.outcome) for e in found.explanations] == [(16, 4, "win")]
    reasons = " ".join(found.explanations[0].reasons)
    assert "50 or more ranked games in the 7 days before this game" in reasons
    # Equal ratings, +16: a win at K 32, cube 1 (32 × ½) or at K 16, cube 64 (16 × ½ × 2); the
    # usual K and cube 1 are far the more likely and come first.
    equal = explain_result(1500, 16, 1500)
    assert [(e.k, e.cube) for e in equal.explanations] == [(32, 1), (16, 64)]
    # Favourite by 300 (÷1200), a win at cube 1: +12, which ÷400 made +5 (article's tables).
    favourite = explain_result(1800, 12, 1500)
    assert dict(favourite.explanations[0].other_rules)["1.0.5"] == 5


def test_a_change_no_combination_gives_is_reported_as_such_with_the_nearest() -> None:
    """Equal ratings: the largest change is K 32 × ½ × 2 (cube 64) = 32; +40 is none, +50 is a
    first place's podium prize, 0 an unrated game's."""
    none = explain_result(1500, 40, 1500)
    assert not none.exact and none.explanations == ()
    assert none.nearest[0].change == 32
    prize = explain_result(1500, 50, 1500)
    assert not prize.exact and ("podium", 1) in [(o.kind, o.detail) for o in prize.others]
    zero = explain_result(1500, 0, 1500)
    assert not zero.exact and "unrated" in [o.kind for o in zero.others]
    # A favourite by 300 winning +5 at cube 1: no 1.3.1 combination, but 1.0.5's ÷400 gives it.
    older = explain_result(1800, 5, 1500, cube=1)
    assert not older.exact and ("older_rules", "1.0.5") in [
        (o.kind, o.detail) for o in older.others
    ]


# --- The command line -------------------------------------------------------------------------


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    status = main(list(argv))
    captured = capsys.readouterr()
    return status, captured.out, captured.err


def test_cli_shapes(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(
        capsys, "performance", "--opponents", "1500", "1500", "1500", "1500",
        "--results", "1", "1", "1", "0", "--divisor", "400", "--json",
    )  # fmt: skip
    assert status == 0
    assert json.loads(out)["performance_rating"] == pytest.approx(1500 + 400 * math.log10(3))
    status, out, _ = run(
        capsys, "explain", "--rating", "1650", "--opponent", "1820", "--change", "12", "--json"
    )
    first = json.loads(out)["explanations"][0]
    assert status == 0 and (first["k"], first["cube"], first["outcome"]) == (16, 4, "win")
    status, out, _ = run(
        capsys, "plan", "--rating", "1500", "--target", "1650", "--opponent", "1500",
        "--win-rate", "0.6", "--paths", "200", "--games", "500", "--json",
    )  # fmt: skip
    payload = json.loads(out)
    assert status == 0 and payload["settling_rating"] == pytest.approx(1711.31, abs=0.01)
    assert set(payload["games_needed"]) == {"p10", "median", "p90", "mean"}


@pytest.mark.parametrize(
    ("argv", "field"),
    [
        (["performance", "--opponents", "1500", "1600", "--results", "1"], "results"),
        (["performance", "--opponents", "1500", "--results", "3"], "results[0]"),
        (["performance", "--opponents", "1500", "--results", "1", "--divisor", "-4"], "divisor"),
        (["explain", "--rating", "1500", "--opponent", "1500", "--change", "8", "--cube", "3"],
         "cube"),
        (["explain", "--rating", "1500", "--opponent", "1500", "--change", "8", "--rules", "x"],
         "rules"),
        (["plan", "--rating", "1500", "--target", "1800", "--opponent", "1500",
          "--win-rate", "2"], "win_rate"),
        (["plan", "--rating", "1500", "--target", "1800", "--opponent", "1500",
          "--games-per-week", "0"], "games_per_week"),
        (["plan", "--rating", "1500", "--target", "1500", "--opponent", "1500"], "target"),
    ],
)  # fmt: skip
def test_cli_bad_input_exits_2_naming_the_field(
    capsys: pytest.CaptureFixture[str], argv: list[str], field: str
) -> None:
    status, out, err = run(capsys, *argv)
    assert status == 2 and out == ""
    assert err.startswith(f"error: {field} ") and "Traceback" not in err


ARGUMENT = st.one_of(
    st.sampled_from(["1500", "-1", "0", "0.5", "1", "64", "1e9", "nan", "inf", "abc", "", "mix"]),
    st.integers(min_value=-(10**30), max_value=10**30).map(str),
    st.text(max_size=6),
)


@settings(max_examples=150, deadline=None)
@given(
    st.lists(ARGUMENT, min_size=6, max_size=6),
    st.sampled_from(["plan", "explain", "performance"]),
)
def test_the_new_subcommands_never_show_a_traceback(values: list[str], command: str) -> None:
    argv = {
        "plan": [
            "plan", "--rating", values[0], "--target", values[1], "--opponent", values[2],
            "--win-rate", values[3], "--games-per-week", values[4], "--cube", values[5],
            "--paths", "20", "--games", "50",
        ],
        "explain": [
            "explain", "--rating", values[0], "--opponent", values[1], "--change", values[2],
            "--cube", values[3], "--divisor", values[4],
        ],
        "performance": [
            "performance", "--opponents", values[0], values[1], "--results", values[2],
            values[3], "--divisor", values[4],
        ],
    }[command]  # fmt: skip
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        try:
            status = main(argv)
        except SystemExit as exit_:  # argparse's own usage errors
            status = exit_.code
    assert status in (0, 2)
    assert "Traceback" not in err.getvalue()
    if status == 2:
        assert "error:" in err.getvalue()


def test_results_typed_or_pasted_are_read_entry_by_entry() -> None:
    assert parse_results("1500 1; 1600 L\n1700 d\n 1800: w ") == (
        [1500.0, 1600.0, 1700.0, 1800.0],
        [1.0, 0.0, 0.5, 1.0],
    )
    bad = (("1500 1; 1600", "game 2"), ("x 1", "game 1"), ("1500 1; 1600 3", "game 2"))
    for text, field in bad:
        with pytest.raises(InvalidInput) as error:
            parse_results(text)
        assert error.value.field == field
    with pytest.raises(InvalidInput, match="at least one game"):
        parse_results(" ; ")
