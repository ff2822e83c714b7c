"""One single money game between two engine players, seeded: the dice and each side's noise from
generators of the game's own seed (the league's seed and the game's number), so the same game
comes out on any worker, in any order.

Each turn, the player on roll first decides on the cube (when it may double and the cube is
below 64): the chances before the roll are the engine's evaluation of the position the opponent
just left, seen from this side; the doubler's noisy copy of them decides the double, the
taker's own noisy copy the take. A pass ends the game at the cube of that moment (recorded as
``resigned``: the loser ended it). Then the dice, and every legal move weighed by the engine
(cubeful money equity, Janowski, no Jacoby rule, no beavers; cubeless equity in cubeless mode)
with the mover's noise added to each of the five network outputs, the best noisy one played.
The equity each side gives up by its noise, against the noise-free best move of the same
evaluation, is added up over its non-forced moves: 500 × its mean is the player's PR.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Final

import numpy as np

from .board import Board, ending
from .engine import Engine, load
from .players import LEVELS

__all__ = ["MAX_CUBE", "MAX_TURNS", "GameResult", "generators", "play_game"]

#: The highest cube a game may reach (Gammon42's 1 … 64): no double beyond it.
MAX_CUBE: Final = 64

#: Turns after which a game is a fault, not a game (real ones last well under 200).
MAX_TURNS: Final = 2000

#: A move the engine played: (board before, board after, die 1, die 2), mover's side.
Recorder = Callable[[Board, Board, int, int], object]


@dataclass(frozen=True, slots=True)
class GameResult:
    """How a game ended: the winning side (0 or 1), the cube, the ending, and each side's
    equity given up on its non-forced moves (with how many there were)."""

    winner: int
    cube: int
    ending: str
    turns: int
    loss: tuple[float, float]
    decisions: tuple[int, int]


def generators(seed: int, index: int) -> tuple[np.random.Generator, np.random.Generator]:
    """Game ``index`` of a league seeded ``seed``: its dice and its noise (PCG64 each)."""
    dice, noise = np.random.SeedSequence([seed, index]).spawn(2)
    return np.random.Generator(np.random.PCG64(dice)), np.random.Generator(np.random.PCG64(noise))


def _equity(probs: Any) -> float:
    """Cubeless money equity of win, win gammon, win backgammon, lose gammon, lose bg."""
    return float(2 * probs[0] - 1 + probs[1] - probs[3] + probs[2] - probs[4])


def _inverted(probs: list[float]) -> list[float]:
    return [1 - probs[0], probs[3], probs[4], probs[1], probs[2]]


class _Game:
    """One game's state while it is played (the mover's view of the board each turn)."""

    def __init__(self, engine: Engine, noise: tuple[float, float], seed: int, index: int):
        self.engine = engine
        self.noise = noise
        self.dice, self.rng = generators(seed, index)
        self.cube = 1
        self.owner: int | None = None  # the side holding the cube; None: centred
        self.loss = [0.0, 0.0]
        self.decisions = [0, 0]

    def owner_of(self, side: int) -> Any:
        if self.owner is None:
            return self.engine.centered
        return self.engine.owners[0 if self.owner == side else 1]

    def noisy(self, probs: list[float], side: int) -> list[float]:
        """``probs`` as ``side`` sees them: its noise on each of the five."""
        if not self.noise[side]:
            return probs
        shake = self.noise[side] * self.rng.standard_normal(5)
        return [float(v) for v in np.clip(np.asarray(probs) + shake, 0.0, 1.0)]

    def cube_turn(self, side: int, board: list[int], before: list[float]) -> bool:
        """The cube before ``side``'s roll; True when the opponent passed."""
        if self.owner == 1 - side or self.cube >= MAX_CUBE:
            return False
        engine, owner = self.engine, self.owner_of(side)
        x = engine.cube_life(before, board)
        doubler = self.noisy(before, side)
        if not engine.cube_decision(doubler, self.cube, owner, x).should_double:
            return False
        taker = self.noisy(before, 1 - side)
        if not engine.cube_decision(taker, self.cube, owner, x).should_take:
            return True
        self.cube *= 2
        self.owner = 1 - side
        return False

    def move(self, side: int, board: list[int], die1: int, die2: int) -> tuple[list[int], Any]:
        """The board ``side`` leaves, and its chances there (None: no or a forced move)."""
        engine = self.engine
        candidates = engine.moves(board, die1, die2)
        if not candidates:
            return board, None
        chances = [engine.probabilities(after, board) for after in candidates]
        if len(candidates) == 1:
            return candidates[0], chances[0]
        cubeful = self.cube_mode
        owner = self.owner_of(side)
        lives = [engine.cube_life(p, a) for p, a in zip(chances, candidates, strict=True)]

        def value(probs: Any, x: float) -> float:
            return engine.cubeful(list(probs), owner, x) if cubeful else _equity(probs)

        true = [value(p, x) for p, x in zip(chances, lives, strict=True)]
        chosen = int(np.argmax(true))
        if self.noise[side]:
            shake = self.noise[side] * self.rng.standard_normal((len(candidates), 5))
            seen = np.clip(np.asarray(chances) + shake, 0.0, 1.0)
            noisy = [value(p, x) for p, x in zip(seen, lives, strict=True)]
            chosen = int(np.argmax(noisy))
        self.loss[side] += max(true) - true[chosen]
        self.decisions[side] += 1
        return candidates[chosen], chances[chosen]

    cube_mode = True


def play_game(
    levels: tuple[str, str],
    seed: int,
    index: int,
    *,
    cubeful: bool = True,
    engine: Engine | None = None,
    record: Recorder | None = None,
) -> GameResult:
    """Game ``index`` of the league seeded ``seed`` between a player at ``levels[0]`` (side 0)
    and one at ``levels[1]`` (side 1); ``record`` sees every move played."""
    game = _Game(engine or load(), (LEVELS[levels[0]], LEVELS[levels[1]]), seed, index)
    game.cube_mode = cubeful
    die1, die2 = 0, 0
    while die1 == die2:  # the opening roll: one die each, the higher plays both
        die1, die2 = (int(d) for d in game.dice.integers(1, 7, 2))
    side = 0 if die1 > die2 else 1
    board = list(_START)
    before: list[float] | None = None
    for turn in range(1, MAX_TURNS + 1):
        if turn > 1:
            if cubeful and before is not None and game.cube_turn(side, board, before):
                return _result(game, side, "resigned", turn)
            die1, die2 = (int(d) for d in game.dice.integers(1, 7, 2))
        after, chances = game.move(side, board, die1, die2)
        if record is not None:
            record(tuple(board), tuple(after), die1, die2)
        finished = ending(tuple(after))
        if finished is not None:
            return _result(game, side, finished, turn)
        before = None if chances is None else _inverted(chances)
        board = game.engine.native.flip_board(after)
        side = 1 - side
    raise RuntimeError(f"game {index} of seed {seed} lasted beyond {MAX_TURNS} turns")


def _result(game: _Game, winner: int, how: str, turns: int) -> GameResult:
    return GameResult(
        winner=winner,
        cube=game.cube,
        ending=how,
        turns=turns,
        loss=(game.loss[0], game.loss[1]),
        decisions=(game.decisions[0], game.decisions[1]),
    )


_START: Final = (
    0, -2, 0, 0, 0, 0, 5, 0, 3, 0, 0, 0, -5,
    5, 0, 0, 0, -3, 0, -5, 0, 0, 0, 0, 2, 0,
)  # fmt: skip
