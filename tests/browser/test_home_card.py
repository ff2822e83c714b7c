"""The home page's card in Chromium, at 1280 × 720 (English, Greek) and 390 × 844 (Greek): the
answer is the largest text on the first screen; under it, "Under each divisor" draws the three
expected-score curves and the table of the three divisors' rows (the article's favourite by 300:
+5 / +9 / +12 for a win); on a phone the chart comes before the table and the table ends inside
the screen. ``view=chart`` draws the curves alone. Screenshots go to tests/artifacts/."""

from __future__ import annotations

import pytest
from browser_support import (
    chart_marks,
    dataframe_with,
    expect_same_drawing,
    horizontal_overflow,
    mark_drawing,
    open_page,
    save_full_page,
    wait_idle,
)
from playwright.sync_api import Browser, Page, expect
from test_planner_browser import largest_text

pytestmark = pytest.mark.browser

LINK = "/?rating=1800&opponent=1500"
MINUS = "\u2212"
#: The table's headers and its cells for the favourite by 300 (SPEC.md), in each language.
#: The grid's column headers (each player's name heads a group over their "Win" and "Loss").
HEADERS = {
    "en": ("Divisor", "Expected", "Win", "Loss"),
    "el": ("Διαιρέτης", "Προσδοκία", "Νίκη", "Ήττα"),
}
#: Each divisor's expected score at +300 (SPEC.md: 84.9 / 70.3 / 64.0 %), as the tooltip writes it.
EXPECTED = {
    "en": [("÷400", "84.9%"), ("÷800", "70.3%"), ("÷1200", "64.0%")],
    "el": [("÷400", "84,9%"), ("÷800", "70,3%"), ("÷1200", "64,0%")],
}
SECTION = {"en": "Under each divisor", "el": "Με κάθε διαιρέτη"}


def _context_page(browser: Browser, width: int, height: int, phone: bool) -> Page:
    context = browser.new_context(
        viewport={"width": width, "height": height}, is_mobile=phone, has_touch=phone,
        locale="en-GB",
    )  # fmt: skip
    return context.new_page()


#: (width, height, phone, language): the laptop in both languages (the tooltip's numbers are
#: written in each); the phone in Greek, the longer text in the narrower screen.
SCREENS = [(1280, 720, False, "en"), (1280, 720, False, "el"), (390, 844, True, "el")]


