"""Another reader's home page while other readers run sweeps on the Rule designer page.

    python -m benchmarks.browser.bench_sweeps [--sessions 3] [--steps 15] [--think-ms 300]
                                              [--query QUERY] [--workers W]
                                              [--concurrent-runs R] [--root DIR]

Goal: another reader's home-page rerun stays within a stated bound while sweeps run — the home
page's p95 during the sweeps at most ``--bound`` (3 by default) times its p95 without them,
measured in the same run (whether it is met: benchmarks/README.md). The bound is on the p95,
not the median: while the sweeps run their two workers take both cores of a 2-core machine,
and a bound on the median would need more cores than workers.

One ``streamlit run lab.py`` (the lab, which serves these pages) on loopback and one headless
Chromium (Debian's), as the browser
tests start them. The server's sweeps and fits go through its one runner (``server/runs.py``): an
embedded Dask scheduler and ``workers`` ``dask worker`` processes, started at the first run,
``concurrent_runs`` runs at a time and the others queued. ``--workers`` and
``--concurrent-runs`` set them for the server (``GAMMON_ELO_WORKERS``,
``GAMMON_ELO_CONCURRENT_RUNS``); without them the server's own settings apply.

- **Phase A** (baseline): one home-page session does S interactions (harness.py's
  ``home_steps``: type a rating, move the cube, switch rule set, in turn; think time
  0 … ``--think-ms`` before each), after three uncounted warm-up interactions.
- **Phase B**: N other sessions open ``/designer?QUERY`` (a sweep of moderate size by default)
  and press "Run the sweep" at about the same time; while their sweeps run or wait in the queue,
  the same home-page session does the next S interactions. Every 0.2 s the streamlit server's
  descendant processes are counted (psutil), and how many of them are ``dask worker``s.

Reported: p50/p95/max of the home interactions (key-down until the result shows, see
harness.py) in both phases and the ratio B/A; how many of phase B's interactions ended before
the last sweep finished; the most descendant processes and ``dask worker``s seen (the workers
must not exceed the configured ``workers``); the seconds from the clicks until each sweep showed
its result and until all had; whether each designer page showed the queue's waiting message (the
first run admitted never waits, so with one run at a time N − 1 of them should). Each phase has a
deadline (``--deadline``); at the end the server is stopped (its process group, by its pid), and
any worker still alive is ended by its own pid and reported.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import os
import platform
import random
import statistics
import time
import tomllib
from dataclasses import dataclass, field
from pathlib import Path

import psutil
from playwright.async_api import Browser, Locator, async_playwright

from benchmarks.browser.harness import (
    RATING_FIELD,
    Session,
    Step,
    add_root_option,
    home_steps,
    interact,
    launch,
    load_average,
    open_session,
    p95,
    server_pid,
)
from server.settings import PREFIX, SECRETS_TABLE, Settings, read
from tests.browser.browser_support import streamlit_server
from ui.catalogs.en import EN

#: The default sweep: 3 divisors × 2 K values × 2 seeds = 12 tasks of 200 players × 4 weeks.
DEFAULT_QUERY = "divisors=400,800,1200&ks=16,32&seeds=2&players=200&weeks=4"
#: Shown on the designer page once its first script run is done.
DESIGNER_READY = EN["designer.players"]
RUN_SWEEP = EN["designer.run_sweep"]
#: What the waiting messages share: the text before the number of runs ahead.
WAITING = EN["designer.queue_waiting"].split("{", 1)[0]
#: The end of the caption a finished sweep shows (after its last number).
FINISHED = EN["designer.sweep_ran"].rsplit("}", 1)[1]
#: Seconds between two counts of the server's descendant processes.
SAMPLE_S = 0.2
WARM_UP_STEPS = 3

#: Notes, in the page, every alert text seen from now on (``window.__alerts``): the waiting
#: message may show for less time than Playwright's polling would take to see it.
ALERTS_JS = """
() => {
  const seen = window.__alerts = [];
  const check = () => {
    for (const alert of document.querySelectorAll('[data-testid="stAlert"]')) {
      const text = alert.textContent.trim();
      if (!seen.includes(text)) seen.push(text);
    }
  };
  new MutationObserver(check).observe(document, {childList: true, subtree: true,
                                                 characterData: true});
  check();
}
"""


@dataclass
class Phase:
    name: str
    shown: list[float] = field(default_factory=list)
    ended: list[float] = field(default_factory=list)  #: monotonic s when each interaction ended
    wall: float = 0.0
    load: str = ""


@dataclass
class Sweeps:
    """What phase B saw of the designer pages and of the server's processes."""

    clicked: float = 0.0  #: monotonic s just before the clicks
    finished: list[float | None] = field(default_factory=list)  #: s from the clicks, per page
    waited: list[bool] = field(default_factory=list)
    alerts: list[list[str]] = field(default_factory=list)
    click_spread: float = 0.0  #: s between the first and the last click's return
    most_processes: int = 0
    most_workers: int = 0
    samples: int = 0
    worker_pids: set[int] = field(default_factory=set)
    errors: list[str] = field(default_factory=list)


