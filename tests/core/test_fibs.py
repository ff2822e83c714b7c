"""The FIBS formula (:mod:`gammon_elo.fibs`), fed values of every type."""

from __future__ import annotations

from typing import Any

from hypothesis import given

import gammon_elo as g
from tests.core.fuzz_support import ANYTHING, FUZZ, outcome


@FUZZ
@given(ANYTHING, ANYTHING, ANYTHING)
def test_fibs(winner: Any, loser: Any, length: Any) -> None:
    result = outcome(lambda: g.fibs_change(winner, loser, match_length=length))
    if result is not None:
        assert result.winner >= 0 >= result.loser