@pytest.mark.parametrize(
    ("width", "height", "phone", "lang"), SCREENS, ids=["1280-en", "1280-el", "390-el"]
)
def test_home_card_answer_first_then_curves_and_table(
    browser: Browser, app_url: str, width: int, height: int, phone: bool, lang: str
) -> None:
    page = _context_page(browser, width, height, phone)
    try:
        open_page(page, f"{app_url}{LINK}&lang={lang}")
        expect(page.locator(".gammon-win .gammon-change")).to_have_text("+12")
        expect(page.locator(".gammon-loss .gammon-change")).to_have_text(f"{MINUS}20")
        wait_idle(page)
        page.evaluate("document.fonts.ready.then(() => true)")
        # The answer is the largest text on the first screen, nothing scrolled.
        assert page.get_by_test_id("stMain").evaluate("e => e.scrollTop") == 0
        largest = largest_text(page, width, height)
        assert largest["text"] == "+12", largest

        section = page.get_by_role("heading", name=SECTION[lang], exact=True)
        expect(section).to_be_attached()
        chart = page.get_by_test_id("stVegaLiteChart")
        expect(chart).to_have_count(1)
        chart.scroll_into_view_if_needed()
        expect(chart.locator("svg.marks, canvas").first).to_be_visible()
        marks = chart_marks(chart)
        # Three curves, and the gap's dashed rule and its three dots drawn.
        assert marks["line"]["items"] == 3, marks
        assert marks["rule"]["items"] >= 1 and marks["symbol"]["items"] >= 3, marks
        box = chart.bounding_box()
        assert box is not None and box["width"] > 200 and box["height"] > 200, box
        if not phone:
            # Pointing at the gap's dot lists every divisor's expected score there.
            dot = chart.locator("svg.marks g.role-mark.mark-symbol").last.locator("path").first
            where = dot.bounding_box()
            assert where is not None
            page.mouse.move(where["x"] + where["width"] / 2, where["y"] + where["height"] / 2)
            tooltip = page.locator("#vg-tooltip-element")
            expect(tooltip).to_be_visible()
            for name, value in EXPECTED[lang]:
                expect(tooltip).to_contain_text(name)
                expect(tooltip).to_contain_text(value)

        table = dataframe_with(page, *HEADERS[lang])
        expect(table).to_have_count(1)
        table.scroll_into_view_if_needed()
        expect(table.locator("table[role=grid] tbody tr")).to_have_count(3)
        # The accessible table holds the numbers beneath the painted "÷400" and "+5": each
        # row's divisor, then its expected rate, then your points for a win (SPEC: +5/+9/+12).
        rows: list[list[str]] = table.evaluate(
            """el => [...el.querySelectorAll('table[role=grid] tbody tr')]
                .map(tr => [...tr.querySelectorAll('td')].map(td => td.textContent.trim()))"""
        )
        assert [r[0] for r in rows] == ["400", "800", "1200"], rows
        assert [r[2] for r in rows] == ["5", "9", "12"], rows

        # Both measured at one scroll position.
        box, table_box = chart.bounding_box(), table.bounding_box()
        assert box is not None and table_box is not None
        if phone:
            # Stacked: the chart first, then the table, whose right edge is on the screen.
            assert box["y"] + box["height"] <= table_box["y"], (box, table_box)
            assert table_box["x"] >= 0 and table_box["x"] + table_box["width"] <= width
            assert set(horizontal_overflow(page).values()) == {0}, horizontal_overflow(page)
        else:
            # Side by side: the table at the chart's right.
            assert table_box["x"] >= box["x"] + box["width"], (box, table_box)
        save_full_page(page, f"home_card_{width}_{lang}")
        expect(page.get_by_test_id("stException")).to_have_count(0)
    finally:
        page.context.close()


def test_home_chart_view_draws_the_curves_alone(browser: Browser, app_url: str) -> None:
    """In Greek: the curves draw the same in both languages (what the view leaves out is checked
    under AppTest, tests/ui/test_home_divisors.py)."""
    lang = "el"
    page = _context_page(browser, 600, 720, False)
    try:
        open_page(page, f"{app_url}{LINK}&view=chart&embed=true&lang={lang}")
        chart = page.get_by_test_id("stVegaLiteChart")
        expect(chart).to_have_count(1)
        expect(chart.locator("svg.marks, canvas").first).to_be_visible()
        wait_idle(page)
        assert chart_marks(chart)["line"]["items"] == 3
        expect(page.get_by_test_id("stNumberInput")).to_have_count(0)
        expect(page.locator(".gammon-headline")).to_have_count(0)
        save_full_page(page, f"home_chart_view_{lang}")
        expect(page.get_by_test_id("stException")).to_have_count(0)
    finally:
        page.context.close()


def test_home_chart_is_given_new_data_not_drawn_anew(browser: Browser, app_url: str) -> None:
    """A changed rating moves the gap's rule in the drawing already shown: the chart's SVG is the
    same element before and after the rerun (a chart drawn anew would be a new one)."""
    page = _context_page(browser, 1280, 720, False)
    try:
        open_page(page, f"{app_url}{LINK}")
        chart = page.get_by_test_id("stVegaLiteChart")
        chart.scroll_into_view_if_needed()
        rule = chart.locator("svg.marks g.role-mark.mark-rule line[stroke-dasharray]")
        expect(rule).to_have_count(1)
        wait_idle(page)
        mark_drawing(chart)
        where = "line => line.getBoundingClientRect().x"
        before = rule.evaluate(where)
        box = page.get_by_label("Your rating", exact=True)
        box.fill("1700")
        box.press("Enter")
        # 1,700 against 1,500: the sentence above the chart names the new gap.
        expect(page.get_by_text("your gap, +200 ")).to_be_visible()
        wait_idle(page)
        expect_same_drawing(chart)
        # The gap went from +300 to +200: the rule moved left.
        assert rule.evaluate(where) < before
        assert chart_marks(chart)["line"]["items"] == 3
        expect(page.get_by_test_id("stException")).to_have_count(0)
    finally:
        page.context.close()