def configured(root: Path) -> Settings:
    """The settings the server reads: its environment (this one's), then its secrets file."""
    secrets_file = root / ".streamlit" / "secrets.toml"
    table = {}
    if secrets_file.exists():
        table = tomllib.loads(secrets_file.read_text(encoding="utf-8")).get(SECRETS_TABLE, {})
    return read(dict(os.environ), table)


def is_worker(process: psutil.Process) -> bool:
    try:
        argv = process.cmdline()
    except (psutil.NoSuchProcess, psutil.AccessDenied):
        return False
    return any("dask_worker" in arg or arg.endswith("dask-worker") for arg in argv) or (
        "dask" in " ".join(argv[:3]) and "worker" in argv
    )


async def sample(pid: int, sweeps: Sweeps, stop: asyncio.Event) -> None:
    """Count the server's descendants and its ``dask worker``s every SAMPLE_S until ``stop``."""
    server = psutil.Process(pid)
    while not stop.is_set():
        try:
            descendants = server.children(recursive=True)
        except psutil.NoSuchProcess:
            sweeps.errors.append("the server process is gone")
            return
        workers = [p for p in descendants if is_worker(p)]
        sweeps.samples += 1
        sweeps.most_processes = max(sweeps.most_processes, len(descendants))
        sweeps.most_workers = max(sweeps.most_workers, len(workers))
        sweeps.worker_pids.update(p.pid for p in workers)
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(stop.wait(), SAMPLE_S)


async def drive(session: Session, steps: list[Step], think_ms: float, phase: Phase) -> None:
    draws = random.Random(len(phase.name))
    for step in steps:
        await asyncio.sleep(draws.uniform(0, think_ms) / 1000)
        timing = await interact(session, step)
        if timing is None:
            return  # after a timeout the page's state is unknown: stop this reader
        phase.shown.append(timing.shown)
        phase.ended.append(time.monotonic())


async def timed_drive(
    session: Session, steps: list[Step], think_ms: float, phase: Phase, deadline: float
) -> None:
    start = time.monotonic()
    try:
        await asyncio.wait_for(drive(session, steps, think_ms, phase), deadline)
    except TimeoutError:
        session.errors.append(f"phase {phase.name}: deadline of {deadline:.0f} s passed")
    phase.wall = time.monotonic() - start
    phase.load = load_average()


async def finish(
    session: Session, index: int, clicked: float, sweeps: Sweeps, limit: float
) -> None:
    """Wait (at most ``limit`` s) until designer page ``index`` shows its sweep's result."""
    try:
        await session.page.get_by_text(FINISHED).first.wait_for(timeout=limit * 1000)
        sweeps.finished[index] = time.monotonic() - clicked
    except Exception as error:  # a timeout or a closed page: the sweep did not finish
        sweeps.errors.append(f"designer page {index + 1}: no result ({type(error).__name__})")


