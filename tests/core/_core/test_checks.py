"""Every kind of bad input gives InvalidInput naming the field (and the value). That the command
line prints the message on stderr with exit status 2 and no traceback is in cli/test_cli.py."""

from __future__ import annotations

import dataclasses
import math
from collections.abc import Callable
from datetime import timedelta
from typing import Any

import numpy as np
import pytest

from gammon_elo import (
    CURRENT,
    Game,
    GameType,
    InvalidInput,
    Rules,
    UnknownRules,
    break_even_win_rate,
    change_steps,
    change_table,
    classic_update,
    cube_multiplier,
    divisor_table,
    expected_curves,
    expected_score,
    fibs_change,
    fibs_k,
    games_to_target,
    get_rules,
    k_factor,
    podium_prize,
    rate_game,
    rating_change,
    team_rating,
)


def raises_invalid(field: str, call: Callable[[], object], value: Any = None) -> InvalidInput:
    """Run ``call``, which must raise InvalidInput for ``field``; return the error."""
    with pytest.raises(InvalidInput) as caught:
        call()
    error = caught.value
    assert error.field == field
    message = str(error)
    assert message.startswith(field), message
    if value is not None:
        assert repr(value) in message, message
    return error


# --------------------------------------------------------------------------------------------
# Ratings: whole, finite numbers (Go ints on the server).

BAD_RATINGS = [1500.5, math.nan, math.inf, -math.inf, "1500", None, True, [1500], 2**62, -(2**62)]


@pytest.mark.parametrize("bad", BAD_RATINGS, ids=repr)
def test_bad_ratings(bad: Any) -> None:
    raises_invalid("winner", lambda: rating_change(bad, 1500))
    raises_invalid("loser", lambda: rating_change(1500, bad))
    raises_invalid("winner", lambda: change_steps(bad, 1500))
    raises_invalid("rating", lambda: expected_score(bad, 1500))
    raises_invalid("opponent", lambda: expected_score(1500, bad))
    raises_invalid("rating", lambda: Game(bad, 1500))
    raises_invalid("opponent", lambda: Game(1500, bad))
    raises_invalid("rating", lambda: break_even_win_rate(bad, 1500))


def test_bad_rating_message_names_the_value() -> None:
    error = raises_invalid("winner", lambda: rating_change(1500.5, 1500), value=1500.5)
    assert "whole number" in str(error)


def test_whole_floats_and_numpy_integers_are_ratings() -> None:
    # Not an error: a whole float or a numpy integer is a rating (data often arrives that way).
    assert rating_change(1500.0, np.int64(1500)) == rating_change(1500, 1500)


def test_the_largest_ratings_the_server_can_subtract() -> None:
    # Go's int64: 2**62 − (−2**62) = 2**63 would wrap around; one less on each side fits.
    limit = 2**62 - 1
    assert rating_change(-limit, limit).winner == 32
    raises_invalid("loser", lambda: rating_change(-limit, limit + 1))


# --------------------------------------------------------------------------------------------
# Game counts: whole numbers, zero or more.

BAD_GAMES = [-1, 1.5, math.nan, "10", None, True]


@pytest.mark.parametrize("bad", BAD_GAMES, ids=repr)
def test_bad_game_counts(bad: Any) -> None:
    raises_invalid(
        "winner_recent_games", lambda: rating_change(1500, 1500, winner_recent_games=bad)
    )
    raises_invalid("loser_recent_games", lambda: rating_change(1500, 1500, loser_recent_games=bad))
    raises_invalid("recent_ranked_games", lambda: k_factor(bad))
    raises_invalid("games", lambda: Game(1500, 1500, games=bad))
    raises_invalid("opponent_games", lambda: Game(1500, 1500, opponent_games=bad))
    raises_invalid("games", lambda: break_even_win_rate(1500, 1500, games=bad))


