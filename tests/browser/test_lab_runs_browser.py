"""A simulation whose reader leaves, on a real lab server: it ends within about a week of its
run, and the server's memory is back where it was before it started (the run's arrays freed and
the script thread's malloc arena trimmed); the reader's place in the queue is free again."""

from __future__ import annotations

import re
import time
from collections.abc import Iterator

import psutil
import pytest
from browser_support import ROOT, streamlit_server
from playwright.sync_api import Browser, Page, expect

pytestmark = pytest.mark.browser

#: The most the Simulator's inputs allow under run_games, one rule set: 20,500 players (with
#: the newcomers) all heavy, 3.6 million games a week, for 104 weeks (about 373 million).
BIG = "players=20000&weeks=104&games_per_week=300&heavy_share=100&rules=1.3.1"
SMALL = "players=300&weeks=2"
#: Memory the server may keep after the run ended, beyond what it held before (its result
#: is not kept: the run did not finish).
KEPT_MB = 50
#: A week of the big population takes a few seconds: the run ends at the next week's end.
CANCEL_SECONDS = 60
#: What the running simulation has grown the server by, at least, before its reader leaves.
GROWN_MB = 200


@pytest.fixture(scope="module")
def lab() -> Iterator[tuple[str, psutil.Process]]:
    """``streamlit run lab.py`` on loopback, and its process (for its memory)."""
    with streamlit_server(ROOT / "lab.py") as url:
        port = url.rsplit(":", 1)[1]
        server = next(
            child
            for child in psutil.Process().children(recursive=True)
            if str(ROOT / "lab.py") in child.cmdline() and port in child.cmdline()
        )
        yield url, server


def _megabytes(process: psutil.Process) -> float:
    return float(process.memory_info().rss) / 2**20


def _simulate_small(page: Page, url: str, seed: int) -> None:
    page.goto(f"{url}/simulator?{SMALL}&seed={seed}")
    expect(page.get_by_text(re.compile("among 300 players"))).to_be_visible(timeout=120_000)


def test_a_left_simulation_ends_and_returns_its_memory(
    browser: Browser, lab: tuple[str, psutil.Process]
) -> None:
    url, server = lab
    first = browser.new_context()
    _simulate_small(first.new_page(), url, seed=time.time_ns() % 2**31)  # every module loaded
    before = _megabytes(server)
    leaving = browser.new_context()
    big = leaving.new_page()
    big.goto(f"{url}/simulator?{BIG}&seed={time.time_ns() % 2**31}")
    # Some weeks in, each having grown the server by the week's games: how far in a week's
    # growth shows in the server's memory varies, so the growth itself is waited for.
    running = re.compile(r"Simulating… ([3-9]|\d\d)\s?%")
    expect(big.get_by_text(running)).to_be_visible(timeout=240_000)
    grown_by = time.monotonic() + CANCEL_SECONDS
    while (during := _megabytes(server)) - before <= GROWN_MB and time.monotonic() < grown_by:
        time.sleep(0.2)
    assert during - before > GROWN_MB, (before, during)
    leaving.close()  # the tab closes: Streamlit stops its script
    closed = time.monotonic()
    while _megabytes(server) - before > KEPT_MB and time.monotonic() - closed < CANCEL_SECONDS:
        time.sleep(0.2)
    after = _megabytes(server)
    print(  # the figures for the report (pytest -s)
        f"server RSS: {before:.0f} MB before, {during:.0f} MB running, {after:.0f} MB"
        f" {time.monotonic() - closed:.1f} s after the tab closed"
    )
    assert after - before <= KEPT_MB, (before, during, after)
    # The reader's one run is over: a new one of theirs is taken, not refused.
    page = first.new_page()
    _simulate_small(page, url, seed=time.time_ns() % 2**31)
    expect(page.get_by_text("runs_per_reader", exact=False)).to_have_count(0)
    first.close()
