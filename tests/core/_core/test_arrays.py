"""The array twins (:mod:`gammon_elo._core.arrays`): each equals its scalar function."""

from __future__ import annotations

import numpy as np

from gammon_elo import go_round, go_round_array


def test_go_round_array_is_go_round_everywhere() -> None:
    # Halves, near-halves both sides of zero, and values Python's round() sends to even.
    rng = np.random.default_rng(7)
    halves = np.arange(-40, 41) + 0.5
    values = np.concatenate(
        [halves, np.nextafter(halves, 0), np.nextafter(halves, np.inf), rng.normal(0, 30, 2000)]
    )
    assert go_round_array(values).tolist() == [go_round(float(v)) for v in values]