def test_negative_game_count_message() -> None:
    raises_invalid("winner_recent_games", lambda: rating_change(1, 1, winner_recent_games=-1), -1)


# --------------------------------------------------------------------------------------------
# The cube: 1, 2, 4, 8, 16, 32 or 64 and nothing else.

BAD_CUBES = [3, 0, 128, 2.5, "2", None, True, -2, math.nan, math.inf, 1 / 2]


@pytest.mark.parametrize("bad", BAD_CUBES, ids=repr)
def test_bad_cubes(bad: Any) -> None:
    error = raises_invalid("cube", lambda: rating_change(1500, 1500, cube=bad))
    assert "power of two from 1 to 64" in str(error)
    raises_invalid("cube", lambda: cube_multiplier(bad))
    raises_invalid("cube", lambda: change_steps(1500, 1500, cube=bad))
    raises_invalid("cube", lambda: Game(1500, 1500, cube=bad))
    raises_invalid("cube", lambda: break_even_win_rate(1500, 1500, cube=bad))
    raises_invalid("cube", lambda: change_table(cube=bad))


def test_cube_message_names_the_value() -> None:
    # STYLE: InvalidInput("cube must be a power of two from 1 to 64, got 3").
    error = raises_invalid("cube", lambda: rating_change(1500, 1500, cube=3))
    assert str(error) == "cube must be a power of two from 1 to 64, got 3"


# --------------------------------------------------------------------------------------------
# K and the divisor: positive and finite (K a whole number, as Go's int).

BAD_K = [0, -1, -32, math.nan, math.inf, 1.5, "32", None, True]
BAD_DIVISORS = [0, -1, -1200.0, math.nan, math.inf, -math.inf, "1200", None, True]


@pytest.mark.parametrize("bad", BAD_K, ids=repr)
def test_bad_k(bad: Any) -> None:
    raises_invalid("k", lambda: Rules(k=bad))
    raises_invalid("k", lambda: dataclasses.replace(CURRENT, k=bad))
    raises_invalid("heavy_k", lambda: dataclasses.replace(CURRENT, heavy_k=bad))
    if bad is not None:  # change_table(k=None) means the rule set's K
        raises_invalid("k", lambda: change_table(k=bad))


@pytest.mark.parametrize("bad", [0, -1, math.nan, math.inf, "16", True])
def test_bad_classic_k(bad: Any) -> None:
    raises_invalid("k", lambda: classic_update(1500, 1600, 1, k=bad))


@pytest.mark.parametrize("bad", BAD_DIVISORS, ids=repr)
def test_bad_divisors(bad: Any) -> None:
    raises_invalid("divisor", lambda: Rules(divisor=bad))
    raises_invalid("divisor", lambda: dataclasses.replace(CURRENT, divisor=bad))
    raises_invalid("divisor", lambda: expected_score(1500, 1500, divisor=bad))
    raises_invalid("divisor", lambda: classic_update(1500, 1600, 1, divisor=bad))
    raises_invalid("divisor", lambda: divisor_table(300, divisors=[bad]))
    raises_invalid("divisor", lambda: expected_curves([0, 100], [1200, bad]))


def test_heavy_week_settings_come_in_pairs() -> None:
    raises_invalid("heavy_k", lambda: Rules(heavy_k=16))
    raises_invalid("heavy_k", lambda: Rules(heavy_games=50))
    raises_invalid("heavy_games", lambda: dataclasses.replace(CURRENT, heavy_games=-1))


def test_bad_window_and_starting_rating() -> None:
    raises_invalid("window", lambda: Rules(window=timedelta(0)))
    raises_invalid("window", lambda: Rules(window=7))  # type: ignore[arg-type]
    raises_invalid("starting", lambda: Rules(starting=1500.5))  # type: ignore[arg-type]


# --------------------------------------------------------------------------------------------
# Rule sets by name.


