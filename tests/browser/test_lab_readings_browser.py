"""The Rule designer in Chromium, served by ``streamlit run lab.py``, as a designer reads it
after a small sweep, at 1280 × 720 and 390 × 844, in English and in Greek: every metric's heat
map has its legend, titled with the metric's whole name, and no chart text is cut; every heat
map writes its divisors level (none turned upright, none overlapping the next), no control's
label or chosen value is cut short (the live league's levels select at 390 px was, in Greek),
and the small tables' rows are as tall as their text. A full-page screenshot of each is saved
in tests/artifacts/ to be looked at. (That a fit belongs to the history beside it is checked
under AppTest, tests/ui/test_designer.py.)"""

from __future__ import annotations

import pytest
from browser_support import open_page, save_full_page, wait_idle
from playwright.sync_api import Browser, Page, expect
from playwright.sync_api import TimeoutError as PlaywrightTimeoutError
from test_phone_layout import CHART_TEXT, CHARTS_DRAWN

from ui.catalogs import EL, EN

pytestmark = pytest.mark.browser

#: A sweep of 2 divisors × 2 K on one seed of 20 players for a week: four small tasks.
SWEEP = "divisors=800,1200&ks=16,32&seeds=1&players=20&weeks=1"
SWEEP_TIMEOUT_MS = 180_000
SIZES = ((1280, 720), (390, 844))

#: Each heat map's (a chart of rect marks) x-axis labels, the divisors, as drawn: text, angle,
#: box.
X_LABELS = """() => [...document.querySelectorAll('[data-testid=stVegaLiteChart]')]
  .filter(el => el.getClientRects().length && el.querySelector('g.mark-rect'))
  .map(el => [...el.querySelectorAll('g.role-axis')]
    .filter(axis => axis.getAttribute('aria-label')?.startsWith('X-axis'))
    .flatMap(axis => [...axis.querySelectorAll('g.role-axis-label text')])
    .map(text => {
      const r = text.getBoundingClientRect();
      return {text: text.textContent, transform: text.getAttribute('transform') || '',
              left: r.left, right: r.right, width: r.width, height: r.height};
    }))"""

#: Every widget label and every select's chosen value on show whose text overflows its box
#: (cut short, or ellipsised).
CLIPPED = """() => {
  const labels = [...document.querySelectorAll('[data-testid=stWidgetLabel] p')]
    .filter(el => el.getClientRects().length && el.textContent.trim());
  const chosen = [...document.querySelectorAll('[data-testid=stSelectbox] input')]
    .filter(el => el.getClientRects().length && el.value);
  return [...labels, ...chosen].filter(el => el.scrollWidth > el.clientWidth + 1)
    .map(el => ({text: el.value || el.textContent.trim(), scroll: el.scrollWidth,
                 client: el.clientWidth}));
}"""

#: The height of each row of each static table on show, and how many lines its tallest cell
#: wraps to (its height over one line's).
TABLE_ROWS = """() => [...document.querySelectorAll('[data-testid=stTable] tbody tr')]
  .filter(tr => tr.getClientRects().length)
  .map(tr => {
    const cells = [...tr.querySelectorAll('td, th')];
    const lines = Math.max(...cells.map(c => {
      const range = document.createRange(); range.selectNodeContents(c);
      return range.getClientRects().length ? new Set([...range.getClientRects()]
        .map(r => Math.round(r.top))).size : 1;
    }));
    return {height: tr.getBoundingClientRect().height, lines, text: tr.textContent};
  })"""


#: Each heat map's legend as drawn: its title and its labels.
LEGENDS = """() => [...document.querySelectorAll('[data-testid=stVegaLiteChart]')]
  .filter(el => el.getClientRects().length && el.querySelector('g.role-legend'))
  .map(el => ({
    title: [...el.querySelectorAll('g.role-legend-title text')].map(t => t.textContent),
    labels: [...el.querySelectorAll('g.role-legend-label text')].map(t => t.textContent),
  }))"""


#: True once a drawn legend bears each title in the argument.
LEGENDS_TITLED = f"""titles => {{
    const drawn = ({LEGENDS})().flatMap(legend => legend.title);
    return titles.every(title => drawn.includes(title));
}}"""


