"""Speed of the rating systems' comparison, beside the replay of the same games in the same run.

    python -m benchmarks.core.bench_systems [--sizes 1000000] [--repeat 1]

For the shipped league (50,500 games) and each generated size (``bench_replay``'s history:
2,000 players, 13 weeks per million rows):

1. Baseline: ``replay`` of the history under the current rules (the compiled pass loaded
   first), its best run.
2. ``compare_systems`` with every default system (the rule sets, the fitted divisor, Glicko-2
   at its defaults and with its RD and volatility chosen of 8 candidates, Weng-Lin at openskill's
   defaults and with β and τ chosen of 8), wall and CPU seconds, each system's own seconds, and
   its ratio to the replay.
3. The league also as the command runs it, ``gammon-elo systems --league`` in a fresh process.
4. openskill's own ``rate``, game by game, over the league's first games, beside the package's
   Weng-Lin loop on the same games (checked equal): why the loop is the package's.

Goals: the league in at most 10 s, a million games in at most 60 s.
"""

from __future__ import annotations

import argparse
import resource
import subprocess
import sys
import time
from collections.abc import Callable
from typing import Any

import numpy as np
import pandas as pd

from benchmarks.core.bench_replay import WEEKS_PER_MILLION, generate
from gammon_elo.league import shipped_league
from gammon_elo.replay import replay
from gammon_elo.systems import compare_systems, history_levels
from gammon_elo.systems.weng_lin import weng_lin_history
from tests.oracles import weng_lin_by_openskill

GOALS = {"league": 10.0, "million": 60.0}
#: Games openskill rates one by one (it takes a while).
OPENSKILL_GAMES = 10_000


def timed(run: Callable[[], Any], repeat: int) -> tuple[float, float, Any]:
    """The best wall and CPU seconds of ``repeat`` runs, and the last result."""
    best_wall = best_cpu = float("inf")
    result = None
    for _ in range(repeat):
        wall, cpu = time.perf_counter(), time.process_time()
        result = run()
        best_wall = min(best_wall, time.perf_counter() - wall)
        best_cpu = min(best_cpu, time.process_time() - cpu)
    return best_wall, best_cpu, result


def bench(name: str, frame: pd.DataFrame, goal: float, repeat: int) -> None:
    levels = history_levels(frame)
    replay(frame.head(1_000))  # the change tables and the compiled pass, loaded once
    replay_wall, replay_cpu, _ = timed(lambda: replay(frame), max(repeat, 3))
    wall, cpu, result = timed(lambda: compare_systems(frame, levels=levels), repeat)
    ranked = len(frame) if "type" not in frame else int((frame["type"] == "ranked").sum())
    print(f"\n== {name}: {len(frame):,} rows ({ranked:,} ranked), {result.games:,} scored ==")
    print(f"replay (1.3.1)      {replay_wall:7.2f} s wall {replay_cpu:7.2f} s CPU")
    print(
        f"compare_systems     {wall:7.2f} s wall {cpu:7.2f} s CPU  = {wall / replay_wall:,.0f}×"
        f" the replay; goal ≤ {goal:.0f} s: {'met' if wall <= goal else 'not met'}"
    )
    for system, seconds in zip(result.rows["system"], result.rows["seconds"], strict=True):
        print(f"  {seconds:7.2f} s  {system}")


def bench_command() -> None:
    """``gammon-elo systems --league`` in a fresh interpreter, imports and reading included."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    done = subprocess.run(
        [sys.executable, "-m", "gammon_elo", "systems", "--league"],
        capture_output=True,
        text=True,
        check=True,
    )
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime
    assert "the shipped league:" in done.stdout
    print(f"gammon-elo systems --league, fresh process: {wall:.2f} s wall {cpu:.2f} s CPU")


def bench_openskill(frame: pd.DataFrame) -> None:
    ranked = frame.head(OPENSKILL_GAMES)
    names = {n: i for i, n in enumerate(pd.unique(pd.concat([ranked["winner"], ranked["loser"]])))}
    winner = [names[n] for n in ranked["winner"]]
    loser = [names[n] for n in ranked["loser"]]
    start = time.perf_counter()
    theirs, _ = weng_lin_by_openskill(winner, loser, len(names), beta=4 * 25 / 6, tau=0.0)
    openskill = time.perf_counter() - start
    for compiled in (False, True):
        weng_lin_history(winner, loser, len(names), compiled=compiled)  # loaded once
        start = time.perf_counter()
        ours = weng_lin_history(
            winner, loser, len(names), beta=4 * 25 / 6, tau=0, compiled=compiled
        )
        seconds = time.perf_counter() - start
        assert np.allclose(ours.expected_winner, theirs, rtol=0, atol=1e-12)
        kind = "compiled" if compiled else "plain"
        print(
            f"Weng-Lin, {len(winner):,} games: openskill's rate {len(winner) / openskill:,.0f}"
            f" games/s; the package's loop ({kind}) {len(winner) / seconds:,.0f} games/s,"
            f" {openskill / seconds:,.0f}× faster"
        )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", type=int, nargs="*", default=[1_000_000])
    parser.add_argument("--repeat", type=int, default=1)
    args = parser.parse_args()
    league = shipped_league()
    bench("the shipped league", league, GOALS["league"], args.repeat)
    bench_command()
    bench_openskill(league)
    for n in args.sizes:
        frame = generate(n, n / 1e6 * WEEKS_PER_MILLION)
        goal = GOALS["million"] * n / 1e6
        bench(f"{n:,} generated rows", frame, goal, args.repeat)


if __name__ == "__main__":
    main()
