"""Golden values from outside the code where Go's rounding decides: Go's ``int(math.Round(x))``
rounds halves away from zero; Python's ``round()`` goes to the even neighbour, and the float64
value of the cube multiplier may sit just above or below the exact fraction.

Source: HAND, arithmetic done by hand (or with a 30-digit decimal calculator), shown in the
comments; the Go program in tests/go_reference prints the same.
"""

from __future__ import annotations

import dataclasses
import math
from typing import Any

import pytest

from gammon_elo import CURRENT, Rules, go_round, rating_change

#: Any base rating works: only the difference matters. 1500 is the article's starting rating.
BASE = 1500


def changes(winner: int, loser: int, **options: Any) -> tuple[int, int]:
    """The winner's and the loser's change, as a pair."""
    change = rating_change(winner, loser, **options)
    return change.winner, change.loser


@pytest.mark.parametrize(
    ("x", "go"),
    [
        (0.5, 1),
        (-0.5, -1),
        (1.5, 2),
        (2.5, 3),  # round(2.5) == 2
        (-2.5, -3),
        (4.5, 5),  # round(4.5) == 4
        (0.49999999999999994, 0),  # largest double below ½; floor(x + ½) would say 1
        (2.0**52 + 1, 2**52 + 1),  # floor(x + ½) would say 2**52 + 2
        (-0.0, 0),
        (7.499999999999999, 7),
    ],
)
def test_go_round_is_half_away_from_zero(x: float, go: int) -> None:
    # HAND, from Go's documentation of math.Round: "Round returns the nearest integer, rounding
    # half away from zero."
    assert go_round(x) == go


def custom(k: int, divisor: float = 1200) -> Rules:
    """One K for both players, no heavy week."""
    return Rules(divisor=divisor, k=k)


@pytest.mark.parametrize(
    ("k", "cube", "go", "round_of_the_fraction"),
    [
        # Equal ratings: E = 1 / (1 + 10^0) = 0.5 exactly, so K × 0.5 × multiplier.
        # K = 1, cube 1: 1 × 0.5 × 1 = 0.5 exactly → Go 1 (round(0.5) == 0).
        (1, 1, 1, 0),
        # K = 3: 1.5 → 2 (both agree: 2 is even).
        (3, 1, 2, 2),
        # K = 5: 2.5 → Go 3 (round(2.5) == 2).
        (5, 1, 3, 2),
        # Cube 8: multiplier 1 + 3/6 = 1.5, exact in binary.
        # K = 2: 1 × 1.5 = 1.5 → 2.
        (2, 8, 2, 2),
        # K = 6: 3 × 1.5 = 4.5 exactly → Go 5 (round(4.5) == 4).
        (6, 8, 5, 4),
        # K = 14: 7 × 1.5 = 10.5 exactly → Go 11 (round(10.5) == 10).
        (14, 8, 11, 10),
        # Cube 16: multiplier 1 + 4/6. float64(4/6) = 6004799503160661 × 2^-53, a hair below 2/3;
        # 1 + that = 15011998757901653 × 2^-53 lies exactly halfway between the doubles
        # 7505999378950826 × 2^-52 and …827 × 2^-52, and ties go to the even one: the
        # multiplier is 1.6666666666666665 = 5/3 − 1.48e-16.
        # K = 3: 1.5 × 1.6666666666666665 = 2.5 − 2.22e-16, exactly halfway between the doubles
        # 2.5 − 4.44e-16 and 2.5; the tie goes to the even 2.5 → Go 3 (round(2.5) == 2).
        (3, 16, 3, 2),
        # K = 9: 4.5 × 1.6666666666666665 = 7.5 − 6.66e-16, nearest double 7.5 − 8.88e-16
        # = 7.499999999999999 → Go 7, although 9 × ½ × 5/3 is exactly 7.5 on paper.
        (9, 16, 7, 8),
        # Cube 2: multiplier 1 + 1/6. float64(1/6) = 6004799503160661 × 2^-55; 1 + that
        # = 5254199565265578.625 × 2^-52, rounded up to 1.1666666666666667 = 7/6 + 7.4e-17.
        # K = 18: 9 × 1.1666666666666667 = 10.5 + 6.7e-16, nearest double 10.5 → Go 11
        # (round(10.5) == 10).
        (18, 2, 11, 10),
        # Cube 32: multiplier 1 + 5/6. float64(5/6) = 7505999378950827 × 2^-53, a hair above;
        # 1 + that is halfway between 8256599316845909 and …910 (× 2^-52): the even one,
        # 1.8333333333333335 = 11/6 + 1.48e-16.
        # K = 18: 9 × 1.8333333333333335 = 16.5 + 1.3e-15, nearest double 16.5 → Go 17
        # (round(16.5) == 16).
        (18, 32, 17, 16),
    ],
)
def test_rounding_decides_at_equal_ratings(
    k: int, cube: int, go: int, round_of_the_fraction: int
) -> None:
    # HAND, as the comments above; the Go program in tests/go_reference prints the same.
    for rating in (1500, 2222):
        assert changes(rating, rating, cube=cube, rules=custom(k)) == (go, -go)
    # The divisor plays no part when the ratings are equal.
    assert changes(1500, 1500, cube=cube, rules=custom(k, divisor=777.5)) == (go, -go)
    # Each case is a half on paper, K/2 × (1 + log2(cube)/6), and Python's round() of that
    # half is the even neighbour, which Go's answer differs from in most rows.
    on_paper = k * (6 + int(math.log2(cube))) / 12
    assert on_paper % 1 == 0.5
    assert round(on_paper) == round_of_the_fraction


