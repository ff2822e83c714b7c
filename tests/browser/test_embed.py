"""The app inside a help-center article, as the help center shows it: a host page served by a real
HTTP server on loopback (Python's http.server, not an intercepted route) frames the app's compact
view 600 px wide, in Greek. Checks the numbers as the Greek article writes them, that nothing
scrolls sideways inside the frame, that the frame shows no sidebar or navigation, and that the
``<iframe>`` code a page offers under "Embed this", pasted into such a host page, shows what the
page showed. Screenshots of the host pages go to tests/artifacts/.

The host is served as ``localhost`` and the app as ``127.0.0.1``: two different sites, as a help
center and the calculator are.
"""

from __future__ import annotations

import html
import re
import threading
from collections.abc import Callable, Iterator
from dataclasses import replace
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any
from urllib.parse import parse_qsl, urlsplit

import pytest
from axe_playwright_python.sync_playwright import Axe
from browser_support import (
    ARTIFACTS,
    card,
    chart_marks,
    choose,
    contrast,
    cut_text,
    grid_rows,
    horizontal_overflow,
    ink,
    luminance,
    metric,
    open_expander,
    open_page,
    wait_idle,
)
from playwright.sync_api import (
    Browser,
    Frame,
    FrameLocator,
    Locator,
    Page,
    ViewportSize,
    expect,
)

from gammon_elo import Game, what_if
from ui.catalogs.el import EL

pytestmark = pytest.mark.browser

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


@pytest.fixture(scope="module")
def host() -> Iterator[HostPages]:
    pages = HostPages()
    thread = threading.Thread(target=pages.server.serve_forever, daemon=True)
    thread.start()
    try:
        yield pages
    finally:
        pages.server.shutdown()
        pages.server.server_close()
        thread.join(timeout=10)


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


# Hand calculation, the article's formulas (Steps 1–3), 1800 against 1500 under ÷1200, you with 60
# ranked games this week (≥ 50: K 16), the opponent with none (K 32), cube 1 (multiplier 1.00):
#   E = 1 / (1 + 10^(−300/1200)) = 1 / (1 + 0.56234) = 0.64007        → 64,0%
#   you win:   16 × (1 − 0.64007) = +5.76 → +6 → 1806
#              they lose 32 × (0 − 0.35993) = −11.52 → −12 → 1488
#   you lose:  16 × (0 − 0.64007) = −10.24 → −10 → 1790
#              they win 32 × (1 − 0.35993) = +20.48 → +20 → 1520
#   break-even: win w of the games so that 6w = 10(1 − w): w = 10 / 16 = 62,5%
GREEK_LINK = "rating=1800&opponent=1500&games=60&lang=el"


def assert_greek_heavy_week_numbers(where: Page | FrameLocator) -> None:
    """The page's figures (the full page's, or an article frame's compact view, which shows each
    change in its headline only and the K lines once, without the outcome cards)."""
    page_or_frame: Page | Locator = where if isinstance(where, Page) else where.locator("body")
    shows(page_or_frame, "Πιθανότητα νίκης σου", "64,0%")
    shows(page_or_frame, "Συντελεστής κύβου", "1,00")
    shows(page_or_frame, "Ποσοστό νίκης ισορροπίας", "62,5%")
    expect(where.locator(".gammon-win")).to_have_text(f"Αν κερδίσεις+6Ο αντίπαλος {MINUS}12")
    expect(where.locator(".gammon-loss")).to_have_text(f"Αν χάσεις{MINUS}10Ο αντίπαλος +20")
    if isinstance(where, FrameLocator):
        main = where.get_by_test_id("stMain")
        expect(main.get_by_text("K = 16", exact=False)).to_have_count(1)
        expect(main.get_by_text("K = 32", exact=False)).to_have_count(1)
        expect(where.get_by_role("heading", name="Αν κερδίσεις", exact=True)).to_have_count(0)
        return
    win = card_in(where, "Αν κερδίσεις")
    loss = card_in(where, "Αν χάσεις")
    shows(win, "Εσύ", "1806", "+6")
    shows(win, "Ο αντίπαλος", "1488", f"{MINUS}12")
    shows(loss, "Εσύ", "1790", f"{MINUS}10")
    shows(loss, "Ο αντίπαλος", "1520", "+20")
    expect(win).to_contain_text("K = 16")
    expect(win).to_contain_text("K = 32")


def card_in(where: Page | FrameLocator, heading: str) -> Locator:
    if isinstance(where, Page):
        return card(where, heading)
    return (
        where.get_by_role("heading", name=heading, exact=True)
        .locator("xpath=ancestor::div[@data-testid='stVerticalBlock'][1]")
        .first
    )


