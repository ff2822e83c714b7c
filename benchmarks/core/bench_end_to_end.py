"""``gammon-elo replay FILE.csv`` end to end, as a designer runs it (a fresh process, its imports,
the read, the preparation, the pass and the output), beside a compiled Go program that reads the
same CSV file and replays it with the article's code, both timed as whole processes in turns.

    python -m benchmarks.core.bench_end_to_end [--sizes 1000000 10000000] [--repeat 5]

For each size a history is generated (seeded: ``bench_compiled``'s ``flat`` shape, 2,000
players, 13 weeks per million games, about 6 % boosted and 2 % tournament rows, a podium every
5,000 rows, every cube value) and written as CSV (times as ``YYYY-MM-DDTHH:MM:SSZ``). Then:

1. **Go** (baseline): ``benchmarks/core/go_replay_csv/main.go``, the article's constants,
   ``KFor``, ``CalculateChangeWithK`` and ``expectedScore`` as printed, a queue per player for
   the 7-day window, reading the CSV file; built with ``go build`` in this run. Its final
   ratings must equal those ``gammon-elo replay --top N`` prints, or the benchmark stops.
2. Both commands run in turns, Python then Go, ``--repeat`` times each after one warm-up of
   each (Numba's cache filled, the file in the page cache). The figures are medians of the
   whole processes' wall times, and the median of the pairs' ratios (pairing keeps the ratio
   fair while the shared machine's speed drifts).
3. One more Python run with ``--timings``: where its time goes.

The machine is shared (2 cores): the load average is printed with the figures, which move
from run to run.
"""

from __future__ import annotations

import argparse
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

import gammon_elo
from benchmarks.core.bench_compiled import generate

ROOT = Path(gammon_elo.__file__).resolve().parent.parent
GO_SOURCE = Path(__file__).resolve().parent / "go_replay_csv"


def write_csv(n: int, path: Path) -> None:
    """The generated history of ``n`` rows as the CSV file a designer would export."""
    import pyarrow as pa
    import pyarrow.csv as pcsv

    frame = generate(n, "flat")
    seconds = frame["time"].dt.tz_localize(None).to_numpy().astype("datetime64[s]")
    times = np.char.add(np.datetime_as_string(seconds, unit="s"), "Z")
    table = pa.table(
        {
            "time": pa.array(times.astype(object), pa.string()),
            **{
                column: pa.array(frame[column].astype(object).fillna("").to_numpy(), pa.string())
                for column in ("winner", "loser")
            },
            "cube": pa.array(frame["cube"].to_numpy(np.int64)),
            "type": pa.array(frame["type"].astype(object).to_numpy(), pa.string()),
            "prize": pa.array(frame["prize"].astype("Int64"), pa.int64(), from_pandas=True),
        }
    )
    # No quotes (pyarrow quotes the header's names whatever the style): the header by hand.
    options = pcsv.WriteOptions(quoting_style="none", include_header=False)
    with open(path, "wb") as out:
        out.write((",".join(table.column_names) + "\n").encode("utf-8"))
        pcsv.write_csv(table, out, write_options=options)


def build_go(directory: Path) -> Path:
    go = shutil.which("go")
    if go is None:
        sys.exit("the Go toolchain ('go') is needed for the baseline (apt-get install golang-go)")
    binary = directory / "goreplaycsv"
    env = os.environ | {"GOPROXY": "off", "GOTOOLCHAIN": "local", "GOFLAGS": "-mod=mod"}
    subprocess.run([go, "build", "-o", str(binary), "."], cwd=GO_SOURCE, env=env, check=True)
    return binary


def python_command(csv: Path, *options: str) -> list[str]:
    return [sys.executable, "-m", "gammon_elo", "replay", str(csv), *options]


def check_equal(go: Path, csv: Path, directory: Path) -> int:
    """Go's final ratings against the Python command's, every player; the number of players."""
    ratings = directory / "go_ratings.txt"
    subprocess.run([str(go), str(csv), str(ratings)], check=True)
    ours = subprocess.run(
        python_command(csv, "--top", "100000000"),
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=True,
    )
    if ours.stderr:
        print(ours.stderr.strip())
    table = ours.stdout.split("\n\n")[1].splitlines()[2:]  # after "Final ratings…" and its head
    python_finals = {line.split()[0]: int(line.split()[2]) for line in table}
    go_finals = {}
    for line in ratings.read_text(encoding="utf-8").splitlines():
        name, rating = line.split()
        go_finals[name] = int(rating)
    if python_finals != go_finals:
        differ = sorted(set(python_finals.items()) ^ set(go_finals.items()))[:5]
        sys.exit(f"the replay and the Go program disagree, e.g. {differ}")
    return len(go_finals)


def wall(command: list[str]) -> float:
    start = time.perf_counter()
    subprocess.run(
        command, cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=True
    )
    return time.perf_counter() - start


def bench(n: int, repeat: int, go: Path, directory: Path) -> None:
    csv = directory / f"history_{n}.csv"
    write_csv(n, csv)
    print(f"\n== {n:,} rows; CSV {csv.stat().st_size / 1e6:.0f} MB ==")
    players = check_equal(go, csv, directory)
    print(f"final ratings equal for all {players:,} players (Go and gammon-elo replay)")
    ratings = directory / "go_timed.txt"
    python, baseline = python_command(csv), [str(go), str(csv), str(ratings)]
    wall(python), wall(baseline)  # warm-up: Numba's cache, the page cache
    ours, theirs = [], []
    for _ in range(repeat):
        ours.append(wall(python))
        theirs.append(wall(baseline))
    ratios = [a / b for a, b in zip(ours, theirs, strict=True)]
    print(
        f"gammon-elo replay FILE.csv  median {statistics.median(ours):6.2f} s"
        f"   (min {min(ours):.2f}, max {max(ours):.2f})"
    )
    print(
        f"Go program (baseline)       median {statistics.median(theirs):6.2f} s"
        f"   (min {min(theirs):.2f}, max {max(theirs):.2f})"
    )
    print(f"ratio Python / Go, median of {repeat} pairs: {statistics.median(ratios):.2f}×")
    timed = subprocess.run(
        python_command(csv, "--timings"), cwd=ROOT, capture_output=True, text=True, check=True
    )
    print("one more run, " + timed.stderr.strip().splitlines()[-1])
    print(f"load average after: {', '.join(f'{x:.1f}' for x in os.getloadavg())}")
    csv.unlink()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--sizes", type=int, nargs="+", default=[1_000_000, 10_000_000])
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()
    print(
        f"Python {platform.python_version()}, {os.cpu_count()} CPUs, load average"
        f" {', '.join(f'{x:.1f}' for x in os.getloadavg())}"
    )
    with tempfile.TemporaryDirectory() as folder:
        directory = Path(folder)
        go = build_go(directory)
        for n in args.sizes:
            bench(n, args.repeat, go, directory)


if __name__ == "__main__":
    main()
