"""The replay's rating engine: the rolling 7-day window and its edges, the article's numbers
inside a history, podium rows, ratings far apart; and its agreement with ``rating_change``: a
property test against the game-by-game oracle (``tests/oracles.py``), with the pass run as
plain Python and compiled both (the change lookup's own test is in ``_core/test_lookup.py``).

Expected values come from the article and from hand calculations written out beside them; the
win–loss pairs that recur are worked out in ``replay_support.py``.
"""

from __future__ import annotations

import dataclasses
from datetime import datetime, timedelta
from unittest import mock

import pandas as pd
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from replay_support import (
    MINUTE,
    T0,
    WEEK,
    fillers,
    history,
    last,
    pairs,
)

import gammon_elo
from gammon_elo import CURRENT, RULES, expected_score, sample_history
from gammon_elo.replay import engine, replay
from tests.oracles import replay_game_by_game


@pytest.fixture(params=["plain pass", "compiled pass"])
def each_path(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> str:
    """The test on the pass run as plain Python and compiled (whatever the history's size):
    the window's edges, podiums and far-apart ratings, by the interpreter and by Numba."""
    threshold = 0 if request.param == "compiled pass" else 2**62
    monkeypatch.setattr(engine, "COMPILED_FROM", threshold)
    return str(request.param)


# ---------------------------------------------------------------------------------------------
# The rolling 7-day window


@pytest.mark.usefixtures("each_path")
@pytest.mark.parametrize(
    ("key_time", "recent", "k", "changes"),
    [
        # The first of 50 games is exactly 7 × 24 h before: it no longer counts, 49 → K 32.
        (T0 + WEEK, 49, 32, (16, -16)),
        # A microsecond earlier it still counts: 50 → K 16 (Step 3), +8 for a win at 1500.
        (T0 + WEEK - timedelta(microseconds=1), 50, 16, (8, -16)),
    ],
)
def test_a_game_exactly_seven_days_earlier_no_longer_counts(
    key_time: datetime, recent: int, k: int, changes: tuple[int, int]
) -> None:
    rows, _ = pairs("You", fillers("F", 25), T0)
    result = replay(history([*rows, (key_time, "You", "Them")]))
    key = last(result)
    assert (key.winner_before, key.loser_before) == (1500, 1500)
    assert (key.winner_recent_games, key.winner_k, key.loser_k) == (recent, k, 32)
    assert (key.winner_change, key.loser_change) == changes


@pytest.mark.usefixtures("each_path")
def test_49_or_50_ranked_games_this_week() -> None:
    # 24 pairs + one game = 49 games: K 32. 25 pairs = 50 games: K 16 (Step 3: "50 or more").
    rows49, t = pairs("You", fillers("F", 24), T0)
    rows49 += [(t, "You", "F24")]  # You 1516, F24 1484
    result49 = replay(history([*rows49, (t + MINUTE, "You", "Them")]))
    key = last(result49)
    assert (key.winner_recent_games, key.winner_k) == (49, 32)
    # You 1516 beats Them 1500: E = 1 / (1 + 10^(−16/1200)) = 0.50767; 32 × 0.49233 = 15.75.
    assert (key.winner_before, key.winner_change, key.loser_change) == (1516, 16, -16)

    rows50, t = pairs("You", fillers("F", 25), T0)
    key = last(replay(history([*rows50, (t, "You", "Them")])))
    assert (key.winner_recent_games, key.winner_k, key.loser_k) == (50, 16, 32)
    assert (key.winner_change, key.loser_change) == (8, -16)


@pytest.mark.usefixtures("each_path")
@pytest.mark.parametrize("kind", ["boosted", "tournament"])
def test_boosted_and_tournament_games_change_nothing_and_do_not_count(kind: str) -> None:
    rows, t = pairs("You", fillers("F", 24), T0)  # 48 ranked games, back at 1500
    rows += [(t, "You", "B1", 64, kind, ""), (t + MINUTE, "B2", "You", 2, kind, "")]
    rows += [(t + 2 * MINUTE, "You", "Them")]
    result = replay(history(rows))
    unrated = result.games.iloc[-3:-1]
    assert (unrated.winner_change == 0).all() and (unrated.loser_change == 0).all()
    assert (unrated.winner_before == unrated.winner_after).all()
    assert unrated.winner_k.isna().all() and unrated.expected_winner.isna().all()
    key = last(result)
    # Counting the two unrated games would make 50 and K 16 (+8); they do not count: +16.
    assert (key.winner_recent_games, key.winner_k, key.winner_change) == (48, 32, 16)
    you = result.players.set_index("player").loc["You"]
    assert (you.ranked_games, you.unrated_games, you.final) == (49, 2, 1516)


@pytest.mark.usefixtures("each_path")
@pytest.mark.parametrize(
    ("key_first", "recent", "changes"), [(False, 50, (8, -16)), (True, 49, (16, -16))]
)
def test_two_games_at_the_same_time_keep_file_order(
    key_first: bool, recent: int, changes: tuple[int, int]
) -> None:
    rows, t = pairs("You", fillers("F", 24), T0)  # 48 games
    same_time = t + MINUTE
    first_half = (t, "You", "F24")  # game 49: You 1516
    second_half = (same_time, "F24", "You")  # game 50, same time as the key game: You 1500
    key = (same_time, "You", "Them")
    rows += [first_half, key, second_half] if key_first else [first_half, second_half, key]
    result = replay(history(rows))
    row = result.games.loc[result.games.loser == "Them"].iloc[0]
    # After the rematch (listed first): an earlier row at the same time counts, 50 → K 16 and
    # You is back at 1500: +8 / −16. Listed after it: 49 → K 32, You at 1516 beats 1500:
    # E = 0.50767, 32 × 0.49233 = 15.75 → +16 / −16.
    assert row.winner_recent_games == recent
    assert (row.winner_change, row.loser_change) == changes


@pytest.mark.usefixtures("each_path")
def test_games_are_rated_in_time_order_and_reported_in_input_order() -> None:
    later, earlier = (T0 + timedelta(hours=1), "A", "B"), (T0, "B", "A")
    result = replay(history([later, earlier]))
    # B beats A first (+16 / −16); then A at 1484 beats B at 1516: E = 0.48465, +16 / −16.
    assert result.games.row.tolist() == [2, 3]
    assert result.games[["winner_before", "loser_before", "winner_change"]].values.tolist() == [
        [1484, 1516, 16],
        [1500, 1500, 16],
    ]
    assert result.games.winner_recent_games.tolist() == [1, 0]


# ---------------------------------------------------------------------------------------------
# The article's numbers inside a history


@pytest.mark.usefixtures("each_path")
@pytest.mark.parametrize(("you_win", "you", "them"), [(True, 8, -16), (False, -8, 16)])
def test_the_articles_60_against_10(you_win: bool, you: int, them: int) -> None:
    # "If you have played 60 ranked games this week and your opponent, at the same rating, 10,
    # a win gives you +8 while they lose −16. If they win, they get +16 and you lose −8."
    yours, _ = pairs("You", fillers("F", 30), T0)
    theirs, _ = pairs("Them", fillers("G", 5), T0 + timedelta(days=1))
    key_time = T0 + timedelta(days=6)
    key = (key_time, "You", "Them") if you_win else (key_time, "Them", "You")
    row = last(replay(history([*yours, *theirs, key])))
    side = {"winner": "You", "loser": "Them"} if you_win else {"winner": "Them", "loser": "You"}
    recent = {"You": 60, "Them": 10}
    assert (row.winner_before, row.loser_before) == (1500, 1500)
    assert row.winner_recent_games == recent[side["winner"]]
    assert row.loser_recent_games == recent[side["loser"]]
    changes = {side["winner"]: row.winner_change, side["loser"]: row.loser_change}
    assert (changes["You"], changes["Them"]) == (you, them)


@pytest.mark.usefixtures("each_path")
def test_cube_table_of_the_article_inside_a_history() -> None:
    # Two players at 1500, K 32: ±16/19/21/24/27/29/32 for cube 1 … 64. Fresh pairs each time.
    rows = [(T0 + i * MINUTE, f"W{i}", f"L{i}", 2**i) for i in range(7)]
    games = replay(history(rows)).games
    assert games.winner_change.tolist() == [16, 19, 21, 24, 27, 29, 32]
    assert games.loser_change.tolist() == [-16, -19, -21, -24, -27, -29, -32]
    assert games.cube_multiplier.round(2).tolist() == [1.0, 1.17, 1.33, 1.5, 1.67, 1.83, 2.0]


@pytest.mark.usefixtures("each_path")
def test_divisors_of_the_article_inside_a_history() -> None:
    # Favourite by 300 (1800 against 1500): ÷400 +5 / −27, ÷800 +9 / −23, ÷1200 +12 / −20.
    rows = [(T0, "Fav", "Dog"), (T0 + MINUTE, "Dog2", "Fav2")]
    start = {"Fav": 1800, "Dog": 1500, "Fav2": 1800, "Dog2": 1500}
    for name, win, loss in (("1.0.5", 5, -27), ("1.2.0", 9, -23), ("1.3.1", 12, -20)):
        games = replay(history(rows), rules=name, initial_ratings=start).games
        assert games.winner_change.tolist()[0] == win
        assert games.loser_change.tolist()[1] == loss


# ---------------------------------------------------------------------------------------------
# Podium rows, ratings far apart, determinism


@pytest.mark.usefixtures("each_path")
def test_podium_rows_add_the_prize_and_do_not_count_as_games() -> None:
    rows = [
        (T0, "You", "", 1, "podium", 50),
        (T0 + timedelta(hours=1), "You", "Them"),
        (T0 + timedelta(hours=2), "Other", "", 1, "podium", "15"),
    ]
    result = replay(history(rows))
    podium, game, _ = (result.games.iloc[i] for i in range(3))
    assert (podium.winner_before, podium.winner_change, podium.winner_after) == (1500, 50, 1550)
    assert pd.isna(podium.loser) and pd.isna(podium.loser_change) and pd.isna(podium.winner_k)
    # You at 1550 beats 1500: E = 1 / (1 + 10^(−50/1200)) = 0.52397 (the article: 52.4 %);
    # 32 × 0.47603 = 15.23 → +15 / −15. The podium row is no ranked game: 0 this week.
    assert (game.winner_before, game.winner_change, game.loser_change) == (1550, 15, -15)
    assert game.winner_recent_games == 0
    players = result.players.set_index("player")
    assert players.loc["You", ["final", "peak", "prizes", "ranked_games"]].tolist() == [
        1565,
        1565,
        50,
        1,
    ]
    assert players.loc["Other", ["final", "prizes", "ranked_games"]].tolist() == [1515, 15, 0]


@pytest.mark.usefixtures("each_path")
def test_ratings_far_apart_are_rated_exactly_too() -> None:
    # 18 500 points apart, beyond the tables: E of the underdog ≈ 3 × 10^-16, so the underdog
    # wins the full K (+32 / −32) and the favourite's win is worth round(32 × 3e-16) = 0.
    rows = [(T0, "Low", "High"), (T0 + MINUTE, "High", "Low")]
    games = replay(history(rows), initial_ratings={"Low": 1500, "High": 20000}).games
    assert games[["winner_change", "loser_change"]].values.tolist() == [[32, -32], [0, 0]]
    assert games.expected_winner.iloc[1] == pytest.approx(1.0)


@pytest.mark.usefixtures("each_path")
def test_replay_is_deterministic() -> None:
    first, second = replay(sample_history()), replay(sample_history())
    pd.testing.assert_frame_equal(first.games, second.games)
    pd.testing.assert_frame_equal(first.players, second.players)


# ---------------------------------------------------------------------------------------------
# The property: replay equals rating_change game by game


PLAYERS = ["Ann", "Ben", "Cat", "Dan", "Eve"]


PROPERTY_RULES = [
    CURRENT,
    RULES["1.0.5"],
    dataclasses.replace(CURRENT, heavy_games=2),
    dataclasses.replace(CURRENT, divisor=75, k=7, heavy_k=3, heavy_games=3),
    dataclasses.replace(RULES["1.2.0"], k=1),
]


@st.composite
def histories(draw: st.DrawFn) -> pd.DataFrame:
    rows = []
    for _ in range(draw(st.integers(0, 30))):
        # Whole days and half days apart, and equal times: the window's edges come up often.
        when = T0 + timedelta(
            days=draw(st.integers(0, 9)), minutes=draw(st.sampled_from([0, 1, 720]))
        )
        kind = draw(st.sampled_from(["ranked"] * 6 + ["boosted", "tournament", "podium"]))
        winner, loser = draw(st.permutations(PLAYERS))[:2]
        prize = draw(st.sampled_from([0, 15, 25, 50, 700])) if kind == "podium" else ""
        loser = "" if kind == "podium" else loser
        cube = draw(st.sampled_from([1, 2, 4, 8, 16, 32, 64]))
        rows.append(
            {
                "time": when.isoformat(),
                "winner": winner,
                "loser": loser,
                "cube": cube,
                "type": kind,
                "prize": prize,
            }
        )
    return pd.DataFrame(rows, columns=["time", "winner", "loser", "cube", "type", "prize"])


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    frame=histories(),
    rules=st.sampled_from(PROPERTY_RULES),
    initial=st.dictionaries(st.sampled_from(PLAYERS), st.integers(-20_000, 20_000), max_size=3),
    compiled=st.booleans(),
)
def test_replay_equals_rating_change_game_by_game(
    frame: pd.DataFrame, rules: gammon_elo.Rules, initial: dict[str, int], compiled: bool
) -> None:
    # Both ways of running the pass (plain Python, compiled) must give the same numbers.
    with mock.patch("gammon_elo.replay.engine.COMPILED_FROM", 0 if compiled else 2**62):
        games = replay(frame, rules=rules, initial_ratings=initial).games
    expected = replay_game_by_game(frame, rules, initial).rows
    for row, (wb, lb, wc, lc, wr, lr) in zip(games.itertuples(), expected, strict=True):
        assert (row.winner_before, row.winner_change) == (wb, wc)
        if lb is None:
            assert pd.isna(row.loser_before) and pd.isna(row.loser_change)
        else:
            assert (row.loser_before, row.loser_change) == (lb, lc)
        if wr is not None:
            assert (row.winner_recent_games, row.loser_recent_games) == (wr, lr)
            assert row.winner_after == wb + wc and row.loser_after == lb + lc
            assert row.expected_winner == expected_score(wb, lb, divisor=rules.divisor)
