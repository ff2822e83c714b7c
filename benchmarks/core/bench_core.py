"""Speed of the core, each figure beside a plain-Python baseline measured in the same run.

    python -m benchmarks.core.bench_core [--calls N] [--repeat R]

1. ``rating_change`` calls per second, on a fixed list of varied games (ratings, weeks, cubes,
   all three rule sets), against a baseline that is the article's formula written out in plain
   Python with no validation, no rule-set lookup, no K choice and no exact-tie check: what the
   package's checks and exactness cost.
2. ``expected_curves`` points per second (one numpy call for several divisors × many rating
   differences), against a Python loop calling ``expected_score`` point by point over the same
   grid: what vectorizing buys for the charts.

Each figure is the best of R repetitions (the machine is shared; the best run is the least
disturbed). Both sides of each pair are checked to give the same answers before timing.
"""

from __future__ import annotations

import argparse
import math
import platform
import random
import time
from collections.abc import Callable

import numpy as np

from gammon_elo import RULES, Change, expected_curves, expected_score, rating_change

#: One game: winner, loser, cube, winner's and loser's ranked games this week, rule-set name.
Game = tuple[int, int, int, int, int, str]

CURVE_DIVISORS = (400.0, 800.0, 1200.0, 2000.0)
CURVE_DIFFERENCES = np.arange(-1500, 1501, dtype=np.float64)  # 3001 points per divisor


def games(count: int, seed: int = 2026) -> list[Game]:
    rng = random.Random(seed)
    names = list(RULES)
    return [
        (
            rng.randint(900, 2600),
            rng.randint(900, 2600),
            rng.choice((1, 1, 1, 2, 4, 8, 16, 32, 64)),
            rng.randint(0, 120),
            rng.randint(0, 120),
            rng.choice(names),
        )
        for _ in range(count)
    ]


def plain_rating_change(
    winner: int, loser: int, winner_k: int, loser_k: int, cube: int, divisor: float
) -> tuple[int, int]:
    """The article's Go code in plain Python: no checks, K given, halves away from zero."""
    expected = 1.0 / (1.0 + math.pow(10.0, (loser - winner) / divisor))
    multiplier = 1 + math.log2(cube) / 6
    w = winner_k * (1 - expected) * multiplier
    lo = loser_k * (0 - (1 - expected)) * multiplier
    return int(w + math.copysign(0.5, w)), int(lo + math.copysign(0.5, lo))


def best_time(run: Callable[[], object], repeat: int) -> float:
    best = math.inf
    for _ in range(repeat):
        start = time.perf_counter()
        run()
        best = min(best, time.perf_counter() - start)
    return best


def bench_rating_change(calls: int, repeat: int) -> tuple[float, float]:
    sample = games(calls)

    def package() -> list[Change]:
        return [
            rating_change(w, lo, cube=c, winner_recent_games=wg, loser_recent_games=lg, rules=r)
            for w, lo, c, wg, lg, r in sample
        ]

    # The baseline gets each player's K and the divisor ready-made, as a caller that skips the
    # rule set would hold them (50+ games → the heavy K where the rule set has one).
    def k_of(games_this_week: int, name: str) -> int:
        rules = RULES[name]
        heavy = rules.heavy_games is not None and games_this_week >= rules.heavy_games
        return rules.heavy_k if heavy and rules.heavy_k is not None else rules.k

    prepared = [
        (w, lo, k_of(wg, r), k_of(lg, r), c, RULES[r].divisor) for w, lo, c, wg, lg, r in sample
    ]

    def baseline() -> list[tuple[int, int]]:
        return [plain_rating_change(*game) for game in prepared]

    ours = [(change.winner, change.loser) for change in package()]
    agree = sum(a == b for a, b in zip(ours, baseline(), strict=True))
    if agree != len(ours):
        print(f"note: the baseline disagrees on {len(ours) - agree} of {len(ours)} games")
    return calls / best_time(package, repeat), calls / best_time(baseline, repeat)


def bench_curves(repeat: int) -> tuple[float, float]:
    points = len(CURVE_DIVISORS) * len(CURVE_DIFFERENCES)
    whole = [int(d) for d in CURVE_DIFFERENCES]

    def vectorized() -> np.ndarray:
        return expected_curves(CURVE_DIFFERENCES, CURVE_DIVISORS)

    def loop() -> list[list[float]]:
        return [[expected_score(d, 0, divisor=D) for d in whole] for D in CURVE_DIVISORS]

    difference = np.max(np.abs(vectorized() - np.array(loop())))
    assert difference < 1e-12, f"vectorized curves differ from expected_score by {difference}"
    # The vectorized call is fast: time it in batches so the clock's resolution does not count.
    batch = 50
    vector_time = best_time(lambda: [vectorized() for _ in range(batch)], repeat) / batch
    return points / vector_time, points / best_time(loop, repeat)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--calls", type=int, default=20_000, help="rating_change calls per run")
    parser.add_argument("--repeat", type=int, default=5, help="runs per figure (best is kept)")
    args = parser.parse_args(argv)

    print(
        f"gammon_elo benchmark — Python {platform.python_version()}, numpy {np.__version__}, "
        f"{platform.machine()}, best of {args.repeat}"
    )
    ours, plain = bench_rating_change(args.calls, args.repeat)
    print()
    print(f"rating_change ({args.calls:,} varied games)")
    print(f"  gammon_elo.rating_change      {ours:>14,.0f} calls/s")
    print(f"  plain-Python formula (no checks) {plain:>11,.0f} calls/s")
    print(f"  ratio package / baseline      {ours / plain:>14.2f}")

    vector, loop = bench_curves(args.repeat)
    points = len(CURVE_DIVISORS) * len(CURVE_DIFFERENCES)
    print()
    print(f"expected_curves ({len(CURVE_DIVISORS)} divisors × {len(CURVE_DIFFERENCES)} differences"
          f" = {points:,} points)")  # fmt: skip
    print(f"  vectorized (one numpy call)   {vector:>14,.0f} points/s")
    print(f"  loop over expected_score      {loop:>14,.0f} points/s")
    print(f"  ratio vectorized / loop       {vector / loop:>14.1f}")


if __name__ == "__main__":
    main()
