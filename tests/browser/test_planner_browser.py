"""The Planner in Chromium: its answer — the number of games to the target, on average — is on the
first screen of a laptop (1280 × 720) and of a phone (390 × 844), the largest text there,
without scrolling, and equal to the core's; the projection chart draws its band, its line and
the target; "Explain my result"'s answer, in words, is the largest text there too; the phone
does not scroll sideways and axe-core finds nothing serious. Full-page screenshots of the
Planner and of "Explain my result" go to tests/artifacts/.
"""

from __future__ import annotations

import pytest
from browser_support import (
    chart_marks,
    expect_same_drawing,
    horizontal_overflow,
    mark_drawing,
    open_page,
    save_full_page,
    wait_idle,
)
from playwright.sync_api import Browser, Locator, Page, expect
from test_accessibility import serious_violations, whole_page_on_screen

from gammon_elo import plan
from ui.catalogs import EL

pytestmark = pytest.mark.browser

#: 1500 aiming at 1600 against 1500s, winning 58 %, 60 games a week (K drops from game 51).
LINK = "/planner?per_week=60&win_rate=58"


@pytest.mark.parametrize(
    ("width", "height", "phone"), [(1280, 720, False), (390, 844, True)], ids=["1280", "390"]
)
def test_planner_answer_is_the_largest_text_on_the_first_screen(
    browser: Browser, app_url: str, width: int, height: int, phone: bool
) -> None:
    # The 7 days before game 1 left empty: a usual week, the 59 games less than 7 days old.
    expected = plan(1500, 1600, opponent=1500, win_rate=0.58, games_per_week=60, games_this_week=59)
    assert expected.mean_games is not None  # every path gets there: the answer is the mean
    context = browser.new_context(
        viewport={"width": width, "height": height}, is_mobile=phone, has_touch=phone,
        locale="en-GB",
    )  # fmt: skip
    try:
        page = context.new_page()
        open_page(page, app_url + LINK)
        figure = page.locator(".gammon-answer-figure")
        expect(figure).to_have_text(f"{expected.mean_games:,.0f}")
        wait_idle(page)
        page.evaluate("document.fonts.ready.then(() => true)")
        box = figure.bounding_box()
        assert box is not None
        assert box["x"] >= 0 and box["x"] + box["width"] <= width, box
        assert box["y"] >= 0 and box["y"] + box["height"] <= height, box
        assert page.get_by_test_id("stMain").evaluate("e => e.scrollTop") == 0
        # The largest font of any text drawn on the first screen is the answer's.
        largest = largest_text(page, width, height)
        assert largest["text"] == f"{expected.mean_games:,.0f}", largest
        if not phone:
            chart = page.get_by_test_id("stVegaLiteChart").first
            chart.scroll_into_view_if_needed()
            expect(chart.locator("svg.marks g.mark-area path")).to_have_count(1)
            marks = chart_marks(chart)
            assert marks["area"]["items"] == 1 and marks["line"]["items"] == 1, marks
            # The target's rule, and the heavy-week shading (K 16 from game 1: 59 this week).
            assert marks["rule"]["items"] >= 1 and marks["rect"]["items"] >= 1, marks
        # The page's last section drawn before the picture is taken.
        expect(
            page.get_by_test_id("stMetricLabel").filter(has_text="Performance rating")
        ).to_be_attached()
        save_full_page(page, f"planner_{width}")
        expect(page.get_by_test_id("stException")).to_have_count(0)
        fits_and_reads(page, phone)
        open_page(page, app_url + "/explain?rating=1650&opponent=1820&change=12")
        answer = page.locator(".gammon-answer-figure")
        expect(answer).to_have_text("Win · K 16 · cube 4")
        wait_idle(page)
        page.evaluate("document.fonts.ready.then(() => true)")
        # Explain's answer is words, not a number, and the largest text all the same: larger
        # than the page's title, whole on the first screen.
        largest = whole_and_largest(page, answer, width, height)
        assert largest["text"] == "Win · K 16 · cube 4", largest
        title = page.locator("h1").first.evaluate("e => parseFloat(getComputedStyle(e).fontSize)")
        assert largest["size"] > title, (largest, title)
        save_full_page(page, f"explain_{width}")
        fits_and_reads(page, phone)
    finally:
        context.close()


def test_planner_chart_is_given_new_data_not_drawn_anew(browser: Browser, app_url: str) -> None:
    """A new target moves the chart's dashed rule in the drawing already shown: the chart's SVG
    is the same element before and after the rerun (a chart drawn anew would be a new one)."""
    context = browser.new_context(viewport={"width": 1280, "height": 720}, locale="en-GB")
    try:
        page = context.new_page()
        open_page(page, app_url + LINK)
        chart = page.get_by_test_id("stVegaLiteChart").first
        chart.scroll_into_view_if_needed()
        expect(chart.locator("svg.marks g.mark-area path")).to_have_count(1)
        wait_idle(page)
        mark_drawing(chart)
        target = page.get_by_label("Target rating", exact=True)
        target.fill("1650")
        target.press("Enter")
        # The caption under the chart names the new target.
        expect(page.get_by_text("The dashed line is your target, 1650.")).to_be_visible()
        wait_idle(page)
        expect_same_drawing(chart)
        expect(page.get_by_test_id("stException")).to_have_count(0)
    finally:
        context.close()


