"""Skill levels and players: GNU Backgammon's presets (beginner, casual, intermediate, advanced,
expert), each a standard deviation of the noise added to every network output of every move it
weighs (and of the chances behind its cube decisions), drawn from the game's own seeded
generator; and the shares of a league's players at each level.

>>> parse_levels("beginner:40,intermediate:30,advanced:20,expert:10")
(('beginner', 40), ('intermediate', 30), ('advanced', 20), ('expert', 10))
>>> assign_levels(7, parse_levels("beginner:50,expert:50"))
('beginner', 'beginner', 'beginner', 'beginner', 'expert', 'expert', 'expert')
"""

from __future__ import annotations

from typing import Final

from .._core import checks
from .._core.errors import InvalidInput

__all__ = ["DEFAULT_LEVELS", "LEVELS", "assign_levels", "parse_levels", "strength"]

#: Noise on each network output, GNU Backgammon's own presets (its eval.c), weakest first.
LEVELS: Final = {
    "beginner": 0.060,
    "casual": 0.050,
    "intermediate": 0.040,
    "advanced": 0.015,
    "expert": 0.0,
}

#: The league the brief of the command shows: shares in percent.
DEFAULT_LEVELS: Final = "beginner:40,intermediate:30,advanced:20,expert:10"


def strength(level: str) -> int:
    """A level's rank, weakest 0 (to say which side of a pair is the stronger)."""
    return list(LEVELS).index(level)


def parse_levels(text: str) -> tuple[tuple[str, int], ...]:
    """``LEVEL:PERCENT,…`` as (level, percent) pairs, weakest first; the percents sum to 100."""
    shares: dict[str, int] = {}
    for part in str(text).split(","):
        name, _, percent = part.strip().partition(":")
        name = name.strip().lower()
        if name not in LEVELS:
            raise InvalidInput("levels", text, f"names {name!r}; levels are " + ", ".join(LEVELS))
        if name in shares:
            raise InvalidInput("levels", text, f"names {name!r} twice")
        try:
            value = int(checks.plain_number(percent))
        except ValueError:
            raise InvalidInput("levels", text, f"gives {name} {percent!r}, not a percent") from None
        if value <= 0:
            raise InvalidInput("levels", text, f"gives {name} {value} %, not above 0")
        shares[name] = value
    total = sum(shares.values())
    if total != 100:
        raise InvalidInput("levels", text, f"shares sum to {total} %, not 100 %")
    return tuple(sorted(shares.items(), key=lambda item: strength(item[0])))


def assign_levels(players: int, shares: tuple[tuple[str, int], ...]) -> tuple[str, ...]:
    """Each of ``players`` players' level, weakest first: every level its share, the seats left
    over by rounding going to the largest remainders (ties to the weaker level)."""
    exact = [players * percent / 100 for _, percent in shares]
    counts = [int(x) for x in exact]
    order = sorted(range(len(shares)), key=lambda i: (-(exact[i] - counts[i]), i))
    for i in order[: players - sum(counts)]:
        counts[i] += 1
    return tuple(name for (name, _), n in zip(shares, counts, strict=True) for _ in range(n))
