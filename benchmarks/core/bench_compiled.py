"""Speed and memory of the compiled replay, beside the article's Go code replaying the same
history in a compiled loop, built and timed in the same run.

    python -m benchmarks.core.bench_compiled [--sizes 1000000 10000000] [--shapes flat tail]
                                             [--chunk-rows 250000] [--repeat 5] [--plain]

Two shapes of history, each at every size (seeded, in time order, 13 weeks per million games):
``flat``: 2,000 players with a lognormal spread of activity; ``tail``: 20,000 players whose
activity follows a heavy (Pareto) tail, so a few players are in a large share of the games.
About 6 % boosted and 2 % tournament rows, a podium every 5,000 rows, every cube value.

For each:

1. **Go** (baseline): ``benchmarks/core/go_replay/main.go``, the article's CalculateChangeWithK
   in a loop over the games with a queue per player for the 7-day window, built with ``go build``
   in this run; the loop alone is timed (reading its input is not). Its final ratings must
   equal the replay's, or the benchmark stops.
2. ``replay`` on the DataFrame in this process: the pass compiled, warm, whatever the size,
   timed in turn with the Go loop, R pairs: the best of each side, and each pair's ratio (the
   median is the figure a busy machine moves least); with ``--plain``, the same pass run as
   plain Python too (one run: it is slow).
3. In a fresh process, from the Parquet file: ``read_history`` + ``replay`` (whole file), and
   ``replay_chunks`` to a Parquet file (``--chunk-rows`` rows a chunk): wall time and peak
   resident memory (VmHWM), per game for the whole file; with ``NUMPY_MADVISE_HUGEPAGE=0``, as
   the Dockerfile runs the app. Here the pass runs as it would: compiled from
   ``engine.COMPILED_FROM`` ranked games (the fresh process pays its loading), else plain.

Games/s count every row of the history (as the Go loop does). The machine is shared (2 cores):
each figure is the best of R runs, and figures still move from run to run.
"""

from __future__ import annotations

import argparse
import functools
import os
import platform
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import numpy as np
import pandas as pd

import gammon_elo
from gammon_elo import CURRENT
from gammon_elo.replay import engine, replay

ROOT = Path(gammon_elo.__file__).resolve().parent.parent
GO_SOURCE = Path(__file__).resolve().parent / "go_replay"

SHAPES = {"flat": 2_000, "tail": 20_000}
WEEKS_PER_MILLION = 13.0
CUBE_WEIGHTS = np.array([40, 25, 15, 10, 5, 3, 2]) / 100
BOOSTED, TOURNAMENT = 0.06, 0.02
PODIUM_EVERY = 5_000
TYPES = ("ranked", "boosted", "tournament", "podium")


def generate(n: int, shape: str, seed: int = 42) -> pd.DataFrame:
    """A history of n rows in time order: categorical names and types, UTC times."""
    players = SHAPES[shape]
    rng = np.random.default_rng(seed)
    if shape == "flat":
        activity = rng.lognormal(0.0, 0.8, players)
    else:
        activity = rng.pareto(1.2, players) + 1.0
    share = activity / activity.sum()
    a = rng.choice(players, size=n, p=share).astype(np.int32)
    b = rng.choice(players, size=n, p=share).astype(np.int32)
    while (same := a == b).any():
        b[same] = rng.choice(players, size=int(same.sum()), p=share)
    weeks = WEEKS_PER_MILLION * n / 1e6
    micros = np.sort(rng.integers(0, int(weeks * 7 * 86_400), n)) * 1_000_000
    kind = rng.choice(3, size=n, p=[1 - BOOSTED - TOURNAMENT, BOOSTED, TOURNAMENT]).astype(np.int8)
    podium = np.arange(n) % PODIUM_EVERY == PODIUM_EVERY - 1
    kind[podium] = 3
    b[podium] = -1
    prizes = pd.array(np.where(podium, rng.choice([50, 25, 15], n), 0), dtype="Int64")
    prizes[~podium] = pd.NA
    names = pd.Index([f"player{i:05d}" for i in range(players)], dtype=object)
    start = np.datetime64("2026-10-05T00:00:00", "us").astype(np.int64)
    return pd.DataFrame(
        {
            "time": pd.DatetimeIndex((start + micros).view("datetime64[us]")).tz_localize("UTC"),
            "winner": pd.Categorical.from_codes(a, categories=names),
            "loser": pd.Categorical.from_codes(b, categories=names),
            "cube": (2 ** rng.choice(7, size=n, p=CUBE_WEIGHTS)).astype(np.int8),
            "type": pd.Categorical.from_codes(kind, categories=pd.Index(TYPES, dtype=object)),
            "prize": prizes,
        }
    )


