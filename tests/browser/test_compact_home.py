"""The home page's compact view (``view=compact&embed=true``) as a help-center article frames it
on a phone: short enough for the frame, every figure shown once, the cube's buttons on one row.
Screenshots of the compact view (390 and 358 px, English and Greek) and of the full Greek page
(desktop and phone) go to tests/artifacts/.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest
from browser_support import PHONE, cut_text, open_page, save_full_page, wait_idle
from playwright.sync_api import Browser, Page, ViewportSize, expect

pytestmark = pytest.mark.browser

MINUS = "\u2212"
#: The tallest the Greek compact view may be in the narrowest frame, a heavy week's notice
#: included.
MAX_PHONE_HEIGHT = 1300
#: The narrowest frame an article gives: a small phone's 360 px less the article's margins.
NARROWEST: ViewportSize = {"width": 320, "height": 800}
#: A phone frame with the article's margins: the narrowest the cube row must fit.
NARROW: ViewportSize = {"width": 358, "height": 800}

# Hand calculation (as in test_embed.py), 1800 against 1500 under ÷1200, you with 60 ranked games
# this week (≥ 50: K 16), the opponent with none (K 32), cube 1:
#   E = 1 / (1 + 10^(−300/1200)) = 0.64007 → 64,0%
#   you win +5.76 → +6, they lose −11.52 → −12; you lose −10.24 → −10, they win +20.48 → +20
#   break-even 10 / (6 + 10) = 62,5%; multiplier 1 + log₂ 1 / 6 = 1,00
GREEK_LINK = "rating=1800&opponent=1500&games=60&lang=el"
#: Each figure of that game as the Greek compact view writes it: each must be drawn once.
FIGURES = ("+6", f"{MINUS}12", f"{MINUS}10", "+20", "K = 16", "K = 32", "64,0%", "62,5%", "1,00")


def compact(base: str, query: str) -> str:
    return f"{base}/?{query}&view=compact&embed=true"


@pytest.fixture
def phone_frame(browser: Browser) -> Iterator[Page]:
    """A 390-px-wide page, as an article's iframe on a phone is."""
    context = browser.new_context(viewport=PHONE, locale="el-GR")
    try:
        yield context.new_page()
    finally:
        context.close()


def open_compact(page: Page, url: str) -> None:
    open_page(page, url)
    expect(page.locator(".gammon-headline")).to_be_visible()
    expect(page.get_by_test_id("stMetric").first).to_be_visible()
    wait_idle(page)


def scroll_height(page: Page) -> int:
    """The document's height: Streamlit scrolls its main block, so the larger of the two."""
    return int(
        page.evaluate(
            "() => Math.max(document.querySelector('[data-testid=stMain]').scrollHeight,"
            " document.body.scrollHeight)"
        )
    )


def count(text: str, figure: str) -> int:
    """How often ``figure`` stands alone in ``text`` (not inside a longer number: "+6" in "+60")."""
    return len(re.findall(rf"(?<![\d,.]){re.escape(figure)}(?![\d,.])", text))


def test_greek_compact_home_fits_the_narrowest_frame(browser: Browser, app_url: str) -> None:
    """320 px wide, with the heavy week's notice (K 16 against K 32): short enough for an
    article, every input there, nothing cut short or scrolling sideways."""
    context = browser.new_context(viewport=NARROWEST, locale="el-GR")
    try:
        page = context.new_page()
        open_compact(page, compact(app_url, GREEK_LINK))
        expect(page.get_by_test_id("stAlert")).to_be_visible()
        height = scroll_height(page)
        assert height <= MAX_PHONE_HEIGHT, f"compact Greek view is {height} px tall at 320 px"
        expect(page.get_by_label("Το rating σου", exact=True)).to_have_value("1800")
        assert page.evaluate("() => document.documentElement.scrollWidth") == NARROWEST["width"]
        assert cut_text(page) == []
        expect(page.get_by_test_id("stException")).to_have_count(0)
    finally:
        context.close()


def test_compact_home_draws_every_figure_once(phone_frame: Page, app_url: str) -> None:
    open_compact(phone_frame, compact(app_url, GREEK_LINK))
    main = phone_frame.get_by_test_id("stMain")
    for figure in FIGURES:  # the page drawn whole: under load its last row can come later
        expect(main).to_contain_text(figure)
    text = main.inner_text()
    shown = {figure: count(text, figure) for figure in FIGURES}
    assert shown == dict.fromkeys(FIGURES, 1), text
    # The answer comes first, before the inputs.
    assert text.index("+6") < text.index("Το rating σου")


def test_compact_cube_buttons_share_one_row_in_a_358px_frame(
    browser: Browser, app_url: str
) -> None:
    context = browser.new_context(viewport=NARROW, locale="el-GR")
    try:
        page = context.new_page()
        open_compact(page, compact(app_url, "lang=el"))
        # The choices, not the label's help button.
        buttons = page.get_by_test_id("stButtonGroup").locator("[role=radiogroup] button")
        expect(buttons).to_have_count(7)
        tops = [round(b.bounding_box()["y"]) for b in buttons.all()]  # type: ignore[index]
        assert len(set(tops)) == 1, f"the cube buttons' tops at 358 px: {tops}"
    finally:
        context.close()


@pytest.mark.parametrize("lang", ["en", "el"])
def test_compact_home_screenshots(browser: Browser, app_url: str, lang: str) -> None:
    """Pictures to look at, the frame 320, 358 and 390 px wide in turn (one load, widened); at
    each, nothing scrolls sideways and no text is cut short."""
    context = browser.new_context(viewport=NARROWEST)
    try:
        page = context.new_page()
        open_compact(page, compact(app_url, f"rating=1800&opponent=1500&games=60&lang={lang}"))
        for width in (NARROWEST["width"], NARROW["width"], PHONE["width"]):
            page.set_viewport_size({"width": width, "height": PHONE["height"]})
            overflow = page.evaluate(
                "() => document.documentElement.scrollWidth - document.documentElement.clientWidth"
            )
            assert overflow == 0, width
            assert cut_text(page) == [], width
            save_full_page(page, f"compact_home_{lang}_{width}")
    finally:
        context.close()


@pytest.mark.parametrize(
    "viewport", [{"width": 1280, "height": 720}, {"width": 390, "height": 844}], ids=str
)
def test_full_greek_home_keeps_its_cards(
    browser: Browser, app_url: str, viewport: ViewportSize
) -> None:
    """The full page is not the compact one: both outcome cards and the steps stay."""
    context = browser.new_context(viewport=viewport, locale="el-GR")
    try:
        page = context.new_page()
        open_page(page, f"{app_url}/?{GREEK_LINK}")
        for heading in ("Αν κερδίσεις", "Αν χάσεις"):
            expect(page.get_by_role("heading", name=heading, exact=True)).to_be_visible()
        wait_idle(page)
        save_full_page(page, f"full_home_el_{viewport['width']}x{viewport['height']}")
    finally:
        context.close()
