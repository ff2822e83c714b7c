"""What the embed tests share: help-center article pages served by a real HTTP server on
loopback (Python's http.server, not an intercepted route), as ``localhost`` while the app is
``127.0.0.1`` (two different sites, as a help center and the calculator are), and readers of the
framed app: its numbers, its fit in the frame, a screenshot of the whole article.
"""

from __future__ import annotations

from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from urllib.parse import urlsplit

from browser_support import (
    ARTIFACTS,
    metric,
    wait_idle,
)
from playwright.sync_api import (
    Frame,
    FrameLocator,
    Locator,
    Page,
    expect,
)

MINUS = "\u2212"
#: The help center's article column, and so the iframe's width (README, ui/embed.py).
FRAME_WIDTH = 600
#: An article's background for each of the embed code's colours: white, and a dark help
#: center's near-black.
ARTICLES = {"light": "#ffffff", "dark": "#14161a"}


class HostPages:
    """Article pages served by a ThreadingHTTPServer on 127.0.0.1 and a free port."""

    def __init__(self) -> None:
        self.pages: dict[str, bytes] = {}
        pages = self.pages

        class Handler(BaseHTTPRequestHandler):
            def do_GET(self) -> None:
                body = pages.get(urlsplit(self.path).path)
                self.send_response(200 if body is not None else 404)
                self.send_header("Content-Type", "text/html; charset=utf-8")
                self.send_header("Content-Length", str(len(body or b"")))
                self.end_headers()
                self.wfile.write(body or b"")

            def log_message(self, format: str, *args: object) -> None:
                pass  # quiet: pytest shows failures, not every request

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        port = self.server.server_address[1]
        # Another site than the app's 127.0.0.1, as a help center is.
        self.base = f"http://localhost:{port}"

    def article(self, name: str, iframe: str, *, dark: bool = False) -> str:
        """Serve an article page (Greek, a column up to 600 px, narrower on a phone; white, or
        near-black for ``dark``) holding ``iframe``; its URL."""
        colours = f"background:{ARTICLES['dark' if dark else 'light']};color:"
        colours += "#eee" if dark else "#111"
        self.pages[f"/{name}.html"] = (
            "<!doctype html><html lang='el'><head><meta charset='utf-8'>"
            "<meta name='viewport' content='width=device-width, initial-scale=1'>"
            "<title>Πώς υπολογίζεται το ELO στο Gammon42</title>"
            f"<style>body{{margin:0;font-family:sans-serif;{colours}}}"
            f"main{{max-width:{FRAME_WIDTH}px;margin:0 auto;padding:16px}}</style></head>"
            "<body><main><h1>Πώς υπολογίζεται το ELO στο Gammon42</h1>"
            "<p>Δοκίμασε τους δικούς σου αριθμούς:</p>"
            f"{iframe}<p>Τέλος άρθρου.</p></main></body></html>"
        ).encode()
        return f"{self.base}/{name}.html"


def open_article(page: Page, url: str) -> tuple[Locator, FrameLocator, Frame]:
    """Open the host page; the iframe element, its locator side and its Frame, once the app
    inside has drawn its main block."""
    page.goto(url)
    element = page.locator("iframe")
    inside = element.content_frame
    main = inside.get_by_test_id("stMain")
    main.get_by_test_id("stElementContainer").filter(visible=True).first.wait_for()
    wait_idle(inside)
    frame = element.element_handle().content_frame()
    assert frame is not None
    return element, inside, frame


def sideways_scroll(frame: Frame) -> dict[str, int]:
    """Every element in the frame's document that scrolls (or would scroll) sideways: by test id
    or tag, how many pixels wider its content is than its box."""
    found: dict[str, int] = frame.evaluate(
        """() => {
            const out = {};
            const root = document.scrollingElement || document.documentElement;
            for (const el of [root, document.body, ...document.querySelectorAll('*')]) {
                const style = getComputedStyle(el);
                const scrolls = el === root || el === document.body
                    || ['auto', 'scroll'].includes(style.overflowX);
                const extra = el.scrollWidth - el.clientWidth;
                if (scrolls && extra > 0) {
                    const name = el.dataset.testid || el.tagName.toLowerCase();
                    out[name] = Math.max(out[name] || 0, extra);
                }
            }
            return out;
        }"""
    )
    return found


def assert_frame_fits(element: Locator, frame: Frame) -> None:
    """The frame is the article column's width, and nothing in it sticks out or scrolls."""
    box = element.bounding_box()
    assert box is not None and box["width"] == FRAME_WIDTH, box  # no border, not shrunk
    width = frame.evaluate("() => document.documentElement.clientWidth")
    assert width == FRAME_WIDTH
    assert sideways_scroll(frame) == {}
    for shown in frame.get_by_test_id("stMetric").all():
        metric_box = shown.evaluate("el => el.getBoundingClientRect().toJSON()")
        assert metric_box["left"] >= 0 and metric_box["right"] <= width, metric_box


def assert_no_navigation(inside: FrameLocator) -> None:
    """view=compact with embed=true: no sidebar, no page links, no page title, no toolbar."""
    for test_id in (
        "stSidebar",
        "stSidebarNav",
        "stPageLink",
        "stToolbar",
        "stExpandSidebarButton",
    ):
        expect(inside.get_by_test_id(test_id)).to_have_count(0)
    expect(inside.locator("h1")).to_have_count(0)


def shows(where: Locator, label: str, value: str, delta: str | None = None) -> None:
    found = metric(where, label)
    expect(found.get_by_test_id("stMetricValue")).to_have_text(value)
    if delta is not None:
        expect(found.get_by_test_id("stMetricDelta")).to_have_text(delta)


def save_host(page: Page, name: str) -> Path:
    """A screenshot of the whole host page, frame and all (focus and mouse parked)."""
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    path = ARTIFACTS / f"{name}.png"
    page.evaluate("() => document.activeElement?.blur()")
    page.mouse.move(0, 0)
    # Chromium paints a frame from another site only where it is on screen: the window is
    # stretched to the article's height for the shot (the width, and so the layout, stay).
    viewport = page.viewport_size or {"width": 1280, "height": 900}
    height = int(page.evaluate("() => document.documentElement.scrollHeight"))
    page.set_viewport_size({"width": viewport["width"], "height": max(height, viewport["height"])})
    try:
        page.wait_for_timeout(300)
        page.screenshot(path=str(path), full_page=True)
    finally:
        page.set_viewport_size(viewport)
    return path
