"""Speed of the Planner's simulated paths, beside a plain per-game Python loop measured in the
same run.

    python -m benchmarks.core.bench_plan [--paths N] [--games G] [--loop-paths L] [--repeat R]

1. ``plan``: N paths × G games (defaults 1,000 × 2,000, the Planner page's size) from 1500
   towards 1800 against 1500s at a 58 % win rate, 60 games a week (so K drops to 16 from game
   51), the simulator's cube mix. The figure is games per second, everything included (the
   draws, the walk, the percentiles of the band and of the games needed) and the wall time of
   one call, which the page waits for.
2. Baseline: the same walk for L paths (default 10) one game at a time, a Python loop calling
   ``gammon_elo.rating_change`` with the same random numbers (``tests.oracles``); its mean path
   is checked equal to ``plan``'s for those L paths before timing. Its rate, scaled to N × G
   games, is what a plain loop would take for the page.

Each figure is the best of R runs: the machine is shared (2 cores), so the best run is the least
disturbed.
"""

from __future__ import annotations

import argparse
import math
import platform
import time
from collections.abc import Callable

import numpy as np

from gammon_elo import CUBE_MIX, Plan, plan
from tests.oracles import plan_paths_game_by_game

RATING, TARGET, OPPONENT, WIN_RATE, PER_WEEK = 1500, 1800, 1500, 0.58, 60.0


def best_time(run: Callable[[], object], repeat: int) -> tuple[float, object]:
    best, result = math.inf, None
    for _ in range(repeat):
        start = time.perf_counter()
        result = run()
        best = min(best, time.perf_counter() - start)
    return best, result


def planned(paths: int, games: int) -> Plan:
    return plan(
        RATING, TARGET, opponent=OPPONENT, win_rate=WIN_RATE, games_per_week=PER_WEEK,
        cube=CUBE_MIX, paths=paths, horizon=games, seed=1,
    )  # fmt: skip


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--paths", type=int, default=1000)
    parser.add_argument("--games", type=int, default=2000)
    parser.add_argument("--loop-paths", type=int, default=10)
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    print(f"Python {platform.python_version()}, numpy {np.__version__}, {platform.machine()}")

    seconds, result = best_time(lambda: planned(args.paths, args.games), args.repeat)
    assert isinstance(result, Plan)
    games = args.paths * args.games
    plan_rate = games / seconds
    print(f"\nplan: {args.paths:,} paths × {args.games:,} games = {games:,} games")
    print(
        f"  {'numpy, all paths a step at a time':<40} {seconds:6.3f} s →"
        f" {plan_rate:>12,.0f} games/s"
    )

    small = planned(args.loop_paths, args.games)
    check = plan_paths_game_by_game(
        RATING, OPPONENT, WIN_RATE, PER_WEEK, CUBE_MIX, args.loop_paths, args.games, seed=1
    )
    assert np.array_equal(small.mean, check.mean(axis=1)), "the loop and plan disagree"
    loop_seconds, _ = best_time(
        lambda: plan_paths_game_by_game(
            RATING, OPPONENT, WIN_RATE, PER_WEEK, CUBE_MIX, args.loop_paths, args.games, seed=1
        ),
        args.repeat,
    )
    loop_games = args.loop_paths * args.games
    loop_rate = loop_games / loop_seconds
    print(f"\nbaseline: {args.loop_paths} paths × {args.games:,} games, one rating_change each")
    print("  (its mean path checked equal to plan's for the same paths)")
    print(
        f"  {'Python loop over rating_change':<40} {loop_seconds:6.3f} s → {loop_rate:>12,.0f}"
        f" games/s; {games / loop_rate:,.1f} s scaled to {games:,} games"
    )
    print(f"\nratio plan / loop: {plan_rate / loop_rate:.1f}")


if __name__ == "__main__":
    main()
