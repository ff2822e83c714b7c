"""How many readers a core serves: the public calculator behind nginx, 1 and 2 replicas, under R
simulated readers at once, beside an idle server measured in the same run.

    python -m benchmarks.browser.bench_readers [--replicas 1 2] [--readers 2 3 4 6 8 12 16]
                                               [--visits 16] [--think 2] [--cached]
                                               [--level-timeout 300]

For each replica count, ``deploy/replicas.py --replicas N`` runs as an operator runs it. A reader
visits the help center's preset link as a new visitor: the page, the files a browser with an
empty cache fetched before opening the session, the session's WebSocket (and meanwhile the files
the browser fetched after it), the answer; then it changes its rating, then the opponent's,
reading the answer after each, pausing a random 0 … ``--think`` s before each action. A level
is R readers at once sharing ``--visits`` visits (each makes ``ceil(visits / R)``), within
``--level-timeout`` s (each unfinished reader counts an error). The idle server is one reader
alone on the same servers, first. A level meets the goal with no error and the 95th percentile
of its times to the answer within 2× the idle one; the levels stop after two in a row miss it.
Reported: each level's times, errors, CPU per visit (replicas, nginx, this process), how the
replicas shared the work and the load average; then, per replica count, the most readers at
once within the goal, per core (a replica is one Python process: one core at most).
``--cached``: returning readers, whose browser keeps Streamlit's immutable files (/static/).

The simulated readers: :mod:`benchmarks.browser.simulated_reader`.
"""

from __future__ import annotations

import argparse
import asyncio
import math
import os
import platform
import random
import statistics
import time
from dataclasses import dataclass, field

import websockets

from benchmarks.browser.harness import cpu_seconds, load_average, p95
from benchmarks.browser.simulated_reader import (
    NO_FILES,
    Answer,
    BadAnswerError,
    Files,
    record_files,
    visit,
)
from tests.browser.browser_support import free_port
from tests.browser.replicas_support import descendants, replicas_script


async def reader(
    url: str, files: Files, number: int, visits: int, think: float, level: Level
) -> None:
    """One reader's ``visits`` visits, each after a pause; answers and errors go to ``level``."""
    draws = random.Random(number)
    for index in range(visits):
        await asyncio.sleep(draws.uniform(0, think))
        # A rating and an opponent of this reader's own, so that no two readers share a run.
        inputs = (1400 + (37 * number + 11 * index) % 600, 1400 + (53 * number + 7 * index) % 600)
        try:
            level.answers += await visit(url, files, inputs, think, draws)
        except (BadAnswerError, TimeoutError, OSError, websockets.WebSocketException) as error:
            level.errors.append(f"reader {number} visit {index}: {type(error).__name__}: {error}")


# --- A level: R readers at once -------------------------------------------------------------------


@dataclass
class Level:
    readers: int
    answers: list[Answer] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)
    visits: int = 0
    wall: float = 0.0
    server_cpu: dict[int, float] = field(default_factory=dict)  #: per process: replicas, nginx
    client_cpu: float = 0.0
    load: str = ""

    def times(self, kind: str | None = None) -> list[float]:
        return [a.answer for a in self.answers if kind in (None, a.kind)]


async def run_level(
    url: str, files: Files, servers: list[int], readers: int, visits: int, think: float,
    timeout: float,
) -> Level:  # fmt: skip
    each = math.ceil(visits / readers)
    level = Level(readers, visits=readers * each)
    server0 = {pid: cpu_seconds(pid) for pid in servers}
    client0, start = time.process_time(), time.perf_counter()
    tasks = [
        asyncio.ensure_future(reader(url, files, number, each, think, level))
        for number in range(readers)
    ]
    _, pending = await asyncio.wait(tasks, timeout=timeout)
    for task in pending:
        task.cancel()
    await asyncio.gather(*pending, return_exceptions=True)
    level.errors += [f"unfinished after {timeout:.0f} s"] * len(pending)
    level.wall = time.perf_counter() - start
    level.client_cpu = time.process_time() - client0
    level.server_cpu = {pid: cpu_seconds(pid) - used for pid, used in server0.items()}
    level.load = load_average()
    return level


# --- Each replica count, and the report -----------------------------------------------------------


@dataclass
class Measured:
    replicas: int
    idle: Level
    levels: list[Level]


def within(level: Level, idle: Level) -> bool:
    """The goal: no error, and the 95th percentile of the times to the answer within 2× idle."""
    return not level.errors and bool(level.answers) and p95(level.times()) <= 2 * p95(idle.times())


async def measure(
    count: int, args: argparse.Namespace, files: Files | None
) -> tuple[Measured, Files]:
    """``deploy/replicas.py --replicas count``: warm each replica, the idle level, then each
    level of readers until two in a row miss the goal."""
    with replicas_script(count, free_port()) as running:
        replicas = {replica.pid for replica in running.replicas}
        servers = descendants(running.process.pid)  # the replicas, nginx and its worker
        for replica in running.replicas:  # a replica's first run imports the page's modules
            await visit(
                f"http://127.0.0.1:{replica.port}", NO_FILES, (1500, 1500), 0, random.Random()
            )
        files = files or await record_files(running.url, servers)
        used = files.cached() if args.cached else files
        print(f"\n{count} replica(s) behind nginx, {running.url}")
        print(HEADER)
        idle = await run_level(
            running.url, used, servers, 1, args.visits, args.think, args.level_timeout
        )
        print(row(idle, idle, replicas), flush=True)
        levels: list[Level] = []
        for readers in args.readers:
            level = await run_level(
                running.url, used, servers, readers, args.visits, args.think, args.level_timeout
            )
            levels.append(level)
            print(row(level, idle, replicas), flush=True)
            if len(levels) >= 2 and not within(levels[-1], idle) and not within(levels[-2], idle):
                break
        for level in (idle, *levels):
            for error in level.errors[:3]:
                print(f"  R = {level.readers}: {error}")
    return Measured(count, idle, levels), files


