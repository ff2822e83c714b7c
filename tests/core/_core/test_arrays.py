"""The array twins (:mod:`gammon_elo._core.arrays`): each equals its scalar function, the
changes of games at any distance included (near, at the change lookup's edge, where the expected
score saturates, and millions of points apart). Against Go's own code:
tests/go_reference/test_go_reference.py."""

from __future__ import annotations

import numpy as np

from gammon_elo import CUBES, Rules, go_round, go_round_array, rating_change
from gammon_elo._core.arrays import changes_at, cube_multipliers
from gammon_elo._core.lookup import TABLE_REACH


def test_go_round_array_is_go_round_everywhere() -> None:
    # Halves, near-halves both sides of zero, and values Python's round() sends to even.
    rng = np.random.default_rng(7)
    halves = np.arange(-40, 41) + 0.5
    values = np.concatenate(
        [halves, np.nextafter(halves, 0), np.nextafter(halves, np.inf), rng.normal(0, 30, 2000)]
    )
    assert go_round_array(values).tolist() == [go_round(float(v)) for v in values]


#: Divisors from the steepest a link may set to the flattest, the article's, and one where C's
#: and Go's 10^x round a change apart (tests/core/simulate/test_simulate.py).
DIVISORS = (1.0, 3.0, 7.5, 400.0, 1200.0, 4000.0, 100_000.0, 5685.8633427860295)
#: K from 1 to the largest a link may set; odd K at cubes 2, 8 and 32 puts a saturated change
#: on a half-integer (3 × 1.5 = 4.5).
KS = (1, 3, 7, 32, 999, 1000)


def differences(divisor: float, rng: np.random.Generator) -> np.ndarray:
    """Near games, the lookup's edge, where E saturates (10^±9 … 10^±21) and far beyond."""
    near = [0, 1, -1, 300, -300, TABLE_REACH, TABLE_REACH + 1]
    saturating = [round(x * divisor) + j for x in (9, 12, 16, 19, 20, 21) for j in (-1, 0, 1)]
    far = rng.integers(TABLE_REACH, 4_000_000, 12).tolist()
    found = np.array(near + saturating + far, dtype=np.int64)
    return np.concatenate([found, -found])


def test_changes_at_is_rating_change_at_any_distance() -> None:
    rng = np.random.default_rng(11)
    for divisor in DIVISORS:
        d = differences(divisor, rng)
        for k in KS:
            rules = Rules.custom(divisor, k)
            for cube in CUBES:
                ks = np.full(d.size, k)
                winner, loser = changes_at(d, divisor, ks, ks, cube_multipliers([cube] * d.size))
                expected = [rating_change(1500, 1500 + int(x), cube=cube, rules=rules) for x in d]
                assert list(zip(winner.tolist(), loser.tolist(), strict=True)) == [
                    (c.winner, c.loser) for c in expected
                ], (divisor, k, cube)


def test_changes_at_takes_each_side_at_its_own_k() -> None:
    # A heavy-week K of 3 for the loser (from one ranked game), 1000 for the winner.
    d = np.array([-50_000, -3000, 0, 2500, 40_000, 123_456], dtype=np.int64)
    rules = Rules.custom(4000.0, 1000, heavy_k=3, heavy_games=1)
    winner, loser = changes_at(
        d, 4000.0, np.full(d.size, 1000), np.full(d.size, 3), cube_multipliers([8] * d.size)
    )
    expected = [rating_change(0, int(x), cube=8, loser_recent_games=1, rules=rules) for x in d]
    assert winner.tolist() == [c.winner for c in expected]
    assert loser.tolist() == [c.loser for c in expected]
