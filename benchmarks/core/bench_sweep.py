"""Throughput of a rule sweep on Dask, beside the same tasks run in this process in the same run.

    python -m benchmarks.core.bench_sweep [--tasks N] [--players P] [--weeks W] [--repeat R]
                                          [--dask-malloc]

Each task is one rule set over one simulated population (P players × W weeks): size them for
tasks of a second or more, the tasks the overhead goal speaks of (benchmarks/README.md gives
the sizes its figures were taken at). Measured:

1. Serial baseline: the N tasks one after another in this process (``serial=True``), and the
   time of one task (their mean), its CPU time and its minor page faults.
2. The package's LocalCluster (:func:`gammon_elo.parallel.local_cluster`) of 1 worker process,
   then of 2, each started before the clock starts (a sweep also pays the cluster's start,
   printed apart): tasks per second, and the 2-worker throughput as a multiple of the 1-worker
   one. Goal ≥ 1.7× on 2 cores.
3. A task's compute time on the worker against its time in this process; goal within 10 %.
   Measured in pairs, each task run here and then at once on the 1-worker cluster, so that
   both halves of a pair meet the same load (the machine is shared): the median and range of
   the pairs' worker/here ratios, of the wall time and of the task thread's CPU time (which a
   loaded machine disturbs less), and the minor page faults a task in each.
4. Per-task overhead: (1-worker time − serial time) / N, as a share of one task's time; and
   (1-worker time − the worker's compute time of the tasks) / N, what Dask itself adds whatever
   the load. Goal ≤ 5 % for tasks of ≥ 1 s.

With ``--dask-malloc`` the workers start as Dask's own LocalCluster starts them, under the
Nanny's ``MALLOC_TRIM_THRESHOLD_=65536`` and with Dask's profiler (what
:data:`gammon_elo.parallel.WORKER_CONFIG` leaves out), for comparison.

Each figure is the best of R runs (the machine is shared; the best run is the least disturbed).
"""

from __future__ import annotations

import argparse
import logging
import math
import os
import platform
import resource
import statistics
import time
from dataclasses import dataclass
from typing import Any

from gammon_elo.parallel import local_cluster, run_tasks
from gammon_elo.sweep import Grid
from gammon_elo.sweep.tasks import SimulationTask, run_task


def tasks_of(count: int, players: int, weeks: int) -> list[SimulationTask]:
    rules = Grid(divisors=tuple(range(400, 400 + 100 * count, 100)), ks=(32,)).rule_sets()
    return [SimulationTask(r, seed=0, players=players, weeks=weeks) for r in rules]


@dataclass(frozen=True)
class Run:
    """One run of the tasks: its wall time, the CPU seconds and minor page faults of the
    process(es) that computed them, and (on a cluster) the workers' compute time of the tasks."""

    wall: float
    cpu: float
    faults: int
    compute: float = math.nan


def timed(task: SimulationTask) -> tuple[float, float, int]:
    """The task run in the calling thread: its wall and CPU seconds, its minor page faults."""
    faults = resource.getrusage(resource.RUSAGE_THREAD).ru_minflt
    began, cpu = time.perf_counter(), time.thread_time()
    run_task(None, task)
    wall, cpu = time.perf_counter() - began, time.thread_time() - cpu
    return wall, cpu, resource.getrusage(resource.RUSAGE_THREAD).ru_minflt - faults


def paired(monitor: Any, tasks: list[SimulationTask]) -> list[tuple[Any, Any]]:
    """Each task timed here, then at once on the cluster: (here, there) per task."""
    return [(timed(task), monitor.submit(timed, task, pure=False).result()) for task in tasks]


def _usage(usage: resource.struct_rusage) -> tuple[float, int]:
    return usage.ru_utime + usage.ru_stime, usage.ru_minflt


def serial_runs(repeat: int, tasks: list[SimulationTask]) -> Run:
    """The best of ``repeat`` runs of the tasks one after another in this process."""
    fastest = Run(math.inf, math.nan, 0)
    for _ in range(repeat):
        cpu, faults = _usage(resource.getrusage(resource.RUSAGE_SELF))
        start = time.perf_counter()
        for task in tasks:
            run_task(None, task)
        wall = time.perf_counter() - start
        cpu_after, faults_after = _usage(resource.getrusage(resource.RUSAGE_SELF))
        if wall < fastest.wall:
            fastest = Run(wall, cpu_after - cpu, faults_after - faults)
    return fastest


def _cluster(workers: int, dask_malloc: bool) -> Any:
    if not dask_malloc:
        return local_cluster(workers)
    from distributed import LocalCluster

    return LocalCluster(
        n_workers=workers,
        threads_per_worker=1,
        processes=True,
        dashboard_address="127.0.0.1:0",
        silence_logs=logging.CRITICAL,
    )


def _workers_usage(monitor: Any) -> tuple[float, int]:
    """CPU seconds and minor page faults of every worker process, summed."""
    usages = monitor.run(resource.getrusage, resource.RUSAGE_SELF).values()
    seconds, faults = zip(*(_usage(u) for u in usages), strict=True)
    return sum(seconds), sum(faults)


