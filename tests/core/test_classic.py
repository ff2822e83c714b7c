"""The classic calculator (:mod:`gammon_elo.classic`), fed values of every type."""

from __future__ import annotations

import math
from typing import Any

from hypothesis import given

import gammon_elo as g
from tests.core.fuzz_support import ANYTHING, FUZZ, outcome


@FUZZ
@given(ANYTHING, ANYTHING, ANYTHING, ANYTHING, ANYTHING)
def test_classic(a: Any, b: Any, score: Any, k: Any, divisor: Any) -> None:
    result = outcome(lambda: g.classic_update(a, b, score, k=k, divisor=divisor))
    if result is not None:
        assert math.isclose(result.expected_a + result.expected_b, 1.0)
