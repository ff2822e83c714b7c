"""Speed of the history replay, beside a plain per-row Python loop measured in the same run.

    python -m benchmarks.core.bench_replay [--sizes 100000 1000000] [--repeat 3] [--weeks W]

For each size a history is generated (seeded): 2,000 players over W weeks (by default 13 weeks
per million games, about 38 ranked games a week for a typical player), 5 heavy players at 300 to
500 ranked games a week, every cube value, about 6 % boosted and 2 % tournament rows and a
podium every 5,000 rows. Then:

1. ``replay`` on a DataFrame with typed columns (UTC times, text names, integer cubes).
2. End to end from a CSV file: ``read_history`` then ``replay`` (the file is written first).
3. The end-to-end run in a fresh process: its time (cold: every page touched for the first
   time) and peak memory (its maximum resident set, the interpreter and pandas included), with
   NumPy's default huge pages and with ``NUMPY_MADVISE_HUGEPAGE=0``; and the traced peak of
   ``replay`` on the DataFrame (tracemalloc: numpy's buffers are traced).
4. Baseline: a Python loop over the rows in time order, each player's 7-day window kept in a
   deque, ``rating_change`` for each ranked game (the tests' oracle, ``tests/oracles.py``). Its
   final ratings are checked to equal the replay's before anything is printed.

Rating is sequential: a game needs the ratings its players' earlier games left (the longest
chain of such games is printed). The replay rates them in one pass over the rows, as the server
does: plain Python below ``engine.COMPILED_FROM`` ranked games, compiled by Numba from there.

Each figure is the best of R runs: the machine is shared (2 cores), so the best run is the least
disturbed, and figures still move from run to run.
"""

from __future__ import annotations

import argparse
import os
import platform
import subprocess
import sys
import tempfile
import time
import tracemalloc
from collections import defaultdict
from collections.abc import Callable
from pathlib import Path

import numpy as np
import pandas as pd

import gammon_elo
from gammon_elo.replay import read_history, replay
from tests.oracles import replay_game_by_game

#: Where gammon_elo was imported from, for the fresh processes.
ROOT = Path(gammon_elo.__file__).resolve().parent.parent

PLAYERS = 2_000
HEAVY_PLAYERS = 5
HEAVY_GAMES_A_WEEK = (300, 500)
WEEKS_PER_MILLION = 13.0
CUBE_WEIGHTS = np.array([40, 25, 15, 10, 5, 3, 2]) / 100  # cube 1, 2, 4 … 64
BOOSTED, TOURNAMENT = 0.06, 0.02
PODIUM_EVERY = 5_000


def generate(n: int, weeks: float, seed: int = 42) -> pd.DataFrame:
    """A history of n rows in time order, with typed columns."""
    rng = np.random.default_rng(seed)
    heavy_rate = rng.uniform(*HEAVY_GAMES_A_WEEK, HEAVY_PLAYERS)
    casual = rng.lognormal(0.0, 0.8, PLAYERS - HEAVY_PLAYERS)
    heavy_share = heavy_rate * weeks / (2 * n)  # of all appearances
    share = np.concatenate([heavy_share, casual / casual.sum() * (1 - heavy_share.sum())])
    a = rng.choice(PLAYERS, size=n, p=share)
    b = rng.choice(PLAYERS, size=n, p=share)
    while (same := a == b).any():
        b[same] = rng.choice(PLAYERS, size=int(same.sum()), p=share)
    seconds = np.sort(rng.integers(0, int(weeks * 7 * 86_400), n))
    names = np.array([f"player{i:04d}" for i in range(PLAYERS)], dtype=object)
    kind = rng.choice(3, size=n, p=[1 - BOOSTED - TOURNAMENT, BOOSTED, TOURNAMENT])
    types = np.array(["ranked", "boosted", "tournament", "podium"], dtype=object)[kind]
    podium = np.arange(n) % PODIUM_EVERY == PODIUM_EVERY - 1
    types[podium] = "podium"
    losers = names[b]
    losers[podium] = None
    prizes = pd.array(np.where(podium, rng.choice([50, 25, 15], n), 0), dtype="Int64")
    prizes[~podium] = pd.NA
    return pd.DataFrame(
        {
            "time": pd.Timestamp("2026-10-05", tz="UTC") + pd.to_timedelta(seconds, unit="s"),
            "winner": pd.array(names[a], dtype="str"),
            "loser": pd.array(losers, dtype="str"),
            "cube": 2 ** rng.choice(7, size=n, p=CUBE_WEIGHTS),
            "type": pd.array(types, dtype="str"),
            "prize": prizes,
        }
    )


def baseline(frame: pd.DataFrame) -> dict[str, int]:
    """Row by row, as a plain loop would: rating_change per ranked game, deques for the week."""
    return replay_game_by_game(frame).ratings


def longest_chain(frame: pd.DataFrame) -> int:
    """The most ranked games any chain of dependent games holds (rated one after another)."""
    ranked = frame[frame["type"] == "ranked"]
    level: defaultdict[str, int] = defaultdict(int)
    deepest = 0
    for w, lo in zip(ranked["winner"].tolist(), ranked["loser"].tolist(), strict=True):
        step = max(level[w], level[lo]) + 1
        level[w] = level[lo] = step
        deepest = max(deepest, step)
    return deepest


