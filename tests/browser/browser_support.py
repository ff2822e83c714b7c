"""Helpers for driving the app in Chromium: a `streamlit run` server on loopback, Debian's
Chromium under Playwright, and readers for what a person sees (metrics, tables, charts, layout).

The fixtures in ``conftest.py`` wrap these; the browser benchmarks (``benchmarks/browser/``) use
them directly, so a benchmark and the tests start the app and the browser the same way.
"""

from __future__ import annotations

import io
import os
import re
import shutil
import socket
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request
from collections.abc import Iterable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import Any, NamedTuple

from PIL import Image  # Pillow comes with Streamlit (a dependency of its own).
from playwright.sync_api import (
    Browser,
    Frame,
    FrameLocator,
    Locator,
    Page,
    Playwright,
    ViewportSize,
    expect,
)

ROOT = Path(__file__).resolve().parents[2]
#: Screenshots land here (gitignored).
ARTIFACTS = ROOT / "tests" / "artifacts"
#: The tests' screens: a desktop, and a current mid-size phone (CSS pixels).
DESKTOP: ViewportSize = {"width": 1280, "height": 900}
PHONE: ViewportSize = {"width": 390, "height": 844}

#: Debian's Chromium, headless, with nothing that phones home: the network is loopback only.
CHROMIUM_ARGS = (
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
)
CHROMIUM_MISSING = (
    "Debian's Chromium was not found on PATH (`chromium`): the browser tests drive it and are "
    "never skipped. Install it with `apt-get install -y chromium` (CI's .ci/run does)."
)
#: How long a cold `streamlit run` may take to answer /_stcore/health on a busy 2-core machine.
SERVER_START_TIMEOUT = 90.0


def chromium_path() -> str | None:
    return shutil.which("chromium")


def chromium_options() -> dict[str, Any]:
    """Playwright's launch options for Debian's Chromium, headless (Playwright cannot download a
    browser of its own here), for its sync and its async API alike."""
    path = chromium_path()
    if path is None:
        raise FileNotFoundError(CHROMIUM_MISSING)
    return {"executable_path": path, "headless": True, "args": list(CHROMIUM_ARGS)}


def launch_chromium(playwright: Playwright) -> Browser:
    """Debian's Chromium under Playwright's sync API."""
    return playwright.chromium.launch(**chromium_options())


@contextmanager
def chromium(playwright: Playwright) -> Iterator[Browser]:
    """Debian's Chromium, closed at the end of the block."""
    browser = launch_chromium(playwright)
    try:
        yield browser
    finally:
        browser.close()


def free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


#: How ``streamlit`` is started by default: ``python -m streamlit`` (the ``run …`` follows).
STREAMLIT = (sys.executable, "-m", "streamlit")


class Server(NamedTuple):
    """A running ``streamlit run``: its base URL and its process id."""

    url: str
    pid: int


@contextmanager
def streamlit_server(
    script: Path | str, *, cwd: Path = ROOT, options: Sequence[str] = ()
) -> Iterator[str]:
    """``streamlit run script`` on 127.0.0.1 and a free port; yields the base URL once
    ``/_stcore/health`` answers, and always stops the server (and anything it started).

    ``options`` are further command-line flags, e.g. ``("--secrets.files", path)`` for a
    secrets file of the test's own instead of the checkout's ``.streamlit/secrets.toml``.
    """
    with streamlit_process(script, cwd=cwd, options=options) as server:
        yield server.url


@contextmanager
def streamlit_process(
    script: Path | str,
    *,
    cwd: Path = ROOT,
    options: Sequence[str] = (),
    launcher: Sequence[str] = STREAMLIT,
    env: Mapping[str, str] | None = None,
) -> Iterator[Server]:
    """:func:`streamlit_server`, yielding the server's URL and process id. ``launcher`` is the
    command before ``run script …`` (another entry to Streamlit's command line, such as
    ``modules_on_signal.py``); ``env`` adds to this process's environment."""
    port = free_port()
    command = [
        *launcher,
        "run",
        str(script),
        "--server.address",
        "127.0.0.1",
        "--server.port",
        str(port),
        "--server.headless",
        "true",
        "--browser.gatherUsageStats",
        "false",
        # Others edit the checkout while tests run: a file change must not rerun a page mid-test.
        "--server.fileWatcherType",
        "none",
        *options,
    ]
    url = f"http://127.0.0.1:{port}"
    with serving(command, f"{url}/_stcore/health", cwd=cwd, env=env) as pid:
        yield Server(url, pid)


