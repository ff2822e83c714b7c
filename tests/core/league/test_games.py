"""Engine games checked against rules written by hand: every move legal by our own move
generator, every game ended as the rules say, the same seed the same game."""

from __future__ import annotations

import math

import pytest

from gammon_elo.calibrate import wilson
from gammon_elo.league import board, play_game
from gammon_elo.league.board import STARTING, check_move, legal_results
from gammon_elo.league.game import MAX_CUBE

ENDINGS = {"normal", "gammon", "backgammon", "resigned"}


def test_the_move_generator_on_hand_positions() -> None:
    # Opening 6-5: the back checker runs 24/13 among the legal plays; 15 checkers a side.
    assert (1, 6) in {(b[24], b[13]) for b in legal_results(STARTING, 6, 5)}
    assert board.pips(STARTING) == (167, 167)
    # On the bar against a closed board: nothing moves, the board stays.
    closed = [0] * 26
    closed[25] = 1
    closed[1:7] = [0] * 6
    for point in range(19, 25):
        closed[point] = -2
    closed[3] = 14
    closed[0] = 3
    assert legal_results(tuple(closed), 6, 5) == {tuple(closed)}
    # Bearing off: a 6 from the 4 point only when nothing stands higher.
    home = [0] * 26
    home[4], home[2], home[20] = 1, 1, -15
    results = legal_results(tuple(home), 6, 1)
    assert all(b[4] == 0 for b in results)  # the 6 bears the 4 off
    # A checker left outside home may not bear off with the other die.
    outside = list(home)
    outside[4], outside[9] = 0, 1
    assert all(sum(n for n in b[1:26] if n > 0) == 2 for b in legal_results(tuple(outside), 3, 1))


def test_the_checks_refuse_an_illegal_move() -> None:
    after = list(STARTING)
    after[24], after[18] = 1, 1  # 24/18: a 6, played on a roll of 2-1
    with pytest.raises(Exception, match=r"legal play of 2-1|pips"):
        check_move(STARTING, tuple(after), 2, 1)


#: Games whose every move is checked, a seed each, in each mode: 60 games are some 2,000 moves.
GAMES_CHECKED = 60


@pytest.mark.parametrize("cubeful", [True, False])
def test_every_engine_move_is_legal(cubeful: bool) -> None:
    moves = 0

    def record(before: tuple[int, ...], after: tuple[int, ...], d1: int, d2: int) -> None:
        nonlocal moves
        moves += 1
        assert board.checkers(before)[0] <= 15 and board.checkers(before)[1] <= 15
        check_move(before, after, d1, d2)

    levels = [("beginner", "expert"), ("advanced", "intermediate"), ("casual", "casual")]
    for index in range(GAMES_CHECKED):
        result = play_game(levels[index % 3], 11, index, cubeful=cubeful, record=record)
        assert result.winner in (0, 1)
        assert result.ending in ENDINGS
        assert result.cube in {2**n for n in range(7)} and result.cube <= MAX_CUBE
        if not cubeful:
            assert result.cube == 1 and result.ending != "resigned"
    assert moves > GAMES_CHECKED * 30


def test_the_same_seed_plays_the_same_game() -> None:
    first = [play_game(("beginner", "advanced"), 3, i) for i in range(20)]
    again = [play_game(("beginner", "advanced"), 3, i) for i in range(20)]
    other = [play_game(("beginner", "advanced"), 4, i) for i in range(20)]
    assert first == again
    assert first != other


#: Games a pair of levels plays: enough that an expert's edge over a beginner (about 80 % of
#: the games) puts the whole 95 % interval above 60 %.
SKILL_GAMES = 150


def test_skill_orders_the_levels() -> None:
    wins = sum(play_game(("expert", "beginner"), 1, i).winner == 0 for i in range(SKILL_GAMES))
    low, _ = wilson(wins, SKILL_GAMES)
    assert low > 0.60, (wins, low)
    # Equal levels: 50 % inside their 95 % interval.
    pair = ("intermediate", "intermediate")
    even = sum(play_game(pair, 2, i).winner == 0 for i in range(SKILL_GAMES))
    low, high = wilson(even, SKILL_GAMES)
    assert low < 0.5 < high, (even, low, high)


def test_noise_free_play_gives_up_nothing() -> None:
    result = play_game(("expert", "beginner"), 5, 0, cubeful=False)
    assert result.loss[0] == 0.0 and result.decisions[0] > 0
    assert result.loss[1] > 0 and math.isfinite(result.loss[1])
