"""One game rated (:mod:`gammon_elo.player.game`), fed values of every type."""

from __future__ import annotations

from typing import Any

from hypothesis import given

import gammon_elo as g
from tests.core.fuzz_support import ANYTHING, FUZZ, outcome


@FUZZ
@given(ANYTHING, ANYTHING, ANYTHING, ANYTHING, ANYTHING, ANYTHING)
def test_game_and_what_if(
    rating: Any, opponent: Any, cube: Any, games: Any, game_type: Any, ending: Any
) -> None:
    game = outcome(
        lambda: g.Game(rating, opponent, cube=cube, games=games, type=game_type, ending=ending)
    )
    if game is not None:
        both = g.what_if(game)
        assert both.win.you.change >= 0 >= both.loss.you.change


@FUZZ
@given(ANYTHING)
def test_podium(place: Any) -> None:
    prize = outcome(lambda: g.podium_prize(place))
    assert prize is None or prize in (0, 15, 25, 50)
