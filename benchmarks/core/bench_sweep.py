"""Throughput of a rule sweep on Dask, beside the same tasks run in this process in the same run.

    python -m benchmarks.core.bench_sweep [--tasks N] [--players P] [--weeks W] [--repeat R]

Each task is one rule set over one simulated population (P players × W weeks; the defaults,
2,000 × 10, take about a second on this machine). Measured:

1. Serial baseline: the N tasks one after another in this process (``serial=True``), and the
   time of one task (their mean).
2. A LocalCluster of 1 worker process, then of 2, each started before the clock starts (a
   sweep also pays the cluster's start, printed apart): tasks per second, and the 2-worker
   throughput as a multiple of the 1-worker one. Goal ≥ 1.7× on 2 cores.
3. Per-task overhead: (1-worker time − serial time) / N, as a share of one task's time; and
   (1-worker time − the worker's compute time of the tasks, from Dask's task stream) / N, what
   Dask itself adds whatever the load. Goal ≤ 5 % for tasks of ≥ 1 s.

Each figure is the best of R runs (the machine is shared; the best run is the least disturbed).
"""

from __future__ import annotations

import argparse
import logging
import math
import os
import platform
import time
from typing import Any

from gammon_elo.parallel import run_tasks
from gammon_elo.sweep import Grid
from gammon_elo.sweep.tasks import SimulationTask, run_task


def tasks_of(count: int, players: int, weeks: int) -> list[SimulationTask]:
    rules = Grid(divisors=tuple(range(400, 400 + 100 * count, 100)), ks=(32,)).rule_sets()
    return [SimulationTask(r, seed=0, players=players, weeks=weeks) for r in rules]


def best(repeat: int, run: Any) -> float:
    fastest = math.inf
    for _ in range(repeat):
        start = time.perf_counter()
        run()
        fastest = min(fastest, time.perf_counter() - start)
    return fastest


def on_cluster(
    workers: int, tasks: list[SimulationTask], repeat: int
) -> tuple[float, float, float]:
    """Best wall time of the tasks on a LocalCluster of ``workers`` processes, its start, and
    the workers' own compute time of that run's tasks (from the scheduler's task stream)."""
    from distributed import Client, LocalCluster

    began = time.perf_counter()
    cluster = LocalCluster(
        n_workers=workers,
        threads_per_worker=1,
        processes=True,
        dashboard_address="127.0.0.1:0",
        silence_logs=logging.ERROR,
    )
    start = time.perf_counter() - began
    monitor = Client(cluster)
    try:
        address = cluster.scheduler_address
        run_tasks(run_task, tasks[:workers], shared=(None,), scheduler=address)  # warm imports
        monitor.get_task_stream()  # the first call starts the scheduler's record of tasks
        fastest, compute = math.inf, math.nan
        for _ in range(repeat):
            since = time.time()
            began = time.perf_counter()
            run_tasks(run_task, tasks, shared=(None,), scheduler=address)
            wall = time.perf_counter() - began
            if wall < fastest:
                fastest = wall
                stream = monitor.get_task_stream(start=since)
                compute = sum(
                    part["stop"] - part["start"]
                    for record in stream
                    for part in record["startstops"]
                    if part["action"] == "compute"
                )
    finally:
        monitor.close()
        cluster.close()
    return fastest, start, compute


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tasks", type=int, default=16)
    parser.add_argument("--players", type=int, default=2000)
    parser.add_argument("--weeks", type=int, default=10)
    parser.add_argument("--repeat", type=int, default=2)
    args = parser.parse_args(argv)
    tasks = tasks_of(args.tasks, args.players, args.weeks)
    print(
        f"{platform.python_implementation()} {platform.python_version()}, {os.cpu_count()} cores,"
        f" load average {os.getloadavg()[0]:.1f}; {len(tasks)} tasks of {args.players} players"
        f" × {args.weeks} weeks"
    )
    run_task(None, tasks[0])  # warm imports
    serial = best(args.repeat, lambda: [run_task(None, task) for task in tasks])
    task_time = serial / len(tasks)
    print(f"serial (this process): {serial:.2f} s, {task_time:.3f} s a task")
    one, start_one, compute_one = on_cluster(1, tasks, args.repeat)
    two, start_two, _ = on_cluster(2, tasks, args.repeat)
    print(
        f"1 worker: {one:.2f} s, {len(tasks) / one:.2f} tasks/s"
        f" (cluster start {start_one:.1f} s, not counted)"
    )
    print(
        f"2 workers: {two:.2f} s, {len(tasks) / two:.2f} tasks/s"
        f" (cluster start {start_two:.1f} s, not counted)"
    )
    print(f"throughput 2 workers / 1 worker: {one / two:.2f}× (goal ≥ 1.7×)")
    overhead = (one - serial) / len(tasks)
    print(
        f"per-task overhead on 1 worker against this process: {overhead * 1000:.1f} ms,"
        f" {overhead / task_time:.1%} of a {task_time:.2f}-s task (goal ≤ 5 % for tasks of ≥ 1 s)"
    )
    # The same, against the worker's own compute time: what Dask adds (scheduling, sending
    # tasks and results), without the task running slower or faster in the other process.
    beside = (one - compute_one) / len(tasks)
    print(
        f"per-task overhead on 1 worker against its compute time: {beside * 1000:.1f} ms,"
        f" {beside / (compute_one / len(tasks)):.1%} of the task's {compute_one / len(tasks):.2f} s"
    )


if __name__ == "__main__":
    main()
