"""Gammon42's rule sets as named, frozen values: the divisor, K, the heavy-week K and its
threshold, the window, the starting rating and the podium prizes, for every version since 1.0.5.

Custom rule sets are made with :meth:`Rules.custom` or read from text with :meth:`Rules.parse`
(``"1000/24"``, ``"1000/24/16@50"``); every function of the package takes them. Old games were
never re-rated, so a rule set applies to the games played under it.
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass
from datetime import date, timedelta

from ._core import checks
from ._core.errors import InvalidInput, UnknownRules

__all__ = ["CURRENT", "FIBS_DIVISOR", "RULES", "STANDARD_DIVISORS", "Rules", "get_rules"]

#: FIBS's divisor for one-point matches, which the article cites for comparison.
FIBS_DIVISOR = 2000

#: A custom rule set written out: DIVISOR/K, or DIVISOR/K/HEAVY_K@GAMES.
_CUSTOM = re.compile(  # ASCII digits only: \d would take "４００/３２" too
    r"(?P<divisor>\d+(?:\.\d+)?)/(?P<k>\d+)(?:/(?P<heavy_k>\d+)@(?P<heavy_games>\d+))?",
    re.ASCII,
)


@dataclass(frozen=True, slots=True)
class Rules:
    """One version of Gammon42's rating rules.

    >>> article = RULES["1.3.1"]
    >>> article.divisor, article.k, article.heavy_k, article.heavy_games
    (1200.0, 32, 16, 50)
    >>> Rules.custom(1000, 24, heavy_k=16, heavy_games=50).label
    'custom (÷1000, K 24, K 16 at ≥ 50 games / 7 days)'
    """

    #: The version it came with, or "custom".
    name: str = "custom"
    #: D in E = 1 / (1 + 10^((opponent − own) / D)).
    divisor: float = 1200.0
    #: The largest change one game brings, before the cube.
    k: int = 32
    #: K for a player with a heavy week, or None where the rule set has no such K.
    heavy_k: int | None = None
    #: Ranked games in the window from which heavy_k applies, or None.
    heavy_games: int | None = None
    #: How far back the ranked games are counted (a game exactly this long ago no longer counts).
    window: timedelta = timedelta(days=7)
    #: Everyone's first rating.
    starting: int = 1500
    #: ELO prizes for places 1, 2, 3 … of a public tournament's podium.
    podium_prizes: tuple[int, ...] = (50, 25, 15)
    #: Which app versions used it, as the article says.
    versions: str = ""
    #: The month it came, where the article gives it (the day is the month's first).
    since: date | None = None

    def __post_init__(self) -> None:
        object.__setattr__(self, "divisor", checks.positive("divisor", self.divisor))
        object.__setattr__(self, "k", checks.k("k", self.k))
        if (self.heavy_k is None) != (self.heavy_games is None):
            raise InvalidInput(
                "heavy_k", self.heavy_k, "and heavy_games must both be set or both be None"
            )
        if self.heavy_k is not None:
            object.__setattr__(self, "heavy_k", checks.k("heavy_k", self.heavy_k))
            object.__setattr__(self, "heavy_games", checks.games("heavy_games", self.heavy_games))
        if not isinstance(self.window, timedelta) or self.window <= timedelta(0):
            raise InvalidInput("window", self.window, "must be a positive length of time")
        checks.rating("starting", self.starting)
        if not isinstance(self.podium_prizes, tuple):
            raise InvalidInput("podium_prizes", self.podium_prizes, "must be a tuple of points")
        for place, prize in enumerate(self.podium_prizes, start=1):
            checks.integer(f"podium prize for place {place}", prize)

    @classmethod
    def custom(
        cls,
        divisor: float,
        k: int,
        *,
        heavy_k: int | None = None,
        heavy_games: int | None = None,
        name: str = "custom",
    ) -> Rules:
        """A rule set of one's own: the current window, starting rating and podium prizes, with
        this divisor and K (and a heavy-week K from ``heavy_games`` ranked games, if given).

        >>> Rules.custom(1000, 24).label
        'custom (÷1000, K 24)'
        """
        return cls(name=name, divisor=divisor, k=k, heavy_k=heavy_k, heavy_games=heavy_games)

    @classmethod
    def parse(cls, text: str) -> Rules:
        """A rule set from text: a version's name, ``DIVISOR/K`` or ``DIVISOR/K/HEAVY_K@GAMES``.

        >>> Rules.parse("1.2.0").divisor
        800.0
        >>> Rules.parse("1000/24").label
        'custom (÷1000, K 24)'
        >>> Rules.parse("1200/32/16@50").label
        'custom (÷1200, K 32, K 16 at ≥ 50 games / 7 days)'
        """
        if text in RULES:
            return RULES[text]
        match = _CUSTOM.fullmatch(text)
        if match is None:
            raise InvalidInput(
                "rules",
                text,
                "must be a rule-set name (" + ", ".join(RULES) + ") or DIVISOR/K[/HEAVY_K@GAMES]",
            )
        heavy_k, heavy_games = match["heavy_k"], match["heavy_games"]
        return cls.custom(
            float(match["divisor"]),
            int(match["k"]),
            heavy_k=None if heavy_k is None else int(heavy_k),
            heavy_games=None if heavy_games is None else int(heavy_games),
        )

    @property
    def label(self) -> str:
        """The version's name, or a description of a custom rule set."""
        if RULES.get(self.name) == self:
            return self.name
        divisor = int(self.divisor) if self.divisor.is_integer() else self.divisor
        heavy = (
            f", K {self.heavy_k} at ≥ {self.heavy_games} games / {_days(self.window)}"
            if self.heavy_k is not None
            else ""
        )
        return f"custom (÷{divisor}, K {self.k}{heavy})"


def _days(window: timedelta) -> str:
    days = window / timedelta(days=1)
    return f"{int(days)} days" if math.isclose(days, round(days)) else f"{window}"


RULES: dict[str, Rules] = {
    "1.0.5": Rules(name="1.0.5", divisor=400, k=32, versions="1.0.5 – 1.1.x"),
    "1.2.0": Rules(name="1.2.0", divisor=800, k=32, versions="1.2.0 – 1.3.0"),
    "1.3.1": Rules(
        name="1.3.1",
        divisor=1200,
        k=32,
        heavy_k=16,
        heavy_games=50,
        versions="1.3.1 (October 2026) –",
        since=date(2026, 10, 1),
    ),
}

#: The rules the server runs today: the one place that says which version is current.
CURRENT = RULES["1.3.1"]

#: The divisors of the rule history, oldest first (÷400, ÷800, ÷1200): the curves and tables
#: that compare the versions show one each.
STANDARD_DIVISORS: tuple[float, ...] = tuple(dict.fromkeys(r.divisor for r in RULES.values()))


def get_rules(rules: Rules | str) -> Rules:
    """A rule set by value or by name: ``get_rules("1.2.0").divisor == 800``."""
    if isinstance(rules, Rules):
        return rules
    if isinstance(rules, str) and rules in RULES:
        return RULES[rules]
    raise UnknownRules(rules, tuple(RULES))
