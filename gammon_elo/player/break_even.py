"""What players and designers ask of the rules beyond one game: the win rate at which a rating
stays put against an opponent, and how many games a climb to a target takes at a given win rate.
"""

from __future__ import annotations

from .._core import checks
from .._core.errors import InvalidInput
from .._core.scalar import choose_k, multiplier
from ..formulas import rating_change
from ..rules import CURRENT, Rules, get_rules

__all__ = ["break_even_win_rate", "games_to_target"]

#: The longest climb games_to_target walks, in rating points: far beyond any real ladder.
MAX_CLIMB = 100_000


def _gain_and_loss(
    rating: int, opponent: int, cube: int, games: int, rules: Rules
) -> tuple[int, int]:
    """Your rounded change if you win and if you lose (your K from your week)."""
    gain = rating_change(rating, opponent, cube=cube, winner_recent_games=games, rules=rules).winner
    loss = rating_change(opponent, rating, cube=cube, loser_recent_games=games, rules=rules).loser
    return gain, loss


def break_even_win_rate(
    rating: int,
    opponent: int,
    *,
    cube: int = 1,
    games: int = 0,
    rules: Rules | str = CURRENT,
) -> float | None:
    """p = |loss| / (gain + |loss|): the win rate at which your rating stays put on average.

    Computed from the rounded changes the server applies, so the cube matters a little.
    None where a win and a loss both change nothing (every win rate keeps you put).

    >>> break_even_win_rate(1500, 1500, rules="1.3.1")
    0.5
    >>> break_even_win_rate(1700, 1500, rules="1.3.1")  # by 200: +13 for a win, −19 for a loss
    0.59375
    """
    rules = get_rules(rules)
    rating = checks.rating("rating", rating)
    opponent = checks.rating("opponent", opponent)
    gain, loss = _gain_and_loss(
        rating, opponent, checks.cube(cube), checks.games("games", games), rules
    )
    if gain - loss == 0:
        return None
    return -loss / (gain - loss)


def games_to_target(
    rating: int,
    target: int,
    *,
    opponent: int,
    win_rate: float,
    cube: int = 1,
    games: int = 0,
    rules: Rules | str = CURRENT,
) -> float | None:
    """n ≈ Σ 1 / drift(r) over the points from rating to target, drift = p·gain + (1 − p)·loss.

    The expected number of games to move from ``rating`` to ``target`` playing one opponent of
    fixed rating at ``win_rate``, by the drift (mean-field) approximation: each rating point on
    the way costs 1 / drift games, with the rounded gain and loss at that rating. None where the
    drift on the way is zero or points away from the target: on average you never get there.

    >>> games_to_target(1500, 1508, opponent=1500, win_rate=0.75)  # drift +8 a game
    1.0
    """
    rules = get_rules(rules)
    rating = checks.rating("rating", rating)
    target = checks.rating("target", target)
    opponent = checks.rating("opponent", opponent)
    p = checks.probability("win_rate", win_rate)
    cube = checks.cube(cube)
    games = checks.games("games", games)
    if abs(target - rating) > MAX_CLIMB:
        raise InvalidInput("target", target, f"must be within {MAX_CLIMB} points of rating")
    # NumPy on first use: the package's one-game functions, imported with it, need none.
    import numpy as np

    from .._core.arrays import changes_at

    direction = 1 if target > rating else -1
    # Every rating on the way at once: the rounded gain and loss at each, as _gain_and_loss
    # gives them one by one (each side's change depends only on its own K).
    ratings = np.arange(rating, target, direction, dtype=np.int64)
    k = np.full(ratings.size, choose_k(games, rules).k)
    m = np.full(ratings.size, multiplier(cube))
    gain = changes_at(opponent - ratings, rules.divisor, k, k, m)[0]
    loss = changes_at(ratings - opponent, rules.divisor, k, k, m)[1]
    drift = p * gain + (1 - p) * loss
    if (drift * direction <= 0).any():
        return None
    # Added one point after another from the start, as a running total would.
    return float(np.cumsum(1 / np.abs(drift))[-1]) if drift.size else 0.0
