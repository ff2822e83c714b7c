"""The server's memory over a long run of readers coming and going, and whether a long simulation
freezes the other readers.

    python -m benchmarks.browser.bench_memory [--cycles 30] [--warmup 12] [--contexts 4]
                                              [--idle 135] [--big 20000 52] [--reruns 10]
                                              [--root DIR]

One ``streamlit run lab.py`` (the lab, which serves these pages) on loopback and one headless
Chromium (Debian's), as the browser
tests start them.

**Memory.** A cycle opens ``--contexts`` browser contexts at once; each is a reader who opens the
home page and changes it three times (rating, cube, rule set), runs a small simulation with a seed
of their own (``/simulator?players=200&weeks=2&seed=N``), and uploads a small CSV of games of
their own (time, winner, loser, cube; 300 games among 24 players) on the History page; then the
context closes. Three Streamlit sessions per reader, every simulation and every upload different
from all others, so each cache fills up to its bound. The server's resident memory (VmRSS from
``/proc``) is sampled after each cycle. Reported: RSS after ``--warmup`` cycles, at the end, the
growth after warm-up in MB and per 100 sessions (end − warm-up, and the least-squares slope over
every sample after warm-up and over the later half of them), the peak, and RSS again after
``--idle`` seconds with no reader (Streamlit keeps a closed session for
``server.disconnectedSessionTTL``, 120 s by default, in case its reader reconnects). The warm-up
is long enough to fill the bounded caches (8 uploads, 16 simulations) and to reach the steady
number of closed-but-kept sessions, after which RSS stays flat (where it flattened:
benchmarks/README.md).

**Freeze.** A reader on the home page retypes their rating ``--reruns`` times with the server
otherwise idle; then another reader starts a big simulation (``/simulator?players=P&weeks=W``, a
fresh seed) and, for as long as it runs, the first keeps retyping. Reported: the first reader's
rerun latency (key-down until the result shows, see harness.py) without and during the
simulation, and how long the simulation took.
"""

from __future__ import annotations

import argparse
import asyncio
import platform
import random
import statistics
import time
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta

from playwright.async_api import Browser, async_playwright

from benchmarks.browser.harness import (
    IDLE,
    RATING_FIELD,
    Session,
    add_root_option,
    cpu_seconds,
    home_steps,
    interact,
    launch,
    load_average,
    open_session,
    p95,
    rss_mb,
    server_pid,
)
from tests.browser.browser_support import streamlit_server

#: How long one page of a reader (a simulation, an upload) may take before it counts as an error.
PAGE_TIMEOUT_MS = 60_000
#: The small simulation every reader runs (its seed differs per reader).
SMALL_SIMULATION = "/simulator?players=200&weeks=2&seed={seed}"
PLAYERS = tuple(f"Player {i:02d}" for i in range(24))


def games_csv(seed: int, games: int = 300) -> bytes:
    """A small history of ranked games (time, winner, loser, cube), different for every seed."""
    draws = random.Random(seed)
    start = datetime(2026, 10, 5, tzinfo=UTC)
    rows = ["time,winner,loser,cube"]
    for i in range(games):
        winner, loser = draws.sample(PLAYERS, 2)
        when = start + timedelta(minutes=20 * i + draws.randrange(20))
        cube = draws.choice((1, 1, 2, 2, 4, 8))
        rows.append(f"{when:%Y-%m-%dT%H:%M:%SZ},{winner},{loser},{cube}")
    return ("\n".join(rows) + "\n").encode()


@dataclass
class Tally:
    sessions: int = 0
    errors: list[str] = field(default_factory=list)


async def _settled(session: Session, ready: str) -> None:
    """Wait until ``ready`` (a text) shows and the script run finished; note any exception box."""
    page = session.page
    await page.get_by_text(ready).first.wait_for(timeout=PAGE_TIMEOUT_MS)
    await page.locator(IDLE).wait_for(timeout=PAGE_TIMEOUT_MS)
    if await page.get_by_test_id("stException").count():
        texts = await page.get_by_test_id("stException").all_inner_texts()
        session.errors.append(f"exception box on {page.url}: {texts[0][:200]}")