@contextmanager
def oidc_provider() -> Iterator[str]:
    """A mock OpenID Connect provider (``oidc-provider-mock``) on 127.0.0.1 and a free port;
    yields its base URL (its discovery document is ``/.well-known/openid-configuration``) once
    that answers, and always stops it. It accepts any client id and secret; its
    ``/oauth2/authorize`` page signs in whoever is typed in its ``sub`` field, with that text as
    the e-mail address."""
    port = free_port()
    url = f"http://127.0.0.1:{port}"
    command = [
        sys.executable,
        "-m",
        "oidc_provider_mock",
        "--host",
        "127.0.0.1",
        "--port",
        str(port),
    ]
    with serving(command, f"{url}/.well-known/openid-configuration"):
        yield url


@contextmanager
def serving(
    command: Sequence[str],
    health: str,
    *,
    cwd: Path = ROOT,
    env: Mapping[str, str] | None = None,
) -> Iterator[int]:
    """Run ``command`` in a process group of its own, from the moment ``health`` answers 200
    until the block ends (yielding its process id); then stop that group, whatever happened in
    the block. ``env`` adds to this process's environment."""
    name = Path(command[2] if command[1] == "-m" else command[0]).name
    with tempfile.TemporaryFile(mode="w+", encoding="utf-8", errors="replace") as log:
        process = subprocess.Popen(
            list(command),
            cwd=cwd,
            stdout=log,
            stderr=subprocess.STDOUT,
            stdin=subprocess.DEVNULL,
            start_new_session=True,
            env={**os.environ, "PYTHONUNBUFFERED": "1", **(env or {})},
        )
        try:
            _wait_until_healthy(name, health, process, log)
            yield process.pid
        finally:
            _stop(process)


def _wait_until_healthy(name: str, health: str, process: subprocess.Popen[Any], log: Any) -> None:
    deadline = time.monotonic() + SERVER_START_TIMEOUT
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise RuntimeError(
                f"{name} exited with {process.returncode} before answering:\n{_tail(log)}"
            )
        try:
            with urllib.request.urlopen(health, timeout=2) as response:
                if response.status == 200:
                    return
        except (urllib.error.URLError, ConnectionError, TimeoutError):
            pass
        time.sleep(0.2)
    raise TimeoutError(
        f"{name} did not answer {health} within {SERVER_START_TIMEOUT:.0f} s:\n{_tail(log)}"
    )


def _tail(log: Any, chars: int = 4000) -> str:
    log.flush()
    log.seek(0)
    return str(log.read())[-chars:]


def _stop(process: subprocess.Popen[Any]) -> None:
    """Terminate the server's process group (its own session), then kill it if it lingers."""
    if process.poll() is None:
        try:
            os.killpg(process.pid, 15)
            process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            os.killpg(process.pid, 9)
            process.wait(timeout=10)
        except ProcessLookupError:
            pass


# --- What a person sees -------------------------------------------------------------------------


def open_page(page: Page, url: str) -> None:
    """Navigate and wait until Streamlit has drawn the page's main block (its first visible
    element: the page's ``<html lang>`` script, ui/navigation.py, sits in a hidden one)."""
    page.goto(url)
    main = page.get_by_test_id("stMain")
    main.get_by_test_id("stElementContainer").filter(visible=True).first.wait_for()


def wait_idle(where: Page | FrameLocator) -> None:
    """Wait until the page's script run has finished (Streamlit's own ``data-test-script-state``).

    A click on a widget drawn by a run still in progress can be lost, so a test waits for the
    result it expects and then for this before the next click.
    """
    app = where.get_by_test_id("stApp")
    expect(app).to_have_attribute("data-test-script-state", "notRunning")


