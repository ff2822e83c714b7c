"""The app inside a help-center article, as the help center shows it: an article page
(embed_support.py) frames the app's compact view 600 px wide, in Greek. Checks the numbers as the
Greek article writes them, that nothing scrolls sideways inside the frame, that the frame shows
no sidebar or navigation, that the ``<iframe>`` code a page offers under "Embed this", pasted
into such a page, shows what the page showed, and that the title row's code sizes its frame to
its content, in the reader's colours. Screenshots of the articles go to tests/artifacts/.
"""

from __future__ import annotations

import html
import re
from dataclasses import replace
from urllib.parse import parse_qsl, urlsplit

import pytest
from axe_playwright_python.sync_playwright import Axe
from browser_support import (
    card,
    chart_marks,
    choose,
    grid_rows,
    ink,
    luminance,
    open_expander,
    open_page,
    wait_idle,
)
from embed_support import (
    ARTICLES,
    FRAME_WIDTH,
    MINUS,
    HostPages,
    assert_frame_fits,
    assert_no_navigation,
    open_article,
    save_host,
    shows,
    sideways_scroll,
)
from playwright.sync_api import (
    Browser,
    Frame,
    FrameLocator,
    Locator,
    Page,
    expect,
)

from gammon_elo import Game, what_if
from ui.catalogs.el import EL

pytestmark = pytest.mark.browser


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
