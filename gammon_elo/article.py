"""The article's tables as pandas DataFrames, for any K, cube and rule set, and the expected-score
curves of several divisors sampled in one vectorized call.

Column names are plain identifiers; the app translates them for display. Changes come from
:func:`rating_change`, so every table shows exactly what the server would apply.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import replace

import numpy as np
import pandas as pd

from ._core import checks
from ._core.scalar import multiplier
from .formulas import expected_score, rating_change
from .player.game import Game, GameType, what_if
from .rules import CURRENT, STANDARD_DIVISORS, Rules, get_rules

__all__ = [
    "CHANGE_DIFFERENCES",
    "EXPECTED_DIFFERENCES",
    "HEAVY_DIFFERENCES",
    "change_table",
    "cube_table",
    "divisor_table",
    "expected_curves",
    "expected_curves_frame",
    "expected_table",
    "game_divisor_table",
    "heat_map_frame",
    "heavy_week_table",
    "points_frame",
]

#: The rating differences of the article's tables (Step 1, Step 2, Step 3).
EXPECTED_DIFFERENCES = (0, 50, 100, 150, 200, 300, 400, 500)
CHANGE_DIFFERENCES = (0, 100, 200, 300, 400)
HEAVY_DIFFERENCES = (0, 150, 300)

#: Two players at the starting rating, as in the article's cube table.
_BASE = 1500


def _fixed_k(rules: Rules, k: int | None) -> Rules:
    """The rule set with one K for everyone (tables show one K at a time)."""
    return Rules(divisor=rules.divisor, k=rules.k if k is None else checks.k("k", k))


def _differences(differences: Iterable[int]) -> list[int]:
    return [
        checks.integer("difference", d, low=0, high=checks.RATING_LIMIT - _BASE)
        for d in differences
    ]


def expected_table(
    differences: Iterable[int] = EXPECTED_DIFFERENCES, *, rules: Rules | str = CURRENT
) -> pd.DataFrame:
    """The favourite's expected score by rating difference (Step 1's table).

    >>> expected_table((0, 300), rules="1.3.1")["expected"].round(3).tolist()
    [0.5, 0.64]
    """
    rules = get_rules(rules)
    rows = [
        {"difference": d, "expected": expected_score(_BASE + d, _BASE, divisor=rules.divisor)}
        for d in _differences(differences)
    ]
    return pd.DataFrame(rows, columns=["difference", "expected"])


def change_table(
    differences: Iterable[int] = CHANGE_DIFFERENCES,
    *,
    k: int | None = None,
    cube: int = 1,
    rules: Rules | str = CURRENT,
) -> pd.DataFrame:
    """Both players' changes when the favourite wins and when the underdog wins (Step 2's table).

    >>> change_table((0, 100), rules="1.3.1").values.tolist()
    [[0, 16, -16, 16, -16], [100, 14, -14, 18, -18]]
    """
    fixed = _fixed_k(get_rules(rules), k)
    rows = []
    for d in _differences(differences):
        favourite_wins = rating_change(_BASE + d, _BASE, cube=cube, rules=fixed)
        underdog_wins = rating_change(_BASE, _BASE + d, cube=cube, rules=fixed)
        rows.append(
            {
                "difference": d,
                "favourite_wins_gain": favourite_wins.winner,
                "favourite_wins_loss": favourite_wins.loser,
                "underdog_wins_gain": underdog_wins.winner,
                "underdog_wins_loss": underdog_wins.loser,
            }
        )
    return pd.DataFrame(rows)


def heavy_week_table(
    differences: Iterable[int] = HEAVY_DIFFERENCES,
    *,
    ks: Sequence[int] | None = None,
    cube: int = 1,
    rules: Rules | str = CURRENT,
) -> pd.DataFrame:
    """The favourite's gain if it wins and loss if it loses, for each K (Step 3's table).

    By default the rule set's K and its heavy-week K (16 where the rule set has none).

    >>> heavy_week_table((150,)).values.tolist()
    [[150, 14, -18, 7, -9]]
    """
    rules = get_rules(rules)
    if ks is None:
        ks = (rules.k, rules.heavy_k if rules.heavy_k is not None else 16)
    differences = _differences(differences)
    table = pd.DataFrame({"difference": differences})
    for k in ks:
        fixed = _fixed_k(rules, k)
        table[f"k{k}_favourite_wins"] = [
            rating_change(_BASE + d, _BASE, cube=cube, rules=fixed).winner for d in differences
        ]
        table[f"k{k}_favourite_loses"] = [
            rating_change(_BASE, _BASE + d, cube=cube, rules=fixed).loser for d in differences
        ]
    return table


def divisor_table(
    difference: int = 300,
    *,
    divisors: Iterable[float] = STANDARD_DIVISORS,
    k: int = 32,
    cube: int = 1,
) -> pd.DataFrame:
    """For a favourite by ``difference``, under each divisor: expected score, win, loss.

    >>> divisor_table(300, divisors=(400, 800, 1200))[["divisor", "win", "loss"]].values.tolist()
    [[400.0, 5.0, -27.0], [800.0, 9.0, -23.0], [1200.0, 12.0, -20.0]]
    """
    (d,) = _differences([difference])
    rows = []
    for divisor in divisors:
        fixed = Rules(divisor=divisor, k=k)
        rows.append(
            {
                "divisor": fixed.divisor,
                "expected": expected_score(_BASE + d, _BASE, divisor=fixed.divisor),
                "win": rating_change(_BASE + d, _BASE, cube=cube, rules=fixed).winner,
                "loss": rating_change(_BASE, _BASE + d, cube=cube, rules=fixed).loser,
            }
        )
    return pd.DataFrame(rows, columns=["divisor", "expected", "win", "loss"])


def game_divisor_table(game: Game, divisors: Iterable[float] = STANDARD_DIVISORS) -> pd.DataFrame:
    """One game under each divisor: your expected score, then your points and your opponent's
    for a win and for a loss, each player with their own K, all else as ``game.rules`` says.

    Every change is :func:`what_if`'s for the game rated as a ranked one (a boosted or
    tournament game changes nothing; this says what a ranked one with the same numbers would).

    >>> table = game_divisor_table(Game(1800, 1500, rules="1.3.1"), divisors=(400, 800, 1200))
    >>> table[["divisor", "win", "loss", "opponent_win"]].values.tolist()
    [[400.0, 5.0, -27.0, 27.0], [800.0, 9.0, -23.0, 23.0], [1200.0, 12.0, -20.0, 20.0]]
    """
    rows = []
    for divisor in divisors:
        rules = replace(game.rules, name="custom", divisor=divisor)
        both = what_if(replace(game, type=GameType.RANKED, rules=rules))
        steps = both.win.steps
        assert steps is not None  # a ranked game is always rated
        rows.append(
            {
                "divisor": rules.divisor,
                "expected": steps.expected_winner,
                "win": both.win.you.change,
                "loss": both.loss.you.change,
                "opponent_win": both.loss.opponent.change,
                "opponent_loss": both.win.opponent.change,
                "k": both.win.you.k.k,
                "opponent_k": both.win.opponent.k.k,
            }
        )
    columns = ["divisor", "expected", "win", "loss", "opponent_win", "opponent_loss"]
    return pd.DataFrame(rows, columns=[*columns, "k", "opponent_k"])


def cube_table(
    cubes: Iterable[int] = checks.CUBES, *, ks: Sequence[int] = (32, 16)
) -> pd.DataFrame:
    """Each cube's multiplier and the ± change between two equal players at each K.

    >>> cube_table((1, 64)).values.tolist()
    [[1.0, 1.0, 16.0, 8.0], [64.0, 2.0, 32.0, 16.0]]
    """
    rows = []
    for cube in cubes:
        cube = checks.cube(cube)
        row: dict[str, float] = {"cube": cube, "multiplier": multiplier(cube)}
        for k in ks:
            row[f"k{k}"] = rating_change(_BASE, _BASE, cube=cube, rules=Rules(k=k)).winner
        rows.append(row)
    return pd.DataFrame(rows)


def heat_map_frame(
    max_difference: int = 600,
    step: int = 50,
    *,
    k: int | None = None,
    rules: Rules | str = CURRENT,
) -> pd.DataFrame:
    """The favourite's points for a win, by rating difference 0, step … max_difference and by
    cube, at one K: the change table of Step 2 spread over every cube (long form, for a heat map).

    >>> heat_map_frame(50, 50).values.tolist()[:3]
    [[0, 1, 16], [50, 1, 15], [0, 2, 19]]
    """
    fixed = _fixed_k(get_rules(rules), k)
    rows = [
        {
            "difference": d,
            "cube": cube,
            "change": rating_change(_BASE + d, _BASE, cube=cube, rules=fixed).winner,
        }
        for cube in checks.CUBES
        for d in _differences(range(0, max_difference + 1, step))
    ]
    return pd.DataFrame(rows, columns=["difference", "cube", "change"])


def expected_curves(
    differences: Sequence[float] | np.ndarray, divisors: Sequence[float]
) -> np.ndarray:
    """E(d) = 1 / (1 + 10^(−d / D)) for every divisor × difference, in one numpy call.

    Rows follow ``divisors``, columns ``differences`` (the rating lead, negative when behind).

    >>> expected_curves([0, 300], [400, 1200]).round(3).tolist()
    [[0.5, 0.849], [0.5, 0.64]]
    """
    d = np.asarray(differences, dtype=np.float64)
    divisor_array = np.asarray([checks.positive("divisor", x) for x in divisors], dtype=np.float64)
    with np.errstate(over="ignore"):
        return 1.0 / (1.0 + np.power(10.0, -d[np.newaxis, :] / divisor_array[:, np.newaxis]))


def expected_curves_frame(
    differences: Sequence[float] | np.ndarray, divisors: Sequence[float]
) -> pd.DataFrame:
    """The same curves in long form (difference, divisor, expected), ready for a chart."""
    d = np.asarray(differences, dtype=np.float64)
    values = expected_curves(d, divisors)
    return pd.DataFrame(
        {
            "difference": np.tile(d, len(divisors)),
            "divisor": np.repeat(np.asarray(divisors, dtype=np.float64), len(d)),
            "expected": values.ravel(),
        }
    )


def points_frame(
    differences: Iterable[int],
    divisors: Iterable[float],
    *,
    k: int = 32,
    cube: int = 1,
) -> pd.DataFrame:
    """Your points for a win and for a loss against your rating lead, for each divisor.

    >>> points_frame([300], [1200]).values.tolist()
    [[300.0, 1200.0, 12.0, -20.0]]
    """
    differences = list(differences)
    rows = []
    for divisor in divisors:
        fixed = Rules(divisor=divisor, k=k)
        for d in differences:
            d = checks.rating("difference", d)
            rows.append(
                {
                    "difference": d,
                    "divisor": fixed.divisor,
                    "win": rating_change(_BASE + d, _BASE, cube=cube, rules=fixed).winner,
                    "loss": rating_change(_BASE, _BASE + d, cube=cube, rules=fixed).loser,
                }
            )
    return pd.DataFrame(rows, columns=["difference", "divisor", "win", "loss"])