def timed(run: Callable[[], object], repeat: int) -> tuple[list[float], object]:
    times, result = [], None
    for _ in range(repeat):
        start = time.perf_counter()
        result = run()
        times.append(time.perf_counter() - start)
    return times, result


def fresh_process_peak(path: Path, **environment: str) -> tuple[float, int]:
    """read_history + replay in a new interpreter: its wall time and peak RSS in bytes.

    The peak is the process's own high-water mark (VmHWM): ``ru_maxrss`` would also count the
    parent's memory, copied into the child by fork before exec.
    """
    code = (
        "import re, sys, time\n"
        f"sys.path.insert(0, {str(ROOT)!r})\n"
        "from gammon_elo.replay import read_history, replay\n"
        "start = time.perf_counter()\n"
        f"result = replay(read_history({str(path)!r}))\n"
        "elapsed = time.perf_counter() - start\n"
        "status = open('/proc/self/status').read()\n"
        "print(elapsed, re.search(r'VmHWM:\\s*(\\d+) kB', status).group(1))\n"
    )
    out = subprocess.run(
        [sys.executable, "-c", code],
        capture_output=True,
        text=True,
        check=True,
        env=os.environ | environment,
    ).stdout.split()
    return float(out[0]), int(out[1]) * 1024


def traced_peak(run: Callable[[], object]) -> int:
    tracemalloc.start()
    try:
        run()
        return tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()


def rate(games: int, seconds: float) -> str:
    return f"{games / seconds:>12,.0f} games/s"


def bench(n: int, weeks: float, repeat: int, directory: Path) -> None:
    frame = generate(n, weeks)
    path = directory / f"history_{n}.csv"
    frame.to_csv(path, index=False, date_format="%Y-%m-%dT%H:%M:%SZ")
    ranked = int((frame["type"] == "ranked").sum())
    busiest = int(
        pd.concat([frame.loc[frame["type"] == "ranked", s] for s in ("winner", "loser")])
        .value_counts()
        .max()
    )
    print(
        f"\n== {n:,} rows ({ranked:,} ranked), {PLAYERS:,} players over {weeks:.1f} weeks;"
        f" CSV {path.stat().st_size / 1e6:.0f} MB =="
    )
    print(
        f"busiest player: {busiest:,} ranked games; longest chain of dependent games:"
        f" {longest_chain(frame):,}"
    )

    replay(frame.head(1_000))  # build the change tables once (cached per rule set)
    frame_times, result = timed(lambda: replay(frame), repeat)
    csv_times, _ = timed(lambda: replay(read_history(path)), repeat)
    fresh = [fresh_process_peak(path) for _ in range(2)]
    # NumPy asks the kernel for huge pages for big arrays; on this VM the first touch of such
    # memory is slow, which a fresh process pays in full (a warm one reuses its memory).
    flat = [fresh_process_peak(path, NUMPY_MADVISE_HUGEPAGE="0") for _ in range(2)]
    traced = traced_peak(lambda: replay(frame))

    start = time.perf_counter()
    expected = baseline(frame)
    loop_time = time.perf_counter() - start
    assert isinstance(result, gammon_elo.ReplayResult)
    finals = dict(zip(result.players["player"], result.players["final"].tolist(), strict=True))
    assert finals == expected, "the replay and the rating_change loop disagree"

    best_frame, best_csv = min(frame_times), min(csv_times)
    runs = " ".join(f"{t:.2f}" for t in frame_times)
    print(f"replay(DataFrame)           {best_frame:6.2f} s {rate(n, best_frame)}  (runs: {runs})")
    runs = " ".join(f"{t:.2f}" for t in csv_times)
    print(f"read_history + replay (CSV) {best_csv:6.2f} s {rate(n, best_csv)}  (runs: {runs})")
    for label, runs_ in (("", fresh), (", NUMPY_MADVISE_HUGEPAGE=0", flat)):
        best = min(runs_)
        print(
            f"  the same in a fresh process{label}: {best[0]:.2f} s, peak RSS"
            f" {best[1] / 2**20:,.0f} MiB (interpreter and pandas included; best of 2)"
        )
    print(f"  replay(DataFrame) traced peak (tracemalloc): {traced / 2**20:,.0f} MiB")
    print(f"baseline: rating_change loop {loop_time:6.2f} s {rate(n, loop_time)}  (same finals)")
    print(
        f"replay / baseline: {loop_time / best_frame:.1f}× on a DataFrame,"
        f" {loop_time / best_csv:.1f}× from CSV"
    )


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--sizes", type=int, nargs="+", default=[100_000, 1_000_000])
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument(
        "--weeks", type=float, help=f"weeks of history (default {WEEKS_PER_MILLION} per million)"
    )
    args = parser.parse_args()
    print(
        f"Python {platform.python_version()}, numpy {np.__version__}, pandas {pd.__version__},"
        f" {os.cpu_count()} CPUs, {platform.machine()}; best of {args.repeat} runs"
    )
    with tempfile.TemporaryDirectory() as directory:
        for n in args.sizes:
            weeks = args.weeks or max(n / 1_000_000 * WEEKS_PER_MILLION, 1.0)
            bench(n, weeks, args.repeat, Path(directory))
    return 0


if __name__ == "__main__":
    sys.exit(main())
