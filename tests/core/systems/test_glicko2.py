"""Glicko-2: one player's period against Glickman's worked example ("Example of the Glicko-2
system"), a period without games by hand, and the array twin over a whole history against a
plain per-player loop over ``glicko2_period`` (tests/oracles.py)."""

from __future__ import annotations

import math
from datetime import timedelta

import numpy as np
import pytest

from gammon_elo import InvalidInput
from gammon_elo.systems import glicko2_period
from gammon_elo.systems.glicko2 import glicko2_candidates, glicko2_history, rating_periods
from tests.oracles import glicko2_player_by_player

#: The paper's example: 1500, RD 200, volatility 0.06 beats 1400 (RD 30), loses to 1550
#: (RD 100) and 1700 (RD 300); τ = 0.5.
EXAMPLE = [(1400, 30, 1), (1550, 100, 0), (1700, 300, 0)]


def test_the_papers_worked_example() -> None:
    rating, deviation, volatility = glicko2_period(1500, 200, 0.06, EXAMPLE, tau=0.5)
    # The paper's step 7: μ′ = −0.2069, φ′ = 0.8722 (rounded to four decimals). Its step 8
    # writes r′ = 173.7178 × (−0.2069) + 1500 = 1464.06 from the rounded μ′: the exact r′ lies
    # within that rounding (±0.00005 × 173.7178) of 1464.0578 (it is 1464.0507).
    assert round((rating - 1500) / 173.7178, 4) == -0.2069
    assert round(deviation / 173.7178, 4) == 0.8722
    assert rating == pytest.approx(1500 - 0.2069 * 173.7178, abs=0.00005 * 173.7178)
    assert round(deviation, 2) == 151.52
    # Step 5's σ′ = 0.05999, to the paper's five decimals.
    assert volatility == pytest.approx(0.05999, abs=0.00001)
    assert volatility < 0.06  # the results were about as expected: the volatility falls a hair


def test_a_player_without_games_only_grows_the_deviation() -> None:
    # Step 6 alone: φ′ = √(φ² + σ²); on the Glicko scale √(200² + (173.7178 × 0.06)²), by hand
    # 173.7178 × 0.06 = 10.423068, squared 108.640346…, + 40,000, √ = 200.271417.
    after = glicko2_period(1500, 200, 0.06, [], tau=0.5)
    assert after.rating == 1500
    assert after.volatility == 0.06
    assert after.deviation == pytest.approx(math.sqrt(200**2 + 10.423068**2), abs=1e-9)
    assert after.deviation == pytest.approx(200.271417, abs=1e-6)


@pytest.mark.parametrize(
    ("field", "call"),
    [
        ("deviation", lambda: glicko2_period(1500, 0, 0.06, [], tau=0.5)),
        ("volatility", lambda: glicko2_period(1500, 200, -1, [], tau=0.5)),
        ("tau", lambda: glicko2_period(1500, 200, 0.06, [], tau=0)),
        ("score", lambda: glicko2_period(1500, 200, 0.06, [(1400, 30, 2)], tau=0.5)),
        ("opponent's deviation", lambda: glicko2_period(1500, 200, 0.06, [(1400, 0, 1)], tau=0.5)),
        ("rating", lambda: glicko2_period(math.nan, 200, 0.06, [], tau=0.5)),
    ],
)
def test_bad_input_is_refused_naming_the_field(field: str, call: object) -> None:
    with pytest.raises(InvalidInput) as error:
        call()  # type: ignore[operator]
    assert error.value.field == field


def _history(seed: int) -> tuple[list[int], list[int], list[int]]:
    """Eight players over 40 periods, some idle for many periods, one playing alone late."""
    rng = np.random.default_rng(seed)
    periods = np.sort(rng.integers(0, 40, 300))
    winner = rng.integers(0, 7, 300)
    loser = (winner + rng.integers(1, 7, 300)) % 7
    winner[-5:], loser[-5:] = 7, 0  # player 7 enters late
    return periods.tolist(), winner.tolist(), loser.tolist()


@pytest.mark.parametrize(
    "start",
    [
        {"rating": 1500.0, "deviation": 350.0, "volatility": 0.06, "tau": 0.5},
        {"rating": 1400.0, "deviation": 100.0, "volatility": 0.01, "tau": 1.2},
    ],
)
def test_the_array_twin_is_the_per_player_loop(start: dict[str, float]) -> None:
    periods, winner, loser = _history(1)
    expected, state = glicko2_player_by_player(periods, winner, loser, 8, **start)
    run = glicko2_history(periods, winner, loser, 8, **start)
    assert run.expected_winner.tolist() == pytest.approx(expected, abs=1e-12)
    assert run.rating.tolist() == pytest.approx([s[0] for s in state], abs=1e-9)
    assert run.deviation.tolist() == pytest.approx([s[1] for s in state], abs=1e-9)
    assert run.volatility.tolist() == pytest.approx([s[2] for s in state], abs=1e-12)


def test_candidates_rated_together_are_each_rated_alone() -> None:
    periods, winner, loser = _history(2)
    settings = [(1500.0, 50.0, 0.01, 0.5), (1500.0, 350.0, 0.06, 0.3), (1600.0, 200.0, 0.1, 1.0)]
    together = glicko2_candidates(periods, winner, loser, 8, settings)
    for (rating, deviation, volatility, tau), run in zip(settings, together, strict=True):
        alone = glicko2_history(
            periods, winner, loser, 8, rating=rating, deviation=deviation,
            volatility=volatility, tau=tau,
        )  # fmt: skip
        assert run.expected_winner.tolist() == pytest.approx(alone.expected_winner, abs=1e-12)
        assert run.rating.tolist() == pytest.approx(alone.rating, abs=1e-9)


def test_periods_out_of_order_are_refused() -> None:
    with pytest.raises(InvalidInput, match="must not decrease"):
        glicko2_history([1, 0], [0, 1], [1, 0], 2)


def test_rating_periods_run_from_monday_midnight_utc() -> None:
    times = np.array(
        ["2026-10-05T00:00", "2026-10-11T23:59:59", "2026-10-12T00:00", "2026-10-05T00:59:59",
         "2026-10-05T01:00"],
        dtype="datetime64[us]",
    ).view(np.int64)  # fmt: skip
    weeks = rating_periods(times, "us", timedelta(weeks=1))
    assert weeks[0] == weeks[1] == weeks[3] == weeks[4] != weeks[2]  # Monday to Sunday
    assert weeks[2] - weeks[0] == 1
    hours = rating_periods(times, "us", timedelta(hours=1))
    assert hours[0] == hours[3] and hours[4] == hours[0] + 1
    days = rating_periods(times, "us", timedelta(days=1))
    assert days[1] - days[0] == 6 and days[2] - days[0] == 7
    nanoseconds = rating_periods(times * 1000, "ns", timedelta(days=1))
    assert nanoseconds.tolist() == days.tolist()
    with pytest.raises(InvalidInput, match="period"):
        rating_periods(times, "us", timedelta(0))
