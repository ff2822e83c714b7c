"""Backgammon positions as the engine writes them, and the rules checked by our own hand: every
legal result of a roll (:func:`legal_results`, written here, not the engine's), the checker
counts, the pip counts and how a finished game ended.

A board is 26 numbers from the side of the player on roll: points 1 … 24 (the mover's home board
is 1 … 6, the mover's checkers are positive, the opponent's negative), index 25 the mover's bar
and index 0 the opponent's bar (both as positive counts). Checkers not on the board
are borne off. The mover moves from 24 towards 1 and bears off below 1.

>>> start = STARTING
>>> checkers(start), pips(start)
((15, 15), (167, 167))
>>> (1, 6) in {(b[24], b[13]) for b in legal_results(start, 6, 5)}  # 24/13, the lover's leap
True
>>> ending(start)
"""

from __future__ import annotations

from typing import Final

from .._core.errors import InvalidInput

__all__ = [
    "CHECKERS",
    "STARTING",
    "Board",
    "check_move",
    "check_position",
    "checkers",
    "ending",
    "flipped",
    "legal_results",
    "pips",
]

Board = tuple[int, ...]

#: Each side's checkers.
CHECKERS: Final = 15

#: The starting position (the mover's 2 on 24, 5 on 13, 3 on 8, 5 on 6; the opponent's mirrored).
STARTING: Final[Board] = (
    0, -2, 0, 0, 0, 0, 5, 0, 3, 0, 0, 0, -5,
    5, 0, 0, 0, -3, 0, -5, 0, 0, 0, 0, 2, 0,
)  # fmt: skip

_BAR: Final = 25


def checkers(board: Board) -> tuple[int, int]:
    """The mover's and the opponent's checkers on the board (bars included)."""
    mover = sum(n for n in board[1:25] if n > 0) + board[_BAR]
    opponent = -sum(n for n in board[1:25] if n < 0) + board[0]
    return mover, opponent


def pips(board: Board) -> tuple[int, int]:
    """The mover's and the opponent's pip counts (a checker on the bar counts 25)."""
    mover = sum(i * n for i, n in enumerate(board[1:25], 1) if n > 0) + 25 * board[_BAR]
    opponent = sum((25 - i) * -n for i, n in enumerate(board[1:25], 1) if n < 0) + 25 * board[0]
    return mover, opponent


def flipped(board: Board) -> Board:
    """The same position from the other side (the opponent on roll)."""
    return (board[_BAR], *(-board[25 - i] for i in range(1, 25)), board[0])


def check_position(board: Board) -> None:
    """InvalidInput unless ``board`` is a position: 26 whole numbers, the bars signed as they
    must be, at most 15 checkers a side."""
    if len(board) != 26:
        raise InvalidInput("board", board, "must have 26 places")
    if board[_BAR] < 0 or board[0] < 0:
        raise InvalidInput("board", board, "has a negative count on a bar")
    mover, opponent = checkers(board)
    if mover > CHECKERS or opponent > CHECKERS:
        raise InvalidInput("board", board, f"has {mover} and {opponent} checkers (at most 15)")


def _step(board: list[int], source: int, die: int) -> list[int] | None:
    """``board`` after the mover plays one checker from ``source`` by ``die`` (None: illegal)."""
    if board[source] <= 0 or (board[_BAR] > 0 and source != _BAR):
        return None
    target = source - die
    if target >= 1:
        if board[target] < -1:
            return None  # blocked: two or more of the opponent's checkers
        after = list(board)
        after[source] -= 1
        if after[target] == -1:  # a hit: the opponent's blot goes to its bar
            after[target] = 0
            after[0] += 1
        after[target] += 1
        return after
    # Bearing off: every checker home, and a higher die only from the highest point.
    if board[_BAR] > 0 or any(n > 0 for n in board[7:25]):
        return None
    if target < 0 and any(n > 0 for n in board[source + 1 : 7]):
        return None
    after = list(board)
    after[source] -= 1
    return after


def _plays(board: list[int], dice: tuple[int, ...], found: dict[Board, tuple[int, ...]]) -> None:
    """Every position reachable by playing ``dice`` in order, as far as they go; each result
    with the dice it used (a result keeps the longest way found to it)."""
    stack: list[tuple[list[int], int]] = [(board, 0)]
    while stack:
        position, used = stack.pop()
        moved = False
        if used < len(dice):
            for source in range(_BAR, 0, -1):
                after = _step(position, source, dice[used])
                if after is not None:
                    moved = True
                    stack.append((after, used + 1))
        if not moved:
            key = tuple(position)
            if key not in found or len(found[key]) < used:
                found[key] = dice[:used]


def legal_results(board: Board, die1: int, die2: int) -> set[Board]:
    """Every position the mover may leave after rolling ``die1`` and ``die2``: as many dice
    played as can be (four of a double), and the higher die when only one can be played. The
    board itself when nothing can be played."""
    dice = (die1,) * 4 if die1 == die2 else (die1, die2)
    found: dict[Board, tuple[int, ...]] = {}
    _plays(list(board), dice, found)
    if die1 != die2:
        _plays(list(board), dice[::-1], found)
    most = max(len(used) for used in found.values())
    best = {key: used for key, used in found.items() if len(used) == most}
    if most == 1:
        higher = max(die1, die2)
        if any(used[0] == higher for used in best.values()):
            best = {key: used for key, used in best.items() if used[0] == higher}
    return set(best)


def check_move(before: Board, after: Board, die1: int, die2: int) -> None:
    """InvalidInput unless ``after`` is a legal result of ``before`` with this roll: checkers
    kept (15 a side, counting those borne off), the mover's pips down by at most the roll, and
    one of :func:`legal_results` (which bears off only from home)."""
    check_position(after)
    borne = [CHECKERS - n for n in checkers(before)]
    left = [CHECKERS - n for n in checkers(after)]
    if left[1] != borne[1] or left[0] < borne[0]:
        raise InvalidInput("move", after, "loses or adds checkers")
    roll = die1 + die2 if die1 != die2 else 4 * die1
    drop = pips(before)[0] - pips(after)[0]
    if not 0 <= drop <= roll:
        raise InvalidInput("move", after, f"moves the mover's pips by {drop} on a roll of {roll}")
    if any(n > 0 for n in after[7:26]) and left[0] > borne[0]:
        raise InvalidInput("move", after, "bears off with checkers outside home")
    if tuple(after) not in legal_results(before, die1, die2):
        raise InvalidInput("move", after, f"is not a legal play of {die1}-{die2}")


def ending(board: Board) -> str | None:
    """How the game ended when the mover (the side that just moved) has borne off every
    checker: ``normal``, ``gammon`` (the opponent bore off none) or ``backgammon`` (and has a
    checker on the bar or in the mover's home board); None while it goes on."""
    mover, opponent = checkers(board)
    if mover:
        return None
    if opponent < CHECKERS:
        return "normal"
    if board[0] > 0 or any(n < 0 for n in board[1:7]):
        return "backgammon"
    return "gammon"