@pytest.mark.parametrize("bad", ["1.3.2", "1.3", "", "current", None, 1200, 1.31])
def test_unknown_rule_sets(bad: Any) -> None:
    for call in (
        lambda: rating_change(1500, 1500, rules=bad),
        lambda: k_factor(10, rules=bad),
        lambda: get_rules(bad),
        lambda: Game(1500, 1500, rules=bad),
        lambda: change_table(rules=bad),
    ):
        error = raises_invalid("rules", call, value=bad)
        assert isinstance(error, UnknownRules)
        # The message lists the rule sets that exist.
        assert all(name in str(error) for name in ("1.0.5", "1.2.0", "1.3.1"))


# --------------------------------------------------------------------------------------------
# The classic calculator's score and ratings.


@pytest.mark.parametrize("bad", [2, -1, 0.25, 0.75, "1", None, True, math.nan, math.inf])
def test_bad_scores(bad: Any) -> None:
    error = raises_invalid("score_a", lambda: classic_update(1500, 1600, bad))
    assert "0.5" in str(error)


@pytest.mark.parametrize("good", [0, 0.5, 1, 0.0, 1.0, np.float64(0.5)])
def test_good_scores(good: Any) -> None:
    result = classic_update(1500, 1500, good)
    assert result.new_a == 1500 + 32 * (float(good) - 0.5)


def test_bad_classic_ratings() -> None:
    raises_invalid("rating_a", lambda: classic_update(math.nan, 1600, 1))
    raises_invalid("rating_b", lambda: classic_update(1500, "1600", 1))
    raises_invalid("rating_a", lambda: classic_update([], 1600, 1))
    raises_invalid("rating_b[1]", lambda: classic_update(1500, [1600, math.inf], 1))
    raises_invalid("rating", lambda: team_rating("1500"))


# --------------------------------------------------------------------------------------------
# Games: type, ending, who won.


@pytest.mark.parametrize("bad", ["Ranked", "RANKED", "", 1, None, "rated"])
def test_bad_game_types(bad: Any) -> None:
    error = raises_invalid("type", lambda: Game(1500, 1500, type=bad))
    assert "ranked, boosted, tournament" in str(error)


def test_casual_is_the_old_name_of_boosted() -> None:
    """The article: Boosted games were called Casual before 1.3.0; they never change ELO."""
    assert Game(1500, 1500, type="casual").type is GameType.BOOSTED


@pytest.mark.parametrize("bad", ["draw", "Gammon", "timed out", "", 0, None, "resign"])
def test_bad_endings(bad: Any) -> None:
    error = raises_invalid("ending", lambda: Game(1500, 1500, ending=bad))
    assert "normal, gammon, backgammon" in str(error)


@pytest.mark.parametrize("bad", [1, 0, "yes", None])
def test_bad_you_won(bad: Any) -> None:
    raises_invalid("you_won", lambda: Game(1500, 1500, you_won=bad))


def test_enum_values_as_strings_are_accepted() -> None:
    outcome = rate_game(Game(1500, 1500, type="ranked", ending="timed_out", you_won=False))
    assert outcome.you.change == -16


# --------------------------------------------------------------------------------------------
# Everything else that takes a number.


def test_other_fields() -> None:
    raises_invalid("place", lambda: podium_prize(0))
    raises_invalid("place", lambda: podium_prize(1.5))
    raises_invalid("match_length", lambda: fibs_change(1500, 1500, match_length=0))
    raises_invalid("winner", lambda: fibs_change(math.nan, 1500))
    raises_invalid("experience", lambda: fibs_k(-1))
    raises_invalid("win_rate", lambda: games_to_target(1500, 1600, opponent=1500, win_rate=1.5))
    raises_invalid("win_rate", lambda: games_to_target(1500, 1600, opponent=1500, win_rate="½"))
    raises_invalid("target", lambda: games_to_target(1500, 10**9, opponent=1500, win_rate=0.9))
    raises_invalid("difference", lambda: change_table([-100]))