async def reader(browser: Browser, url: str, seed: int, tally: Tally, *, history: bool) -> None:
    """One reader: home page and three changes, a small simulation, an upload; then gone."""
    try:
        session = await open_session(browser, url, RATING_FIELD)
    except Exception as error:  # a page that does not come up is one of the errors reported
        tally.errors.append(f"home did not open: {type(error).__name__}: {str(error)[:200]}")
        return
    try:
        tally.sessions += 1
        for step in home_steps(3, seed % 500):
            if await interact(session, step) is None:
                return
        page = session.page
        await page.goto(url + SMALL_SIMULATION.format(seed=seed))
        tally.sessions += 1
        await _settled(session, "every rule set rated these same games")
        if history:
            await page.goto(url + "/history?source=upload")
            tally.sessions += 1
            upload = page.locator('[data-testid="stFileUploader"] input[type="file"]')
            await upload.set_input_files(
                files=[
                    {"name": f"games_{seed}.csv", "mimeType": "text/csv", "buffer": games_csv(seed)}
                ]
            )
            await _settled(session, "rows read:")
    except Exception as error:  # a timeout or a vanished page: count it, go on with the next
        session.errors.append(f"{type(error).__name__}: {str(error).splitlines()[0][:200]}")
    finally:
        tally.errors.extend(session.errors)
        await session.close()


async def has_history_upload(browser: Browser, url: str) -> bool:
    """Whether this copy of the app has a History page with an uploader that works."""
    session = await open_session(browser, url, RATING_FIELD)
    try:
        response = await session.page.goto(url + "/history?source=upload")
        uploader = session.page.get_by_test_id("stFileUploader")
        await uploader.wait_for(timeout=20_000)
        return response is not None and response.ok
    except Exception:  # no such page, or no uploader on it: the run goes on without uploads
        return False
    finally:
        await session.close()