def build_go(directory: Path) -> Path:
    go = shutil.which("go")
    if go is None:
        sys.exit("the Go toolchain ('go') is needed for the baseline (apt-get install golang-go)")
    binary = directory / "goreplay"
    env = os.environ | {"GOPROXY": "off", "GOTOOLCHAIN": "local", "GOFLAGS": "-mod=mod"}
    subprocess.run([go, "build", "-o", str(binary), "."], cwd=GO_SOURCE, env=env, check=True)
    return binary


class GoLoop:
    """The Go loop over ``frame``, its input written once: :meth:`run` times the loop once,
    :attr:`finals` is every player's final rating (in category order) from the last run."""

    def __init__(self, binary: Path, frame: pd.DataFrame, directory: Path) -> None:
        self.binary, self.data = binary, directory / "history.bin"
        self.ratings = directory / "go_ratings.txt"
        n, players = len(frame), len(frame["winner"].cat.categories)
        ticks = frame["time"].dt.tz_localize(None).to_numpy().astype("datetime64[us]")
        with open(self.data, "wb") as out:
            np.array([n, players], dtype="<i8").tofile(out)
            frame["winner"].cat.codes.to_numpy().astype("<i4").tofile(out)
            frame["loser"].cat.codes.to_numpy().astype("<i4").tofile(out)
            ticks.view(np.int64).astype("<i8").tofile(out)
            np.log2(frame["cube"].to_numpy()).astype(np.int8).tofile(out)
            frame["type"].cat.codes.to_numpy().astype(np.int8).tofile(out)
            frame["prize"].fillna(0).to_numpy(dtype=np.int64).astype("<i8").tofile(out)

    def run(self) -> float:
        rules = CURRENT
        window = int(rules.window.total_seconds() * 1_000_000)
        out = subprocess.run(
            [str(self.binary), str(self.data), str(self.ratings), repr(rules.divisor),
             str(rules.k), str(rules.heavy_k), str(rules.heavy_games), str(window),
             str(rules.starting)],
            capture_output=True, text=True, check=True,
        ).stdout.split()  # fmt: skip
        return float(out[0])

    @property
    def finals(self) -> list[int]:
        return [int(v) for v in self.ratings.read_text().split()]

    def close(self) -> None:
        self.data.unlink(missing_ok=True)


def alternate(go: GoLoop, run: object, repeat: int) -> tuple[list[float], list[float]]:
    """The Go loop and ``run`` timed in turn, ``repeat`` pairs: a machine that slows down or
    speeds up over the runs slows both sides of a pair alike."""
    go_seconds, seconds = [], []
    for _ in range(repeat):
        go_seconds.append(go.run())
        start = time.perf_counter()
        run()  # type: ignore[operator]
        seconds.append(time.perf_counter() - start)
    return go_seconds, seconds


def fresh_process(code: str) -> tuple[float, int]:
    """``code`` (which sets ``elapsed``) in a new interpreter: its time and peak RSS in bytes."""
    script = (
        "import re, sys, time\n"
        f"sys.path.insert(0, {str(ROOT)!r})\n"
        "from gammon_elo.replay import read_history, replay, replay_chunks\n"
        + code
        + "status = open('/proc/self/status').read()\n"
        "print(elapsed, re.search(r'VmHWM:\\s*(\\d+) kB', status).group(1))\n"
    )
    # As the Dockerfile runs the app: numpy's huge-page advice makes a fresh process's first
    # touch of big arrays slow on this kind of virtual machine.
    environment = os.environ | {"NUMPY_MADVISE_HUGEPAGE": "0"}
    out = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, check=True, env=environment
    ).stdout.split()
    return float(out[0]), int(out[1]) * 1024


def best(run: object, repeat: int) -> float:
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        run()  # type: ignore[operator]
        times.append(time.perf_counter() - start)
    return min(times)


def per_second(n: int, seconds: float) -> str:
    return f"{n / seconds / 1e6:6.2f} M games/s"


def against_go(
    frame: pd.DataFrame, go_loop: GoLoop, repeat: int
) -> tuple[list[float], list[float]]:
    """The compiled pass checked against the Go loop (the same final ratings, or the benchmark
    stops), then both timed in turn: the Go loop's times and the pass's, ``repeat`` pairs."""
    replay(frame.head(1_000))  # the change tables, cached per rule set
    saved = engine.COMPILED_FROM
    engine.COMPILED_FROM = 0
    try:
        result = replay(frame)  # Numba imported and the pass loaded (its one-off cost)
        go_loop.run()
        finals = result.players.set_index("player")["final"]
        names = frame["winner"].cat.categories
        ours = finals.reindex(names).fillna(CURRENT.starting).astype(int).tolist()
        assert ours == go_loop.finals, "the replay and the Go loop disagree"
        del result
        # The one compiled pass, whatever the size (already loaded), in turn with the Go loop.
        return alternate(go_loop, functools.partial(replay, frame), repeat)
    finally:
        engine.COMPILED_FROM = saved
        go_loop.close()


