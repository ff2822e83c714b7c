"""The article's tables (:mod:`gammon_elo.article`), fed values of every type."""

from __future__ import annotations

from typing import Any

from hypothesis import given

import gammon_elo as g
from tests.core.fuzz_support import ANYTHING, FUZZ, outcome


@FUZZ
@given(ANYTHING, ANYTHING)
def test_tables(k: Any, cube: Any) -> None:
    frame = outcome(lambda: g.change_table(k=k, cube=cube))
    assert frame is None or len(frame) == 5
