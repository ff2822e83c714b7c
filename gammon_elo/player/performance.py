"""The performance rating of a set of results: the rating whose expected total score against
those opponents equals the score actually made, solved numerically under the chosen divisor.

With every game won (or every game lost) no finite rating has that expected score: the usual
convention is given instead, labelled as such — the best opponent's rating plus one divisor
(the worst opponent's minus one divisor), the difference at which the expected score is
1 / (1 + 10^−1) ≈ 90.9 %: +400 in chess's ÷400, +1200 under ÷1200.
"""

from __future__ import annotations

import math
import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final, Literal

from .._core import checks
from .._core.errors import InvalidInput
from ..rules import CURRENT

__all__ = ["Performance", "parse_results", "performance_rating"]

#: The results a game can have: a loss, a draw (classic side), a win.
RESULTS: Final = (0.0, 0.5, 1.0)
#: Bisection steps: the bracket of width 2 × (spread + 40·D) shrinks far below 10^−9 points.
_STEPS: Final = 200


@dataclass(frozen=True, slots=True)
class Performance:
    """A performance rating and how it was found."""

    #: The solved rating, or the convention's where there is no finite answer.
    rating: float
    #: ``solved``; ``all_wins`` or ``all_losses``: no finite answer, ``rating`` is the convention.
    kind: Literal["solved", "all_wins", "all_losses"]
    score: float
    games: int
    divisor: float
    #: The mean of the opponents' ratings.
    average_opponent: float

    @property
    def finite(self) -> bool:
        return self.kind == "solved"


#: The largest rating (in size) and divisor solved for: the search range, 40 divisors past the
#: ratings, stays a finite float (and exact to far below a point) inside it.
_LIMIT: Final = 1e12


def _expected(rating: float, opponent: float, divisor: float) -> float:
    exponent = (opponent - rating) / divisor
    # 10^exponent overflows a float past 308; beyond 300 the expected score is below 10^−300,
    # zero for the sum it joins (the other end underflows to 10^… = 0 and E = 1 by itself).
    if exponent > 300.0:
        return 0.0
    return 1.0 / (1.0 + math.pow(10.0, exponent))


def _expected_total(rating: float, opponents: Sequence[float], divisor: float) -> float:
    return math.fsum(_expected(rating, o, divisor) for o in opponents)


def performance_rating(
    opponents: Sequence[float], results: Sequence[float], *, divisor: float = CURRENT.divisor
) -> Performance:
    """The rating R with Σ 1 / (1 + 10^((opponent − R) / D)) = your score, by bisection.

    >>> performance_rating([1600] * 4, [1, 0, 1, 0], divisor=400).rating
    1600.0
    >>> round(performance_rating([1500] * 4, [1, 1, 1, 0], divisor=400).rating, 1)
    1690.8
    >>> p = performance_rating([1500, 1700], [1, 1], divisor=1200)
    >>> p.kind, p.rating
    ('all_wins', 2900.0)
    """
    divisor = checks.positive("divisor", divisor)
    if isinstance(opponents, (str, bytes)) or not isinstance(opponents, Sequence):
        raise InvalidInput("opponents", opponents, "must be a list of ratings")
    if isinstance(results, (str, bytes)) or not isinstance(results, Sequence):
        raise InvalidInput("results", results, "must be a list of results (1, 0.5 or 0)")
    if not opponents:
        raise InvalidInput("opponents", list(opponents), "must hold at least one rating")
    if len(results) != len(opponents):
        raise InvalidInput(
            "results",
            list(results),
            f"must hold one result per opponent ({len(opponents)}), not {len(results)}",
        )
    if divisor > _LIMIT:
        raise InvalidInput("divisor", divisor, f"must be at most {_LIMIT:.0e}")
    ratings = [checks.finite(f"opponents[{i}]", o) for i, o in enumerate(opponents)]
    for i, rating in enumerate(ratings):
        if abs(rating) > _LIMIT:
            raise InvalidInput(f"opponents[{i}]", opponents[i], f"must be within ±{_LIMIT:.0e}")
    scores = []
    for i, result in enumerate(results):
        value = checks.finite(f"results[{i}]", result)
        if value not in RESULTS:
            raise InvalidInput(f"results[{i}]", result, "must be 1 (win), 0.5 (draw) or 0 (loss)")
        scores.append(value)
    score, games = sum(scores), len(scores)
    average = sum(ratings) / games
    if score == games:
        return Performance(max(ratings) + divisor, "all_wins", score, games, divisor, average)
    if score == 0:
        return Performance(min(ratings) - divisor, "all_losses", score, games, divisor, average)
    # The expected total rises with R: it is below the score at the low end of the bracket (every
    # opponent 40·D above: each E < 10^−40) and above it at the high end.
    low, high = min(ratings) - 40 * divisor, max(ratings) + 40 * divisor
    for _ in range(_STEPS):
        middle = (low + high) / 2
        if middle in (low, high):
            break
        if _expected_total(middle, ratings, divisor) < score:
            low = middle
        else:
            high = middle
    rating = (low + high) / 2
    if math.isclose(rating, round(rating), abs_tol=1e-9):
        rating = float(round(rating))
    return Performance(rating, "solved", score, games, divisor, average)


#: A result's words: 1, 0, 0.5 or ½, or w(in), l(oss), d(raw) in English or Greek (ν, η, ι).
_RESULT_WORDS: Final = {
    "1": 1.0, "0": 0.0, "0.5": 0.5, "0,5": 0.5, "½": 0.5,
    "w": 1.0, "win": 1.0, "l": 0.0, "loss": 0.0, "d": 0.5, "draw": 0.5,
    "ν": 1.0, "νίκη": 1.0, "η": 0.0, "ήττα": 0.0, "ι": 0.5, "ισοπαλία": 0.5,
}  # fmt: skip


def parse_results(text: str) -> tuple[list[float], list[float]]:
    """Opponents' ratings and results from text, one game an entry ("RATING RESULT"), entries
    apart by new lines or semicolons; a result is 1, 0, 0.5, or w, l, d.

    >>> parse_results("1500 1; 1600 L\\n1700 0.5")
    ([1500.0, 1600.0, 1700.0], [1.0, 0.0, 0.5])
    """
    if not isinstance(text, str):
        raise InvalidInput("results", text, "must be text")
    opponents, results = [], []
    entries = [e.strip() for e in re.split(r"[;\n]", text) if e.strip()]
    if not entries:
        raise InvalidInput("results", text, "must list at least one game: RATING RESULT")
    for number, entry in enumerate(entries, start=1):
        parts = entry.replace(":", " ").split()
        field = f"game {number}"
        if len(parts) != 2:
            raise InvalidInput(field, entry, "must be a rating and a result (1, 0, 0.5; w, l, d)")
        try:
            rating = float(parts[0])
        except ValueError:
            raise InvalidInput(field, entry, "must start with the opponent's rating") from None
        if not math.isfinite(rating):
            raise InvalidInput(field, entry, "must start with the opponent's rating")
        result = _RESULT_WORDS.get(parts[1].lower())
        if result is None:
            raise InvalidInput(field, entry, "must end with a result: 1, 0, 0.5 (or w, l, d)")
        opponents.append(rating)
        results.append(result)
    return opponents, results