def largest_text(page: Page, width: int, height: int) -> dict[str, object]:
    """The text drawn in the largest font on the first screen (``width`` × ``height``): its
    size in pixels and its first 40 characters."""
    found: dict[str, object] = page.evaluate(
        """([w, h]) => {
            let best = {size: 0, text: ''};
            for (const el of document.querySelectorAll('body *')) {
                const own = [...el.childNodes].some(
                    n => n.nodeType === 3 && n.textContent.trim());
                if (!own) continue;
                const r = el.getBoundingClientRect();
                if (r.width === 0 || r.bottom <= 0 || r.top >= h || r.right <= 0 || r.left >= w)
                    continue;
                const size = parseFloat(getComputedStyle(el).fontSize);
                if (size > best.size) best = {size, text: el.textContent.trim().slice(0, 40)};
            }
            return best;
        }""",
        [width, height],
    )
    return found


def whole_and_largest(page: Page, answer: Locator, width: int, height: int) -> dict[str, object]:
    """The largest text on the first screen (:func:`largest_text`), once ``answer`` is checked
    to lie whole on that screen."""
    box = answer.bounding_box()
    assert box is not None
    assert box["x"] >= 0 and box["x"] + box["width"] <= width, box
    assert box["y"] >= 0 and box["y"] + box["height"] <= height, box
    return largest_text(page, width, height)


def fits_and_reads(page: Page, phone: bool) -> None:
    """A phone does not scroll sideways; on the laptop, axe-core finds no serious or critical
    violation with the whole page on screen (as tests/browser/test_accessibility.py checks)."""
    if phone:
        assert set(horizontal_overflow(page).values()) == {0}, horizontal_overflow(page)
        return
    whole_page_on_screen(page)
    serious, _ = serious_violations(page)
    assert serious == []


#: Each chart's axes as drawn: every axis's labels.
AXIS_LABELS = """chart => [...chart.querySelectorAll('g.role-axis')].map(
    axis => [...axis.querySelectorAll('g.role-axis-label text')].map(t => t.textContent))"""


@pytest.mark.parametrize(("lang", "games"), [("en", "2,000"), ("el", "2.000")])
def test_the_projection_counts_games_and_writes_ratings_plain(
    page: Page, app_url: str, lang: str, games: str
) -> None:
    """The chart's games axis read "2000" in Greek and its rating axis "1,500" in English: the
    games are a count, the ratings are written as the article writes them."""
    open_page(page, f"{app_url}/planner?lang={lang}&win_rate=58")
    wait_idle(page)
    chart = page.get_by_test_id("stVegaLiteChart").first
    chart.scroll_into_view_if_needed()
    expect(chart.locator("svg.marks g.mark-area path")).to_have_count(1)
    axes = chart.evaluate(AXIS_LABELS)
    # The horizon, 2,000 games (ui.cached's 1,000 paths of 2,000 games), ends the games axis.
    games_axis = next(labels for labels in axes if labels and labels[0] == "0")
    assert games_axis[-1] == games, axes
    # 1500 → 1600 at 58 %: the band spans 1500 to past 1600; every rating label is plain.
    ratings = next(labels for labels in axes if labels and labels is not games_axis)
    assert {"1500", "1600"} <= set(ratings) and all(label.isdigit() for label in ratings), axes


@pytest.mark.parametrize(
    ("width", "height", "phone"), [(1280, 720, False), (390, 844, True)], ids=["1280", "390"]
)
def test_explain_s_longest_answer_is_whole_and_largest_on_the_first_screen(
    browser: Browser, app_url: str, width: int, height: int, phone: bool
) -> None:
    """The longest worded answer, Greek's "no exact match" (48 letters), at its size."""
    context = browser.new_context(
        viewport={"width": width, "height": height}, is_mobile=phone, has_touch=phone,
        locale="el-GR",
    )  # fmt: skip
    try:
        page = context.new_page()
        open_page(page, app_url + "/explain?change=3&lang=el")
        answer = page.locator(".gammon-answer-figure")
        expect(answer).to_have_text(EL["explain.none_figure"])
        wait_idle(page)
        page.evaluate("document.fonts.ready.then(() => true)")
        largest = whole_and_largest(page, answer, width, height)
        assert largest["text"] == EL["explain.none_figure"][:40], largest
        save_full_page(page, f"explain_none_el_{width}")
    finally:
        context.close()
