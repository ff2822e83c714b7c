"""The home page under N concurrent readers in Chromium, beside two baseline pages under the same
load in the same run.

    python -m benchmarks.browser.bench_load [--sessions 10 25] [--steps 9] [--think-ms 1000]
                                            [--opening 5] [--rounds 1] [--timeout 300] [--root DIR]

Three servers, started as the browser tests start them, in the same directory so all read the
same config: ``streamlit run app.py``, the one-widget page the goal is stated against
(``minimal_app.py`` beside this file), and the content issue 3 requires of the home page with
nothing else (``required_app.py``, driven exactly like the home page; see bench_app.py); and one
headless Chromium (Debian's). For each N, the same load on each server in turn (the order
rotates between rounds): N browser contexts — N Streamlit sessions — open the page,
``--opening`` of them loading at a time (25 pages parsing Streamlit's scripts at once, on the
machine that also serves them, would measure the browser rather than the app); when all are open,
each does ``--steps`` interactions, pausing a random 0 … ``--think-ms`` ms (the same draws on both
pages) before each, all N sessions at the same time (Playwright's async API: one event loop, no
session waits for another). Home: type a new rating (Enter), move the cube (arrow key), switch
rule set (type its name, Enter), in turn (the required page: the same); minimal: type a new
number. Each interaction is timed
in the page from the committing key-down until the result shows and until the script run
finished (see harness.py).

Reports per page and N: errors (a page error, an exception box, an interaction without a result
within 30 s, a session that did not open), p50/p95/max of the interactions, the server's and the
client's (Chromium + Playwright) CPU time per interaction, websocket messages and bytes the
server sent per interaction, and the load average. Goal (issue 7): zero errors, home p95 ≤ 1.3 ×
the minimal page's; the required page's p95 over the minimal page's is the part of that ratio any
Streamlit page with the required content pays. One warm-up session per server first (the first
run of a page imports its modules). ``--timeout`` bounds each load phase; ``--root`` serves the
app from another copy.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import platform
import random
import statistics
import time
from collections.abc import Callable
from dataclasses import dataclass, field

from playwright.async_api import Browser, async_playwright

from benchmarks.browser.harness import (
    MINIMAL_FIELD,
    MINIMAL_SCRIPT,
    RATING_FIELD,
    REQUIRED_SCRIPT,
    Session,
    Step,
    Timing,
    add_root_option,
    client_cpu,
    cpu_seconds,
    home_steps,
    interact,
    launch,
    load_average,
    minimal_steps,
    open_session,
    p95,
    server_pid,
)
from tests.browser.browser_support import streamlit_server


@dataclass(frozen=True)
class Target:
    name: str
    url: str
    ready: str  #: the widget whose label shows once the page is up
    steps: Callable[[int, int], list[Step]]


@dataclass
class Load:
    """What one load phase (N sessions on one page) measured."""

    target: str
    sessions: int
    timings: list[Timing] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)
    opened: list[float] = field(default_factory=list)  #: s until each session's page was up
    wall: float = 0.0
    server_cpu: float = 0.0
    client_cpu: dict[str, float] = field(default_factory=dict)
    frames: int = 0
    received: int = 0
    #: The tabs' main-thread ms (script, layout, style, task), summed over the sessions.
    main_thread: dict[str, float] = field(default_factory=dict)
    load_before: str = ""
    load_after: str = ""


async def _open(
    browser: Browser, target: Target, load: Load, gate: asyncio.Semaphore
) -> Session | None:
    try:
        async with gate:
            start = time.monotonic()
            session = await open_session(browser, target.url, target.ready)
    except Exception as error:  # any failure to open is one of the errors this reports
        load.errors.append(f"session did not open: {type(error).__name__}: {str(error)[:200]}")
        return None
    load.opened.append(time.monotonic() - start)
    return session


async def _drive(session: Session, steps: list[Step], think_ms: float, seed: int) -> None:
    draws = random.Random(seed)
    for step in steps:
        await asyncio.sleep(draws.uniform(0, think_ms) / 1000)
        if await interact(session, step) is None:
            return  # after a timeout the page's state is unknown: stop this reader


async def run_load(
    browser: Browser,
    target: Target,
    *,
    sessions: int,
    steps: int,
    think_ms: float,
    opening: int,
    timeout: float,
    servers: set[int],
    pid: int,
) -> Load:
    load = Load(target.name, sessions)
    gate = asyncio.Semaphore(opening)
    opened = await asyncio.gather(*(_open(browser, target, load, gate) for _ in range(sessions)))
    live = [s for s in opened if s is not None]
    try:
        load.load_before = load_average()
        before = await asyncio.gather(*(s.messages() for s in live))
        threads = await asyncio.gather(*(s.main_thread() for s in live))
        server0, client0, start = cpu_seconds(pid), client_cpu(servers), time.monotonic()
        drives = [
            asyncio.ensure_future(_drive(s, target.steps(steps, i), think_ms, seed=i))
            for i, s in enumerate(live)
        ]
        _, pending = await asyncio.wait(drives, timeout=timeout)
        for task in pending:
            task.cancel()
        if pending:
            load.errors.append(
                f"overall timeout: {len(pending)} sessions unfinished after {timeout:.0f} s"
            )
        load.wall = time.monotonic() - start
        load.server_cpu = cpu_seconds(pid) - server0
        load.client_cpu = {k: v - client0[k] for k, v in client_cpu(servers).items()}
        load.load_after = load_average()
        # A tab starved into a timeout may not answer: wait for its figures a bounded time.
        after = await asyncio.gather(
            *(asyncio.wait_for(s.messages(), 30) for s in live), return_exceptions=True
        )
        threads_after = await asyncio.gather(
            *(asyncio.wait_for(s.main_thread(), 30) for s in live), return_exceptions=True
        )
        for session, (count0, bytes0), sent, thread0, thread in zip(
            live, before, after, threads, threads_after, strict=True
        ):
            load.timings.extend(session.timings)
            load.errors.extend(session.errors)
            if isinstance(sent, tuple):
                load.frames += sent[0] - count0
                load.received += sent[1] - bytes0
            if isinstance(thread, dict):
                for part, used in thread.items():
                    load.main_thread[part] = load.main_thread.get(part, 0.0) + used - thread0[part]
    finally:
        await asyncio.gather(*(s.close() for s in live), return_exceptions=True)
    return load


async def warm_up(browser: Browser, target: Target) -> None:
    session = await open_session(browser, target.url, target.ready)
    try:
        for step in target.steps(3, 5000):
            await interact(session, step)
    finally:
        await session.close()


def _row(load: Load) -> str:
    nan = [float("nan")]
    shown = [t.shown for t in load.timings] or nan
    answered = [t.answered for t in load.timings if t.answered is not None] or nan
    done = [t.done for t in load.timings] or nan
    count = max(1, len(load.timings))
    cpu = {part: 1000 * used / count for part, used in load.client_cpu.items()}
    return (
        f"{load.sessions:>3} {load.target:<8}{len(load.timings):>6}{len(load.errors):>5}"
        f"{statistics.median(shown):>7.0f}{p95(shown):>7.0f}{max(shown):>7.0f}"
        f"{statistics.median(answered):>7.0f}{p95(answered):>7.0f}{p95(done):>7.0f}"
        f"{1000 * load.server_cpu / count:>7.0f}{100 * load.server_cpu / load.wall:>5.0f}%"
        f"{cpu.get('renderers', 0):>7.0f}{cpu.get('chromium', 0):>6.0f}{cpu.get('driver', 0):>6.0f}"
        f"{load.frames / count:>6.0f}{load.received / count / 1000:>6.1f}"
        f"{statistics.median(load.opened or nan):>6.1f}{load.wall:>6.0f}"
        f"  {load.load_before} → {load.load_after}"
    )


HEADER = (
    f"{'':>13}{'':>10}{'shown ms':^21}{'answered':^14}{'done':>7}{'server':^13}"
    f"{'client CPU ms':^19}{'sent':^12}\n"
    f"{'N':>3} {'page':<8}{'inter':>6}{'err':>5}{'p50':>7}{'p95':>7}{'max':>7}{'p50':>7}{'p95':>7}"
    f"{'p95':>7}{'CPU ms':>7}{'core':>6}{'tabs':>7}{'chrom':>6}{'drv':>6}{'msgs':>6}{'kB':>6}"
    f"{'open':>6}{'wall':>6}  load avg before → after"
)
LEGEND = """\
inter: interactions timed; err: errors (page error, exception box, no result in 30 s, no page).
shown: ms from the committing key-down until the result shows (the goal's figure); answered: until
the last websocket message of the rerun arrived (the server's part); done: until the script run
finished. server: CPU ms per interaction, and its share of one core over the phase. client CPU ms
per interaction: Chromium's tab processes, its other processes, Playwright's driver and Python;
the tabs' main thread (Chrome's Performance metrics): JavaScript, layout, style, all its tasks,
in wall time (so they grow beyond the CPU time when the tabs wait for a core).
sent: websocket messages and kB per interaction. open: median s for a page to come up with N
opening at once; wall: s of the interaction phase. Load average: 1/5/15 min."""


async def main_async(args: argparse.Namespace) -> None:
    root = args.root.resolve()
    with (
        streamlit_server(root / "app.py", cwd=root) as home_url,
        streamlit_server(REQUIRED_SCRIPT, cwd=root) as required_url,
        streamlit_server(MINIMAL_SCRIPT, cwd=root) as minimal_url,
    ):
        targets = (
            Target("home", home_url + args.home_path, RATING_FIELD, home_steps),
            Target("required", required_url, RATING_FIELD, home_steps),
            Target("minimal", minimal_url, MINIMAL_FIELD, minimal_steps),
        )
        pids = {
            "home": server_pid(home_url),
            "required": server_pid(required_url),
            "minimal": server_pid(minimal_url),
        }
        servers = set(pids.values())
        async with async_playwright() as playwright:
            browser = await launch(playwright)
            try:
                for target in targets:
                    await warm_up(browser, target)
                loads: dict[int, list[Load]] = {}
                for index, sessions in enumerate(args.sessions):
                    for round_ in range(args.rounds):
                        shift = (index + round_) % len(targets)
                        for target in targets[shift:] + targets[:shift]:
                            load = await run_load(
                                browser,
                                target,
                                sessions=sessions,
                                steps=args.steps,
                                think_ms=args.think_ms,
                                opening=args.opening,
                                timeout=args.timeout,
                                servers=servers,
                                pid=pids[target.name],
                            )
                            print(_row(load), flush=True)
                            loads.setdefault(sessions, []).append(load)
            finally:
                await browser.close()
    report(args, loads)


def report(args: argparse.Namespace, loads: dict[int, list[Load]]) -> None:
    print()
    print(
        f"Chromium headless, one browser, N contexts; {args.steps} interactions per session, "
        f"think time 0–{args.think_ms:.0f} ms; Python {platform.python_version()}, "
        f"{platform.machine()}, {len(os.sched_getaffinity(0))} cores"
    )
    print(HEADER)
    verdicts = []
    for sessions, phases in loads.items():
        merged = {
            name: _merge([p for p in phases if p.target == name])
            for name in ("home", "required", "minimal")
        }
        for phase in merged.values():
            print(_row(phase))
        home, required, minimal = merged["home"], merged["required"], merged["minimal"]
        kinds = sorted({t.kind for t in home.timings})
        print(
            "      home by interaction: "
            + "; ".join(
                f"{kind} p50 {statistics.median(v):.0f} p95 {p95(v):.0f}"
                for kind in kinds
                if (v := [t.shown for t in home.timings if t.kind == kind])
            )
        )
        for phase in (home, required, minimal):
            count = max(1, len(phase.timings))
            print(
                f"      {phase.target} tab main thread per interaction, ms: "
                + ", ".join(
                    f"{part} {used / count:.0f}" for part, used in phase.main_thread.items()
                )
            )
        if home.timings and required.timings and minimal.timings:
            shown = {p.target: p95([t.shown for t in p.timings]) for p in (home, required, minimal)}
            ratio = shown["home"] / shown["minimal"]
            typed = [t.shown for t in home.timings if t.kind == "rating"]
            like = p95(typed) / shown["minimal"]
            errors = {p.target: len(p.errors) for p in (home, required, minimal)}
            verdicts.append(
                f"N = {sessions}: errors "
                + " + ".join(f"{count} ({name})" for name, count in errors.items())
                + f", goal 0 — {'met' if sum(errors.values()) == 0 else 'MISSED'}; p95 home / "
                f"minimal = {ratio:.2f}× (typed rating only, like for like: {like:.2f}×), goal "
                f"≤ 1.3× — {'met' if ratio <= 1.3 else 'MISSED'}; required / minimal "
                f"{shown['required'] / shown['minimal']:.2f}×, home / required "
                f"{shown['home'] / shown['required']:.2f}×"
            )
    print(LEGEND)
    print("\n".join(verdicts))
    for phases in loads.values():
        for phase in phases:
            for error in phase.errors[:5]:
                print(f"  {phase.target} N={phase.sessions}: {error}")
            if len(phase.errors) > 5:
                print(f"  … and {len(phase.errors) - 5} more")


def _merge(phases: list[Load]) -> Load:
    merged = Load(phases[0].target, phases[0].sessions)
    for phase in phases:
        merged.timings += phase.timings
        merged.errors += phase.errors
        merged.opened += phase.opened
        merged.wall += phase.wall
        merged.server_cpu += phase.server_cpu
        for part, used in phase.client_cpu.items():
            merged.client_cpu[part] = merged.client_cpu.get(part, 0.0) + used
        for part, used in phase.main_thread.items():
            merged.main_thread[part] = merged.main_thread.get(part, 0.0) + used
        merged.frames += phase.frames
        merged.received += phase.received
    merged.load_before, merged.load_after = phases[0].load_before, phases[-1].load_after
    return merged


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--sessions", type=int, nargs="+", default=[10, 25], help="N values")
    parser.add_argument("--steps", type=int, default=9, help="interactions per session")
    parser.add_argument(
        "--think-ms", type=float, default=1000, help="pause before each interaction: 0 … this"
    )
    parser.add_argument(
        "--home-path",
        default="/",
        help="the home page's path and query, e.g. '/?view=compact' to load its compact view",
    )
    parser.add_argument(
        "--opening", type=int, default=5, help="sessions whose pages load at the same time"
    )
    parser.add_argument("--rounds", type=int, default=1, help="load phases per page and N")
    parser.add_argument(
        "--timeout", type=float, default=300, help="seconds one load phase may take at most"
    )
    add_root_option(parser)
    asyncio.run(main_async(parser.parse_args()))


if __name__ == "__main__":
    main()
