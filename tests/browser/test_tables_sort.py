"""A click on a number column's header sorts it by number, and the cells still read as the app
writes them (a decimal comma in Greek): the grid gets numbers, and each cell's text beside it.

The grid paints its cells on a canvas; its accessible table (what a screen reader reads, and
what ``grid_rows`` reads) holds each number cell's number, so the text painted is read from
the canvas's own ``fillText`` calls, recorded from the page's start.
"""

from __future__ import annotations

import re

import pytest
from browser_support import dataframe_with, grid_rows, open_page, wait_idle
from playwright.sync_api import Browser, Locator, Page, expect

pytestmark = pytest.mark.browser

#: Every text a canvas on the page paints, in order.
RECORD_PAINTED = """
(() => {
    window.__painted = [];
    const fill = CanvasRenderingContext2D.prototype.fillText;
    CanvasRenderingContext2D.prototype.fillText = function (text, ...rest) {
        window.__painted.push(String(text));
        return fill.call(this, text, ...rest);
    };
})();
"""
HEADERS = ("Rating difference", "÷400", "÷800", "÷1200")


def _expected_table(page: Page) -> Locator:
    """The divisors page's expected-win-rate table (its points tables for a win and for a loss,
    after it, have the same headers), by its place on the page: a sorted header reads
    "↑ Rating difference", so a locator that filters on the header would lose it."""
    same = dataframe_with(page, *HEADERS)
    expect(same).to_have_count(3)
    expected = same.first
    tables = page.get_by_test_id("stDataFrame")
    place: int = expected.evaluate(
        "el => [...document.querySelectorAll('[data-testid=stDataFrame]')].indexOf(el)"
    )
    return tables.nth(place)


def _sort_first_column(page: Page, table: Locator, arrow: str) -> None:
    """Click the first column's header (its left end, on the canvas) until it shows ``arrow``."""
    table.scroll_into_view_if_needed()
    box = table.bounding_box()
    assert box is not None
    page.mouse.click(box["x"] + 30, box["y"] + 18)
    expect(table.locator("th[role=columnheader]").first).to_have_text(re.compile(f"^{arrow}"))


def test_a_number_column_sorts_by_number(page: Page, app_url: str) -> None:
    open_page(page, f"{app_url}/divisors")
    wait_idle(page)
    table = _expected_table(page)
    before = [row["Rating difference"] for row in grid_rows(table)]
    # Hand: the standard differences, written 0, 50, 100 … (as text "100" < "50").
    assert before[:3] == ["0", "50", "100"]
    _sort_first_column(page, table, "↑")
    _sort_first_column(page, table, "↓")
    rows = grid_rows(table)
    key = next(k for k in rows[0] if k.endswith("Rating difference"))
    descending = [float(row[key]) for row in rows]
    assert descending == sorted(descending, reverse=True), descending
    assert descending[-3:] == [100, 50, 0]
    # The rates moved with their rows: at 0 every divisor gives 50 % (the number 0.5 beneath).
    assert [rows[-1][h] for h in HEADERS[1:]] == ["0.5", "0.5", "0.5"]


def test_greek_cells_keep_the_decimal_comma(browser: Browser, app_url: str) -> None:
    # A Greek reader's browser, as the Greek embed tests open it.
    context = browser.new_context(viewport={"width": 1280, "height": 900}, locale="el-GR")
    try:
        _greek_cells(context.new_page(), app_url)
    finally:
        context.close()


def _greek_cells(page: Page, app_url: str) -> None:
    page.add_init_script(RECORD_PAINTED)
    open_page(page, f"{app_url}/divisors?lang=el")
    wait_idle(page)
    # Greek from the link, else (a session that opened in English) from the sidebar selector.
    greek = page.get_by_test_id("stSidebar").get_by_text("Ελληνικά", exact=True)
    if page.get_by_role("heading", name="Divisors side by side").count():
        page.evaluate("() => { window.__painted = []; }")  # only what the Greek page paints
        greek.click()
    expect(page.get_by_role("heading", name="Divisors side by side")).to_have_count(0)
    wait_idle(page)
    tables = page.get_by_test_id("stDataFrame")
    expect(tables.first).to_be_visible()
    for place in range(tables.count()):  # a grid paints its cells once on screen
        tables.nth(place).scroll_into_view_if_needed()

    def painted() -> list[str]:
        texts: list[str] = page.evaluate("() => window.__painted")
        return texts

    # SPEC, favourite by 300: ÷400 84.9 %, ÷1200 64.0 %, written the Greek way.
    page.wait_for_function("() => window.__painted.includes('64,0%')")
    texts = painted()
    assert "84,9%" in texts and "50,0%" in texts
    # The real minus stays in the points: "−20" for the favourite's loss under ÷1200.
    assert "\u221220" in texts and "+12" in texts
