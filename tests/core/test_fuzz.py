"""Bad input at scale: every public function of gammon_elo fed values of every type (huge,
negative, NaN, infinities, floats where ints belong, strings, None). The only acceptable outcomes
are InvalidInput with a message naming the field, or a correct result. The command line's own
fuzz test is in test_cli.py."""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import gammon_elo as g

#: Anything a caller might pass where a number belongs.
ANYTHING = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(),
    st.integers(min_value=-(2**70), max_value=2**70),
    st.floats(allow_nan=True, allow_infinity=True),
    st.sampled_from([0, 1, 2, 3, 64, 65, -1, 1500, 0.5, 1e308, -1e308, 2**62, 2**63, 2**64]),
    st.text(max_size=8),
    st.sampled_from(["1500", "1.3.1", "custom", "ranked", "", "nan", "1e9"]),
    st.lists(st.integers(), max_size=3),
    st.builds(complex, st.floats(-1, 1), st.floats(-1, 1)),
)

FUZZ = settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def outcome(call: Callable[[], Any]) -> Any:
    """The call's result, or None when it raised InvalidInput naming a field in its message."""
    try:
        return call()
    except g.InvalidInput as error:
        assert error.field and str(error).startswith(error.field.split("[")[0]), str(error)
        return None


@FUZZ
@given(ANYTHING, ANYTHING, ANYTHING)
def test_expected_score(rating: Any, opponent: Any, divisor: Any) -> None:
    result = outcome(lambda: g.expected_score(rating, opponent, divisor=divisor))
    assert result is None or 0.0 <= result <= 1.0


@FUZZ
@given(ANYTHING)
def test_cube_multiplier(cube: Any) -> None:
    result = outcome(lambda: g.cube_multiplier(cube))
    assert result is None or 1.0 <= result <= 2.0


@FUZZ
@given(ANYTHING, ANYTHING)
def test_k_factor(games: Any, rules: Any) -> None:
    result = outcome(lambda: g.k_factor(games, rules=rules))
    assert result is None or result in (16, 32)


@FUZZ
@given(ANYTHING, ANYTHING, ANYTHING, ANYTHING, ANYTHING, ANYTHING)
def test_rating_change(
    winner: Any, loser: Any, cube: Any, winner_games: Any, loser_games: Any, rules: Any
) -> None:
    result = outcome(
        lambda: g.rating_change(
            winner,
            loser,
            cube=cube,
            winner_recent_games=winner_games,
            loser_recent_games=loser_games,
            rules=rules,
        )
    )
    if result is not None:
        # The winner never loses, the loser never gains, and no game moves more than 2 × K.
        assert 0 <= result.winner <= 64 and -64 <= result.loser <= 0


@FUZZ
@given(ANYTHING, ANYTHING, ANYTHING, ANYTHING)
def test_custom_rules(divisor: Any, k: Any, heavy_k: Any, heavy_games: Any) -> None:
    rules = outcome(lambda: g.Rules(divisor=divisor, k=k, heavy_k=heavy_k, heavy_games=heavy_games))
    if rules is not None:
        change = g.rating_change(1500, 1500, rules=rules)
        assert change.winner == -change.loser >= 0


@FUZZ
@given(ANYTHING)
def test_go_round(x: Any) -> None:
    result = outcome(lambda: g.go_round(x))
    if result is not None:
        assert abs(result - x) <= 0.5


@FUZZ
@given(ANYTHING, ANYTHING, ANYTHING, ANYTHING, ANYTHING, ANYTHING)
def test_game_and_what_if(
    rating: Any, opponent: Any, cube: Any, games: Any, game_type: Any, ending: Any
) -> None:
    game = outcome(
        lambda: g.Game(rating, opponent, cube=cube, games=games, type=game_type, ending=ending)
    )
    if game is not None:
        both = g.what_if(game)
        assert both.win.you.change >= 0 >= both.loss.you.change


@FUZZ
@given(ANYTHING, ANYTHING, ANYTHING)
def test_analysis(rating: Any, opponent: Any, cube: Any) -> None:
    rate = outcome(lambda: g.break_even_win_rate(rating, opponent, cube=cube))
    assert rate is None or 0.0 <= rate <= 1.0


@FUZZ
@given(ANYTHING, ANYTHING, ANYTHING)
def test_games_to_target(target: Any, win_rate: Any, opponent: Any) -> None:
    games = outcome(lambda: g.games_to_target(1500, target, opponent=opponent, win_rate=win_rate))
    assert games is None or games >= 0


@FUZZ
@given(ANYTHING, ANYTHING, ANYTHING, ANYTHING, ANYTHING)
def test_classic(a: Any, b: Any, score: Any, k: Any, divisor: Any) -> None:
    result = outcome(lambda: g.classic_update(a, b, score, k=k, divisor=divisor))
    if result is not None:
        assert math.isclose(result.expected_a + result.expected_b, 1.0)


@FUZZ
@given(ANYTHING, ANYTHING, ANYTHING)
def test_fibs(winner: Any, loser: Any, length: Any) -> None:
    result = outcome(lambda: g.fibs_change(winner, loser, match_length=length))
    if result is not None:
        assert result.winner >= 0 >= result.loser


@FUZZ
@given(ANYTHING, ANYTHING)
def test_tables(k: Any, cube: Any) -> None:
    frame = outcome(lambda: g.change_table(k=k, cube=cube))
    assert frame is None or len(frame) == 5


@FUZZ
@given(ANYTHING)
def test_podium(place: Any) -> None:
    prize = outcome(lambda: g.podium_prize(place))
    assert prize is None or prize in (0, 15, 25, 50)


@pytest.mark.parametrize("rules", ["1.0.5", "1.2.0", "1.3.1"])
def test_fuzzing_can_fail(rules: str) -> None:
    """The harness itself: a bad value does raise, and a good one does not."""
    assert outcome(lambda: g.rating_change(1500, 1500, cube=3, rules=rules)) is None
    assert outcome(lambda: g.rating_change(1500, 1500, rules=rules)) == g.Change(16, -16)
