"""Speed of the population simulator, beside a plain per-game Python loop measured in the same run.

    python -m benchmarks.core.bench_simulate [--players N] [--weeks W] [--repeat R]

1. ``simulate``: N players × W weeks (defaults 10,000 × 52), the games rated under the three
   rule sets at once (common random numbers: one schedule, one set of results) and, for
   comparison, under one. The figure is games rated per second per rule set: games × rule sets
   / wall time, everything included (schedule, pairing, results, statistics).
2. Baseline: the recorded games of a smaller run (2,000 players × 2 weeks) rated one at a time by
   a Python loop calling ``gammon_elo.rating_change`` with each player's recorded 7-day count, per
   rule set. It only rates (no schedule, no statistics), which favours it. Before timing, its
   final ratings are checked to be the simulator's, rating for rating.

Each figure is the best of R runs: the machine is shared (2 cores), so the best run is the least
disturbed, and figures still move from run to run.
"""

from __future__ import annotations

import argparse
import functools
import math
import platform
import time
from collections.abc import Callable

import numpy as np

from gammon_elo import RULES, Population, Simulation
from gammon_elo.simulate import simulate
from tests.oracles import rate_simulated_games

RULE_SETS = tuple(RULES)


def best_time(run: Callable[[], object], repeat: int) -> tuple[float, object]:
    best, result = math.inf, None
    for _ in range(repeat):
        start = time.perf_counter()
        result = run()
        best = min(best, time.perf_counter() - start)
    return best, result


def loop_ratings(run: Simulation, name: str) -> list[int]:
    """Every recorded game through rating_change, one at a time (the tests' oracle)."""
    assert run.log is not None
    return rate_simulated_games(run.log, len(run.ratings), RULES[name])


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=10_000)
    parser.add_argument("--weeks", type=int, default=52)
    parser.add_argument("--repeat", type=int, default=3, help="runs per figure (best is kept)")
    args = parser.parse_args(argv)
    print(
        f"gammon_elo simulator benchmark — Python {platform.python_version()}, numpy "
        f"{np.__version__}, {platform.machine()}, best of {args.repeat}"
    )

    population = Population(players=args.players, weeks=args.weeks)
    print(f"\nsimulate: {args.players:,} players × {args.weeks} weeks, default population")
    rates = {}
    for rules in (RULE_SETS, RULE_SETS[-1:]):
        seconds, result = best_time(
            functools.partial(simulate, population, rules=rules), args.repeat
        )
        assert isinstance(result, Simulation)
        per_rule_set = result.games * len(rules) / seconds
        rates[len(rules)] = per_rule_set
        label = f"{len(rules)} rule set{'s' if len(rules) > 1 else ''} ({', '.join(rules)})"
        print(
            f"  {label:<34} {result.games:>11,} games in {seconds:5.2f} s"
            f" → {per_rule_set:>11,.0f} games/s per rule set"
        )

    small = simulate(Population(players=2000, weeks=2), rules=RULE_SETS, record_games=True)
    assert small.log is not None
    for name in RULE_SETS:
        assert loop_ratings(small, name) == small.ratings[name].tolist(), name
    seconds, _ = best_time(lambda: loop_ratings(small, RULE_SETS[-1]), args.repeat)
    loop_rate = len(small.log) / seconds
    print(f"\nbaseline: {len(small.log):,} recorded games, one rating_change call each")
    print("  (its ratings checked equal to the simulator's under every rule set)")
    print(f"  {'Python loop over rating_change':<65} → {loop_rate:>11,.0f} games/s per rule set")
    print(f"\nratio simulator / loop: {rates[3] / loop_rate:.1f} with 3 rule sets,"
          f" {rates[1] / loop_rate:.1f} with 1")  # fmt: skip


if __name__ == "__main__":
    main()
