"""The compiled paths (Numba: the one-pass replay, and the loop a chunked replay rates with)
rate every game exactly as the NumPy paths and ``rating_change`` do, game by game: on random
histories whose divisors are hunted so that games land on near-ties (K × (1 − E) × multiplier
within a few ulp of a half, where only Go's own rounding decides), with games outside the change
tables that leave the compiled pass and come back; and they refuse the same rows of the
malformed-history corpus."""

from __future__ import annotations

import math
import os
from collections.abc import Iterator
from pathlib import Path

import numpy as np
import pandas as pd
import pytest

from gammon_elo import Rules
from gammon_elo._core.scalar import near_tie as _near_tie
from gammon_elo.replay import (
    ahead,
    compiled,
    engine,
    onepass,
    read_history,
    replay,
    replay_chunks,
)
from gammon_elo.replay.compiled import compiled_replay
from tests.core.replay.test_malformed_histories import READABLE
from tests.oracles import replay_game_by_game


@pytest.fixture
def path(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> Iterator[str]:
    """Which path rates: compiled from the first game (by the kernel built ahead of time where
    it can be had, or by Numba's just-in-time kernel: ``jit``), or the NumPy paths whatever
    the size."""
    monkeypatch.setattr(engine, "COMPILED_FROM", 2**62 if request.param == "numpy" else 0)
    monkeypatch.setattr(engine, "BUILT_FROM", 2**62 if request.param == "numpy" else 0)
    monkeypatch.setattr(compiled, "AHEAD_OF_TIME", request.param != "jit")
    compiled_replay.cache_clear()
    yield request.param
    compiled_replay.cache_clear()


def hunted_divisor(d: int, half: float, k: int = 32) -> float:
    """A divisor under which a favourite by -d (d = loser − winner < 0) winning at cube 1 gets
    K × (1 − E) = ``half`` exactly in real numbers: E = 1 − half / K, 10^(d / D) = 1 / E − 1."""
    expected = 1 - half / k
    return d / math.log10(1 / expected - 1)


def near_tie_history(seed: int, d: int, half: float) -> tuple[pd.DataFrame, dict[str, int]]:
    """Games at the hunted difference (fresh pairs set apart by initial ratings), random games
    among a pool, and one game between players 9,000 apart (outside the change tables)."""
    rng = np.random.default_rng(seed)
    rows, initial = [], {}
    t0 = pd.Timestamp("2026-10-01", tz="UTC")
    for i in range(40):
        initial[f"fav{i}"], initial[f"dog{i}"] = 1500, 1500 + d
        rows.append((t0 + pd.Timedelta(minutes=i), f"fav{i}", f"dog{i}", 1))
    pool = [f"p{i}" for i in range(6)]
    for i in range(200):
        w, lo = rng.choice(pool, 2, replace=False)
        cube = int(rng.choice([1, 2, 4, 64]))
        rows.append((t0 + pd.Timedelta(hours=1 + i // 3), str(w), str(lo), cube))
    initial["giant"], initial["ant"] = 9500, 500
    rows.append((t0 + pd.Timedelta(days=3), "ant", "giant", 2))
    rows.append((t0 + pd.Timedelta(days=3, minutes=1), "giant", "ant", 1))
    frame = pd.DataFrame(rows, columns=["time", "winner", "loser", "cube"])
    frame["time"] = frame["time"].dt.strftime("%Y-%m-%dT%H:%M:%SZ")
    frame["type"], frame["prize"] = "ranked", ""
    return frame, initial


HUNTS = [(-3, 15.5), (-57, 14.5), (-211, 11.5), (-790, 3.5)]


@pytest.mark.parametrize("path", ["compiled", "jit", "numpy"], indirect=True)
@pytest.mark.parametrize(("d", "half"), HUNTS)
def test_each_path_rates_near_ties_as_rating_change_does(path: str, d: int, half: float) -> None:
    divisor = hunted_divisor(d, half)
    rules = Rules.custom(divisor, 32, heavy_k=16, heavy_games=5)
    value = 32 * (1 - 1 / (1 + 10 ** (d / divisor)))
    assert _near_tie(value, 32), value  # the hunt found a real near-tie
    frame, initial = near_tie_history(abs(d), d, half)
    games = replay(frame, rules=rules, initial_ratings=initial).games
    oracle = replay_game_by_game(frame, rules, initial).rows
    assert games["winner_change"].tolist() == [row[2] for row in oracle]
    assert games["loser_change"].tolist() == [row[3] for row in oracle]
    assert games["winner_before"].tolist() == [row[0] for row in oracle]
    if path != "numpy":
        assert compiled_replay.cache_info().currsize >= 1  # the one pass really rated them
        by_module = not hasattr(compiled_replay(), "stats")  # Numba's kernel has its stats
        assert by_module == (path == "compiled" and os.path.exists(ahead.kernel_path()))


def test_compiled_and_numpy_paths_agree_on_random_histories(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    rng = np.random.default_rng(7)
    rules = Rules.custom(1234.5678, 24, heavy_k=12, heavy_games=4)
    for _ in range(3):
        frame, initial = near_tie_history(int(rng.integers(1000)), -int(rng.integers(1, 900)), 9.5)
        frame = frame.sample(frac=1.0, random_state=int(rng.integers(1000)))  # unordered rows
        results = []
        for threshold in (0, 2**62):
            monkeypatch.setattr(engine, "COMPILED_FROM", threshold)
            results.append(replay(frame, rules=rules, initial_ratings=initial))
        pd.testing.assert_frame_equal(results[0].games, results[1].games)
        pd.testing.assert_frame_equal(results[0].players, results[1].players)


@pytest.mark.parametrize("path", ["compiled", "jit"], indirect=True)
def test_figures_in_int32_and_in_int64_give_the_numpy_paths_tables(
    path: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The pass keeps its figures in int32 while every rating fits, in int64 when not: a giant
    three thousand million points up takes it to int64 by itself, and int64 can be asked for."""
    rules = Rules.custom(1234.5678, 24, heavy_k=12, heavy_games=4)
    frame, initial = near_tie_history(3, -300, 9.5)
    widths: list[bool] = []

    def kernel(*, narrow: bool) -> object:
        widths.append(narrow)
        return compiled_replay(narrow=narrow)

    monkeypatch.setattr(onepass, "compiled_replay", kernel)
    for giant, narrow_up_to in ((9_500, onepass.NARROW_UP_TO), (9_500, -1), (3 * 10**9, None)):
        monkeypatch.setattr(onepass, "NARROW_UP_TO", narrow_up_to or onepass.NARROW_UP_TO)
        ratings = initial | {"giant": giant}
        ours = replay(frame, rules=rules, initial_ratings=ratings)
        with monkeypatch.context() as numpy_only:
            numpy_only.setattr(engine, "COMPILED_FROM", 2**62)
            numpy_only.setattr(engine, "BUILT_FROM", 2**62)
            theirs = replay(frame, rules=rules, initial_ratings=ratings)
        pd.testing.assert_frame_equal(ours.games, theirs.games)
        pd.testing.assert_frame_equal(ours.players, theirs.players)
    assert ours.players["final"].max() > 2**31  # the giant, past int32
    assert widths == [True, False, False]  # int32, then int64 asked for, then for the giant


@pytest.mark.parametrize("name", list(READABLE))
def test_the_compiled_path_refuses_the_same_rows(
    monkeypatch: pytest.MonkeyPatch, name: str
) -> None:
    frame = read_history(READABLE[name][0])
    results = []
    for threshold in (0, 2**62):
        monkeypatch.setattr(engine, "COMPILED_FROM", threshold)
        results.append(replay(frame, skip_invalid=True))
    pd.testing.assert_frame_equal(results[0].rejected, results[1].rejected)
    pd.testing.assert_frame_equal(results[0].games, results[1].games)


def test_the_compiled_week_count_equals_the_searched_one() -> None:
    """Equal times, games exactly 7 days apart, unordered rows: the same count per game."""
    from datetime import timedelta

    from gammon_elo.replay.chains import player_chains, recent_games
    from gammon_elo.replay.validate import prepare
    from tests.core.replay.test_chunked import random_history

    for seed in range(3):
        frame = random_history(seed, rows=400, players=5).sample(frac=1.0, random_state=seed)
        h = prepare(frame)
        chains = player_chains(h)
        for window in (timedelta(days=7), timedelta(hours=1), timedelta(microseconds=1)):
            searched = recent_games(h, chains, window)
            swept = recent_games(h, chains, window, compiled=True)
            assert swept.tolist() == searched.tolist()
            assert searched.max() > 0


def test_a_chunked_replay_by_the_compiled_loop_equals_the_whole_numpy_replay(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    from tests.core.replay.test_chunked import RULES, random_history

    history = tmp_path / "h.csv"
    random_history(8, rows=200).to_csv(history, index=False)
    monkeypatch.setattr(engine, "COMPILED_FROM", 2**62)
    whole = replay(read_history(history), rules=RULES)
    monkeypatch.setattr(engine, "COMPILED_FROM", 0)
    done = replay_chunks(history, tmp_path / "out.csv", chunk_rows=13, rules=RULES)
    pd.testing.assert_frame_equal(done.players, whole.players, check_dtype=False)
    back = pd.read_csv(tmp_path / "out.csv")
    assert back["winner_change"].tolist() == whole.games["winner_change"].tolist()
    assert back["loser_k"].fillna(0).tolist() == whole.games["loser_k"].fillna(0).tolist()


@pytest.mark.parametrize(
    ("built_from", "ahead_of_time", "one_pass"),
    [(50, True, True), (10**6, True, False), (50, False, False)],
    ids=["from-built-from", "below-built-from", "numba-only"],
)
def test_the_module_once_built_replays_from_built_from_ranked_games(
    monkeypatch: pytest.MonkeyPatch, built_from: int, ahead_of_time: bool, one_pass: bool
) -> None:
    # Below COMPILED_FROM the one pass is taken only where the module built ahead of time is
    # there already (it loads in a millisecond; Numba's kernel would take half a second).
    built = ahead.load_kernel() is not None  # built here first where it can be
    monkeypatch.setattr(engine, "BUILT_FROM", built_from)
    monkeypatch.setattr(compiled, "AHEAD_OF_TIME", ahead_of_time)
    frame, initial = near_tie_history(5, -57, 14.5)
    assert engine.COMPILED_FROM > len(frame) > built_from or built_from > len(frame)
    compiled_replay.cache_clear()
    try:
        result = replay(frame, initial_ratings=initial)
        assert bool(compiled_replay.cache_info().currsize) == (one_pass and built)
        if one_pass and built:
            assert not hasattr(compiled_replay(), "stats")  # the module's, not Numba's
    finally:
        compiled_replay.cache_clear()
    monkeypatch.setattr(engine, "COMPILED_FROM", 2**62)
    monkeypatch.setattr(engine, "BUILT_FROM", 2**62)
    numpy = replay(frame, initial_ratings=initial)
    pd.testing.assert_frame_equal(result.games, numpy.games)
    pd.testing.assert_frame_equal(result.players, numpy.players)
