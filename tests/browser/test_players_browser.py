"""What a player meets in Chromium at 1280 px: no Greek text is cut short on the Planner (its "win
as expected" toggle was, and its figures' labels) and Explain pages, and the Divisors' points
tables have rows one line tall. The other pages' Greek labels at 1280 px are measured by
test_accessibility.py; on a 390-px phone, by test_phone_layout.py, for every page in both
languages."""

from __future__ import annotations

import pytest
from browser_support import cut_text, open_page, wait_idle
from playwright.sync_api import Locator, Page, expect

from ui.catalogs.el import EL

pytestmark = pytest.mark.browser

#: The grid's header row and its one-line rows (Streamlit's default row height), in pixels.
HEADER_ROW = ONE_LINE_ROW = 35

#: A grid's box and content: its right edge, how much wider its content is than its box (0
#: when nothing scrolls sideways), its height and its rows.
GRID_BOX = """el => {
    const scroller = el.querySelector('.dvn-scroller');
    const box = el.getBoundingClientRect();
    return {
        headers: [...el.querySelectorAll('thead th')].map(th => th.textContent.trim()).join(' | '),
        right: box.right,
        overflow: scroller ? scroller.scrollWidth - scroller.clientWidth : null,
        height: box.height,
        rows: el.querySelectorAll('tbody tr').length,
    };
}"""
#: True once a grid has drawn its header row and its widths stopped changing.
GRID_SETTLED = """el => {
    const scroller = el.querySelector('.dvn-scroller');
    if (!scroller || !el.querySelectorAll('thead th').length) return false;
    const widths = [scroller.scrollWidth, scroller.clientWidth, el.offsetHeight].join();
    const same = el.__box === widths;
    el.__box = widths;
    return same;
}"""


def measured(table: Locator) -> dict[str, object]:
    table.scroll_into_view_if_needed()
    table.page.wait_for_function(GRID_SETTLED, arg=table.element_handle(), polling=250)
    box: dict[str, object] = table.evaluate(GRID_BOX)
    return box


def settled_tables(page: Page, count: int | None = None) -> list[dict[str, object]]:
    """The tables on show (``count`` of them, if given), each measured once drawn on screen
    and settled."""
    expect(page.get_by_test_id("stSkeleton")).to_have_count(0)
    tables = page.get_by_test_id("stDataFrame").filter(visible=True)
    if count is not None:
        expect(tables).to_have_count(count)
    return [measured(tables.nth(i)) for i in range(count or tables.count())]


#: The calculator's pages with controls, by URL path, that test_accessibility.py does not open
#: in Greek at 1280 px (it measures the home, Divisors, Tables and Classic pages' labels).
CONTROL_PAGES = ["planner", "explain"]


@pytest.mark.parametrize("name", CONTROL_PAGES)
def test_no_greek_text_is_cut_at_1280(page: Page, app_url: str, name: str) -> None:
    open_page(page, f"{app_url}/{name}?lang=el")
    wait_idle(page)
    if name == "planner":
        # The toggle once cut short is among those measured.
        label = EL["planner.as_expected"]
        toggle = page.get_by_test_id("stCheckbox").filter(
            has=page.get_by_role("switch", name=label)
        )
        expect(toggle.get_by_test_id("stMarkdownContainer")).to_have_text(label)
    assert cut_text(page) == []


def test_the_divisors_points_tables_have_one_line_rows(page: Page, app_url: str) -> None:
    """At 1280 px every table under "At the standard differences" (the expected rates, the
    points for a win, for a loss) is a header and one-line rows: 35 px each."""
    open_page(page, f"{app_url}/divisors")
    wait_idle(page)
    headers = "Rating difference | ÷400 | ÷800 | ÷1200"
    # The favourite table, then the expected rates, the points for a win and for a loss.
    expect(page.get_by_test_id("stDataFrame").last).to_be_visible()
    tables = [t for t in settled_tables(page) if t["headers"] == headers]
    assert len(tables) >= 2, tables
    for table in tables:
        rows = int(str(table["rows"]))
        assert rows == 8, table  # the article's standard differences, 0 … 500
        row = (float(str(table["height"])) - HEADER_ROW) / rows
        assert row < ONE_LINE_ROW + 3, table