def test_greek_compact_view_in_a_600px_article_frame(
    page: Page, app_url: str, host: HostPages
) -> None:
    src = f"{app_url}/?{GREEK_LINK}&view=compact&embed=true"
    url = host.article(
        "compact",
        f'<iframe src="{html.escape(src)}" title="Πόσο αξίζει μια νίκη;" '
        # Tall enough for the whole view, so that axe judges every text's contrast on screen.
        f'width="{FRAME_WIDTH}" height="1000" style="border:0"></iframe>',
    )
    element, inside, frame = open_article(page, url)
    assert_greek_heavy_week_numbers(inside)
    assert_no_navigation(inside)
    # The inputs are there, preset by the link.
    expect(inside.get_by_label("Το rating σου", exact=True)).to_have_value("1800")
    expect(inside.get_by_label("Το rating του αντιπάλου", exact=True)).to_have_value("1500")
    assert_frame_fits(element, frame)
    expect(inside.get_by_test_id("stException")).to_have_count(0)
    # axe-core inside the frame, as in test_accessibility.py: nothing serious or critical.
    found = Axe().run(frame).response["violations"]
    assert [(v["id"], v["impact"]) for v in found if v["impact"] in ("serious", "critical")] == []
    expect(inside.locator("html")).to_have_attribute("lang", "el")
    save_host(page, "embed_compact_el_600")


def compact_metrics(where: Page | FrameLocator) -> list[tuple[str, str, str]]:
    """Every st.metric shown: (label, value, delta) in page order."""
    found = where.get_by_test_id("stMetric")
    return [
        (
            shown.get_by_test_id("stMetricLabel").inner_text().strip(),
            shown.get_by_test_id("stMetricValue").inner_text().strip(),
            " ".join(shown.get_by_test_id("stMetricDelta").all_inner_texts()).strip(),
        )
        for shown in found.all()
    ]


def embed_code(page: Page, title: str, show: str, view: tuple[str, str] | None = None) -> str:
    """Unfold "Embed this" (``title``), pick ``view`` (its label and URL value), show the code
    and copy it with the code block's own button, as an editor would; what the clipboard holds."""
    wait_idle(page)
    open_expander(page, title)
    if view is not None:
        page.get_by_test_id("stRadio").get_by_text(view[0], exact=True).click()
        expect(page.get_by_role("radio", name=view[0], exact=True)).to_be_checked()
        wait_idle(page)
    page.get_by_text(show, exact=True).click()  # the switch's label
    expect(page.get_by_role("switch", name=show, exact=True)).to_be_checked()
    code = page.get_by_test_id("stCode")
    expect(code).to_contain_text(f"view={view[1] if view else 'compact'}&amp;embed=true")
    code.hover()
    code.get_by_role("button", name="Copy to clipboard").click()
    copied: str = page.evaluate("() => navigator.clipboard.readText()")
    # What is copied is what the page shows.
    assert copied == code.inner_text().strip()
    return copied


def iframe_attributes(snippet: str) -> dict[str, str]:
    """The attributes of the one ``<iframe …></iframe>`` that starts ``snippet`` (the resizer's
    two script lines follow it), unescaped."""
    match = re.match(r"<iframe ([^<>]*)></iframe>", snippet.strip())
    assert match and snippet.count("<iframe") == 1, snippet
    pairs = re.findall(r'([a-z]+)="([^"]*)"', match.group(1))
    return {name: html.unescape(value) for name, value in pairs}


def test_greek_embed_code_pasted_into_an_article_shows_the_same_result(
    browser: Browser, app_url: str, host: HostPages
) -> None:
    """The reader's own numbers typed on the page; the copied code, pasted into an article,
    shows the same inputs and results (the hand calculation above)."""
    context = browser.new_context(viewport={"width": 1280, "height": 900}, locale="el-GR")
    context.grant_permissions(["clipboard-read", "clipboard-write"], origin=app_url)
    try:
        page = context.new_page()
        open_page(page, f"{app_url}/?rating=1800&opponent=1500&lang=el")
        games = page.get_by_label("Τα παιχνίδια κατάταξής σου τις τελευταίες 7 ημέρες", exact=True)
        games.fill("60")
        games.press("Enter")
        assert_greek_heavy_week_numbers(page)
        shown = compact_metrics(page)
        answer = page.locator(".gammon-headline").inner_text()

        snippet = embed_code(page, "Ενσωμάτωση", "Δείξε τον κώδικα")
        attributes = iframe_attributes(snippet)
        assert attributes["title"] == "Πόσο αξίζει μια νίκη;"
        assert attributes["width"] == str(FRAME_WIDTH)
        assert urlsplit(attributes["src"]).path == "/"
        query = dict(parse_qsl(urlsplit(attributes["src"]).query))
        assert query == {
            "rating": "1800",
            "games": "60",
            "lang": "el",
            "view": "compact",
            "embed": "true",
            "embed_options": "light_theme",  # the default colours
        }  # opponent 1500 is the default, so the link leaves it out

        element, inside, frame = open_article(page, host.article("pasted_compact", snippet))
        # The article with the pasted frame passes axe (the frame's title names it: frame-title);
        # the frame's own content is checked in the test above.
        found = Axe().run(page, options={"iframes": False}).response["violations"]
        assert [(v["id"], v["impact"]) for v in found] == []
        assert_greek_heavy_week_numbers(inside)
        # The page's figures, and its answer; the compact view leaves out the outcome cards.
        assert compact_metrics(inside) == shown[:3]
        expect(inside.locator(".gammon-headline")).to_have_text(answer, use_inner_text=True)
        assert_no_navigation(inside)
        assert_frame_fits(element, frame)
        save_host(page, "embed_pasted_compact_el")
    finally:
        context.close()


