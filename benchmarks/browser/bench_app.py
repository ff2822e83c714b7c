"""The home page's speed in Chromium, beside two baseline pages measured in the same run.

    python -m benchmarks.browser.bench_app [--repeat N] [--warmup W] [--root DIR]
                                           [--option NAME=VALUE]
    python -m benchmarks.browser.bench_app --doors [--loads 30] [--root DIR]

Three servers, all started in the same directory so all read the same ``.streamlit/config.toml``:
``streamlit run app.py``; the home page's content written as a plain Streamlit page
(``required_app.py`` beside this file: the same inputs, figures, the three divisor curves and the
table, computed inline, no package), which the goals are stated against; and a one-widget page
(``minimal_app.py``), what any Streamlit page costs. One headless Chromium (Debian's, started as
the browser tests start it). For each page, N times, interleaved so that all share the machine's
noise:

- **first load**: a fresh browser context (empty cache, new Streamlit session) navigates to the
  page; the time is from navigation start until every result metric shows a value (home and
  required: their 7 metrics; minimal: its one). Measured in the page (``performance.now()`` in a
  MutationObserver installed before any of the page's scripts), so Playwright's polling adds
  nothing.
- **rerun**: in one open page, type a new number in the input (home: "Your rating"; minimal:
  "Value") and press Enter; the time is from the Enter key-down until the watched metric shows a
  different number (home and required: "You" in the "If you win" card). "script done" is until
  Streamlit reports the script run finished (the rest of the page updated too).

Prints median and p95 (nearest rank) of each, "server answered" (until the last websocket
message of the rerun arrived: what is left until "rerun" is the browser drawing it), and the
ratios home / required (what the app adds to the same content), home / minimal and required /
minimal (what the content costs in Streamlit itself). Then where a rerun's time goes, per rerun
(medians): the server's CPU time (its process's, from ``/proc``), the websocket messages and
kilobytes it sent, and the tab's main-thread time from Chrome's Performance domain (JavaScript,
style, layout, and all its tasks). The goals: the first load and the rerun each ≤ 1.25× the
required page. W warm-up rounds per page are not counted (the server's first run of a page
imports its modules). ``--root`` serves the app from another copy of the repository (an exported
commit, say, while the checkout is being edited); ``--option`` passes a Streamlit config option
to every server, to try a setting on all sides.

``--doors``: the public calculator's memory and first load beside the designers' lab's (``lab.py``,
every page and module, as the single app was before the two doors) and the one-widget page's,
one server each. Each server's resident memory (VmRSS from ``/proc``) once it answers, before any
reader ("idle"); then ``--loads`` rounds, each a first load of every server's home page in a
fresh browser context (a new Streamlit session; the context is closed after it), the servers'
order rotating; RSS after the first load and after the last. Reported: the first load of the
first round (the server imports the page's modules then) and the median and p95 of the others.
Last, the lab's RSS after one visit to each of its own pages (History, a small simulation, the
Rule designer), which the calculator never imports.
"""

from __future__ import annotations

import argparse
import math
import platform
import statistics
from contextlib import ExitStack
from dataclasses import dataclass, field

from playwright.sync_api import Browser, CDPSession, Page, ViewportSize, sync_playwright
from playwright.sync_api import TimeoutError as PlaywrightTimeoutError

from benchmarks.browser.harness import (
    ARM_JS,
    IDLE,
    MINIMAL_FIELD,
    MINIMAL_SCRIPT,
    RATING_FIELD,
    REQUIRED_SCRIPT,
    WEBSOCKET_JS,
    add_root_option,
    cpu_seconds,
    load_average,
    p95,
    rss_mb,
)
from tests.browser.browser_support import Server, launch_chromium, streamlit_process

VIEWPORT: ViewportSize = {"width": 1280, "height": 900}
TIMEOUT_MS = 60_000

#: Records when ``want`` metrics all show a value, from the document's first moment.
FIRST_LOAD_JS = """
(() => {
  const want = %d;
  const ready = () => {
    const values = document.querySelectorAll('[data-testid="stMetricValue"]');
    return values.length >= want && [...values].every(
      v => v.textContent.trim() !== '' && v.getClientRects().length > 0);
  };
  const observer = new MutationObserver(() => {
    if (ready()) { window.__firstLoad = performance.now(); observer.disconnect(); }
  });
  observer.observe(document, {childList: true, subtree: true, characterData: true});
})();
"""


@dataclass(frozen=True)
class Target:
    name: str
    path: str
    metrics: int  #: metrics the page shows once its results are in
    field: str  #: the number input typed into
    watched: tuple[str, int]  #: (metric label, which one) whose number must change
    values: tuple[int, int]  #: typed alternately, so that every Enter changes the number