def drawn_legends(page: Page, titles: list[str], *, rounds: int = 30) -> list[dict[str, list[str]]]:
    """The legends (:data:`LEGENDS`) once every chart on show is drawn and legends bear all of
    ``titles``. A chart draws when first on screen, and the heat maps mount a moment after the
    heading above them: each round scrolls every chart then on show into view and waits a
    little for the legends (a bounded number of rounds); the assertions read what is drawn."""
    charts = page.get_by_test_id("stVegaLiteChart")
    for _ in range(rounds):
        for chart in charts.filter(visible=True).all():
            chart.scroll_into_view_if_needed()
        try:
            page.wait_for_function(LEGENDS_TITLED, arg=titles, timeout=2_000)
            break
        except PlaywrightTimeoutError:
            continue
    page.wait_for_function(CHARTS_DRAWN)
    legends: list[dict[str, list[str]]] = page.evaluate(LEGENDS)
    return legends


def _run_sweep(page: Page, catalog: dict[str, str]) -> None:
    page.get_by_role("button", name=catalog["designer.run_sweep"], exact=True).click()
    expect(page.get_by_text(catalog["designer.sweep_table"])).to_be_visible(
        timeout=SWEEP_TIMEOUT_MS
    )
    wait_idle(page)


def _draw_heat_maps(page: Page) -> None:
    """Scroll every chart on show into view (a chart draws when first on screen) and wait for
    the four heat maps' axes."""
    charts = page.get_by_test_id("stVegaLiteChart").filter(visible=True)
    for index in range(charts.count()):
        charts.nth(index).scroll_into_view_if_needed()
        expect(charts.nth(index).locator("svg.marks g.role-mark").first).to_be_attached()
    page.wait_for_function(f"() => ({X_LABELS})().filter(labels => labels.length).length >= 4")


@pytest.mark.parametrize("lang", ["en", "el"])
def test_the_designer_reads_level_and_whole_at_both_sizes(
    browser: Browser, lab_url: str, lang: str
) -> None:
    catalog = EN if lang == "en" else EL
    metrics = [catalog[key] for key in ("simulator.half_within", "designer.metric_spearman")]
    context = browser.new_context(viewport={"width": 1280, "height": 720}, locale="en-GB")
    try:
        page = context.new_page()
        open_page(page, f"{lab_url}/designer?source=sample&lang={lang}&{SWEEP}")
        wait_idle(page)
        _run_sweep(page, catalog)
        for width, height in SIZES:
            page.set_viewport_size({"width": width, "height": height})
            wait_idle(page)
            _draw_heat_maps(page)
            legends = drawn_legends(page, metrics)
            titles = [title for legend in legends for title in legend["title"]]
            # Every metric's heat map has its legend, titled with the metric's whole name.
            assert set(metrics) <= set(titles), (width, legends)
            assert all(len(legend["labels"]) >= 2 for legend in legends), (width, legends)
            for chart in page.evaluate(CHART_TEXT):
                assert chart["drawn"] and chart["cut"] == [], (width, chart)
            for labels in page.evaluate(X_LABELS):
                assert [label["text"] for label in labels] == ["800", "1200"], labels
                for label in labels:
                    # Level: no rotation, and wider than tall (an upright "1200" is not).
                    assert "rotate" not in label["transform"], (width, label)
                    assert label["width"] > label["height"], (width, label)
                assert labels[0]["right"] < labels[1]["left"], (width, labels)
            assert page.evaluate(CLIPPED) == [], (width, page.evaluate(CLIPPED))
            levels = page.get_by_role("combobox", name=catalog["designer.live_levels"], exact=True)
            expect(levels).to_have_value(catalog["league.preset_club"])
            rows = page.evaluate(TABLE_ROWS)
            assert rows, "no static table on show"
            for row in rows:
                # About 21 px a line and the cell's padding: a one-line row under 45 px.
                assert row["height"] < 24 * row["lines"] + 21, (width, row)
            save_full_page(page, f"lab_designer_swept_{lang}_{width}")
    finally:
        context.close()
