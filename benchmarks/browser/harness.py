"""What the browser benchmarks share, beyond the server and browser the tests start
(``tests/browser/browser_support.py``): the two baseline pages and the nearest-rank p95 every
benchmark reports; the in-page timing of an interaction; Debian's Chromium under Playwright's
async API (so that many sessions really run at once in one browser) and one reader's session
driven by keyboard; and the server process's CPU time and memory read from ``/proc``.

An interaction is timed from the key-down that commits the input (Enter in a number or select
box, Space on the cube's buttons after an arrow key) until a watched metric shows a different
value, and until Streamlit reports the script run finished. Both are read with
``performance.now()`` in a MutationObserver, so neither Playwright nor the event loop of this
process adds to them, however many sessions share it.
"""

from __future__ import annotations

import argparse
import asyncio
import math
import os
from dataclasses import dataclass, field
from pathlib import Path

from playwright.async_api import Browser, BrowserContext, CDPSession, Page, Playwright
from playwright.async_api import Error as PlaywrightError

from tests.browser.browser_support import ROOT, chromium_options

#: The baseline pages, always this checkout's (they are the benchmarks', not the app's): the
#: one-widget page the goals are stated against, and the home page's required content alone.
MINIMAL_SCRIPT = Path(__file__).resolve().parent / "minimal_app.py"
REQUIRED_SCRIPT = Path(__file__).resolve().parent / "required_app.py"
#: Present once Streamlit has finished the page's script run.
IDLE = '[data-testid="stApp"][data-test-script-state="notRunning"]'

#: One interaction may take this long before it counts as an error (timeout).
INTERACTION_TIMEOUT_S = 30.0
#: Opening a page (navigation until its first widget shows) may take this long.
OPEN_TIMEOUT_MS = 60_000

#: Arms one measurement: the trigger key's key-down, the watched metric's change, the script's end;
#: ``window.__rerun`` holds the times and ``window.__rerunDone`` resolves with them when done
#: (awaited by ``page.evaluate``: no polling from 25 tabs at once). bench_app.py arms it too;
#: "answered" needs WEBSOCKET_JS installed and is null without it.
ARM_JS = """
([label, index, key]) => {
  const value = () => {
    const found = [...document.querySelectorAll('[data-testid="stMetric"]')].filter(m =>
      m.querySelector('[data-testid="stMetricLabel"]').textContent.trim() === label);
    return found[index]?.querySelector('[data-testid="stMetricValue"]')?.textContent;
  };
  const app = document.querySelector('[data-testid="stApp"]');
  const before = value();
  const bench = window.__rerun = {start: null, shown: null, done: null, answered: null};
  let resolve;
  window.__rerunDone = new Promise(r => { resolve = r; });
  const trigger = e => {
    if (e.key === key && bench.start === null) bench.start = performance.now();
  };
  document.addEventListener('keydown', trigger, {capture: true});
  const observer = new MutationObserver(() => {
    if (bench.start === null) return;
    const now = performance.now();
    if (bench.shown === null && value() !== undefined && value() !== before) bench.shown = now;
    // The script's start and end can land in one React commit on a fast page: then the state
    // is never seen "running", and the run is done when the number shows.
    const running = app.getAttribute('data-test-script-state') === 'running';
    if (bench.shown !== null && !running && bench.done === null) bench.done = now;
    if (bench.shown !== null && bench.done !== null) {
      // The last websocket message before the run was done: when the server had answered.
      const last = window.__ws?.last ?? null;
      bench.answered = last !== null && last > bench.start ? last : null;
      observer.disconnect();
      document.removeEventListener('keydown', trigger, {capture: true});
      resolve(bench);
    }
  });
  observer.observe(document, {childList: true, subtree: true, characterData: true,
                              attributes: true});
}
"""

#: Installed before the page's scripts: counts the websocket messages the server sends (and their
#: bytes) and notes when the last one arrived, from a listener added before Streamlit's own.
WEBSOCKET_JS = """
(() => {
  const Native = window.WebSocket;
  const ws = window.__ws = {last: null, count: 0, bytes: 0};
  window.WebSocket = class extends Native {
    constructor(...args) {
      super(...args);
      this.addEventListener('message', event => {
        ws.last = performance.now();
        ws.count += 1;
        ws.bytes += event.data.byteLength ?? event.data.size ?? event.data.length ?? 0;
      });
    }
  };
})();
"""


def p95(values: list[float]) -> float:
    """Nearest-rank 95th percentile (with 15 runs: the slowest)."""
    ordered = sorted(values)
    return ordered[max(0, math.ceil(0.95 * len(ordered)) - 1)]


def add_root_option(parser: argparse.ArgumentParser) -> None:
    """``--root DIR``: serve the app from another copy of the repository (an exported commit,
    say, while the checkout is being edited); the baseline pages stay this checkout's."""
    parser.add_argument(
        "--root",
        type=Path,
        default=ROOT,
        help="serve app.py and its .streamlit/config.toml from this copy of the repository",
    )