@dataclass
class Figures:
    first_load: list[float] = field(default_factory=list)
    rerun: list[float] = field(default_factory=list)
    script_done: list[float] = field(default_factory=list)
    answered: list[float] = field(default_factory=list)
    #: Per rerun: the server's CPU ms, the messages it sent and their bytes, and the tab's
    #: main-thread ms (JavaScript, style, layout, all tasks) from Chrome's Performance domain.
    server_cpu: list[float] = field(default_factory=list)
    messages: list[float] = field(default_factory=list)
    kilobytes: list[float] = field(default_factory=list)
    script: list[float] = field(default_factory=list)
    style: list[float] = field(default_factory=list)
    layout: list[float] = field(default_factory=list)
    task: list[float] = field(default_factory=list)


HOME = Target("home", "/", 7, RATING_FIELD, ("You", 0), (1510, 1500))
MINIMAL = Target("minimal", "/", 1, MINIMAL_FIELD, ("Shown", 0), (1510, 1500))
REQUIRED = Target("required", "/", 7, RATING_FIELD, ("You", 0), (1510, 1500))


def first_load(browser: Browser, url: str, target: Target) -> float:
    context = browser.new_context(viewport=VIEWPORT)
    try:
        context.add_init_script(FIRST_LOAD_JS % target.metrics)
        page = context.new_page()
        page.goto(url + target.path, wait_until="commit")
        page.wait_for_function("() => window.__firstLoad !== undefined", timeout=TIMEOUT_MS)
        return float(page.evaluate("window.__firstLoad"))
    finally:
        context.close()


@dataclass
class Tab:
    """One open page, its Chrome DevTools session and the server behind it."""

    page: Page
    cdp: CDPSession
    server: int  #: the server's pid

    def costs(self) -> dict[str, float]:
        """What was spent so far: the server's CPU ms, the websocket messages and kilobytes it
        sent this tab, and the tab's main-thread ms by kind."""
        reply = self.cdp.send("Performance.getMetrics")
        metrics = {m["name"]: m["value"] for m in reply["metrics"]}
        ws = self.page.evaluate("window.__ws")
        return {
            "server_cpu": 1000 * cpu_seconds(self.server),
            "messages": ws["count"],
            "kilobytes": ws["bytes"] / 1000,
            **{part: 1000 * metrics[name] for part, name in MAIN_THREAD.items()},
        }


#: The tab's main-thread time by kind, as Chrome's Performance domain names it.
MAIN_THREAD = {
    "script": "ScriptDuration",
    "style": "RecalcStyleDuration",
    "layout": "LayoutDuration",
    "task": "TaskDuration",
}


def open_for_reruns(browser: Browser, server: Server, target: Target) -> Tab:
    context = browser.new_context(viewport=VIEWPORT)
    context.add_init_script(WEBSOCKET_JS)
    page = context.new_page()
    page.set_default_timeout(TIMEOUT_MS)
    cdp = context.new_cdp_session(page)
    cdp.send("Performance.enable")
    page.goto(server.url + target.path)
    page.get_by_label(target.field, exact=True).wait_for()
    page.locator(IDLE).wait_for()
    return Tab(page, cdp, server.pid)


def rerun(tab: Tab, target: Target, value: int) -> tuple[dict[str, float], dict[str, float]]:
    """The times until the number shows (``rerun``), until the script finished (``script_done``)
    and until the server's last message of the run arrived (``answered``), in ms from Enter's
    key-down; and what the rerun cost (:meth:`Tab.costs`, the difference)."""
    page = tab.page
    box = page.get_by_label(target.field, exact=True)
    box.fill(str(value))
    page.evaluate(ARM_JS, [*target.watched, "Enter"])
    before = tab.costs()
    box.press("Enter")
    try:
        page.wait_for_function(
            "() => window.__rerun.shown !== null && window.__rerun.done !== null",
            timeout=TIMEOUT_MS,
        )
    except PlaywrightTimeoutError as error:
        raise RuntimeError(
            f"{target.name}: no rerun seen after typing {value} in {target.field!r}: "
            f"{page.evaluate('window.__rerun')}; exceptions shown: "
            f"{page.get_by_test_id('stException').all_inner_texts()}"
        ) from error
    bench = page.evaluate("window.__rerun")
    page.locator(IDLE).wait_for()
    after = tab.costs()
    start = bench["start"]
    answered = bench["answered"] if bench["answered"] is not None else bench["done"]
    times = {
        "rerun": bench["shown"] - start,
        "script_done": bench["done"] - start,
        "answered": answered - start,
    }
    return times, {name: after[name] - before[name] for name in after}


