"""The performance rating: hand-solved cases under ÷400 and ÷1200, no finite answer for all
wins or all losses (the labelled convention instead), monotone in each result, and results read
from typed or pasted text."""

from __future__ import annotations

import math

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gammon_elo import InvalidInput, parse_results, performance_rating


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


def test_an_opponent_rated_far_beyond_the_others_is_solved_not_overflowed() -> None:
    """10^((1e9 − R) / 1200) is far past a float's range at every R near 1500: the solver must
    still answer, with an expected total equal to the score (hand: a win against 1500 and a
    loss against 1e9 put the rating between them)."""
    p = performance_rating([1500, 1e9], [1, 0], divisor=1200)
    assert p.kind == "solved" and 1500 < p.rating < 1e9
    total = sum(1 / (1 + 10 ** min((o - p.rating) / 1200, 300)) for o in (1500, 1e9))
    assert math.isclose(total, 1.0, abs_tol=1e-6)


@pytest.mark.parametrize(
    ("opponents", "divisor", "field"),
    [([64, 1e308], 1200, "opponents[1]"), ([64, 1500], 1e308, "divisor")],
)
def test_ratings_and_divisors_past_what_a_float_can_search_are_refused_by_name(
    opponents: list[float], divisor: float, field: str
) -> None:
    with pytest.raises(InvalidInput) as error:
        performance_rating(opponents, [1, 0.5], divisor=divisor)
    assert error.value.field == field
