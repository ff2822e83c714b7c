"""Whole games as players describe them — both ratings, both weeks, the cube, the game type, how
it ended and who won — rated in one place, with the notices the article attaches to each case.

Only ranked games change ELO. Boosted games (Casual before 1.3.0) and games inside a tournament
change nothing; public tournaments award podium prizes instead. A gammon or backgammon is one
win (since 1.0.5), and a game ended early (resigned, left, disconnected, timed out) is an
ordinary loss for the player who ended it, at the cube value of that moment.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass, replace
from typing import TypeVar

from .._core import checks
from .._core.errors import InvalidInput
from .._core.scalar import choose_k
from ..formulas import ChangeSteps, KChoice, change_steps
from ..rules import CURRENT, Rules, get_rules

__all__ = [
    "Ending",
    "Game",
    "GameRating",
    "GameType",
    "Notice",
    "PlayerOutcome",
    "WhatIf",
    "podium_prize",
    "rate_game",
    "what_if",
]


class GameType(enum.StrEnum):
    """What kind of game it was; only ranked games are rated."""

    RANKED = "ranked"
    BOOSTED = "boosted"
    TOURNAMENT = "tournament"

    @classmethod
    def _missing_(cls, value: object) -> GameType | None:
        # Boosted games were called Casual before 1.3.0; old exports still say so.
        return cls.BOOSTED if value == "casual" else None


class Ending(enum.StrEnum):
    """How the game ended. None of these changes the rating formula (since 1.0.5)."""

    NORMAL = "normal"
    GAMMON = "gammon"
    BACKGAMMON = "backgammon"
    RESIGNED = "resigned"
    LEFT = "left"
    DISCONNECTED = "disconnected"
    TIMED_OUT = "timed_out"

    @property
    def early(self) -> bool:
        """Whether the loser ended the game before it was played out."""
        return self in _EARLY_ENDINGS


_E = TypeVar("_E", bound=enum.StrEnum)

_EARLY_ENDINGS = frozenset({Ending.RESIGNED, Ending.LEFT, Ending.DISCONNECTED, Ending.TIMED_OUT})


class Notice(enum.StrEnum):
    """What the rules say about a game beyond its numbers; the app words each one."""

    BOOSTED_UNRATED = "boosted_unrated"
    TOURNAMENT_UNRATED = "tournament_unrated"
    GAMMON_ONE_WIN = "gammon_one_win"
    EARLY_END_IS_LOSS = "early_end_is_loss"
    UNEQUAL_K = "unequal_k"


@dataclass(frozen=True, slots=True)
class Game:
    """One game seen from your side: your rating and week against your opponent's.

    ``games`` and ``opponent_games`` are each player's ranked games in the 7 days before this
    game (the game itself not counted).
    """

    rating: int
    opponent: int
    cube: int = 1
    games: int = 0
    opponent_games: int = 0
    type: GameType = GameType.RANKED
    ending: Ending = Ending.NORMAL
    you_won: bool = True
    rules: Rules = CURRENT

    def __post_init__(self) -> None:
        object.__setattr__(self, "rating", checks.rating("rating", self.rating))
        object.__setattr__(self, "opponent", checks.rating("opponent", self.opponent))
        object.__setattr__(self, "cube", checks.cube(self.cube))
        object.__setattr__(self, "games", checks.games("games", self.games))
        object.__setattr__(
            self, "opponent_games", checks.games("opponent_games", self.opponent_games)
        )
        object.__setattr__(self, "type", _enum_value(GameType, "type", self.type))
        object.__setattr__(self, "ending", _enum_value(Ending, "ending", self.ending))
        if not isinstance(self.you_won, bool):
            raise InvalidInput("you_won", self.you_won, "must be True or False")
        object.__setattr__(self, "rules", get_rules(self.rules))


def _enum_value(kind: type[_E], field: str, value: object) -> _E:
    if isinstance(value, kind):
        return value
    if isinstance(value, str):
        try:
            return kind(value)
        except ValueError:
            pass
    choices = ", ".join(member.value for member in kind)
    raise InvalidInput(field, value, f"must be one of {choices}")


@dataclass(frozen=True, slots=True)
class PlayerOutcome:
    """One player's side of a rated game."""

    rating: int
    change: int
    new_rating: int
    k: KChoice
    won: bool