#: The lab's own pages, each visited once at the end of ``--doors`` (a small simulation).
LAB_VISITS = ("/history", "/simulator?players=200&weeks=2", "/designer")


def doors(args: argparse.Namespace, options: list[str]) -> None:
    """The calculator's and the lab's memory and first load, beside the one-widget page's."""
    root = args.root.resolve()
    scripts = {"app": root / "app.py", "lab": root / "lab.py", "minimal": MINIMAL_SCRIPT}
    targets = {"app": HOME, "lab": HOME, "minimal": MINIMAL}
    rss: dict[str, dict[str, float]] = {name: {} for name in scripts}
    loads: dict[str, list[float]] = {name: [] for name in scripts}
    with ExitStack() as stack:
        servers = {
            name: stack.enter_context(streamlit_process(script, cwd=root, options=options))
            for name, script in scripts.items()
        }
        for name, server in servers.items():
            rss[name]["idle"] = rss_mb(server.pid)
        browser = launch_chromium(stack.enter_context(sync_playwright()))
        stack.callback(browser.close)
        names = tuple(scripts)
        for index in range(args.loads):
            shift = index % len(names)
            for name in names[shift:] + names[:shift]:
                loads[name].append(first_load(browser, servers[name].url, targets[name]))
                if index == 0:
                    rss[name]["after the first load"] = rss_mb(servers[name].pid)
        for name, server in servers.items():
            rss[name][f"after {args.loads} loads"] = rss_mb(server.pid)
        visit_lab_pages(browser, servers["lab"].url)
        rss["lab"]["after its own pages"] = rss_mb(servers["lab"].pid)
    report_doors(args, rss, loads)


def visit_lab_pages(browser: Browser, url: str) -> None:
    """One visit to each of the lab's pages, until its script run is done."""
    context = browser.new_context(viewport=VIEWPORT)
    try:
        page = context.new_page()
        page.set_default_timeout(TIMEOUT_MS)
        for path in LAB_VISITS:
            page.goto(url + path)
            page.get_by_test_id("stMain").locator("h1").first.wait_for()
            page.locator(IDLE).wait_for()
    finally:
        context.close()


def report_doors(
    args: argparse.Namespace, rss: dict[str, dict[str, float]], loads: dict[str, list[float]]
) -> None:
    names = tuple(rss)
    print(
        f"Chromium headless; {args.loads} first loads per server, one new session each; "
        f"Python {platform.python_version()}, {platform.machine()}; "
        f"load average at the end {load_average()}"
    )
    head = "".join(f"{name:>12}" for name in names)
    print(f"{'':<34}{head}{'app/minimal':>13}{'lab/minimal':>13}{'app/lab':>9}")
    rows: list[tuple[str, dict[str, float]]] = [
        (f"RSS {when}, MB", {name: rss[name].get(when, float("nan")) for name in names})
        for when in rss["lab"]
    ]
    rows.append(("first load, the first, ms", {name: loads[name][0] for name in names}))
    rest = {name: loads[name][1:] or loads[name] for name in names}
    rows.append(
        ("first load, median of the rest, ms", {n: statistics.median(v) for n, v in rest.items()})
    )
    rows.append(("first load, p95 of the rest, ms", {n: p95(v) for n, v in rest.items()}))
    for label, values in rows:
        cells = "".join(f"{_figure(values[name], '.0f'):>12}" for name in names)
        ratios = (
            (values["app"] / values["minimal"], 13),
            (values["lab"] / values["minimal"], 13),
            (values["app"] / values["lab"], 9),
        )
        print(f"{label:<34}{cells}" + "".join(f"{_figure(r, '.2f', '×'):>{w}}" for r, w in ratios))