def plain_pass(frame: pd.DataFrame, best_go: float) -> None:
    """The same pass as plain Python, once (it is slow), beside the Go loop's best."""
    n = len(frame)
    saved = engine.COMPILED_FROM
    engine.COMPILED_FROM = 2**62  # the pass as plain Python
    try:
        plain_seconds = best(functools.partial(replay, frame), 1)
    finally:
        engine.COMPILED_FROM = saved
    print(
        f"replay(DataFrame), plain pass   {plain_seconds:7.2f} s {per_second(n, plain_seconds)}"
        f"   {best_go / plain_seconds:6.1%} of Go"
    )


def from_the_file(n: int, parquet: Path, directory: Path, chunk_rows: int) -> None:
    """The Parquet file replayed in a new process, whole and in chunks: time and peak memory."""
    whole_seconds, whole_peak = fresh_process(
        "start = time.perf_counter()\n"
        f"result = replay(read_history({str(parquet)!r}))\n"
        "elapsed = time.perf_counter() - start\n"
    )
    print(
        f"Parquet whole file, new process {whole_seconds:7.2f} s {per_second(n, whole_seconds)}"
        f"   peak RSS {whole_peak / 2**20:,.0f} MiB = {whole_peak / n:,.0f} bytes a game"
    )
    out = directory / "rated.parquet"
    chunk_seconds, chunk_peak = fresh_process(
        "start = time.perf_counter()\n"
        f"replay_chunks({str(parquet)!r}, {str(out)!r}, chunk_rows={chunk_rows})\n"
        "elapsed = time.perf_counter() - start\n"
    )
    print(
        f"Parquet chunked ({chunk_rows:,} rows), new process"
        f" {chunk_seconds:7.2f} s {per_second(n, chunk_seconds)}"
        f"   peak RSS {chunk_peak / 2**20:,.0f} MiB"
    )
    out.unlink(missing_ok=True)


def bench(n: int, shape: str, args: argparse.Namespace, go: Path, directory: Path) -> None:
    frame = generate(n, shape)
    parquet = directory / f"history_{shape}_{n}.parquet"
    frame.to_parquet(parquet, index=False, row_group_size=min(n, 1_000_000))
    print(
        f"\n== {shape}: {n:,} rows, {SHAPES[shape]:,} players;"
        f" Parquet {parquet.stat().st_size / 1e6:.0f} MB =="
    )
    go_seconds, seconds = against_go(frame, GoLoop(go, frame, directory), args.repeat)
    ratios = sorted(g / s for g, s in zip(go_seconds, seconds, strict=True))
    best_go, best_ours = min(go_seconds), min(seconds)
    print(f"Go loop (baseline)              {best_go:7.3f} s {per_second(n, best_go)}")
    print(
        f"replay(DataFrame), compiled     {best_ours:7.3f} s {per_second(n, best_ours)}"
        f"   {best_go / best_ours:6.1%} of Go (best of {args.repeat} each);"
        f" pairs {ratios[0]:.0%} to {ratios[-1]:.0%}, median {statistics.median(ratios):.1%}"
    )
    if args.plain:
        plain_pass(frame, best_go)
    del frame
    from_the_file(n, parquet, directory, args.chunk_rows)
    parquet.unlink()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--sizes", type=int, nargs="+", default=[1_000_000, 10_000_000])
    parser.add_argument("--shapes", nargs="+", choices=list(SHAPES), default=list(SHAPES))
    parser.add_argument("--chunk-rows", type=int, default=250_000)
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--plain", action="store_true", help="time the plain pass too (slow)")
    args = parser.parse_args()
    print(
        f"Python {platform.python_version()}, numpy {np.__version__}, pandas {pd.__version__},"
        f" {os.cpu_count()} CPUs; rules {CURRENT.label}; compiled from"
        f" {engine.COMPILED_FROM:,} ranked games"
    )
    with tempfile.TemporaryDirectory() as folder:
        directory = Path(folder)
        go = build_go(directory)
        for shape in args.shapes:
            for n in args.sizes:
                bench(n, shape, args, go, directory)


if __name__ == "__main__":
    main()