# SPEC, favourite by 300 under ÷400 / ÷800 / ÷1200: expected 84.9 / 70.3 / 64.0 %. At K 16
# (hand, as in tests/browser/test_browser.py): win 16 × 0.151 = 2.4 → +2, 16 × 0.297 = 4.8 → +5,
# 16 × 0.360 = 5.8 → +6; loss 16 × 0.849 = 13.6 → −14, 16 × 0.703 = 11.3 → −11,
# 16 × 0.640 = 10.2 → −10 (SPEC: K 16 at 300, +6 / −10). Written as the Greek page does: the
# favourite's points for a win and for a loss ("νίκη +2 · ήττα −14").
#: K 16, favourite by 300: the points for a win and for a loss under each divisor, as the
#: grids' accessible tables hold them (the numbers beneath "+2" and "−14").
GREEK_ROW_300_K16 = {"÷400": ("2", "-14"), "÷800": ("5", "-11"), "÷1200": ("6", "-10")}


def row_300(wins: Locator, losses: Locator) -> dict[str, tuple[str, str]]:
    """Row 300 of the win table and of the loss table, by divisor."""
    found = []
    for table in (wins, losses):
        rows = [row for row in grid_rows(table) if row.get("Διαφορά rating") == "300"]
        assert len(rows) == 1, rows
        found.append(rows[0])
    return {name: (found[0][name], found[1][name]) for name in GREEK_ROW_300_K16}


def cell_300(table: Locator) -> Locator:
    """The ÷400 cell of row 300 in a table of points, of a win or a loss (its row's second)."""
    row = table.locator("tbody tr").filter(
        has=table.page.locator("td", has_text=re.compile("^300$"))
    )
    return row.locator("td").nth(1)


def test_greek_chart_embed_code_pasted_into_an_article_draws_the_chart(
    browser: Browser, app_url: str, host: HostPages
) -> None:
    """/divisors at K 16, "The chart only": the pasted frame draws the three curves and the
    +300 rule, shows no inputs, and its data table holds the page's numbers."""
    context = browser.new_context(viewport={"width": 1280, "height": 900}, locale="el-GR")
    context.grant_permissions(["clipboard-read", "clipboard-write"], origin=app_url)
    try:
        page = context.new_page()
        open_page(page, f"{app_url}/divisors?lang=el")
        k = page.get_by_label("Συντελεστής K", exact=True)
        k.fill("16")
        k.press("Enter")
        # The expected rates, then the points for a win and for a loss (same headers).
        tables = page.get_by_test_id("stDataFrame").filter(
            has=page.locator("th[role=columnheader]", has_text="Διαφορά rating")
        )
        expect(tables).to_have_count(3)
        wins, losses = tables.nth(1), tables.nth(2)
        # K 16's: a win by 300 under ÷400 is +2 (K 32's is +5), a loss −14 (K 32's −27); each
        # table is drawn again on its own.
        expect(cell_300(wins)).to_have_text("2")
        expect(cell_300(losses)).to_have_text("-14")
        on_page = row_300(wins, losses)
        assert on_page == GREEK_ROW_300_K16

        snippet = embed_code(page, "Ενσωμάτωση", "Δείξε τον κώδικα", ("Μόνο το γράφημα", "chart"))
        attributes = iframe_attributes(snippet)
        query = dict(parse_qsl(urlsplit(attributes["src"]).query))
        assert urlsplit(attributes["src"]).path == "/divisors"
        assert query == {
            "k": "16",
            "lang": "el",
            "view": "chart",
            "embed": "true",
            "embed_options": "light_theme",
        }

        element, inside, frame = open_article(page, host.article("pasted_chart", snippet))
        chart = inside.get_by_test_id("stVegaLiteChart")
        expect(chart).to_have_count(1)
        # Its alt text, in Greek, names the three divisors and the marked difference.
        expect(chart).to_have_attribute(
            "aria-label", re.compile(r"^Γράφημα γραμμών: .*\(÷400, ÷800, ÷1200\).* 300\.$")
        )
        expect(chart.locator("svg.marks g.mark-line.role-mark path")).to_have_count(3)
        marks = chart_marks(chart)
        assert marks["line"]["items"] == 3 and len(marks["line"]["colours"]) == 3, marks
        assert marks["rule"]["items"] >= 1, marks
        expect(
            inside.get_by_text(
                "Το αναμενόμενο σκορ σου ανά διαφορά rating (εσύ − αντίπαλος), μία γραμμή ανά "
                "διαιρέτη",
                exact=True,
            )
        ).to_be_visible()
        # The chart alone: no inputs, no sidebar or navigation.
        for test_id in ("stSlider", "stNumberInput", "stCheckbox"):
            expect(inside.get_by_test_id(test_id)).to_have_count(0)
        assert_no_navigation(inside)

        open_expander(inside, "Οι αριθμοί πίσω από το γράφημα")
        framed = inside.get_by_test_id("stDataFrame")
        expect(framed).to_have_count(2)
        expect(cell_300(framed.nth(0))).to_have_text("2")
        expect(cell_300(framed.nth(1))).to_have_text("-14")
        assert row_300(framed.nth(0), framed.nth(1)) == on_page
        assert_frame_fits(element, frame)
        expect(inside.get_by_test_id("stException")).to_have_count(0)
        save_host(page, "embed_pasted_chart_el")
    finally:
        context.close()


