"""Every embedded view in every frame an article gives it, 320 to 1280 px wide, in Greek and in
English, light and dark: nothing scrolls sideways or is cut short, and axe finds nothing serious;
and the charts an article frames, read against a white article and a dark one (WCAG contrast of
every colour Vega drew).
"""

from __future__ import annotations

import html
from collections.abc import Callable
from typing import Any

import pytest
from axe_playwright_python.sync_playwright import Axe
from browser_support import (
    contrast,
    cut_text,
    horizontal_overflow,
    open_page,
    wait_idle,
)
from embed_support import ARTICLES, HostPages, save_host
from playwright.sync_api import (
    Browser,
    Page,
    ViewportSize,
    expect,
)

pytestmark = pytest.mark.browser


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