def choose(where: Page | FrameLocator, label: str, option: str, *, attempts: int = 3) -> None:
    """Pick ``option`` in the select box ``label``, once the page is idle.

    Under load a click on the box while its page (or the frame around it) is still settling can
    open nothing, and a click on the option can be lost when the list moves under it (an embed
    frame that iframe-resizer makes taller while the list is open); the pick is retried a
    bounded number of times, each time from an idle page: the first with the pointer, the
    others with the keyboard alone (the box focused, the option's name typed, which opens the
    list with that option alone in it, and Enter), and is done when the box shows the option.
    """
    box = where.get_by_role("combobox", name=label, exact=True)
    choice = where.get_by_role("option", name=option, exact=True)
    for attempt in range(attempts):
        wait_idle(where)
        expect(box).to_be_enabled()
        try:
            if attempt == 0:
                box.click()
                expect(choice).to_be_visible(timeout=5_000)
                choice.click()
            else:
                box.focus()
                box.press_sequentially(option)
                expect(choice).to_be_visible(timeout=5_000)
                box.press("Enter")
            expect(box).to_have_value(option, timeout=5_000)
            break
        except AssertionError:
            if attempt == attempts - 1:
                raise
            # Close whatever list is still open (and what was typed with it) before the next.
            box.press("Escape")
    expect(box).to_have_value(option)
    wait_idle(where)


def switch_on(where: Page | FrameLocator, label: str, *, attempts: int = 3) -> None:
    """Turn on the toggle ``label`` (if off), once the page is idle, clicking its own label.

    Under load a click that lands while a run is redrawing the page can be lost; the click is
    tried again a bounded number of times, each from an idle page, only while the switch is
    still off (a slow click that did land is never undone by a second one).
    """
    switch = where.get_by_role("switch", name=label, exact=True)
    for attempt in range(attempts):
        wait_idle(where)
        if not switch.is_checked():
            where.get_by_text(label, exact=True).click()
        try:
            expect(switch).to_be_checked(timeout=5_000)
            break
        except AssertionError:
            if attempt == attempts - 1:
                raise
    wait_idle(where)


def open_expander(where: Page | FrameLocator, title: str) -> Locator:
    """Unfold the st.expander titled ``title`` (if folded) and wait for its opening animation to
    end (it animates its height for about 300 ms: a click on its content meanwhile was lost in
    the tests); the expander."""
    expander = where.get_by_test_id("stExpander").filter(has_text=title)
    details = expander.locator("details")
    if details.get_attribute("open") is None:
        details.locator("summary").click()
    expect(details).to_have_attribute("open", "")
    expect(details).not_to_have_attribute("style", re.compile("height"))
    return expander


def card(page: Page, heading: str) -> Locator:
    """The bordered container whose heading is ``heading`` (e.g. "If you win")."""
    return (
        page.get_by_role("heading", name=heading, exact=True)
        .locator("xpath=ancestor::div[@data-testid='stVerticalBlock'][1]")
        .first
    )


def metric(where: Page | Locator, label: str) -> Locator:
    """The st.metric labelled exactly ``label`` inside ``where``."""
    page = where if isinstance(where, Page) else where.page
    return where.get_by_test_id("stMetric").filter(
        has=page.get_by_test_id("stMetricLabel").get_by_text(label, exact=True)
    )


def grid_rows(table: Locator) -> list[dict[str, str]]:
    """An st.dataframe's rows as {header: text}, read from the grid's accessible table (the
    cells themselves are painted on a canvas)."""
    rows: list[dict[str, str]] = table.evaluate(
        """el => {
            const grid = el.querySelector('table[role=grid]');
            if (!grid) return [];
            const heads = [...grid.querySelectorAll('thead th')].map(th => th.textContent.trim());
            return [...grid.querySelectorAll('tbody tr')].map(tr => Object.fromEntries(
                [...tr.querySelectorAll('td')].map((td, i) => [heads[i], td.textContent.trim()])));
        }"""
    )
    return rows


def as_percent(cells: Locator) -> list[str]:
    """A grid column of rates as the app writes them ("84.9%"): its accessible table holds the
    number beneath each painted cell, the fraction itself (0.8490204…)."""
    return [f"{100 * float(text):.1f}%" for text in cells.all_text_contents()]


def dataframe_with(page: Page, *headers: str) -> Locator:
    """The st.dataframe with columns headed exactly ``headers``."""
    found = page.get_by_test_id("stDataFrame")
    for header in headers:
        exact = re.compile(f"^{re.escape(header)}$")
        found = found.filter(has=page.locator("th[role=columnheader]", has_text=exact))
    return found