async def launch(playwright: Playwright) -> Browser:
    """Debian's Chromium, headless, with the browser tests' arguments (async API)."""
    return await playwright.chromium.launch(**chromium_options())


# --- One reader's session -----------------------------------------------------------------------


@dataclass(frozen=True)
class Step:
    """One interaction: what to do, and which metric shows its result."""

    kind: str  #: "rating", "cube", "rules" (home page) or "value" (the minimal page)
    argument: str  #: the number typed, the arrow key pressed, or the rule set's option text
    watched: tuple[str, int]  #: (metric label, which one) that must show a different value


@dataclass(frozen=True)
class Timing:
    kind: str
    shown: float  #: ms from the key-down until the watched metric changed
    done: float  #: ms from the key-down until the script run finished
    #: ms from the key-down until the last websocket message before ``done`` arrived: the
    #: server's part (what is left until ``shown`` and ``done`` is the page drawing it)
    answered: float | None


@dataclass
class Session:
    """One browser context (its own cookies, its own Streamlit session) and what went wrong."""

    context: BrowserContext
    page: Page
    cdp: CDPSession
    errors: list[str] = field(default_factory=list)
    timings: list[Timing] = field(default_factory=list)

    async def main_thread(self) -> dict[str, float]:
        """The tab's main-thread time so far, in ms: ``script`` (JavaScript), ``layout``, ``style``
        (recalculation) and ``task`` (all of its tasks), from Chrome's Performance domain."""
        reply = await self.cdp.send("Performance.getMetrics")
        metrics = {m["name"]: m["value"] for m in reply["metrics"]}
        names = {
            "script": "ScriptDuration",
            "layout": "LayoutDuration",
            "style": "RecalcStyleDuration",
            "task": "TaskDuration",
        }
        return {part: 1000 * metrics[name] for part, name in names.items()}

    async def messages(self) -> tuple[int, int]:
        """Websocket messages and bytes the server has sent this page so far."""
        ws = await self.page.evaluate("window.__ws")
        return int(ws["count"]), int(ws["bytes"])

    async def close(self) -> None:
        await self.context.close()


RATING_FIELD = "Your rating"
CUBE_CHOICES = "Doubling cube at the end of the game"
RULES_BOX = "Rule set"
MINIMAL_FIELD = "Value"
#: The home page's rule-set options, as the select box lists them.
RULE_OPTIONS = ("1.2.0 (÷800)", "1.0.5 (÷400)", "1.3.1 (÷1200)")