async def memory(browser: Browser, url: str, pid: int, args: argparse.Namespace) -> None:
    history = await has_history_upload(browser, url)
    print(
        "History uploads: "
        + ("yes" if history else "NO (no History page with an uploader in this copy)")
    )
    tally = Tally()
    samples: list[tuple[int, float]] = []  # (sessions so far, RSS MB)
    start_rss, started = rss_mb(pid), time.monotonic()
    seed = 0
    print(f"{'cycle':>5}{'sessions':>10}{'RSS MB':>8}{'errors':>8}{'s':>6}  load average")
    for cycle in range(args.warmup + args.cycles):
        readers = []
        for _ in range(args.contexts):
            seed += 1
            readers.append(reader(browser, url, seed, tally, history=history))
        await asyncio.gather(*readers)
        samples.append((tally.sessions, rss_mb(pid)))
        mark = "  ← warm-up done" if cycle == args.warmup - 1 else ""
        print(
            f"{cycle + 1:>5}{tally.sessions:>10}{samples[-1][1]:>8.1f}{len(tally.errors):>8}"
            f"{time.monotonic() - started:>6.0f}  {load_average()}{mark}",
            flush=True,
        )
    end_rss = rss_mb(pid)
    print(f"waiting {args.idle:.0f} s with no reader (closed sessions expire) …", flush=True)
    await asyncio.sleep(args.idle)
    idle_rss = rss_mb(pid)

    warm_sessions, warm_rss = samples[args.warmup - 1] if args.warmup else (0, start_rss)
    after = samples[args.warmup :]
    counted = tally.sessions - warm_sessions
    slope = _slope(after) * 100 if len(after) > 2 else float("nan")
    late = after[len(after) // 2 :]
    late_slope = _slope(late) * 100 if len(late) > 2 else float("nan")
    print()
    print(
        f"{'':<34}{'MB':>8}\n"
        f"{'RSS before any reader':<34}{start_rss:>8.1f}\n"
        f"{f'RSS after warm-up ({warm_sessions} sessions)':<34}{warm_rss:>8.1f}\n"
        f"{f'RSS at the end ({tally.sessions} sessions)':<34}{end_rss:>8.1f}\n"
        f"{'peak RSS sampled':<34}{max(r for _, r in samples):>8.1f}\n"
        f"{f'RSS after {args.idle:.0f} s idle':<34}{idle_rss:>8.1f}\n"
        f"growth after warm-up: {end_rss - warm_rss:+.1f} MB over {counted} sessions = "
        f"{100 * (end_rss - warm_rss) / max(1, counted):+.2f} MB per 100 sessions "
        f"(least-squares slope over the {len(after)} samples: {slope:+.2f} MB per 100 sessions; "
        f"over the last {len(late)}: {late_slope:+.2f}); after idle: {idle_rss - warm_rss:+.1f} MB"
    )
    print(f"errors: {len(tally.errors)}")
    for error in tally.errors[:10]:
        print(f"  {error}")


def _slope(points: list[tuple[int, float]]) -> float:
    xs, ys = [float(x) for x, _ in points], [y for _, y in points]
    mean_x, mean_y = statistics.fmean(xs), statistics.fmean(ys)
    spread = sum((x - mean_x) ** 2 for x in xs)
    return sum((x - mean_x) * (y - mean_y) for x, y in zip(xs, ys, strict=True)) / spread


async def freeze(browser: Browser, url: str, pid: int, args: argparse.Namespace) -> None:
    players, weeks = args.big
    quiet: list[float] = []
    busy: list[float] = []
    victim = await open_session(browser, url, RATING_FIELD)
    runner = await open_session(browser, url, RATING_FIELD)
    try:
        steps = iter(home_steps(3 * (args.reruns + 400), 7)[::3])  # ratings only
        for _ in range(args.reruns):
            timing = await interact(victim, next(steps))
            if timing is not None:
                quiet.append(timing.shown)
        seed = random.randrange(1, 2**31 - 1)  # not in the server's simulation cache
        # The simulation runs while its progress bar shows (the bar goes when simulate returns).
        running = runner.page.get_by_test_id("stProgress")
        finished = runner.page.get_by_text("every rule set rated these same games")
        cpu0, started = cpu_seconds(pid), time.monotonic()
        await runner.page.goto(f"{url}/simulator?players={players}&weeks={weeks}&seed={seed}")
        await running.or_(finished).first.wait_for(timeout=PAGE_TIMEOUT_MS)
        while await running.count():
            timing = await interact(victim, next(steps))
            if timing is None:
                break
            # A rerun that ended after the simulation did is not one "during" it.
            if await running.count():
                busy.append(timing.shown)
            await asyncio.sleep(0.2)
        await finished.wait_for(timeout=600_000)
        took, cpu = time.monotonic() - started, cpu_seconds(pid) - cpu0
    finally:
        errors = victim.errors + runner.errors
        await victim.close()
        await runner.close()
    print()
    print(
        f"Freeze check: /simulator?players={players}&weeks={weeks}&seed={seed} took {took:.1f} s "
        f"(server CPU {cpu:.1f} s); load average {load_average()}"
    )
    print(f"{'home rerun, ms':<28}{'count':>6}{'p50':>7}{'p95':>7}{'max':>7}")
    for name, values in (("no simulation", quiet), ("during the simulation", busy)):
        if values:
            print(
                f"{name:<28}{len(values):>6}{statistics.median(values):>7.0f}"
                f"{p95(values):>7.0f}{max(values):>7.0f}"
            )
        else:
            print(f"{name:<28}{0:>6}   (none finished)")
    print(f"errors: {len(errors)}")
    for error in errors[:10]:
        print(f"  {error}")


async def main_async(args: argparse.Namespace) -> None:
    root = args.root.resolve()
    with streamlit_server(root / "lab.py", cwd=root) as url:
        pid = server_pid(url)
        print(
            f"Chromium headless; Python {platform.python_version()}, {platform.machine()}; "
            f"server pid {pid}; load average {load_average()}"
        )
        async with async_playwright() as playwright:
            browser = await launch(playwright)
            try:
                if not args.skip_memory:
                    await memory(browser, url, pid, args)
                if not args.skip_freeze:
                    await freeze(browser, url, pid, args)
            finally:
                await browser.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--cycles", type=int, default=30, help="measured cycles after warm-up")
    parser.add_argument("--warmup", type=int, default=12, help="cycles before the first sample")
    parser.add_argument("--contexts", type=int, default=4, help="readers at once in a cycle")
    parser.add_argument(
        "--idle", type=float, default=135, help="s to wait with no reader before the last sample"
    )
    parser.add_argument(
        "--big",
        type=int,
        nargs=2,
        default=[20_000, 52],
        metavar=("PLAYERS", "WEEKS"),
        help="the long simulation of the freeze check",
    )
    parser.add_argument("--reruns", type=int, default=10, help="quiet reruns of the freeze check")
    parser.add_argument("--skip-memory", action="store_true")
    parser.add_argument("--skip-freeze", action="store_true")
    add_root_option(parser)
    asyncio.run(main_async(parser.parse_args()))


if __name__ == "__main__":
    main()