# --- The title row's "Embed this": a frame that sizes itself, in the reader's colours ----------

#: The issue's new user: 1650 against 1820 under ÷1200, 60 ranked games this week (K 16), the
#: opponent none (K 32), cube 4. The amounts come from gammon_elo (the issue: +12 / −9).
PRESET = "rating=1650&opponent=1820&games=60&cube=4"
PRESET_GAME = Game(rating=1650, opponent=1820, cube=4, games=60)


def popover_code(page: Page, theme: str | None = None, view: str | None = None) -> str:
    """Open the title row's "Embed this", pick ``theme``'s and ``view``'s labels, and read the
    code exactly as the panel shows it (what an editor copies)."""
    wait_idle(page)
    page.get_by_role("button", name="Embed this").click()
    panel = page.get_by_test_id("stPopoverBody")
    code = panel.get_by_test_id("stCode")
    for label in (view, theme):
        if label is not None:
            before = code.inner_text()
            panel.get_by_text(label, exact=True).click()
            expect(panel.get_by_role("radio", name=label, exact=True)).to_be_checked()
            wait_idle(page)
            expect(code).not_to_have_text(before)
    snippet = code.inner_text().strip()
    page.keyboard.press("Escape")
    return snippet


def test_a_phone_taps_the_copy_button_and_has_the_code(browser: Browser, app_url: str) -> None:
    """On a phone (touch, no pointer to hover with) the code's "Copy the code" button is on show
    as soon as the panel opens, drawn whole, and a tap puts the code, exactly as shown, on the
    clipboard."""
    context = browser.new_context(
        viewport={"width": 390, "height": 844}, locale="en-GB", is_mobile=True, has_touch=True
    )
    context.grant_permissions(["clipboard-read", "clipboard-write"], origin=app_url)
    try:
        page = context.new_page()
        open_page(page, f"{app_url}/?{PRESET}")
        wait_idle(page)
        page.get_by_role("button", name="Embed this").tap()
        panel = page.get_by_test_id("stPopoverBody")
        copy = panel.get_by_role("button", name="Copy the code", exact=True)
        expect(copy).to_be_visible()
        # Nothing fades it: it and every element around it fully opaque, and it in the screen.
        faded = copy.evaluate(
            """el => { let a = 1;
                       for (let e = el; e; e = e.parentElement) a *= +getComputedStyle(e).opacity;
                       return a; }"""
        )
        assert faded == 1
        box = copy.bounding_box()
        assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= 390, box
        assert box["height"] >= 24 and box["width"] >= 24, box  # WCAG 2.2's least target
        snippet = panel.get_by_test_id("stCode").inner_text().strip()
        copy.tap()
        expect(panel.get_by_role("button", name="Copied", exact=True)).to_be_visible()
        assert page.evaluate("() => navigator.clipboard.readText()") == snippet
        assert snippet.startswith("<iframe ") and "iFrameResize(" in snippet
    finally:
        context.close()


def frame_height(element: Locator) -> float:
    box = element.bounding_box()
    assert box is not None
    return float(box["height"])


def resized(page: Page) -> None:
    """Wait until iframe-resizer has set the frame's height (it writes it in px on the
    element's style) and it has stopped changing for half a second."""
    page.wait_for_function("() => /px/.test(document.querySelector('iframe').style.height)")
    last = -1.0
    for _ in range(40):
        now = float(page.evaluate("() => document.querySelector('iframe').offsetHeight"))
        if now == last:
            return
        last = now
        page.wait_for_timeout(500)
    raise AssertionError(f"the frame's height kept changing: {last}")


def inner_scroll(frame: Frame) -> dict[str, int]:
    """The frame's document and Streamlit's main scroller: content height and box height."""
    heights: dict[str, int] = frame.evaluate(
        """() => {
            const root = document.scrollingElement || document.documentElement;
            const main = document.querySelector('[data-testid=stMain]');
            return {document: root.scrollHeight, window: window.innerHeight,
                    main: main.scrollHeight, main_box: main.clientHeight};
        }"""
    )
    return heights