def mark_drawing(chart: Locator) -> None:
    """Mark the chart's drawing (its SVG element), to tell later whether a rerun kept it: a
    chart given new data keeps its drawing, one drawn anew has a new element."""
    chart.locator("svg.marks").evaluate("svg => { svg.dataset.before = 'yes'; }")


def expect_same_drawing(chart: Locator) -> None:
    """The chart still shows the drawing :func:`mark_drawing` marked."""
    expect(chart.locator("svg.marks[data-before=yes]")).to_have_count(1)


def chart_marks(chart: Locator) -> dict[str, dict[str, Any]]:
    """Vega's drawn marks in an st.altair_chart (SVG renderer), by mark type (line, rule, rect,
    text …): how many shapes have geometry, their colours, and the texts written."""
    marks: dict[str, dict[str, Any]] = chart.evaluate(
        """el => {
            const out = {};
            for (const g of el.querySelectorAll('svg.marks g.role-mark')) {
                const type = [...g.classList].find(c => c.startsWith('mark-')).slice(5);
                const mark = out[type] ??= {items: 0, colours: [], texts: []};
                for (const s of g.querySelectorAll('path, line, text')) {
                    const drawn = s.tagName === 'path' ? (s.getAttribute('d') || '').length > 4
                        : s.tagName === 'text' ? s.textContent.trim().length > 0 : true;
                    if (!drawn) continue;
                    mark.items += 1;
                    for (const a of ['stroke', 'fill']) {
                        const c = s.getAttribute(a);
                        if (c && c !== 'none' && c !== 'transparent' && !mark.colours.includes(c))
                            mark.colours.push(c);
                    }
                    if (s.tagName === 'text') mark.texts.push(s.textContent.trim());
                }
            }
            return out;
        }"""
    )
    return marks


def _rgb(colour: str) -> tuple[int, int, int]:
    colour = colour.strip()
    if colour.startswith("#") and len(colour) == 4:
        colour = "#" + "".join(c * 2 for c in colour[1:])
    if colour.startswith("#") and len(colour) == 7:
        return int(colour[1:3], 16), int(colour[3:5], 16), int(colour[5:7], 16)
    if colour.startswith("rgb"):
        parts = colour[colour.index("(") + 1 : colour.index(")")].split(",")
        red, green, blue = (int(float(p)) for p in parts[:3])
        return red, green, blue
    raise ValueError(f"colour must be #rgb, #rrggbb or rgb(...), got {colour!r}")


def luminance(colour: str) -> float:
    """Relative luminance (WCAG 2) of a ``#rrggbb``, ``rgb()`` or ``rgba()`` colour."""

    def linear(channel: int) -> float:
        c = channel / 255
        return c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4

    red, green, blue = _rgb(colour)
    return 0.2126 * linear(red) + 0.7152 * linear(green) + 0.0722 * linear(blue)


def contrast(colour: str, backdrop: str, *, alpha: float = 1.0) -> float:
    """The WCAG contrast ratio of ``colour``, drawn with opacity ``alpha`` over ``backdrop``,
    against that backdrop (1 : 1 … 21 : 1)."""
    shown = tuple(
        round(alpha * c + (1 - alpha) * b)
        for c, b in zip(_rgb(colour), _rgb(backdrop), strict=True)
    )
    lighter, darker = sorted((luminance(f"rgb{shown}"), luminance(backdrop)), reverse=True)
    return (lighter + 0.05) / (darker + 0.05)


def _colours(png: bytes) -> list[tuple[int, tuple[int, int, int]]]:
    """(how many pixels, (r, g, b)) for each colour in a screenshot."""
    image = Image.open(io.BytesIO(png)).convert("RGB")
    width, height = image.size
    counted = image.getcolors(width * height) or []
    return [(n, (rgb[0], rgb[1], rgb[2])) for n, rgb in counted if isinstance(rgb, tuple)]


def _near(pixel: tuple[int, int, int], colour: tuple[int, int, int], tolerance: int) -> bool:
    return all(abs(p - c) <= tolerance for p, c in zip(pixel, colour, strict=True))