def on_cluster(
    workers: int, tasks: list[SimulationTask], repeat: int, *, dask_malloc: bool = False
) -> tuple[Run, float, list[tuple[Any, Any]]]:
    """The best run of the tasks on a LocalCluster of ``workers`` processes, its start, and on
    1 worker the tasks timed in pairs (:func:`paired`)."""
    from distributed import Client

    began = time.perf_counter()
    cluster = _cluster(workers, dask_malloc)
    start = time.perf_counter() - began
    monitor = Client(cluster)
    try:
        address = cluster.scheduler_address
        run_tasks(run_task, tasks[:workers], shared=(None,), scheduler=address)  # warm imports
        monitor.get_task_stream()  # the first call starts the scheduler's record of tasks
        fastest = Run(math.inf, math.nan, 0)
        for _ in range(repeat):
            cpu, faults = _workers_usage(monitor)
            since = time.time()
            began = time.perf_counter()
            run_tasks(run_task, tasks, shared=(None,), scheduler=address)
            wall = time.perf_counter() - began
            cpu_after, faults_after = _workers_usage(monitor)
            if wall < fastest.wall:
                stream = monitor.get_task_stream(start=since)
                compute = sum(
                    part["stop"] - part["start"]
                    for record in stream
                    for part in record["startstops"]
                    if part["action"] == "compute"
                )
                fastest = Run(wall, cpu_after - cpu, faults_after - faults, compute)
        pairs = paired(monitor, tasks) if workers == 1 else []
    finally:
        monitor.close()
        cluster.close()
    return fastest, start, pairs


def _ratios(pairs: list[tuple[Any, Any]], field: int) -> str:
    ratios = sorted(there[field] / here[field] for here, there in pairs)
    low, high = ratios[0] - 1, ratios[-1] - 1
    return f"{statistics.median(ratios) - 1:+.1%} ({low:+.1%} to {high:+.1%})"


def _arguments(argv: list[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tasks", type=int, default=16)
    parser.add_argument("--players", type=int, default=2000)
    parser.add_argument("--weeks", type=int, default=10)
    parser.add_argument("--repeat", type=int, default=2)
    parser.add_argument(
        "--dask-malloc",
        action="store_true",
        help="workers under the Nanny's MALLOC_TRIM_THRESHOLD_=65536, as Dask starts them",
    )
    return parser.parse_args(argv)


def _worker_against_here(one: Run, serial: Run, pairs: list[tuple[Any, Any]], n: int) -> None:
    """Points 3 and 4: a task on the 1-worker cluster against the same task in this process,
    and what the cluster adds to each task."""
    task_time = serial.wall / n
    compute = one.compute / n
    print(
        f"a task on the worker against the same task here, {n} pairs: wall {_ratios(pairs, 0)}"
        f" (goal within 10 %), the task thread's CPU {_ratios(pairs, 1)}; minor faults a task"
        f" {statistics.median(t[2] for _, t in pairs):,.0f} there,"
        f" {statistics.median(h[2] for h, _ in pairs):,.0f} here"
    )
    print(
        f"best 1-worker run: compute {compute:.3f} s a task ({compute / task_time - 1:+.1%} against"
        f" the serial run's), the worker process's CPU {one.cpu / n:.3f} s a task"
        f" ({one.cpu / serial.cpu - 1:+.1%}), {one.faults / n:,.0f} minor faults"
    )
    overhead = (one.wall - serial.wall) / n
    print(
        f"per-task overhead on 1 worker against this process: {overhead * 1000:.1f} ms,"
        f" {overhead / task_time:.1%} of a {task_time:.2f}-s task (goal ≤ 5 % for tasks of ≥ 1 s)"
    )
    # The same, against the worker's own compute time: what Dask adds (scheduling, sending
    # tasks and results), without the task running slower or faster in the other process.
    beside = (one.wall - one.compute) / n
    print(
        f"per-task overhead on 1 worker against its compute time: {beside * 1000:.1f} ms,"
        f" {beside / compute:.1%} of the task's {compute:.2f} s"
    )


def main(argv: list[str] | None = None) -> None:
    args = _arguments(argv)
    tasks = tasks_of(args.tasks, args.players, args.weeks)
    n = len(tasks)
    print(
        f"{platform.python_implementation()} {platform.python_version()}, {os.cpu_count()} cores,"
        f" load average {os.getloadavg()[0]:.1f}; {n} tasks of {args.players} players"
        f" × {args.weeks} weeks; workers under "
        + ("Dask's MALLOC_TRIM_THRESHOLD_=65536" if args.dask_malloc else "the package's settings")
    )
    run_task(None, tasks[0])  # warm imports
    serial = serial_runs(args.repeat, tasks)
    print(
        f"serial (this process): {serial.wall:.2f} s, {serial.wall / n:.3f} s a task"
        f" ({serial.cpu / n:.3f} s CPU, {serial.faults / n:,.0f} minor faults)"
    )
    one, start_one, pairs = on_cluster(1, tasks, args.repeat, dask_malloc=args.dask_malloc)
    two, start_two, _ = on_cluster(2, tasks, args.repeat, dask_malloc=args.dask_malloc)
    print(
        f"1 worker: {one.wall:.2f} s, {n / one.wall:.2f} tasks/s"
        f" (cluster start {start_one:.1f} s, not counted)"
    )
    print(
        f"2 workers: {two.wall:.2f} s, {n / two.wall:.2f} tasks/s"
        f" (cluster start {start_two:.1f} s, not counted)"
    )
    print(f"throughput 2 workers / 1 worker: {one.wall / two.wall:.2f}× (goal ≥ 1.7×)")
    _worker_against_here(one, serial, pairs, n)


if __name__ == "__main__":
    main()
