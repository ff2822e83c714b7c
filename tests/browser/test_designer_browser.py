"""The lab as Chromium draws it, served by ``streamlit run lab.py``: on History, once a file is
chosen, the uploader's own words are Streamlit's, none hidden or drawn over the file's line (a
style once drew Greek words over it); the shipped league's three charts each take the page's
width at 1280 px, one under another, their legends no taller than their plots and no line of
more than 150 points. On the Rule designer the ranking of the rating systems is drawn with a
bar of ± 2 standard errors for every system but the current rules, the coin toss as a dashed
reference line, and no text cut, at 1280 px and at 390 px. (What the ranking says, and its
numbers: tests/ui/test_designer_systems.py.)"""

from __future__ import annotations

from typing import Any

import pytest
from browser_support import ROOT, chart_marks, horizontal_overflow, open_page, wait_idle
from playwright.sync_api import Locator, Page, expect
from test_phone_layout import CHART_TEXT, CHARTS_DRAWN

from ui.catalogs import EL, EN
from ui.lab.history import LINE_POINTS

pytestmark = pytest.mark.browser

LEAGUE = ROOT / "gammon_elo" / "data" / "league_history.parquet"
#: Loading and replaying the league: the page's first run on a cold lab.
RUN_MS = 120_000

#: Every element of the uploader that writes text: its own font size and what a style adds
#: after or before it (``none`` or ``normal`` where nothing is).
UPLOADER_TEXT = """el => [...el.querySelectorAll('*')]
  .filter(e => [...e.childNodes].some(n => n.nodeType === 3 && n.textContent.trim()))
  .map(e => ({text: e.textContent.trim(), size: parseFloat(getComputedStyle(e).fontSize),
              after: getComputedStyle(e, '::after').content,
              before: getComputedStyle(e, '::before').content}))"""

#: Each chart on show: its box, its plot's (Vega's background of the plot area), its legend's
#: height, and the points of each of its lines.
CHART_BOXES = """() => [...document.querySelectorAll('[data-testid=stVegaLiteChart]')]
  .filter(el => el.getClientRects().length).map(el => {
    const svg = el.querySelector('svg.marks');
    const plot = svg.querySelector('g.mark-group.role-frame path.background');
    const legend = svg.querySelector('g.role-legend');
    return {box: el.getBoundingClientRect().toJSON(), plot: plot.getBoundingClientRect().toJSON(),
            legend: legend ? legend.getBoundingClientRect().height : 0,
            points: [...svg.querySelectorAll('g.mark-line path')]
              .map(p => (p.getAttribute('d') || '').split(/[ML]/).filter(Boolean).length)};
  })"""

#: The width of each bar of a ranking chart (Vega's rule marks, in pixels).
BAR_WIDTHS = """el => [...el.querySelectorAll('g.mark-rule.role-mark')]
  .flatMap(g => [...g.querySelectorAll('path, line')])
  .map(p => p.getBoundingClientRect().width)"""


def _idle(page: Page) -> None:
    expect(page.get_by_test_id("stApp")).to_have_attribute(
        "data-test-script-state", "notRunning", timeout=RUN_MS
    )


def _draw_charts(page: Page) -> None:
    """Scroll every chart on show into view (a chart draws when first on screen)."""
    charts = page.get_by_test_id("stVegaLiteChart").filter(visible=True)
    for index in range(charts.count()):
        charts.nth(index).scroll_into_view_if_needed()
        expect(charts.nth(index).locator("svg.marks g.role-mark").first).to_be_attached()
    page.wait_for_function(CHARTS_DRAWN)


def test_history_s_uploader_and_charts_read_at_1280(page: Page, lab_url: str) -> None:
    open_page(page, f"{lab_url}/history?source=upload&lang=el")
    _idle(page)
    uploader = page.get_by_test_id("stFileUploader")
    uploader.locator("input[type=file]").set_input_files(LEAGUE)
    expect(page.get_by_test_id("stVegaLiteChart")).to_have_count(3, timeout=RUN_MS)
    _idle(page)
    # The chosen file's line as Streamlit writes it: its size readable, nothing drawn over it.
    expect(uploader.get_by_text("366.2KB")).to_be_visible()
    texts: list[dict[str, Any]] = uploader.evaluate(UPLOADER_TEXT)
    assert texts, "the uploader writes nothing"
    for text in texts:
        assert text["size"] >= 12, text
        assert text["after"] in ("none", "normal") and text["before"] in ("none", "normal"), text
    _draw_charts(page)
    charts: list[dict[str, Any]] = page.evaluate(CHART_BOXES)
    assert len(charts) == 3
    for chart in charts:
        assert chart["plot"]["width"] >= 400, chart
        assert chart["legend"] <= chart["plot"]["height"], chart
        assert max(chart["points"]) <= LINE_POINTS, chart
    # One under another, each the page's width: the same left edge, the next below the last.
    lefts = {round(c["box"]["left"]) for c in charts}
    tops = [c["box"]["top"] for c in charts]
    assert len(lefts) == 1 and tops == sorted(tops), charts
    assert EL["history.chart_stretch"].split("{")[0] in page.get_by_test_id("stMain").inner_text()


def _ranking(page: Page) -> Locator:
    chart = page.get_by_test_id("stVegaLiteChart").filter(
        has=page.locator("text", has_text="Coin toss")
    )
    expect(chart).to_have_count(1)
    chart.scroll_into_view_if_needed()
    expect(chart.locator("svg.marks g.mark-rule").first).to_be_attached()
    return chart


def test_the_ranking_is_drawn_with_its_error_bars(page: Page, lab_url: str) -> None:
    """The sample's eight systems and the coin toss: seven bars of some width (the current
    rules' own margin has none), the coin toss's dashed line, a dot a system, at 1280 and at
    390 px, no text cut and nothing sideways."""
    open_page(page, f"{lab_url}/designer?source=sample")
    _idle(page)
    expect(page.get_by_text(EN["systems.title"], exact=True)).to_be_visible(timeout=RUN_MS)
    for width, height in ((1280, 720), (390, 844)):
        page.set_viewport_size({"width": width, "height": height})
        wait_idle(page)
        chart = _ranking(page)
        _draw_charts(page)
        marks = chart_marks(chart)
        assert marks["symbol"]["items"] == 8, marks
        widths: list[float] = chart.evaluate(BAR_WIDTHS)
        # Eight bars (one of no width) and the coin toss's line, a pixel wide.
        assert len(widths) == 8 + 1, widths
        assert sum(w > 2 for w in widths) == 7, (width, widths)
        assert "Coin toss 0.6931" in marks["text"]["texts"], marks
        assert "1.3.1 (÷1200)" in marks["text"]["texts"], marks
        for drawn in page.evaluate(CHART_TEXT):
            assert drawn["drawn"] and drawn["cut"] == [], (width, drawn)
        assert set(horizontal_overflow(page).values()) == {0}, width
