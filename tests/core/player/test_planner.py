"""The Planner's simulated paths: the 7-day count as the server keeps it, the walk equal to a
game-by-game loop, the mean flat at a win rate equal to the expected score, paths settling at
R + D·log10(p / (1 − p)) within a tolerance derived from the walk's variance, a target beyond
that said so, and the hold table against hand-rounded changes."""

from __future__ import annotations

import numpy as np
import pytest

from gammon_elo import CUBE_MIX, InvalidInput, Rules, hold_table, plan
from gammon_elo._core.lookup import TABLE_REACH
from gammon_elo.player.planner import recent_games
from tests.oracles import plan_paths_game_by_game


def test_recent_games_counts_the_seven_days_as_the_server_does() -> None:
    """Games spread evenly: at 60 a week game n (1-based) has min(n − 1, 59) games in the 7 days
    before it, so K drops to 16 from game 51; at exactly 50 a week the game 50 back is exactly
    7 days old and no longer counts, so the window holds 49 and K never drops."""
    at_60 = recent_games(200, 60.0)
    assert at_60[:3].tolist() == [0, 1, 2] and at_60[59:].tolist() == [59] * 141
    heavy = plan(
        1500,
        1600,
        opponent=1500,
        win_rate=0.5,
        games_per_week=60,
        paths=5,
        horizon=200,
        rules="1.3.1",
    )
    assert not heavy.heavy[:50].any() and heavy.heavy[50:].all()
    assert heavy.heavy_weeks == [1, 2, 3, 4]  # game 51 is in week 1 (games 1–60)
    flat = plan(
        1500,
        1600,
        opponent=1500,
        win_rate=0.5,
        games_per_week=50,
        paths=5,
        horizon=200,
        rules="1.3.1",
    )
    assert recent_games(200, 50.0).max() == 49 and not flat.heavy.any()


def test_the_seven_days_before_game_1_start_as_the_reader_says() -> None:
    """60 ranked games already in the 7 days before game 1, 10 a week from now on. By hand:
    the earlier games lie (j − ½)/60 of a week back (j = 1 … 60); game n (from 1) is played
    (n − 1)/10 of a week later, when those with j < 60·(1 − (n − 1)/10) + ½ are still less
    than a week old: 60, 54, 48, 42 of them at games 1–4, beside the 0, 1, 2, 3 new ones, so
    60, 55, 50, 45 in all: K 16 (50 or more) at games 1–3, K 32 from game 4."""
    assert recent_games(4, 10.0, games_this_week=60).tolist() == [60, 55, 50, 45]
    found = plan(
        1500, 1600, opponent=1500, win_rate=0.5, games_per_week=10, games_this_week=60,
        paths=5, horizon=20, rules="1.3.1",
    )  # fmt: skip
    assert found.heavy[:3].all() and not found.heavy[3:].any()
    assert found.first_k == 16 and found.games_this_week == 60
    # 60 a week with 60 already this week: every game is played at K 16, the first included.
    steady = plan(
        1500, 1600, opponent=1500, win_rate=0.5, games_per_week=60, games_this_week=60,
        paths=5, horizon=200, rules="1.3.1",
    )  # fmt: skip
    assert steady.heavy.all() and steady.first_k == 16
    # An empty window, as before: K 32 at game 1.
    assert (
        plan(
            1500, 1600, opponent=1500, win_rate=0.5, games_per_week=60, paths=5, rules="1.3.1"
        ).first_k
        == 32
    )


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