def assert_fits_its_content(element: Locator, frame: Frame) -> dict[str, int]:
    """No inner vertical scrollbar: the document and Streamlit's scroller are no taller than
    the frame (2 px for rounding); the measurements."""
    height = frame_height(element)
    heights = inner_scroll(frame)
    assert heights["document"] <= height + 2, (height, heights)
    assert heights["main"] <= heights["main_box"] + 2, (height, heights)
    # And not taller than its content either: no empty band under the result.
    assert height <= heights["main"] + 2, (height, heights)
    return {"frame": round(height), **heights}


def assert_in_host_viewport(page: Page, shown: Locator) -> None:
    """``shown`` (inside the frame) is brought on screen by scrolling the host page only, and
    lies inside the host's viewport and inside the frame's box (not clipped by the frame)."""
    shown.scroll_into_view_if_needed()
    box = shown.bounding_box()
    frame_box = page.locator("iframe").bounding_box()
    viewport = page.viewport_size
    assert box is not None and frame_box is not None and viewport is not None
    assert box["y"] >= 0 and box["y"] + box["height"] <= viewport["height"], box
    assert box["x"] >= 0 and box["x"] + box["width"] <= viewport["width"], box
    assert frame_box["y"] <= box["y"] and box["y"] + box["height"] <= (
        frame_box["y"] + frame_box["height"]
    ), (box, frame_box)


def amount(inside: FrameLocator, change: int) -> Locator:
    text = f"+{change}" if change > 0 else f"{MINUS}{-change}"
    return inside.get_by_text(text, exact=True).first


MEASURED: dict[str, dict[str, int]] = {}


@pytest.mark.parametrize("width", [390, 1280])
def test_title_row_embed_code_sizes_the_frame_to_its_content_and_follows_it(
    browser: Browser, app_url: str, host: HostPages, width: int
) -> None:
    """The code from the title row's "Embed this", pasted as shown into an article on another
    site: iframe-resizer (served by the app) makes the frame as tall as the compact view; the
    win and loss are on the reader's screen by scrolling the article; a notice that appears
    (a resigned game) makes the frame grow."""
    both = what_if(PRESET_GAME)
    context = browser.new_context(viewport={"width": width, "height": 844}, locale="en-GB")
    try:
        page = context.new_page()
        open_page(page, f"{app_url}/?{PRESET}")
        snippet = popover_code(page)
        assert f'<script src="{app_url}/app/static/iframeResizer.min.js"></script>' in snippet
        assert f'"checkOrigin": ["{app_url}"]' in snippet
        assert 'height="1000"' in snippet  # the no-script fallback

        element, inside, frame = open_article(page, host.article(f"sized_{width}", snippet))
        resized(page)
        expect(amount(inside, both.win.you.change)).to_be_visible()
        before = assert_fits_its_content(element, frame)
        MEASURED[f"{width} before"] = before
        # Light, pinned by the code: no background of its own, the white article shows through.
        app = frame.evaluate("() => getComputedStyle(document.querySelector('.stApp')).background")
        assert app.startswith("rgba(0, 0, 0, 0)"), app
        assert sideways_scroll(frame) == {}
        for change in (both.win.you.change, both.loss.you.change):
            assert_in_host_viewport(page, amount(inside, change))
        save_host(page, f"embed_sized_{width}")  # docs/screenshots/embed-390.png is this one

        # A resigned game is rated as a loss at the cube, and says so: a notice, a taller view.
        choose(inside, "How it ended", "Resigned")
        expect(inside.get_by_test_id("stAlert").filter(has_text="resign")).to_be_visible()
        wait_idle(inside)
        resized(page)
        after = assert_fits_its_content(element, frame)
        MEASURED[f"{width} after"] = after
        assert after["frame"] > before["frame"], (before, after)
        expect(inside.get_by_test_id("stException")).to_have_count(0)
        print(f"\n{width}px: {MEASURED}")
    finally:
        context.close()


def test_auto_theme_follows_a_dark_reader_over_a_dark_article(
    browser: Browser, app_url: str, host: HostPages
) -> None:
    """``theme=auto`` in the code (no ``embed_options``): a reader whose device is dark sees
    light text on a dark background that all but matches the dark article."""
    context = browser.new_context(
        viewport={"width": 390, "height": 844}, locale="en-GB", color_scheme="dark"
    )
    try:
        page = context.new_page()
        open_page(page, f"{app_url}/?{PRESET}")
        snippet = popover_code(page, theme="The reader's setting")
        src = iframe_attributes(snippet)["src"]
        assert "embed_options" not in src and "theme=auto" in src
        element, inside, frame = open_article(page, host.article("dark", snippet, dark=True))
        resized(page)
        colours: dict[str, str] = frame.evaluate(
            """() => {
                const style = el => getComputedStyle(document.querySelector(el));
                return {text: style('[data-testid=stMetricValue]').color,
                        app: style('[data-testid=stApp]').backgroundColor,
                        body: style('body').backgroundColor};
            }"""
        )
        assert luminance(colours["text"]) > 0.6, colours
        # The dark theme's own near-black (kept for the reader's setting, so that a dark reader
        # can read the frame in a white article too), within a few steps of the article's.
        assert luminance(colours["app"]) < 0.02, colours
        expect(inside.get_by_test_id("stAlert").filter(has_text="theme")).to_have_count(0)
        assert ink(element.screenshot(), ARTICLES["dark"], tolerance=8) < 0.5, colours
        assert_fits_its_content(element, frame)
        save_host(page, "embed_dark_auto_390")
    finally:
        context.close()


