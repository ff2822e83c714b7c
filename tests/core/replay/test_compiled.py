"""The pass compiled by Numba rates every game exactly as the same pass run as plain Python,
and as ``rating_change`` does, game by game: on random histories whose divisors are hunted so
that games land on near-ties (K × (1 − E) × multiplier within a few ulp of a half, where only
Go's own rounding decides), with games outside the change tables that leave the compiled pass
and come back; and they refuse the same rows of the malformed-history corpus."""

from __future__ import annotations

import json
import math
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import numpy as np
import pandas as pd
import pytest

from gammon_elo import Rules
from gammon_elo._core.scalar import near_tie as _near_tie
from gammon_elo.replay import engine, read_history, replay, replay_chunks
from tests.core.replay.test_malformed_histories import READABLE
from tests.oracles import replay_game_by_game


@pytest.fixture
def path(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> Iterator[str]:
    """Which way the pass runs: compiled from the first game, or plain whatever the size."""
    monkeypatch.setattr(engine, "COMPILED_FROM", 2**62 if request.param == "plain" else 0)
    yield request.param


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


@pytest.mark.parametrize("path", ["compiled", "plain"], indirect=True)
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
    if path == "compiled":
        assert engine.loaded()  # the pass really ran compiled


def test_compiled_and_plain_passes_agree_on_random_histories(
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


@pytest.mark.parametrize("path", ["compiled"], indirect=True)
def test_a_rating_past_int32_gives_the_plain_pass_tables(path: str) -> None:
    """A giant three thousand million points up (past int32) rates compiled as it does plain."""
    rules = Rules.custom(1234.5678, 24, heavy_k=12, heavy_games=4)
    frame, initial = near_tie_history(3, -300, 9.5)
    ratings = initial | {"giant": 3 * 10**9}
    ours = replay(frame, rules=rules, initial_ratings=ratings)
    with pytest.MonkeyPatch.context() as plain:
        plain.setattr(engine, "COMPILED_FROM", 2**62)
        theirs = replay(frame, rules=rules, initial_ratings=ratings)
    pd.testing.assert_frame_equal(ours.games, theirs.games)
    pd.testing.assert_frame_equal(ours.players, theirs.players)
    assert ours.players["final"].max() > 2**31  # the giant, past int32


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


def test_a_chunked_replay_compiled_equals_the_whole_plain_replay(
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


def test_load_soon_loads_the_compiled_pass_in_a_thread_of_its_own() -> None:
    # In a fresh interpreter (the loading thread imports Numba): the call returns with the
    # thread started, and once it is done the pass is loaded, its figures' types too.
    script = (
        "import json, sys, threading\n"
        "from gammon_elo.replay import engine\n"
        "engine.load_soon()\n"
        "loading = [t for t in threading.enumerate() if t.name == 'load compiled pass']\n"
        "for thread in loading:\n"
        "    thread.join()\n"
        "kinds = [str(s[-1]) for s in engine.compiled_pass().signatures]\n"
        "print(json.dumps([len(loading), engine.loaded(), kinds]))\n"
    )
    root = Path(__file__).resolve().parents[3]
    ran = subprocess.run([sys.executable, "-c", script], cwd=root, capture_output=True, text=True)
    assert ran.returncode == 0, ran.stderr
    threads, loaded, kinds = json.loads(ran.stdout)
    assert threads == 1 and loaded
    assert kinds == ["array(int64, 1d, C)"]
