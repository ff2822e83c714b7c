"""Explain my result: 2,000 random games explained by their true K, cube and outcome, the most
likely first with plain reasons, and a change no combination gives reported as such with what
else could give it."""

from __future__ import annotations

import math
import random

from gammon_elo import CUBES, change_causes, rating_change


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
        found = change_causes(rating, change, opponent)
        truth = (16 if heavy else 32, cube, outcome)
        assert truth in [(e.k, e.cube, e.outcome) for e in found.causes], (
            rating, opponent, truth, change,
        )  # fmt: skip
        assert math.isclose(sum(e.likelihood for e in found.causes), 1.0)
        if case % 10:
            continue
        # Knowing the rating after instead of before finds it too (every tenth case).
        after = change_causes(rating + change, change, opponent, after=True)
        assert truth in [(e.k, e.cube, e.outcome) for e in after.causes]


def test_the_most_likely_explanation_comes_first_with_plain_reasons() -> None:
    """1650 against 1820 and +12 (÷1200): only a win at K 16 and cube 4 gives it
    (16 × 0.5808 × 1.3333 = 12.39); at K 32 a win is +19 at cube 1 and +22 at cube 2."""
    found = change_causes(1650, 12, 1820)
    assert [(e.k, e.cube, e.outcome) for e in found.causes] == [(16, 4, "win")]
    reasons = " ".join(found.causes[0].reasons)
    assert "50 or more ranked games in the 7 days before this game" in reasons
    # Equal ratings, +16: a win at K 32, cube 1 (32 × ½) or at K 16, cube 64 (16 × ½ × 2); the
    # usual K and cube 1 are far the more likely and come first.
    equal = change_causes(1500, 16, 1500)
    assert [(e.k, e.cube) for e in equal.causes] == [(32, 1), (16, 64)]
    # Favourite by 300 (÷1200), a win at cube 1: +12, which ÷400 made +5 (article's tables).
    favourite = change_causes(1800, 12, 1500)
    assert dict(favourite.causes[0].other_rules)["1.0.5"] == 5


def test_a_change_no_combination_gives_is_reported_as_such_with_the_nearest() -> None:
    """Equal ratings: the largest change is K 32 × ½ × 2 (cube 64) = 32; +40 is none, +50 is a
    first place's podium prize, 0 an unrated game's."""
    none = change_causes(1500, 40, 1500)
    assert not none.exact and none.causes == ()
    assert none.nearest[0].change == 32
    prize = change_causes(1500, 50, 1500)
    assert not prize.exact and ("podium", 1) in [(o.kind, o.detail) for o in prize.others]
    zero = change_causes(1500, 0, 1500)
    assert not zero.exact and "unrated" in [o.kind for o in zero.others]
    # A favourite by 300 winning +5 at cube 1: no 1.3.1 combination, but 1.0.5's ÷400 gives it.
    older = change_causes(1800, 5, 1500, cube=1)
    assert not older.exact and ("other_rules", "1.0.5") in [
        (o.kind, o.detail) for o in older.others
    ]