HEADER = (
    f"{'R':>3}{'visits':>7}{'answers':>8}{'err':>5}{'p50':>7}{'p95':>7}{'max':>7}"
    f"{'open p95':>9}{'change p95':>11}{'done p95':>9}{'÷ idle':>7}{'replicas':>9}{'nginx':>6}"
    f"{'cores':>6}"
    f"{'split':>7}{'client':>7}{'cores':>6}{'wall':>6}  load average"
)
LEGEND = """\
R: readers at once; visits: all R readers' visits; answers: times to the answer read (3 a
visit); err: failed visits (a wrong number, a failed request or run, a timeout). p50, p95, max:
ms to the answer, opens and changes together; open p95, change p95 apart; done p95: until the
run ended (an open: and every file arrived). ÷ idle: p95 over the idle level's (R = 1, the first
row). replicas, nginx: their CPU ms per visit; cores: their CPU over the level's wall time;
split: each replica's share of the replicas' CPU, %. client: this process's CPU ms per visit
(the simulated readers) and cores."""


def row(level: Level, idle: Level, replicas: set[int]) -> str:
    times = [1000 * t for t in level.times()] or [math.nan]
    done = [1000 * a.done for a in level.answers] or [math.nan]
    part = {
        kind: [1000 * t for t in level.times(kind)] or [math.nan] for kind in ("open", "change")
    }
    visits = max(1, level.visits)
    replica_cpu = sum(used for pid, used in level.server_cpu.items() if pid in replicas)
    nginx_cpu = sum(used for pid, used in level.server_cpu.items() if pid not in replicas)
    ratio = p95(times) / (1000 * p95(idle.times())) if idle.answers else math.nan
    shares = (
        [level.server_cpu[pid] / replica_cpu for pid in sorted(replicas)] if replica_cpu else []
    )
    split = "/".join(f"{100 * share:.0f}" for share in shares)
    return (
        f"{level.readers:>3}{level.visits:>7}{len(level.answers):>8}{len(level.errors):>5}"
        f"{statistics.median(times):>7.0f}{p95(times):>7.0f}{max(times):>7.0f}"
        f"{p95(part['open']):>9.0f}{p95(part['change']):>11.0f}{p95(done):>9.0f}{ratio:>7.2f}"
        f"{1000 * replica_cpu / visits:>9.0f}{1000 * nginx_cpu / visits:>6.0f}"
        f"{(replica_cpu + nginx_cpu) / level.wall:>6.2f}{split:>7}"
        f"{1000 * level.client_cpu / visits:>7.0f}{level.client_cpu / level.wall:>6.2f}"
        f"{level.wall:>6.0f}  {level.load}"
    )


def verdict(measured: Measured) -> str:
    """The most readers at once within the goal, per replica, and the visits a second served."""
    idle = p95(measured.idle.times())
    met = [level for level in measured.levels if within(level, measured.idle)]
    if not met:
        return f"{measured.replicas} replica(s): no level within 2× the idle p95 ({idle:.3f} s)"
    best = max(met, key=lambda level: level.readers)
    per, rate = measured.replicas, len(best.times("open")) / best.wall
    return (
        f"{per} replica(s): {best.readers} readers at once within 2× the idle p95 "
        f"({1000 * p95(best.times()):.0f} ms against {1000 * idle:.0f} ms): "
        f"readers per core {best.readers / per:g} (a replica is one process, one core at most); "
        f"{rate:.2f} visits a second, {rate / per:.2f} per core"
    )


async def main_async(args: argparse.Namespace) -> None:
    print(
        f"Python {platform.python_version()}, {platform.machine()}, "
        f"{len(os.sched_getaffinity(0))} cores; load average {load_average()}; {args.visits} "
        f"visits a level at least, think time 0–{args.think:g} s"
    )
    files: Files | None = None
    results = []
    for count in args.replicas:
        measured, files = await measure(count, args, files)
        results.append(measured)
        before, after = len(files.before), len(files.after)
        print(f"  files a visit fetches: {before} before the session opens, {after} after")
    print()
    print(LEGEND)
    for measured in results:
        print(verdict(measured))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else None)
    parser.add_argument("--replicas", type=int, nargs="+", default=[1, 2], help="replica counts")
    parser.add_argument(
        "--readers", type=int, nargs="+", default=[2, 3, 4, 6, 8, 12, 16], help="R values"
    )
    parser.add_argument(
        "--visits", type=int, default=16, help="visits a level makes, shared among its readers"
    )
    parser.add_argument(
        "--cached",
        action="store_true",
        help="returning readers: their browser has Streamlit's files under /static/ already",
    )
    parser.add_argument("--think", type=float, default=2.0, help="pause before each action: 0 … s")
    parser.add_argument(
        "--level-timeout", type=float, default=300.0, help="seconds one level may take at most"
    )
    asyncio.run(main_async(parser.parse_args()))


if __name__ == "__main__":
    main()