#: Every page's embedded views (what its embed_section offers) and a light link for each.
COMPACT_VIEWS = [
    ("/", "compact"),
    ("/divisors", "compact"),
    ("/divisors", "chart"),
    ("/divisors", "table"),
    ("/tables", "compact"),
    ("/tables", "chart"),
    ("/tables", "table"),
    ("/history", "compact"),
    ("/history", "chart"),
    ("/simulator?players=200&weeks=4", "compact"),
    ("/simulator?players=200&weeks=4", "chart"),
    ("/simulator?players=200&weeks=4", "table"),
    ("/classic", "compact"),
]


#: The frame widths every embedded view must fit: the narrowest phone with an article's margins,
#: a phone with margins, a phone, the help center's column, a desktop.
FRAME_WIDTHS = (320, 358, 390, 600, 1280)
#: (language, colours, axe) of each tour of the embedded views, each view loaded once and judged
#: at every frame width in turn: Greek, the longer text, in the light theme, also by axe at the
#: narrowest width (axe's rules read the markup and the colours: against the white behind a
#: see-through frame, only the light theme's); English in the dark theme.
VIEW_TOURS = [("el", "light", True), ("en", "dark", False)]

#: Every element of the main block whose right edge passes the frame's, but a chart's drawing
#: and a data grid's cells: those are clipped by the chart and the grid (the grid scrolls
#: itself, by keyboard too), and are judged as wholes.
STICKING_OUT = """() => [...document.querySelectorAll('[data-testid=stMain] *')]
    .filter(el => !el.closest('svg *, [data-testid=stDataFrame] *')
                  && el.getClientRects().length
                  && el.getBoundingClientRect().right
                     > document.documentElement.clientWidth + 1)
    .map(el => (el.dataset.testid || el.tagName.toLowerCase())
               + ' ' + Math.round(el.getBoundingClientRect().right))
    .slice(0, 5)"""


def assert_home_outcomes_side_by_side(page: Page) -> None:
    """The home view's win and loss stay side by side, even 320 px wide (the answer is filled
    after the inputs are drawn: wait for it)."""
    expect(page.locator(".gammon-headline > *")).to_have_count(2)
    boxes = page.evaluate(
        """() => [...document.querySelectorAll('.gammon-headline > *')]
            .map(el => el.getBoundingClientRect())
            .map(r => ({top: Math.round(r.top), left: r.left, right: r.right}))"""
    )
    assert len(boxes) == 2, boxes
    win, loss = boxes
    assert win["top"] == loss["top"] and win["right"] <= loss["left"], boxes


def serious_axe_findings(page: Page) -> list[str]:
    """axe-core on the whole view, the window stretched to hold it (axe judges the contrast of
    what is on screen); the serious and critical rules broken. The width is left as it was."""
    viewport = page.viewport_size
    assert viewport is not None
    height = page.evaluate("() => document.querySelector('[data-testid=stMain]').scrollHeight")
    page.set_viewport_size({"width": viewport["width"], "height": max(900, height)})
    try:
        page.wait_for_function(CHARTS_DRAWN)
        violations = Axe().run(page).response["violations"]
    finally:
        page.set_viewport_size(viewport)
    return [v["id"] for v in violations if v["impact"] in ("serious", "critical")]


#: True once every chart on show has drawn its marks at its current size.
CHARTS_DRAWN = """() => [...document.querySelectorAll('[data-testid=stVegaLiteChart]')]
  .filter(el => el.getClientRects().length)
  .every(el => el.querySelector('svg.marks g.role-mark'))"""