async def phase_b(
    browser: Browser,
    url: str,
    home: Session,
    steps: list[Step],
    args: argparse.Namespace,
    pid: int,
) -> tuple[Phase, Sweeps]:
    phase, sweeps = Phase("B"), Sweeps()
    link = f"{url}/designer?{args.query}"
    designers = await asyncio.gather(
        *(open_session(browser, link, DESIGNER_READY) for _ in range(args.sessions))
    )
    sweeps.finished = [None] * len(designers)
    stop = asyncio.Event()
    try:
        await asyncio.gather(*(d.page.evaluate(ALERTS_JS) for d in designers))
        buttons = [d.page.get_by_role("button", name=RUN_SWEEP) for d in designers]
        sampler = asyncio.ensure_future(sample(pid, sweeps, stop))
        clicked = sweeps.clicked = time.monotonic()
        returned = await asyncio.gather(*(_click(b) for b in buttons))
        sweeps.click_spread = max(returned) - min(returned)
        waits = [finish(d, i, clicked, sweeps, args.deadline) for i, d in enumerate(designers)]
        await asyncio.gather(timed_drive(home, steps, args.think_ms, phase, args.deadline), *waits)
        stop.set()
        await sampler
        for designer in designers:
            alerts = await designer.page.evaluate("window.__alerts")
            sweeps.alerts.append(alerts)
            sweeps.waited.append(any(WAITING in text for text in alerts))
            sweeps.errors.extend(designer.errors)
            if await designer.page.get_by_test_id("stException").count():
                sweeps.errors.append("an exception box on a designer page")
    finally:
        stop.set()
        await asyncio.gather(*(d.close() for d in designers), return_exceptions=True)
    return phase, sweeps


async def _click(button: Locator) -> float:
    await button.click()
    return time.monotonic()


async def measure(
    browser: Browser, url: str, args: argparse.Namespace
) -> tuple[Phase, Phase, Sweeps, list[str]]:
    pid = server_pid(url)
    home = await open_session(browser, url, RATING_FIELD)
    try:
        steps = home_steps(WARM_UP_STEPS + 2 * args.steps)
        for step in steps[:WARM_UP_STEPS]:  # the first runs import the page's modules
            await interact(home, step)
        home.timings.clear()
        quiet = Phase("A")
        measured = steps[WARM_UP_STEPS:]
        await timed_drive(home, measured[: args.steps], args.think_ms, quiet, args.deadline)
        busy, sweeps = await phase_b(browser, url, home, measured[args.steps :], args, pid)
        errors = home.errors
    finally:
        await home.close()
    return quiet, busy, sweeps, errors


def leftover(pids: set[int]) -> list[int]:
    """End (by pid) any ``dask worker`` seen during the run that outlived its server."""
    alive = []
    for pid in sorted(pids):
        try:
            process = psutil.Process(pid)
            if not is_worker(process):
                continue  # the pid was reused by another process: not ours
            alive.append(pid)
            process.terminate()
            process.wait(timeout=10)
        except psutil.NoSuchProcess:
            continue
        except psutil.TimeoutExpired:
            process.kill()
    return alive


