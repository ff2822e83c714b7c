"""Explain my result: which K, cube and outcome give exactly the change a player got.

Every combination the rules allow is tried — your K (the usual one, or the heavy-week one after
``heavy_games`` ranked games in 7 days), the cube (1 … 64) and the outcome (win or loss) —
and those that give exactly the change are listed, the most likely first: a win is as likely as
your expected score says, a cube as often as the simulator's cube mix ends there (its cube-16
share spread over 16, 32 and 64, see :data:`CUBE_LIKELIHOOD`), a heavy week as often as the
simulator's share of players has one. Where no combination gives the change, the
nearest are listed instead, with what else could: a podium prize, an unrated (boosted or
tournament) game, a game under another rule set.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final, Literal

from .._core import checks, scalar
from .._core.defaults import CUBE_MIX, HEAVY_SHARE
from .._core.text import signed
from ..formulas import rating_change
from ..rules import CURRENT, RULES, Rules, get_rules

__all__ = [
    "Cause",
    "ChangeCauses",
    "Other",
    "change_causes",
]

#: How the cube mix's last weight (cube 16) is shared with the two cubes the mix never draws: an
#: explanation must weigh every cube the server accepts, since a reader's game may have ended at
#: 32 or 64, while a simulated one never does. The shares (75 / 20 / 5 %) are a guess, as the
#: mix itself is; no published data gives them.
_TAIL: Final = {16: 0.75, 32: 0.20, 64: 0.05}
#: How often a game ends at each cube: :data:`~gammon_elo.CUBE_MIX`, its cube-16 weight split
#: over 16, 32 and 64 (1.5, 0.4 and 0.1 %).
CUBE_LIKELIHOOD: Final = {
    **{cube: weight for cube, weight in CUBE_MIX if cube not in _TAIL},
    **{cube: dict(CUBE_MIX)[16] * share for cube, share in _TAIL.items()},
}
#: The share of games played in a heavy week: the simulator's share of heavy players.
HEAVY_LIKELIHOOD: Final = HEAVY_SHARE
#: How many of the nearest combinations are listed when none gives the change.
NEAREST: Final = 3

WinOrLoss = Literal["win", "loss"]


@dataclass(frozen=True, slots=True)
class Cause:
    """One K, cube and outcome, the change it gives, and how likely it is."""

    outcome: WinOrLoss
    k: int
    #: Whether ``k`` is the heavy-week K (``threshold`` or more ranked games in the 7 days
    #: before).
    heavy: bool
    #: The rule set's heavy-week threshold, or None where it has none.
    threshold: int | None
    cube: int
    cube_multiplier: float
    #: Your expected score against the opponent.
    expected: float
    #: The change this combination gives you.
    change: int
    #: Its share of the likelihood of all the combinations listed with it.
    likelihood: float
    #: The same game under every other rule set: (rule set's name, your change).
    other_rules: tuple[tuple[str, int], ...]

    @property
    def reasons(self) -> tuple[str, ...]:
        """The combination in plain words (English; the app writes its own in each language)."""
        said = [
            f"you {'won' if self.outcome == 'win' else 'lost'}, with an expected score of"
            f" {self.expected:.1%}",
        ]
        if self.heavy:
            said.append(
                f"you had {self.threshold} or more ranked games in the 7 days before this game,"
                f" so your K was {self.k}"
            )
        else:
            said.append(f"your K was {self.k}")
        said.append(
            f"the cube ended at {self.cube}, so the change was × {self.cube_multiplier:.2f}"
        )
        for name, change in self.other_rules:
            said.append(f"under {name} (÷{RULES[name].divisor:g}) it was {signed(change)}")
        return tuple(said)


@dataclass(frozen=True, slots=True)
class Other:
    """Something other than a ranked game under these rules that gives the change."""

    kind: Literal["unrated", "podium", "other_rules"]
    #: The podium place, or the other rule set's name; None for an unrated game.
    detail: int | str | None
    reason: str


@dataclass(frozen=True, slots=True)
class ChangeCauses:
    """Everything that explains ``change`` for a player rated ``before`` against ``opponent``."""

    before: int
    opponent: int
    change: int
    rules: Rules
    #: The combinations that give exactly the change, most likely first (empty if none does).
    causes: tuple[Cause, ...]
    #: Where none does: the nearest combinations, nearest first …
    nearest: tuple[Cause, ...]
    #: What else gives exactly the change: an unrated game, a podium prize, and (where no
    #: combination under these rules does) a game under another rule set.
    others: tuple[Other, ...]

    @property
    def exact(self) -> bool:
        return bool(self.causes)


def _change(before: int, opponent: int, outcome: str, heavy: bool, cube: int, rules: Rules) -> int:
    games = rules.heavy_games if heavy and rules.heavy_games is not None else 0
    if outcome == "win":
        return rating_change(
            before, opponent, cube=cube, winner_recent_games=games, rules=rules
        ).winner
    return rating_change(opponent, before, cube=cube, loser_recent_games=games, rules=rules).loser


def change_causes(
    rating: int,
    change: int,
    opponent: int,
    *,
    cube: int | None = None,
    after: bool = False,
    rules: Rules | str = CURRENT,
) -> ChangeCauses:
    """Every K, cube and outcome under ``rules`` that changes ``rating`` by exactly ``change``
    against ``opponent``, the most likely first (``cube`` given: only that cube; ``after``:
    ``rating`` is the rating after the game).

    >>> found = change_causes(1500, 8, 1500)
    >>> [(e.outcome, e.k, e.cube) for e in found.causes]
    [('win', 16, 1)]
    >>> change_causes(1500, 40, 1500).exact
    False
    """
    rules = get_rules(rules)
    rating = checks.rating("rating", rating)
    change = checks.integer("change", change, low=-(2**41), high=2**41)
    opponent = checks.rating("opponent", opponent)
    cubes = tuple(CUBE_LIKELIHOOD) if cube is None else (checks.cube(cube),)
    before = rating - change if after else rating
    before = checks.rating("rating", before)
    expected = scalar.expected(before, opponent, rules.divisor)
    other_rule_sets = [r for name, r in RULES.items() if r != rules]
    candidates = _candidates(before, opponent, expected, cubes, rules)
    exact = [(w, e) for w, e in candidates if e.change == change]
    causes = _shares(sorted(exact, key=lambda pair: -pair[0]), before, opponent, other_rule_sets)
    nearest: tuple[Cause, ...] = ()
    if not causes:
        ranked = sorted(candidates, key=lambda pair: (abs(pair[1].change - change), -pair[0]))
        nearest = _shares(ranked[:NEAREST], before, opponent, other_rule_sets)
    # Older rules are looked at only where the current ones have no answer.
    others = _others(before, opponent, change, cubes, rules, other_rule_sets if not causes else [])
    return ChangeCauses(
        before=before,
        opponent=opponent,
        change=change,
        rules=rules,
        causes=causes,
        nearest=nearest,
        others=others,
    )


def _candidates(
    before: int, opponent: int, expected: float, cubes: tuple[int, ...], rules: Rules
) -> list[tuple[float, Cause]]:
    """Every outcome, K and cube with its change and its weight: the chance of the outcome
    (your expected score), of the K (the heavy-week share) and of the cube."""
    ks = [(rules.k, False)]
    if rules.heavy_k is not None:
        ks.append((rules.heavy_k, True))
    candidates: list[tuple[float, Cause]] = []
    outcomes: tuple[WinOrLoss, WinOrLoss] = ("win", "loss")
    for outcome in outcomes:
        p_outcome = expected if outcome == "win" else 1 - expected
        for k, heavy in ks:
            p_k = 1.0 if len(ks) == 1 else (HEAVY_LIKELIHOOD if heavy else 1 - HEAVY_LIKELIHOOD)
            for c in cubes:
                weight = p_outcome * p_k * CUBE_LIKELIHOOD[c]
                explanation = Cause(
                    outcome=outcome,
                    k=k,
                    heavy=heavy,
                    threshold=rules.heavy_games,
                    cube=c,
                    cube_multiplier=scalar.multiplier(c),
                    expected=expected,
                    change=_change(before, opponent, outcome, heavy, c, rules),
                    likelihood=weight,
                    other_rules=(),
                )
                candidates.append((weight, explanation))
    return candidates


def _shares(
    pairs: list[tuple[float, Cause]], before: int, opponent: int, other_rule_sets: list[Rules]
) -> tuple[Cause, ...]:
    """The listed combinations: each one's share of their likelihood, and the same game under
    the other rule sets (which have no heavy-week K: the usual one)."""
    total = sum(w for w, _ in pairs) or 1.0
    return tuple(
        Cause(
            outcome=e.outcome,
            k=e.k,
            heavy=e.heavy,
            threshold=e.threshold,
            cube=e.cube,
            cube_multiplier=e.cube_multiplier,
            expected=e.expected,
            change=e.change,
            likelihood=w / total,
            other_rules=tuple(
                (r.name, _change(before, opponent, e.outcome, False, e.cube, r))
                for r in other_rule_sets
            ),
        )
        for w, e in pairs
    )


def _others(
    before: int,
    opponent: int,
    change: int,
    cubes: tuple[int, ...],
    rules: Rules,
    other_rule_sets: list[Rules],
) -> tuple[Other, ...]:
    found = []
    if change == 0:
        found.append(Other("unrated", None, "a boosted or tournament game, which changes nothing"))
    for place, prize in enumerate(rules.podium_prizes, start=1):
        if prize == change:
            found.append(
                Other("podium", place, f"a podium prize: place {place} of a public tournament")
            )
    for other in other_rule_sets:
        ks = [(other.k, False)] + ([(other.heavy_k, True)] if other.heavy_k is not None else [])
        if any(
            _change(before, opponent, outcome, heavy, c, other) == change
            for outcome in ("win", "loss")
            for _, heavy in ks
            for c in cubes
        ):
            found.append(
                Other(
                    "other_rules",
                    other.name,
                    f"a game under another rule set: {other.name} (÷{other.divisor:g}) gives"
                    f" {signed(change)}",
                )
            )
    return tuple(found)