@pytest.mark.parametrize(("lang", "theme", "axe"), VIEW_TOURS, ids=["el-light", "en-dark"])
def test_every_compact_view_fits_every_frame_and_passes_axe(
    browser: Browser, url_of: Callable[[str], str], lang: str, theme: str, axe: bool
) -> None:
    """Each embedded view in ``lang`` and ``theme``, its frame 320 to 1280 px wide in turn: the
    page says its language; at every width nothing scrolls sideways (the document, the body,
    Streamlit's main block), nothing sticks out of the frame, no text is cut short and the home
    view's outcomes stay side by side; with ``axe``, axe-core finds nothing serious or
    critical."""
    narrowest: ViewportSize = {"width": FRAME_WIDTHS[0], "height": 900}
    context = browser.new_context(viewport=narrowest, locale="en-GB")
    context.set_default_timeout(60_000)  # the simulator's first run on a loaded machine
    overflowing, found = {}, {}
    try:
        page = context.new_page()
        for path, shown in COMPACT_VIEWS:
            joiner = "&" if "?" in path else "?"
            options = f"view={shown}&embed=true&embed_options={theme}_theme&lang={lang}"
            page.set_viewport_size(narrowest)
            open_page(page, url_of(f"{path}{joiner}{options}"))
            wait_idle(page)
            expect(page.locator("html")).to_have_attribute("lang", lang)
            serious = []
            for width in FRAME_WIDTHS:
                # Widening only: a chart still drawn at the last width is narrower, never wider.
                page.set_viewport_size({"width": width, "height": 900})
                # Charts take their width after the run: measured once each has drawn its marks.
                page.wait_for_function(CHARTS_DRAWN)
                sideways = {k: v for k, v in horizontal_overflow(page).items() if v > 0}
                sticking_out = page.evaluate(STICKING_OUT)
                cut = cut_text(page)
                if sideways or sticking_out or cut:
                    overflowing[f"{path} {shown} {width}"] = (sideways, sticking_out, cut)
                if path == "/":
                    assert_home_outcomes_side_by_side(page)
                if axe and width == FRAME_WIDTHS[0]:
                    serious = serious_axe_findings(page)
            if serious:
                found[f"{path} {shown}"] = serious
            expect(page.get_by_test_id("stException")).to_have_count(0)
        assert overflowing == {}
        assert found == {}
    finally:
        context.close()


def test_title_row_switches_the_language_on_a_phone_without_the_sidebar(
    phone_page: Page, app_url: str
) -> None:
    """390 px, sidebar closed: the title row's ΕΛ turns the page Greek and says so in the link
    (``lang=el``), and its Embed this button is on the first screen; the page goes on working in
    Greek (the choice boxes' labels changed language under the reader's inputs)."""
    page = phone_page
    open_page(page, f"{app_url}/?{PRESET}")
    expect(page.get_by_test_id("stSidebar")).not_to_be_visible()
    expect(page.locator("h1")).to_have_text("What is a win worth?")
    expect(page.get_by_role("button", name="Embed this")).to_be_in_viewport()
    switch = page.get_by_test_id("stMain").get_by_role("radiogroup", name="Language")
    expect(switch.get_by_role("radio", name="EN", exact=True)).to_be_checked()
    switch.get_by_role("radio", name="ΕΛ", exact=True).click()
    expect(page.locator("h1")).to_have_text("Πόσο αξίζει μια νίκη;")
    expect(page.locator("html")).to_have_attribute("lang", "el")
    expect(page).to_have_url(re.compile(r"[?&]lang=el\b"))
    expect(page.get_by_role("button", name="Ενσωμάτωση")).to_be_in_viewport()
    expect(page.get_by_test_id("stSidebar")).not_to_be_visible()
    greek = page.get_by_test_id("stMain").get_by_role("radiogroup", name="Γλώσσα")
    expect(greek.get_by_role("radio", name="ΕΛ", exact=True)).to_be_checked()

    # A changed input reruns the calculator alone; the game type and ending boxes, drawn in
    # English before the switch, must answer with their values, not their old labels.
    wait_idle(page)
    field = page.get_by_label(EL["home.rating"], exact=True)
    field.fill("2200")
    field.press("Enter")
    both = what_if(replace(PRESET_GAME, rating=2200))
    headline = page.locator(".gammon-headline")
    expect(headline).to_contain_text(f"+{both.win.you.change}")
    expect(headline).to_contain_text(f"{MINUS}{-both.loss.you.change}")
    wait_idle(page)
    expect(page.get_by_test_id("stException")).to_have_count(0)


# --- Charts on any article: the theme's colours, read against the article's -------------------