@pytest.mark.parametrize(
    ("rating", "opponent", "win_rate", "cubes", "rules"),
    [
        # The climb that once cost 10 s of CPU: ÷100,000 and K 1,000 run every path thousands
        # of points past the change lookup's reach within a few games; K drops from game 21.
        (1238, 1500, 0.999, ((64, 1.0),), Rules.custom(100_000, 1000, heavy_k=999, heavy_games=20)),
        # Paths that cross the lookup's edge both ways, every cube: they settle about its reach
        # above the opponent (3000 × log10(0.998 / 0.002) = 8094 points).
        (9700, 1500, 0.998, CUBE_MIX, Rules.custom(3000, 1000)),
        # 12 divisors below the opponent, K 3 at cube 8: every change is 4.5 × (1 − E) with E
        # about 10^-12, next to a half-integer, where Go's last bits could decide it.
        (-46500, 1500, 1.0, ((8, 1.0),), Rules.custom(4000, 3, heavy_k=3, heavy_games=0)),
    ],
)
def test_far_paths_are_the_rules_applied_game_by_game(
    rating: int,
    opponent: int,
    win_rate: float,
    cubes: tuple[tuple[int, float], ...],
    rules: Rules,
) -> None:
    expected = plan_paths_game_by_game(rating, opponent, win_rate, 60.0, cubes, 6, 200, 3, rules)
    found = plan(
        rating, rating + 10, opponent=opponent, win_rate=win_rate, games_per_week=60,
        cube=cubes, rules=rules, paths=6, horizon=200, seed=3,
    )  # fmt: skip
    np.testing.assert_array_equal(found.mean, expected.mean(axis=1))
    np.testing.assert_array_equal(found.low, np.percentile(expected, 10, axis=1))
    # Many games are rated beyond the lookup's reach.
    assert (np.abs(expected[:-1] - opponent) > TABLE_REACH).mean() > 0.3


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
    found = plan(1500, 1600, opponent=1700, paths=1000, horizon=2000, seed=3, rules="1.3.1")
    assert found.win_rate == pytest.approx(1 / (1 + 10 ** (200 / 1200)))
    assert found.settling == pytest.approx(1500)
    assert (found.low <= found.mean).all() and (found.mean <= found.high).all()
    assert (found.low <= 1500).all() and (found.high >= 1500).all()
    assert abs(found.mean[1001:].mean() - 1500) < SETTLE_TOLERANCE


def test_paths_settle_at_the_rating_where_the_win_rate_is_the_expected_score() -> None:
    """p = 0.6 against 1500s under ÷1200: R + D·log10(p / (1 − p)) = 1500 + 1200·log10(1.5)
    = 1711.3."""
    found = plan(
        1500, 1650, opponent=1500, win_rate=0.6, paths=1000, horizon=2000, seed=11, rules="1.3.1"
    )
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
    found = plan(
        1500, 2000, opponent=1500, win_rate=0.6, paths=1000, horizon=2000, seed=5, rules="1.3.1"
    )
    assert found.beyond_settling
    assert 0.0 < found.reached_share < 0.5
    assert found.games_p90 is None and found.mean_games is None
    # A climb down to a rating below where you settle is "beyond" too.
    down = plan(
        1500, 1200, opponent=1500, win_rate=0.6, paths=200, horizon=300, seed=5, rules="1.3.1"
    )
    assert down.beyond_settling and down.reached_share < 0.05


def test_hold_table_matches_hand_rounded_changes() -> None:
    """At 1500 against 1700 (÷1200, K 32, cube 1): E = 0.4052, a win +round(19.03) = +19 and a
    loss −round(12.97) = −13, so you hold at 13 / 32 = 0.40625; against 1500: 16 / 32."""
    rows = {row.opponent: row for row in hold_table(1500, rules="1.3.1")}
    assert list(rows) == list(range(1300, 2101, 100))
    assert rows[1700].hold == 13 / 32 and rows[1500].hold == 0.5
    assert rows[1700].expected == pytest.approx(0.40522, abs=1e-5)


@pytest.mark.parametrize(
    ("kwargs", "field"),
    [
        ({"win_rate": 1.5}, "win_rate"),
        ({"cube": 3}, "cube"),
        ({"games_per_week": 0}, "games_per_week"),
        ({"games_this_week": -1}, "games_this_week"),
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