@pytest.mark.parametrize(
    ("divisor", "k", "difference", "favourite_wins", "underdog_wins"),
    [
        # HAND (30-digit decimals): ÷2000, K = 10, favourite by 175.
        #   10^(−175/2000) = 10^(−0.0875) = 0.8175230; E = 1 / 1.8175230 = 0.5501994.
        #   Favourite wins: 10 × (1 − 0.5501994) = 4.498006 → 4 (rounding E to the 55.0 % shown
        #   on screen first would give 4.5 → 5). Underdog wins: 10 × 0.5501994 = 5.501994 → 6.
        (2000, 10, 175, 4, 6),
        # ÷1500, K = 24, favourite by 275: 10^(−0.18333…) = 0.6556418; E = 0.6039954.
        #   Favourite wins: 24 × 0.3960046 = 9.504111 → 10. Underdog wins: 24 × 0.6039954
        #   = 14.495889 → 14.
        (1500, 24, 275, 10, 14),
        # ÷1000, K = 10, favourite by 475: 10^(−0.475) = 0.3349654; E = 0.7490831.
        #   Favourite wins: 10 × 0.2509169 = 2.509169 → 3. Underdog wins: 7.490831 → 7.
        (1000, 10, 475, 3, 7),
    ],
)
def test_rounding_decides_with_custom_divisors(
    divisor: float, k: int, difference: int, favourite_wins: int, underdog_wins: int
) -> None:
    rules = custom(k, divisor)
    favourite, underdog = BASE + difference, BASE
    assert changes(favourite, underdog, rules=rules) == (favourite_wins, -favourite_wins)
    assert changes(underdog, favourite, rules=rules) == (underdog_wins, -underdog_wins)


def test_rounding_with_unequal_k() -> None:
    # HAND: the 1.3.1 rules with a heavy-week K of 5 (custom) between equal players: the heavy
    # player's change is 5 × 0.5 = 2.5 → 3 (Go) and the other's stays 32 × 0.5 = 16.
    rules = dataclasses.replace(CURRENT, heavy_k=5)
    assert changes(1500, 1500, winner_recent_games=50, rules=rules) == (3, -16)
    assert changes(1500, 1500, loser_recent_games=50, rules=rules) == (16, -3)