@dataclass(frozen=True, slots=True)
class GameRating:
    """Both sides of one game, whether it was rated, the notices, and the steps if rated."""

    you: PlayerOutcome
    opponent: PlayerOutcome
    rated: bool
    notices: tuple[Notice, ...]
    #: Steps 1–3 with these numbers; None for games that are not rated.
    steps: ChangeSteps | None


def _ending_notices(game: Game) -> list[Notice]:
    """What the game's ending means for its rating: a gammon counts as one win, an early end as
    a loss."""
    notices: list[Notice] = []
    if game.ending in (Ending.GAMMON, Ending.BACKGAMMON):
        notices.append(Notice.GAMMON_ONE_WIN)
    if game.ending.early:
        notices.append(Notice.EARLY_END_IS_LOSS)
    return notices


def rate_game(game: Game) -> GameRating:
    """Rate one game as the server would: both changes, both new ratings, and why.

    >>> outcome = rate_game(Game(1500, 1500, games=60, opponent_games=10))
    >>> outcome.you.change, outcome.opponent.change
    (8, -16)
    >>> rate_game(Game(1500, 1500, type="boosted")).you.change
    0
    """
    rules = game.rules
    you_k = choose_k(game.games, rules)
    opponent_k = choose_k(game.opponent_games, rules)
    notices = _ending_notices(game)
    if game.type is not GameType.RANKED:
        notices.insert(
            0,
            Notice.BOOSTED_UNRATED if game.type is GameType.BOOSTED else Notice.TOURNAMENT_UNRATED,
        )
        return GameRating(
            you=PlayerOutcome(game.rating, 0, game.rating, you_k, game.you_won),
            opponent=PlayerOutcome(game.opponent, 0, game.opponent, opponent_k, not game.you_won),
            rated=False,
            notices=tuple(notices),
            steps=None,
        )

    if you_k.k != opponent_k.k:
        notices.append(Notice.UNEQUAL_K)
    winner, loser = (game.rating, game.opponent) if game.you_won else (game.opponent, game.rating)
    winner_games, loser_games = (
        (game.games, game.opponent_games) if game.you_won else (game.opponent_games, game.games)
    )
    steps = change_steps(
        winner,
        loser,
        cube=game.cube,
        winner_recent_games=winner_games,
        loser_recent_games=loser_games,
        rules=rules,
    )
    you_change, opponent_change = (
        (steps.change.winner, steps.change.loser)
        if game.you_won
        else (steps.change.loser, steps.change.winner)
    )
    return GameRating(
        you=PlayerOutcome(game.rating, you_change, game.rating + you_change, you_k, game.you_won),
        opponent=PlayerOutcome(
            game.opponent,
            opponent_change,
            game.opponent + opponent_change,
            opponent_k,
            not game.you_won,
        ),
        rated=True,
        notices=tuple(notices),
        steps=steps,
    )


@dataclass(frozen=True, slots=True)
class WhatIf:
    """The same game rated both ways: if you win and if you lose."""

    win: GameRating
    loss: GameRating


def what_if(game: Game) -> WhatIf:
    """Both outcomes of ``game`` (its ``you_won`` is ignored).

    >>> both = what_if(Game(1500, 1500, games=60, opponent_games=10))
    >>> both.win.you.change, both.loss.you.change, both.loss.opponent.change
    (8, -8, 16)
    """
    return WhatIf(
        win=rate_game(replace(game, you_won=True)),
        loss=rate_game(replace(game, you_won=False)),
    )


def podium_prize(place: int, *, rules: Rules | str = CURRENT) -> int:
    """The ELO prize for a place on a public tournament's podium (0 off the podium).

    >>> [podium_prize(p) for p in (1, 2, 3, 4)]
    [50, 25, 15, 0]
    """
    rules = get_rules(rules)
    place = checks.integer("place", place, low=1)
    return rules.podium_prizes[place - 1] if place <= len(rules.podium_prizes) else 0
