"""What only a browser shows, at 1280 × 900: pointing anywhere over the Divisors curve chart gives
one tooltip naming every divisor drawn, and no page cuts a legend label, an axis title or a
table short (Vega writes "…" for a label it truncates; a table too wide for its column scrolls
sideways, its last columns hidden)."""

from __future__ import annotations

import re
from collections.abc import Callable

import pytest
from browser_support import open_page, wait_idle
from playwright.sync_api import Locator, Page, expect

pytestmark = pytest.mark.browser

#: Every page, as a reader opens it with the most to show: five divisors, a custom rule set,
#: three rule sets, teams. The simulator with a small population (the same elements).
PAGES = {
    "divisors": "/divisors?custom_on=1&custom=1000&fibs=1",
    "tables": "/tables",
    "tables, custom": "/tables?rules=custom",
    "simulator": "/simulator?players=200&weeks=4&rules=1.0.5,1.2.0,1.3.1,1.3.1-flat,custom",
    "history": "/history",
    "classic": "/classic?teams=1",
}
#: Pages whose tables are all static (``st.table``: each row as tall as its text, nothing cut);
#: their charts are still checked.
STATIC_ONLY = {"simulator"}
#: Positions across the plot, from its left edge to its right.
POSITIONS = 24


def _plot_box(chart: Locator) -> dict[str, float]:
    """The plot area of a Vega chart (its frame's background), in page coordinates."""
    box: dict[str, float] = chart.evaluate(
        """el => {
            const r = el.querySelector('.role-frame.root > g > path.background')
                .getBoundingClientRect();
            return {left: r.left, right: r.right, top: r.top, bottom: r.bottom};
        }"""
    )
    return box


def _legend_labels(chart: Locator) -> list[str]:
    labels: list[str] = chart.evaluate(
        "el => [...el.querySelectorAll('.role-legend-label text')].map(t => t.textContent)"
    )
    return labels


def test_pointing_anywhere_over_the_curves_names_every_divisor(
    app_url: str, desktop_tab: Page
) -> None:
    page = desktop_tab
    open_page(page, app_url + PAGES["divisors"])
    wait_idle(page)
    chart = page.get_by_test_id("stVegaLiteChart").first
    chart.scroll_into_view_if_needed()
    expect(chart.locator(".role-legend-label text").first).to_be_visible()
    series = _legend_labels(chart)
    assert series == ["÷400", "÷800", "÷1200", "÷1000", "FIBS ÷2000"]
    box = _plot_box(chart)
    tooltip = page.locator("#vg-tooltip-element")
    differences = []
    for i in range(POSITIONS):
        x = box["left"] + (box["right"] - box["left"]) * (0.01 + 0.98 * i / (POSITIONS - 1))
        # Half-way up, and off every line: the nearest difference is found all the same.
        y = box["top"] + (box["bottom"] - box["top"]) * (0.15 if i % 2 else 0.85)
        page.mouse.move(x, y, steps=4)  # as a hand moves: the tooltip follows
        expect(tooltip, f"no tooltip at position {i}").to_have_class(re.compile(r"\bvisible\b"))
        text = tooltip.inner_text()
        for name in series:
            assert f"{name}\t" in text or f"{name}\n" in text, (i, name, text)
        differences.append(text.splitlines()[1])
    # The rule follows the pointer: each position its own difference, left to right.
    assert len(set(differences)) == POSITIONS


@pytest.mark.parametrize("name", list(PAGES))
def test_nothing_is_cut_short(url_of: Callable[[str], str], desktop_tab: Page, name: str) -> None:
    page = desktop_tab
    open_page(page, url_of(PAGES[name]))
    wait_idle(page)
    main = page.get_by_test_id("stMain")
    charts = main.get_by_test_id("stVegaLiteChart")
    for index in range(charts.count()):
        chart = charts.nth(index)
        chart.scroll_into_view_if_needed()
        texts: list[str] = chart.evaluate(
            """el => [...el.querySelectorAll(
                '.role-legend-label text, .role-axis-title text, .role-axis-label text')]
                .map(t => t.textContent)"""
        )
        assert texts, f"chart {index} drew no labels"
        assert not [t for t in texts if t.endswith("…")], (index, texts)
    grids = main.get_by_test_id("stDataFrame").filter(visible=True)
    if name not in STATIC_ONLY:
        expect(grids.first).to_be_visible()
    for index in range(grids.count()):
        grid = grids.nth(index)
        grid.scroll_into_view_if_needed()
        expect(grid.locator(".dvn-scroller")).to_be_attached()
        widths: list[int] = grid.evaluate(
            """el => { const s = el.querySelector('.dvn-scroller');
                       return [s.scrollWidth, s.clientWidth]; }"""
        )
        headers = [h.strip() for h in grid.locator("th[role=columnheader]").all_inner_texts()]
        assert widths[0] <= widths[1] + 1, (index, headers, widths)