def home_steps(count: int, offset: int = 0) -> list[Step]:
    """``count`` home-page interactions in turn: type a rating, move the cube, switch rule set.

    Every step changes its watched metric: ratings go up 10 at a time (so "You" after a win
    moves), the cube climbs 1 → 2 → 4 … (the multiplier moves), and the rule sets cycle while the
    rating differs from the opponent's 1500 by a few hundred (so the expected score moves, which
    it would not where every divisor gives 100 %). ``offset`` (taken modulo 100) makes one
    session's numbers differ from another's.
    """
    steps = []
    cube = 0  # index into 1, 2, 4 … 64
    for i in range(count):
        turn = i % 3
        if turn == 0:
            steps.append(Step("rating", str(1600 + offset % 100 + 10 * i), ("You", 0)))
        elif turn == 1:
            key = "ArrowRight" if cube < 6 else "ArrowLeft"
            cube += 1 if key == "ArrowRight" else -1
            steps.append(Step("cube", key, ("Cube multiplier", 0)))
        else:
            option = RULE_OPTIONS[(i // 3) % len(RULE_OPTIONS)]
            steps.append(Step("rules", option, ("Your expected win chance", 0)))
    return steps


def minimal_steps(count: int, offset: int = 0) -> list[Step]:
    """The same number of interactions on the one-widget page: type a new number each time."""
    return [Step("value", str(1600 + offset % 100 + 10 * i), ("Shown", 0)) for i in range(count)]


async def open_session(
    browser: Browser, url: str, ready_label: str, *, viewport: dict[str, int] | None = None
) -> Session:
    """A fresh context on ``url``, once the widget labelled ``ready_label`` shows and the first
    script run finished. Page errors are collected from the start."""
    context = await browser.new_context(
        viewport=viewport or {"width": 1280, "height": 900}, locale="en-GB"
    )
    context.set_default_timeout(OPEN_TIMEOUT_MS)
    page = await context.new_page()
    cdp = await context.new_cdp_session(page)
    await cdp.send("Performance.enable")
    session = Session(context, page, cdp)
    page.on("pageerror", lambda error: session.errors.append(f"page error: {error}"))
    await page.add_init_script(WEBSOCKET_JS)
    await page.goto(url)
    await page.get_by_label(ready_label, exact=True).first.wait_for()
    await wait_idle(page)
    return session


async def wait_idle(page: Page) -> None:
    await page.locator(IDLE).wait_for()


async def interact(session: Session, step: Step) -> Timing | None:
    """Do ``step`` and wait for its result; None (and an error recorded) if it did not come."""
    page = session.page
    try:
        async with asyncio.timeout(INTERACTION_TIMEOUT_S):
            if step.kind in ("rating", "value"):
                box = page.get_by_label(
                    RATING_FIELD if step.kind == "rating" else MINIMAL_FIELD, exact=True
                )
                await box.fill(step.argument)
                await page.evaluate(ARM_JS, [*step.watched, "Enter"])
                await box.press("Enter")
            elif step.kind == "cube":
                # Seven buttons in a radio group: the arrow moves the focus, Space chooses.
                cube = page.get_by_role("radiogroup", name=CUBE_CHOICES)
                await cube.get_by_role("radio", checked=True).focus()
                await page.keyboard.press(step.argument)
                await page.evaluate(ARM_JS, [*step.watched, " "])
                await page.keyboard.press("Space")
            else:
                box = page.get_by_role("combobox", name=RULES_BOX, exact=True)
                await box.focus()
                await page.keyboard.type(step.argument.split(" ")[0])
                await page.get_by_role("option", name=step.argument, exact=True).wait_for()
                await page.evaluate(ARM_JS, [*step.watched, "Enter"])
                await page.keyboard.press("Enter")
            bench = await page.evaluate("window.__rerunDone")
    except TimeoutError:
        state = await _describe(page)
        session.errors.append(
            f"timeout: {step.kind} {step.argument!r} after {INTERACTION_TIMEOUT_S:.0f} s ({state})"
        )
        return None
    except PlaywrightError as error:  # the tab crashed or closed under load: an error, not a crash
        session.errors.append(f"{step.kind}: {str(error).splitlines()[0][:200]}")
        return None
    shown = await page.get_by_test_id("stException").count()
    if shown:
        texts = await page.get_by_test_id("stException").all_inner_texts()
        session.errors.append(f"exception box after {step.kind}: {texts[0][:200]}")
    start = bench["start"]
    answered = None if bench["answered"] is None else bench["answered"] - start
    timing = Timing(step.kind, bench["shown"] - start, bench["done"] - start, answered)
    session.timings.append(timing)
    return timing


async def _describe(page: Page) -> str:
    try:
        async with asyncio.timeout(5):
            state = await page.evaluate(
                "() => [document.querySelector('[data-testid=stApp]')"
                "?.getAttribute('data-test-script-state'), JSON.stringify(window.__rerun)]"
            )
            return f"script state {state[0]}, measurement {state[1]}"
    except (TimeoutError, Exception) as error:  # the page may be gone or hung: say so
        return f"page unreadable: {type(error).__name__}"


# --- The server process, from /proc --------------------------------------------------------------

_TICKS = os.sysconf("SC_CLK_TCK")


def server_pid(url: str) -> int:
    """The pid of the ``streamlit run`` serving ``url`` (started by ``streamlit_server`` with
    ``--server.port PORT`` on its command line)."""
    port = url.rsplit(":", 1)[1].strip("/")
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            argv = (entry / "cmdline").read_bytes().split(b"\0")
        except OSError:
            continue
        for i, arg in enumerate(argv[:-1]):
            if arg == b"--server.port" and argv[i + 1] == port.encode() and b"streamlit" in argv:
                return int(entry.name)
    raise LookupError(f"no streamlit process serves port {port}")


def cpu_seconds(pid: int) -> float:
    """User + system CPU time of a process, all threads, in seconds."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / _TICKS


def rss_mb(pid: int) -> float:
    """Resident memory (VmRSS) of a process in MB (10⁶ bytes)."""
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) * 1024 / 1e6
    raise LookupError(f"no VmRSS for pid {pid}")


def _children() -> dict[int, list[int]]:
    children: dict[int, list[int]] = {}
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            parent = int((entry / "stat").read_text().rsplit(")", 1)[1].split()[1])
        except (OSError, IndexError, ValueError):
            continue
        children.setdefault(parent, []).append(int(entry.name))
    return children


def client_cpu(servers: set[int]) -> dict[str, float]:
    """CPU seconds of this process and everything it started except the servers, by part:
    ``renderers`` (Chromium's tab processes), ``chromium`` (its browser, GPU and utility
    processes) and ``driver`` (Playwright's driver and this Python process). Only live processes
    count: a closed tab's renderer is gone, so read this while the tabs are open."""
    children = _children()
    parts = {"renderers": 0.0, "chromium": 0.0, "driver": 0.0}
    todo = [os.getpid()]
    while todo:
        pid = todo.pop()
        if pid in servers:
            continue
        try:
            used = cpu_seconds(pid)
            argv = Path(f"/proc/{pid}/cmdline").read_bytes()
        except OSError:
            continue
        if b"--type=renderer" in argv:
            parts["renderers"] += used
        elif b"chrom" in argv.split(b"\0")[0]:
            parts["chromium"] += used
        else:
            parts["driver"] += used
        todo.extend(children.get(pid, []))
    return parts


def load_average() -> str:
    return "/".join(f"{x:.1f}" for x in os.getloadavg())