def _figure(value: float, form: str, unit: str = "") -> str:
    """A figure, or a dash where there is none (a page only the lab has)."""
    return "—" if math.isnan(value) else f"{value:{form}}{unit}"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--repeat", type=int, default=15, help="measured runs per page")
    parser.add_argument("--warmup", type=int, default=2, help="uncounted runs per page first")
    parser.add_argument(
        "--option",
        action="append",
        default=[],
        metavar="NAME=VALUE",
        help="a Streamlit config option for every server, e.g. runner.postScriptGC=false",
    )
    parser.add_argument(
        "--doors",
        action="store_true",
        help="memory and first load of app.py and lab.py beside the one-widget page",
    )
    parser.add_argument("--loads", type=int, default=30, help="first loads per server (--doors)")
    add_root_option(parser)
    args = parser.parse_args()
    options = [f"--{option}" for option in args.option]
    if args.doors:
        doors(args, options)
        return
    root = args.root.resolve()

    targets = (HOME, REQUIRED, MINIMAL)
    figures = {t.name: Figures() for t in targets}
    load_before = load_average()
    with (
        streamlit_process(root / "app.py", cwd=root, options=options) as home,
        streamlit_process(REQUIRED_SCRIPT, cwd=root, options=options) as required,
        streamlit_process(MINIMAL_SCRIPT, cwd=root, options=options) as minimal,
        sync_playwright() as playwright,
    ):
        servers = {HOME.name: home, REQUIRED.name: required, MINIMAL.name: minimal}
        browser = launch_chromium(playwright)
        try:
            tabs = {t.name: open_for_reruns(browser, servers[t.name], t) for t in targets}
            for index in range(args.warmup + args.repeat):
                counted = index >= args.warmup
                # Rotate which page goes first, so none always follows another.
                shift = index % len(targets)
                for target in targets[shift:] + targets[:shift]:
                    load = first_load(browser, servers[target.name].url, target)
                    times, costs = rerun(tabs[target.name], target, target.values[index % 2])
                    if counted:
                        figures[target.name].first_load.append(load)
                        for name, value in {**times, **costs}.items():
                            getattr(figures[target.name], name).append(value)
        finally:
            browser.close()
    report(args, figures, load=f"{load_before} before, {load_average()} after")


#: What each row of the report measures, and its goal: (ratio, the page it is stated against).
#: Both times a reader waits are stated against the page with the same content written plainly.
GOALS: dict[str, tuple[float, str] | None] = {
    "first_load": (1.25, REQUIRED.name),
    "rerun": (1.25, REQUIRED.name),
    "script_done": None,
    "answered": None,
}
#: Where a rerun's time goes, per rerun (medians): the server, the messages, the tab's drawing.
COSTS = {
    "server_cpu": "server CPU, ms",
    "messages": "messages",
    "kilobytes": "message kB",
    "script": "tab JavaScript, ms",
    "style": "tab style, ms",
    "layout": "tab layout, ms",
    "task": "tab all tasks, ms",
}


def report(args: argparse.Namespace, figures: dict[str, Figures], *, load: str) -> None:
    print(
        f"Chromium headless, {args.repeat} runs per page after {args.warmup} warm-up; "
        f"Python {platform.python_version()}, {platform.machine()}; load average {load}"
        + (f"; options: {' '.join(args.option)}" if args.option else "")
    )
    names = (HOME.name, REQUIRED.name, MINIMAL.name)
    print(
        f"{'median (p95), ms':<20}"
        + "".join(f"{name:>16}" for name in names)
        + f"{'home/required':>15}{'home/minimal':>15}{'required/min.':>15}"
    )
    verdicts = []
    for measure, goal in GOALS.items():
        values = {name: getattr(figures[name], measure) for name in names}
        medians = {name: statistics.median(v) for name, v in values.items()}
        cells = "".join(f"{f'{medians[name]:.0f} ({p95(values[name]):.0f})':>16}" for name in names)
        ratios = _ratios(medians)
        label = "server answered" if measure == "answered" else measure.replace("_", " ")
        print(f"{label:<20}{cells}" + "".join(f"{r:>14.2f}×" for r in ratios.values()))
        if goal is not None:
            bound, against = goal
            ratio = medians[HOME.name] / medians[against]
            verdicts.append(
                f"{label}: home {ratio:.2f}× the {against} page (goal ≤ {bound}×) — "
                f"{'met' if ratio <= bound else 'MISSED'}"
            )
    print("per rerun, median")
    for measure, label in COSTS.items():
        medians = {n: statistics.median(getattr(figures[n], measure)) for n in names}
        cells = "".join(f"{medians[name]:>16.1f}" for name in names)
        print(f"{label:<20}{cells}" + "".join(f"{r:>14.2f}×" for r in _ratios(medians).values()))
    print("\n".join(verdicts))


def _ratios(medians: dict[str, float]) -> dict[str, float]:
    def ratio(a: float, b: float) -> float:
        return a / b if b else math.nan

    return {
        "home/required": ratio(medians[HOME.name], medians[REQUIRED.name]),
        "home/minimal": ratio(medians[HOME.name], medians[MINIMAL.name]),
        "required/minimal": ratio(medians[REQUIRED.name], medians[MINIMAL.name]),
    }


if __name__ == "__main__":
    main()