def painted(png: bytes, colours: Iterable[str], *, tolerance: int = 30) -> dict[str, int]:
    """How many pixels of a screenshot are each colour (within ``tolerance`` per channel)."""
    counted = _colours(png)
    return {
        colour: sum(n for n, pixel in counted if _near(pixel, _rgb(colour), tolerance))
        for colour in colours
    }


def ink(png: bytes, background: str, *, tolerance: int = 12) -> float:
    """The share of a screenshot's pixels that are not the background colour."""
    counted = _colours(png)
    plain = sum(n for n, pixel in counted if _near(pixel, _rgb(background), tolerance))
    return 1 - plain / sum(n for n, _ in counted)


def horizontal_overflow(page: Page) -> dict[str, int]:
    """How far the page scrolls sideways: the document's and Streamlit's main scroller's
    scrollWidth against their width (0 each when nothing sticks out)."""
    overflow: dict[str, int] = page.evaluate(
        """() => {
            const main = document.querySelector('[data-testid=stMain]');
            const root = document.scrollingElement || document.documentElement;
            return {
                document: root.scrollWidth - root.clientWidth,
                body: document.body.scrollWidth - document.body.clientWidth,
                main: main ? main.scrollWidth - main.clientWidth : 0,
            };
        }"""
    )
    return overflow


#: Every text of the main block cut short: an element that ends its text with an ellipsis where
#: it runs out of room (Streamlit's metric labels and values, buttons), a widget's label wider
#: than its box, and a field's text (a select box's chosen option, a number, or an empty
#: field's hint) wider than the field's room for it.
CUT_TEXT = """() => {
  const main = document.querySelector('[data-testid=stMain]');
  const shown = el => el.getClientRects().length > 0;
  const ellipsis = [...main.querySelectorAll('*')]
    .filter(el => shown(el) && getComputedStyle(el).textOverflow === 'ellipsis'
                  && el.scrollWidth > el.clientWidth)
    .map(el => el.textContent.trim());
  const labels = [...main.querySelectorAll(
      '[data-testid=stWidgetLabel] [data-testid=stMarkdownContainer],'
      + ' [data-testid=stCheckbox] [data-testid=stMarkdownContainer]')]
    .filter(el => shown(el) && el.scrollWidth > el.clientWidth + 1)
    .map(el => el.textContent);
  const pen = document.createElement('canvas').getContext('2d');
  const fields = [...main.querySelectorAll('input:not([type=checkbox]):not([type=radio])')]
    .filter(el => shown(el) && (el.value || el.placeholder))
    .filter(el => {
      const style = getComputedStyle(el);
      pen.font = style.font;
      const room = el.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
      return pen.measureText(el.value || el.placeholder).width > room + 1;
    }).map(el => el.value || el.placeholder);
  return [...new Set(ellipsis.concat(labels, fields))];
}"""


def cut_text(page: Page | Frame) -> list[str]:
    """The texts of the main block cut short (:data:`CUT_TEXT`), once the fonts are loaded (a
    fallback font measures otherwise)."""
    page.wait_for_function("document.fonts.status === 'loaded'")
    found: list[str] = page.evaluate(CUT_TEXT)
    return found


def save_full_page(page: Page, name: str) -> Path:
    """A screenshot of the whole page at the current width. Streamlit scrolls its main block,
    not the document, so the viewport is stretched to the content's height for the shot."""
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    viewport = page.viewport_size or {"width": 1280, "height": 900}
    height = int(
        page.evaluate(
            "() => Math.max(document.querySelector('[data-testid=stMain]')?.scrollHeight || 0,"
            " document.documentElement.scrollHeight)"
        )
    )
    path = ARTIFACTS / f"{name}.png"
    # No focus ring or help tooltip left over from the last key press over the picture.
    page.evaluate("() => document.activeElement?.blur()")
    page.mouse.move(viewport["width"] - 1, viewport["height"] - 1)  # hovering nothing
    page.set_viewport_size({"width": viewport["width"], "height": max(height, viewport["height"])})
    try:
        page.wait_for_timeout(300)  # let the charts settle at the new height
        page.screenshot(path=str(path), full_page=True)
    finally:
        page.set_viewport_size(viewport)
    return path
