"""Engine games per second, beside a serial baseline in the same run.

    python -m benchmarks.core.bench_league [--games N]

Measured, cubeful and cubeless: N games of a default-levels league played serially in this
process (the baseline: games per second of one core), then on a LocalCluster of 1 worker and of
2 workers, each cluster started before the clock starts: games per second per worker, and the
2-worker throughput as a multiple of the 1-worker one (goal ≥ 1.7× on 2 cores).
"""

from __future__ import annotations

import argparse
import logging
import time

from gammon_elo.league import play_league
from gammon_elo.league.engine import load


def _games_per_second(games: int, cubeful: bool, **where: object) -> float:
    began = time.perf_counter()
    play_league(players=40, games=games, weeks=1, seed=1, cubeful=cubeful, **where)  # type: ignore[arg-type]
    return games / (time.perf_counter() - began)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=1200)
    args = parser.parse_args()
    from distributed import Client, LocalCluster

    load()
    for cubeful in (True, False):
        mode = "cubeful" if cubeful else "cubeless"
        serial = _games_per_second(args.games, cubeful, serial=True)
        rates = {}
        for workers in (1, 2):
            with (
                LocalCluster(
                    n_workers=workers,
                    threads_per_worker=1,
                    dashboard_address="127.0.0.1:0",
                    silence_logs=logging.CRITICAL,
                ) as cluster,
                Client(cluster) as client,
            ):
                rates[workers] = _games_per_second(args.games, cubeful, client=client)
        print(
            f"{mode}: serial baseline {serial:.1f} games/s; 1 worker {rates[1]:.1f} games/s;"
            f" 2 workers {rates[2]:.1f} games/s ({rates[2] / 2:.1f} per worker),"
            f" {rates[2] / rates[1]:.2f}× one worker (goal ≥ 1.7×)"
        )


if __name__ == "__main__":
    main()