def report(
    args: argparse.Namespace,
    settings: Settings,
    phases: tuple[Phase, Phase],
    sweeps: Sweeps,
    errors: list[str],
    left: list[int],
) -> None:
    quiet, busy = phases
    print()
    print(
        f"Chromium headless; Python {platform.python_version()}, {platform.machine()}, "
        f"{len(os.sched_getaffinity(0))} cores; {args.steps} home interactions a phase, think "
        f"time 0–{args.think_ms:.0f} ms; {args.sessions} designer sessions, "
        f"/designer?{args.query}; workers {settings.workers}, concurrent_runs "
        f"{settings.concurrent_runs}, runs_per_reader {settings.runs_per_reader}"
    )
    print(
        f"{'home rerun, shown ms':<34}{'count':>6}{'p50':>7}{'p95':>7}{'max':>7}{'wall s':>8}"
        "  load avg after"
    )
    for name, phase in (("A: no sweeps", quiet), ("B: while the sweeps run", busy)):
        values = phase.shown or [float("nan")]
        print(
            f"{name:<34}{len(phase.shown):>6}{statistics.median(values):>7.0f}"
            f"{p95(values):>7.0f}{max(values):>7.0f}{phase.wall:>8.1f}  {phase.load}"
        )
    done = [f for f in sweeps.finished if f is not None]
    last = max(done) if len(done) == len(sweeps.finished) else None
    ratio = p95(busy.shown) / p95(quiet.shown) if busy.shown and quiet.shown else float("nan")
    # Without a last sweep finished (deadline), every interaction of phase B ran beside one.
    end = float("inf") if last is None else sweeps.clicked + last
    during = sum(1 for ended in busy.ended if ended <= end)
    print(
        f"ratio B/A: p50 {_ratio(statistics.median, busy, quiet):.2f}×, p95 {ratio:.2f}×, "
        f"max {_ratio(max, busy, quiet):.2f}× — goal p95 ≤ {args.bound:g}×: "
        f"{'met' if ratio <= args.bound else 'MISSED'}; {during} of phase B's "
        f"{len(busy.shown)} interactions ended before the last sweep finished"
    )
    finished = ", ".join("—" if f is None else f"{f:.1f}" for f in sweeps.finished)
    every = "NOT all finished" if last is None else f"all finished after {last:.1f} s"
    print(
        f"sweeps: finished after {finished} s from the clicks (clicks within "
        f"{sweeps.click_spread:.2f} s); {every}"
    )
    print(
        "queue's waiting message shown: "
        + ", ".join(f"page {i + 1} {'yes' if w else 'no'}" for i, w in enumerate(sweeps.waited))
    )
    print(
        f"server's descendant processes: at most {sweeps.most_processes}, of them dask workers "
        f"at most {sweeps.most_workers} (configured {settings.workers}: "
        f"{'within' if sweeps.most_workers <= settings.workers else 'EXCEEDED'}); "
        f"{sweeps.samples} samples, {len(sweeps.worker_pids)} distinct worker pids; "
        f"workers alive after the server stopped: {left or 'none'}"
    )
    everything = errors + sweeps.errors
    print(f"errors: {len(everything)}")
    for error in everything[:10]:
        print(f"  {error}")


def _ratio(statistic: object, busy: Phase, quiet: Phase) -> float:
    if not busy.shown or not quiet.shown:
        return float("nan")
    return statistic(busy.shown) / statistic(quiet.shown)  # type: ignore[operator]


async def main_async(args: argparse.Namespace) -> None:
    root = args.root.resolve()
    for name, value in (("workers", args.workers), ("concurrent_runs", args.concurrent_runs)):
        if value is not None:  # the server inherits this process's environment
            os.environ[f"{PREFIX}{name.upper()}"] = str(value)
    settings = configured(root)
    print(f"load average at start {load_average()}", flush=True)
    with streamlit_server(root / "lab.py", cwd=root) as url:
        async with async_playwright() as playwright:
            browser = await launch(playwright)
            try:
                quiet, busy, sweeps, errors = await measure(browser, url, args)
            finally:
                await browser.close()
    left = leftover(sweeps.worker_pids)
    report(args, settings, (quiet, busy), sweeps, errors, left)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--sessions", type=int, default=3, help="designer sessions that sweep")
    parser.add_argument("--steps", type=int, default=15, help="home interactions per phase")
    parser.add_argument(
        "--think-ms", type=float, default=300, help="pause before each interaction: 0 … this"
    )
    parser.add_argument("--query", default=DEFAULT_QUERY, help="the designer link's query")
    parser.add_argument("--workers", type=int, help="GAMMON_ELO_WORKERS for the server")
    parser.add_argument(
        "--concurrent-runs", type=int, help="GAMMON_ELO_CONCURRENT_RUNS for the server"
    )
    parser.add_argument(
        "--deadline", type=float, default=300, help="seconds each phase may take at most"
    )
    parser.add_argument("--bound", type=float, default=3.0, help="the goal: p95 B/A at most")
    add_root_option(parser)
    asyncio.run(main_async(parser.parse_args()))


if __name__ == "__main__":
    main()
