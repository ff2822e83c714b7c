"""The rating equations (:mod:`gammon_elo.formulas`): invariants checked with hypothesis over every
rule set in RULES and two custom ones, and every function fed values of every type (huge,
negative, NaN, infinities, floats where ints belong, strings, None), where the only acceptable
outcomes are InvalidInput naming the field, or a correct result."""

from __future__ import annotations

import dataclasses
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import gammon_elo as g
from gammon_elo import CURRENT, RULES, Rules, k_factor, rating_change
from tests.core.fuzz_support import ANYTHING, FUZZ, outcome

#: The article's rule sets, plus custom ones a designer could pick: an odd K with a non-integer
#: divisor (Go's rounding of halves shows), and a small heavy-week threshold with a larger K.
RULE_SETS = [
    *RULES.values(),
    dataclasses.replace(CURRENT, name="custom", divisor=937.5, k=7, heavy_k=3, heavy_games=5),
    Rules(divisor=1000, k=40, heavy_k=24, heavy_games=20),
]

RULE_IDS = [rules.label for rules in RULE_SETS]

#: Everyday ratings most of the time, and now and then anything the server's int could hold.
ratings = st.one_of(
    st.integers(0, 4000),
    st.integers(-(2**62) + 1, 2**62 - 1),
)

weeks = st.integers(0, 120)

cubes = st.sampled_from([1, 2, 4, 8, 16, 32, 64])

property_settings = settings(max_examples=100, deadline=None)

parametrize_rules = pytest.mark.parametrize("rules", RULE_SETS, ids=RULE_IDS)


@parametrize_rules
@property_settings
@given(winner=ratings, loser=ratings, cube=cubes, games=weeks)
def test_equal_k_is_zero_sum(winner: int, loser: int, cube: int, games: int, rules: Rules) -> None:
    # ARTICLE, Step 3: "when both players have the same K, the winner still gains exactly what
    # the loser loses". Same week for both ⇒ same K.
    change = rating_change(
        winner, loser, cube=cube, winner_recent_games=games, loser_recent_games=games, rules=rules
    )
    assert change.winner == -change.loser


@parametrize_rules
@property_settings
@given(winner=ratings, loser=ratings, cube=cubes, winner_games=weeks, loser_games=weeks)
def test_each_player_has_their_own_k(
    winner: int, loser: int, cube: int, winner_games: int, loser_games: int, rules: Rules
) -> None:
    # ARTICLE, Step 3: "each player has their own K", counted separately: a player's change
    # depends on their own week only, and equals the mirror of what the other side would get
    # with that K.
    change = rating_change(
        winner,
        loser,
        cube=cube,
        winner_recent_games=winner_games,
        loser_recent_games=loser_games,
        rules=rules,
    )
    as_if_loser_had_winners_week = rating_change(
        winner,
        loser,
        cube=cube,
        winner_recent_games=winner_games,
        loser_recent_games=winner_games,
        rules=rules,
    )
    as_if_winner_had_losers_week = rating_change(
        winner,
        loser,
        cube=cube,
        winner_recent_games=loser_games,
        loser_recent_games=loser_games,
        rules=rules,
    )
    assert change.winner == -as_if_loser_had_winners_week.loser
    assert change.loser == -as_if_winner_had_losers_week.winner


@parametrize_rules
@property_settings
@given(winner=ratings, loser=ratings, cube=cubes, winner_games=weeks, loser_games=weeks)
def test_the_winner_never_loses_and_the_loser_never_gains(
    winner: int, loser: int, cube: int, winner_games: int, loser_games: int, rules: Rules
) -> None:
    change = rating_change(
        winner,
        loser,
        cube=cube,
        winner_recent_games=winner_games,
        loser_recent_games=loser_games,
        rules=rules,
    )
    assert change.winner >= 0
    assert change.loser <= 0


@parametrize_rules
@property_settings
@given(
    loser=st.integers(0, 4000),
    deficits=st.tuples(st.integers(-6000, 6000), st.integers(-6000, 6000)),
    cube=cubes,
    winner_games=weeks,
    loser_games=weeks,
)
def test_the_change_grows_with_the_winners_deficit(
    loser: int,
    deficits: tuple[int, int],
    cube: int,
    winner_games: int,
    loser_games: int,
    rules: Rules,
) -> None:
    # ARTICLE, Step 2: "an upset is worth more than an expected win": the further the winner was
    # below the loser, the more both ratings move (weakly: rounding makes steps).
    smaller, larger = sorted(deficits)
    options = {
        "cube": cube,
        "winner_recent_games": winner_games,
        "loser_recent_games": loser_games,
        "rules": rules,
    }
    less = rating_change(loser - smaller, loser, **options)
    more = rating_change(loser - larger, loser, **options)
    assert less.winner <= more.winner
    assert less.loser >= more.loser


@parametrize_rules
@property_settings
@given(winner=ratings, loser=ratings, cube=cubes, winner_games=weeks, loser_games=weeks)
def test_a_change_is_at_most_twice_k(
    winner: int, loser: int, cube: int, winner_games: int, loser_games: int, rules: Rules
) -> None:
    # ARTICLE, the cube: "even at the highest cube, 64, the change is at most twice the normal
    # one"; without the cube, at most K ("the largest change a single game can bring").
    change = rating_change(
        winner,
        loser,
        cube=cube,
        winner_recent_games=winner_games,
        loser_recent_games=loser_games,
        rules=rules,
    )
    winner_k, loser_k = k_factor(winner_games, rules=rules), k_factor(loser_games, rules=rules)
    assert abs(change.winner) <= 2 * winner_k
    assert abs(change.loser) <= 2 * loser_k
    if cube == 1:
        assert abs(change.winner) <= winner_k
        assert abs(change.loser) <= loser_k


@parametrize_rules
@property_settings
@given(rating=ratings, cube=cubes, games=weeks)
def test_equal_ratings_split_k_in_half(rating: int, cube: int, games: int, rules: Rules) -> None:
    # ARTICLE, Step 2: equal ratings ⇒ expected score 0.5 ⇒ K × 0.5 × multiplier; at cube 1 and
    # even K exactly K / 2 (16 at K 32, 8 at K 16).
    change = rating_change(
        rating, rating, cube=cube, winner_recent_games=games, loser_recent_games=games, rules=rules
    )
    k = k_factor(games, rules=rules)
    if cube == 1 and k % 2 == 0:
        assert change.winner == k // 2
    assert abs(change.winner - k * 0.5 * (1 + (cube.bit_length() - 1) / 6)) <= 0.5


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
@given(ANYTHING)
def test_go_round(x: Any) -> None:
    result = outcome(lambda: g.go_round(x))
    if result is not None:
        assert abs(result - x) <= 0.5


@pytest.mark.parametrize("rules", ["1.0.5", "1.2.0", "1.3.1"])
def test_fuzzing_can_fail(rules: str) -> None:
    """The harness itself: a bad value does raise, and a good one does not."""
    assert outcome(lambda: g.rating_change(1500, 1500, cube=3, rules=rules)) is None
    assert outcome(lambda: g.rating_change(1500, 1500, rules=rules)) == g.Change(16, -16)