#: The charts an article frames (``view=chart``): the home page's curves (three divisors and the
#: marked gap, dots on the lines) and the Planner's projection (its line, the target and the
#: heavy weeks' strip; 60 games a week make heavy weeks).
CHART_LINKS = ("/?rating=1800&opponent=1500&games=60", "/planner?per_week=60&win_rate=58")
#: WCAG 2's least contrast for text this small (AA) and for the lines and shapes that carry a
#: chart's meaning (non-text contrast).
TEXT_CONTRAST, LINE_CONTRAST = 4.5, 3.0
#: Every chart's colours as drawn in the frame: each text's fill, and each line's stroke (the
#: series, the rules, the legend's symbols) or shape's fill (a strip, a dot), with the opacity it
#: is drawn at (its own and its groups'); and what lies under the chart: the first painted
#: background from its drawing up (none: the frame is see-through onto the article). The
#: band's tint, the grid and the pointer's hidden rule carry no meaning of their own.
DRAWN_INKS = r"""() => [...document.querySelectorAll('[data-testid=stVegaLiteChart] svg.marks')]
  .map(svg => {
    const painted = c => c && c !== 'transparent' && !/^rgba\(.*,\s*0\)$/.test(c);
    let backdrop = null;
    for (let el = svg; el && !backdrop; el = el.parentElement) {
        const colour = getComputedStyle(el).backgroundColor;
        if (painted(colour)) backdrop = colour;
    }
    const marks = [];
    const add = (kind, el, part) => {
        const style = getComputedStyle(el);
        let alpha = parseFloat(style[part + 'Opacity']);
        for (let e = el; e && e !== svg; e = e.parentElement)
            alpha *= parseFloat(getComputedStyle(e).opacity);
        if (painted(style[part]) && alpha > 0)
            marks.push({kind, colour: style[part], alpha, what: el.textContent.trim()
                        || [...el.parentElement.classList].join(' ')});
    };
    for (const text of svg.querySelectorAll('text'))
        if (text.textContent.trim()) add('text', text, 'fill');
    for (const el of svg.querySelectorAll('g.mark-line.role-mark path, g.mark-rule.role-mark line,'
                                          + ' g.role-legend-symbol path'))
        add('line', el, 'stroke');
    for (const el of svg.querySelectorAll('g.mark-rect.role-mark path,'
                                          + ' g.mark-symbol.role-mark path'))
        add('line', el, 'fill');
    const cut = [...svg.querySelectorAll('text')].map(t => t.textContent)
        .filter(t => t.endsWith('…'));
    return {width: svg.getAttribute('width'), backdrop, marks, cut};
  })"""


def chart_frame(src: str, width: int) -> str:
    return (
        f'<iframe src="{html.escape(src)}" title="Gammon42" width="{width}" height="900"'
        ' style="border:0;display:block"></iframe>'
    )


def hard_to_read(drawn: list[dict[str, Any]], article: str) -> tuple[list[str], dict[str, float]]:
    """Each drawn colour under its least contrast against what lies under it (the chart's own
    background, or the article), and the least contrast of each kind."""
    poor, least = [], {"text": 99.0, "line": 99.0}
    for chart in drawn:
        backdrop = chart["backdrop"] or article
        for mark in chart["marks"]:
            ratio = contrast(mark["colour"], backdrop, alpha=mark["alpha"])
            least[mark["kind"]] = min(least[mark["kind"]], round(ratio, 2))
            limit = TEXT_CONTRAST if mark["kind"] == "text" else LINE_CONTRAST
            if ratio < limit:
                poor.append(f"{mark['kind']} {mark['what']!r} {mark['colour']}: {ratio:.2f}")
    return sorted(set(poor)), least


@pytest.mark.parametrize("lang", ["en", "el"])
@pytest.mark.parametrize("theme", ["light", "dark"])
def test_charts_read_on_a_white_and_a_dark_article(
    browser: Browser, app_url: str, host: HostPages, theme: str, lang: str
) -> None:
    """The home page's and the Planner's charts framed in an article of the embed code's
    colours (``embed_options``: white for light, near-black for dark), each frame 320 to
    1280 px wide in turn: every text at least 4.5 : 1 and every line 3 : 1 against what lies
    under it, and no text cut short."""
    options = f"view=chart&embed=true&embed_options={theme}_theme&lang={lang}"
    links = [f"{app_url}{link}&{options}" for link in CHART_LINKS]
    context = browser.new_context(viewport={"width": 1320, "height": 900})
    try:
        page = context.new_page()
        frames = "".join(chart_frame(src, FRAME_WIDTHS[0]) for src in links)
        page.goto(host.article(f"charts_{theme}_{lang}", frames, dark=theme == "dark"))
        elements = page.locator("iframe")
        expect(elements).to_have_count(len(links))
        inside = [elements.nth(i).content_frame for i in range(len(links))]
        for frame in inside:
            expect(frame.locator("svg.marks g.mark-line.role-mark path").first).to_be_attached()
            wait_idle(frame)
        poor: dict[str, list[str]] = {}
        least: dict[str, dict[str, float]] = {}
        for width in FRAME_WIDTHS:
            for index, frame in enumerate(inside):
                svg = frame.locator("svg.marks").first
                before = svg.get_attribute("width")
                # On screen: Chromium lays out and draws a frame from another site only there.
                elements.nth(index).scroll_into_view_if_needed()
                if width != FRAME_WIDTHS[0]:
                    elements.nth(index).evaluate("(el, w) => { el.width = w; }", width)
                    # Drawn again at its new width (every width here is another).
                    expect(svg).not_to_have_attribute("width", before or "")
                drawn = frame.locator("body").evaluate(f"() => ({DRAWN_INKS})()")
                assert [c["cut"] for c in drawn] == [[]] * len(drawn), drawn
                bad, lowest = hard_to_read(drawn, ARTICLES[theme])
                name = f"{CHART_LINKS[index].split('?')[0]} {width}"
                if bad:
                    poor[name] = bad
                least[name] = lowest
            if width in (320, 390):
                save_host(page, f"embed_charts_{theme}_{lang}_{width}")
        print(f"\n{theme} {lang} least contrast: {least}")
        assert poor == {}
    finally:
        context.close()
