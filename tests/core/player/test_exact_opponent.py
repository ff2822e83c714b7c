"""Where a change would be exact: the opponent ratings worked out by hand from the SPEC's
formula and Go's rounding, open ranges where the expected score saturates, none where no
opponent gives the change, and every range's ends checked against rating_change."""

from __future__ import annotations

import math
import random

import pytest

from gammon_elo import CUBES, InvalidInput, rating_change
from gammon_elo.player.exact_opponent import OpponentRange, exact_opponents


def test_a_plus_3_win_at_k_16_cube_1_needs_an_opponent_664_to_878_below() -> None:
    """+3 at 1650 (÷1200), a win at K 16 and cube 1: round(16 × (1 − E)) = 3 with Go's
    rounding (half away from zero) means 2.5 ≤ 16 (1 − E) < 3.5, so 0.15625 ≤ 1 − E < 0.21875.
    With d = opponent − you and x = 10^(d / 1200), 1 − E = x / (1 + x): x ≥ 0.15625 / 0.84375
    = 5/27 gives d ≥ 1200 · log10(5/27) = −878.87, x < 0.21875 / 0.78125 = 0.28 gives
    d < 1200 · log10(0.28) = −663.41. Whole ratings: d from −878 to −664, opponents 772 … 986.
    At K 32 and cube 1: 2.5/32 ≤ 1 − E < 3.5/32, x from 2.5/29.5 to 3.5/28.5, d from
    1200 · log10(2.5/29.5) = −1286.26 to below 1200 · log10(3.5/28.5) = −1092.93: −1286 …
    −1093, opponents 364 … 557."""
    assert 1200 * math.log10(5 / 27) == pytest.approx(-878.87, abs=0.01)
    assert 1200 * math.log10(0.28) == pytest.approx(-663.41, abs=0.01)
    ranges = exact_opponents(1650, 3, 1820, rules="1.3.1")
    first = ranges[0]  # the nearest to 1820
    assert (first.outcome, first.k, first.cube) == ("win", 16, 1)
    assert (first.lowest, first.highest) == (772, 986)
    assert first.gaps == (-878, -664)
    assert first.distance(1820) == 1820 - 986
    assert all(r.outcome == "win" for r in ranges)  # a loss never gains
    k32 = next(r for r in ranges if (r.k, r.cube) == (32, 1))
    assert (k32.lowest, k32.highest) == (364, 557)


def test_no_change_is_open_ended_and_too_much_is_none() -> None:
    """0 from a win at K 16, cube 1: 16 (1 − E) < 0.5, x < 1/31, d < −1200 · log10(31) =
    −1789.6: every opponent 1790 or more below (no lower end); a loss, 1790 or more above.
    +40 at cube 1: K 32 gives at most 32 × 1 = 32, so no opponent gives it."""
    assert 1200 * math.log10(31) == pytest.approx(1789.6, abs=0.05)
    ranges = exact_opponents(1500, 0, 1500, cubes=(1,), rules="1.3.1")
    by_outcome = {(r.outcome, r.k): (r.lowest, r.highest) for r in ranges}
    assert by_outcome[("win", 16)] == (None, 1500 - 1790)
    assert by_outcome[("loss", 16)] == (1500 + 1790, None)
    assert exact_opponents(1500, 40, 1500, cubes=(1,), rules="1.3.1") == ()
    assert exact_opponents(1500, 40, 1500, rules="1.3.1")  # at cube 64 a win is worth up to 64


@pytest.mark.parametrize("rules", ["1.0.5", "1.2.0", "1.3.1"])
def test_every_range_ends_where_rating_change_stops_giving_the_change(rules: str) -> None:
    rng = random.Random(23)
    for _ in range(25):
        rating, change = rng.randint(800, 2600), rng.randint(-40, 40)
        for r in exact_opponents(rating, change, rating, rules=rules):
            assert r.cube in CUBES
            for end, step in ((r.lowest, -1), (r.highest, 1)):
                if end is not None:
                    assert _change(rating, end, r, rules) == change
                    assert _change(rating, end + step, r, rules) != change


def _change(rating: int, opponent: int, r: OpponentRange, rules: str) -> int:
    """The change of ``r``'s outcome, K and cube against ``opponent``, by rating_change."""
    games = 50 if r.heavy else 0
    if r.outcome == "win":
        won = rating_change(rating, opponent, cube=r.cube, winner_recent_games=games, rules=rules)
        return won.winner
    lost = rating_change(opponent, rating, cube=r.cube, loser_recent_games=games, rules=rules)
    return lost.loser


def test_bad_input_names_the_field() -> None:
    with pytest.raises(InvalidInput, match="cube"):
        exact_opponents(1500, 3, 1500, cubes=(3,))
    with pytest.raises(InvalidInput, match="rating"):
        exact_opponents(1.5, 3, 1500)  # type: ignore[arg-type]
