"""The app in Debian's Chromium, driven the way a person drives it: type a number and press Enter
or Tab, choose the cube with the keyboard, follow a copied link. Checks what only a browser shows:
the home page's answer on the first screen of a laptop and of a phone, its inputs rerunning the
calculator alone while the link and the embed code follow, and every chart's drawn marks (the
numbers beside them against SPEC). The numbers typed in and picked are checked under AppTest
(tests/ui/test_app.py, tests/ui/test_typed_in.py), the phone's layout by test_phone_layout.py.
Full-page screenshots go to tests/artifacts/.
"""

from __future__ import annotations

import re

import pytest
from browser_support import (
    as_percent,
    card,
    chart_marks,
    dataframe_with,
    expect_same_drawing,
    ink,
    mark_drawing,
    metric,
    open_expander,
    open_page,
    painted,
    save_full_page,
    switch_on,
    wait_idle,
)
from playwright.sync_api import Browser, Locator, Page, expect

from gammon_elo import rating_change
from ui import navigation

pytestmark = pytest.mark.browser

MINUS = "\u2212"
#: The theme's background (.streamlit/config.toml), what an empty chart would be made of.
BACKGROUND = "#fbf8f1"


def no_exception(page: Page) -> None:
    expect(page.get_by_test_id("stException")).to_have_count(0)


def shows(where: Page | Locator, label: str, value: str, delta: str | None = None) -> None:
    """The metric ``label`` shows ``value`` (and ``delta``, its arrow pointing the delta's way)."""
    found = metric(where, label)
    expect(found.get_by_test_id("stMetricValue")).to_have_text(value)
    if delta is not None:
        expect(found.get_by_test_id("stMetricDelta")).to_have_text(delta)
        if delta.startswith(("+", MINUS)):
            arrow = "Up" if delta.startswith("+") else "Down"
            expect(found.get_by_test_id(f"stMetricDeltaIcon-{arrow}")).to_be_visible()


def type_number(page: Page, label: str, value: str, *, then: str = "Enter") -> None:
    """Click the number input, replace its text with ``value`` and press Enter (or Tab)."""
    field = page.get_by_label(label, exact=True)
    field.click()
    field.press("ControlOrMeta+a")
    field.press_sequentially(value)
    field.press(then)


def column(table: Locator, header: str) -> Locator:
    """The cells under ``header`` in an st.dataframe (its accessible grid), top to bottom."""
    table.locator("th[role=columnheader]", has_text=header).first.wait_for(state="attached")
    index = table.evaluate(
        """(el, header) => [...el.querySelectorAll('th[role=columnheader]')]
            .findIndex(th => th.textContent.trim() === header) + 1""",
        header,
    )
    assert index > 0, f"no column {header!r}"
    return table.locator(f"td[aria-colindex='{index}']")


def line_colours(chart: Locator, series: int) -> list[str]:
    """Wait until the chart's line mark has ``series`` drawn lines; their colours."""
    expect(chart.locator("svg.marks g.mark-line.role-mark path")).to_have_count(series)
    colours = chart_marks(chart)["line"]["colours"]
    assert len(colours) == series, colours
    return list(colours)


def assert_lines_painted(chart: Locator, colours: list[str]) -> None:
    """Each line colour covers a line's worth of pixels, not just a legend swatch."""
    counts = painted(chart.screenshot(), colours)
    assert all(n >= 150 for n in counts.values()), counts


# --- Home: "What is a win worth?" ---------------------------------------------------------------

CUBE = "Doubling cube at the end of the game"
#: A link that presets the inputs: 1650 against 1820, 60 ranked games this week, cube 4.
PRESET = "/?rating=1650&opponent=1820&games=60&cube=4"


def choose_cube_with_keys(page: Page, steps: int) -> None:
    """From the chosen cube, move ``steps`` buttons right with the arrow key and press Space (the
    seven cube values are a radio group: the arrows move the focus, Space chooses)."""
    page.get_by_role("radiogroup", name=CUBE).get_by_role("radio", checked=True).focus()
    for _ in range(steps):
        page.keyboard.press("ArrowRight")
    page.keyboard.press("Space")


def signed(change: int) -> str:
    return f"+{change}" if change > 0 else str(change).replace("-", MINUS)


@pytest.mark.parametrize(
    ("width", "height", "phone"), [(1280, 720, False), (390, 844, True)], ids=["1280", "390"]
)
def test_home_answer_is_on_the_first_screen(
    browser: Browser, app_url: str, width: int, height: int, phone: bool
) -> None:
    """For the preset link, your points for a win and for a loss and your opponent's mirror
    figures are inside the viewport without scrolling, side by side, larger than the title, and
    equal the core's. By hand (÷1200, your K 16 at 60 games, theirs 32, cube 4 → × 1.3333,
    E = 1 / (1 + 10^(170/1200)) = 0.4192): you win 16 × 0.5808 × 1.3333 = 12.39 → +12 and they
    lose 32 × 0.5808 × 1.3333 = 24.78 → −25; you lose 16 × 0.4192 × 1.3333 = 8.94 → −9 and they
    win 32 × 0.4192 × 1.3333 = 17.89 → +18."""
    win = rating_change(1650, 1820, cube=4, winner_recent_games=60)
    loss = rating_change(1820, 1650, cube=4, loser_recent_games=60)
    assert (win.winner, win.loser, loss.loser, loss.winner) == (12, -25, -9, 18)
    context = browser.new_context(
        viewport={"width": width, "height": height},
        is_mobile=phone,
        has_touch=phone,
        locale="en-GB",
    )
    try:
        page = context.new_page()
        open_page(page, app_url + PRESET)
        figures = {
            ".gammon-win .gammon-change": signed(win.winner),
            ".gammon-win .gammon-mirror": f"Your opponent {signed(win.loser)}",
            ".gammon-loss .gammon-change": signed(loss.loser),
            ".gammon-loss .gammon-mirror": f"Your opponent {signed(loss.winner)}",
        }
        for selector, text in figures.items():
            expect(page.locator(selector)).to_have_text(text)
        # The cards further down say the same, with the new ratings.
        shows(card(page, "If you win"), "You", str(1650 + win.winner), signed(win.winner))
        shows(card(page, "If you lose"), "You", str(1650 + loss.loser), signed(loss.loser))
        wait_idle(page)
        # Measured once the web fonts are in (the title's height depends on its font), all in
        # one layout.
        page.evaluate("document.fonts.ready.then(() => true)")
        boxes = page.evaluate(
            """selectors => Object.fromEntries(selectors.map(s => {
                const r = document.querySelector(s).getBoundingClientRect();
                return [s, {x: r.x, y: r.y, width: r.width, height: r.height}];
            }))""",
            list(figures),
        )
        for selector, box in boxes.items():
            assert box["x"] >= 0 and box["x"] + box["width"] <= width, (selector, box)
            assert box["y"] >= 0 and box["y"] + box["height"] <= height, (selector, box)
        # Side by side, also on the phone.
        assert boxes[".gammon-win .gammon-change"]["y"] == boxes[".gammon-loss .gammon-change"]["y"]
        # Nothing was scrolled to get there.
        assert page.get_by_test_id("stMain").evaluate("e => e.scrollTop") == 0
        assert page.evaluate("window.scrollY") == 0
        # The change is the largest text, larger than the page's title.
        size = page.locator(".gammon-change").first.evaluate(
            "e => parseFloat(getComputedStyle(e).fontSize)"
        )
        title = page.locator("h1").first.evaluate("e => parseFloat(getComputedStyle(e).fontSize)")
        assert size > title, (size, title)
        no_exception(page)
    finally:
        context.close()


def inputs_show_their_values(page: Page) -> None:
    """The home page's rating and cube show the values the session holds (1500, one cube)."""
    expect(page.get_by_label("Your rating", exact=True)).to_have_value("1500")
    expect(
        page.get_by_role("radiogroup", name=CUBE).get_by_role("radio", checked=True)
    ).to_be_visible()
    wait_idle(page)


def test_home_inputs_rerun_only_the_calculator_and_the_link_and_embed_code_follow(
    page: Page, app_url: str
) -> None:
    """The home page's inputs rerun a fragment (app.py): the URL it writes and the embed code
    shown must still follow every change, and the link must reproduce what was seen.
    Hand calculation: 1700 vs 1500 under ÷1200, E = 1/(1 + 10^(−200/1200)) = 0.5948;
    cube 4: multiplier 1 + 2/6 = 1.3333; win 32 × 0.4052 × 1.3333 = 17.29 → +17,
    loss 32 × 0.5948 × 1.3333 = 25.38 → −25."""
    open_page(page, f"{app_url}/?opponent=1500")
    # Streamlit's number input mounts showing its lowest value (−100000) for a frame or two and
    # then the session's; a click in between sends that lowest value as the reader's. So the
    # test waits for the inputs to show the link's values before its first click, and again
    # after the expander's rerun has drawn them.
    inputs_show_their_values(page)
    open_expander(page, "Embed this")
    inputs_show_their_values(page)
    switch_on(page, "Show the code")
    code = page.get_by_test_id("stCode")
    expect(code).to_contain_text("view=compact")
    wait_idle(page)

    type_number(page, "Your rating", "1700")
    choose_cube_with_keys(page, 1)
    shows(page, "Cube multiplier", "1.17")
    wait_idle(page)
    choose_cube_with_keys(page, 1)
    win, loss = card(page, "If you win"), card(page, "If you lose")
    shows(win, "You", "1717", "+17")
    shows(loss, "You", "1675", f"{MINUS}25")
    expect(page).to_have_url(re.compile(r"[?&]rating=1700\b.*[?&]cube=4\b"))
    expect(code).to_contain_text("rating=1700&amp;cube=4")
    expect(page.locator(".gammon-win .gammon-change")).to_have_text("+17")
    expect(page.locator(".gammon-loss .gammon-change")).to_have_text(f"{MINUS}25")
    # The sidebar, drawn by the full run before, is still there after the fragment's reruns.
    expect(page.get_by_test_id("stSidebar").get_by_role("link")).to_have_count(
        len(navigation.CALCULATOR.pages)
    )

    again = page.context.new_page()
    open_page(again, page.url)
    shows(card(again, "If you win"), "You", "1717", "+17")
    shows(card(again, "If you lose"), "You", "1675", f"{MINUS}25")
    no_exception(page)
    no_exception(again)


# --- Divisors ---------------------------------------------------------------------------------


def test_divisors_curves_and_tables(page: Page, app_url: str) -> None:
    open_page(page, f"{app_url}/divisors")
    charts = page.get_by_test_id("stVegaLiteChart")
    expect(charts).to_have_count(3)
    curves, wins, losses = charts.nth(0), charts.nth(1), charts.nth(2)

    # SPEC, favourite by 300: ÷400 84.9 % +5 −27, ÷800 70.3 % +9 −23, ÷1200 64.0 % +12 −20.
    favourite = dataframe_with(page, "Divisor")
    # The grid paints each divisor's name ("÷400"); beneath it, the divisor that sorts it.
    expect(column(favourite, "Divisor")).to_have_text(["400", "800", "1200"])
    expect(column(favourite, "Expected")).to_have_count(3)
    assert as_percent(column(favourite, "Expected")) == ["84.9%", "70.3%", "64.0%"]
    expect(column(favourite, "Win")).to_have_text(["5", "9", "12"])
    expect(column(favourite, "Loss")).to_have_text(["-27", "-23", "-20"])

    # One expected-score curve per divisor, drawn in its own colour, and the rule at +300.
    colours = line_colours(curves, 3)
    assert chart_marks(curves)["rule"]["items"] >= 1
    assert_lines_painted(curves, colours)
    # A win line per divisor in one chart, a loss line per divisor in the other.
    for chart in (wins, losses):
        expect(chart.locator("svg.marks g.mark-line.role-mark path")).to_have_count(3)
        assert_lines_painted(chart, chart_marks(chart)["line"]["colours"])

    # A new difference, then a new K, only give the charts new data: each chart's drawing is
    # the same SVG element after the reruns (a chart drawn anew would be a new one).
    wait_idle(page)
    for chart in (curves, wins, losses):
        mark_drawing(chart)
    page.get_by_role("slider", name="Rating difference (you − opponent)").focus()
    page.keyboard.press("ArrowRight")
    expect(page.get_by_role("heading", name="Favourite by 310", exact=True)).to_be_visible()

    # SPEC, K = 16 at a difference of 300 under ÷1200: +6 / −10.
    page.keyboard.press("ArrowLeft")
    expect(page.get_by_role("heading", name="Favourite by 300", exact=True)).to_be_visible()
    type_number(page, "K", "16")
    # Hand: 16 × 0.849 = 13.6, 16 × 0.703 = 11.3, 16 × 0.640 = 10.2.
    expect(column(favourite, "Win")).to_have_text(["2", "5", "6"])
    expect(column(favourite, "Loss")).to_have_text(["-14", "-11", "-10"])
    wait_idle(page)
    for chart in (curves, wins, losses):
        expect_same_drawing(chart)

    # FIBS adds a fourth curve. Hand: 1 / (1 + 10^(−300/2000)) = 58.5 %.
    page.get_by_text("Add FIBS (1-point match, ÷2000)").click()
    expect(column(favourite, "Divisor")).to_have_text(["400", "800", "1200", "2000"])
    assert as_percent(column(favourite, "Expected"))[-1] == "58.5%"
    assert_lines_painted(curves, line_colours(curves, 4))
    expect(page).to_have_url(re.compile(r"[?&]fibs=1\b"))
    no_exception(page)
    save_full_page(page, "divisors_1280")


# --- Tables -----------------------------------------------------------------------------------


def test_tables_regenerate_and_the_heat_map_is_drawn(page: Page, app_url: str) -> None:
    open_page(page, f"{app_url}/tables")
    # SPEC: expected win rate of the favourite at 0 … 500 points.
    expected = dataframe_with(page, "Difference", "Expected win rate")
    expect(column(expected, "Expected win rate")).to_have_count(8)
    assert as_percent(column(expected, "Expected win rate")) == [
        "50.0%",
        "52.4%",
        "54.8%",
        "57.1%",
        "59.5%",
        "64.0%",
        "68.3%",
        "72.3%",
    ]
    # SPEC: K = 32, the favourite wins at 0 … 400: +16/14/13/12/10, and loses −16/18/19/20/22.
    # The favourite's points come first, the underdog's after: the first "Win" and "Loss".
    changes = dataframe_with(page, "Difference", "Win", "Loss").first
    expect(column(changes, "Win")).to_have_text(["16", "14", "13", "12", "10"])
    expect(column(changes, "Loss")).to_have_text(["-16", "-18", "-19", "-20", "-22"])

    heat = page.get_by_test_id("stVegaLiteChart")
    expect(heat).to_have_count(1)
    expect(heat.locator("svg.marks g.mark-text.role-mark text").first).to_be_attached()
    marks = chart_marks(heat)
    assert marks["rect"]["items"] == len(marks["text"]["texts"]) > 0, marks
    assert len(marks["rect"]["colours"]) > 5, marks  # a colour scale, not one flat fill
    # SPEC's cube table (K 32, two players at 1500) is the heat map's 0-point column.
    assert {"16", "19", "21", "24", "27", "29", "32"} <= set(marks["text"]["texts"])
    assert ink(heat.screenshot(), BACKGROUND) > 0.2

    # K 16: SPEC's cube table at K = 16, ±8 … ±16, and the changes table at ±8 between equals.
    type_number(page, "K", "16", then="Tab")
    expect(column(changes, "Win").first).to_have_text("8")
    expect(column(changes, "Loss").first).to_have_text("-8")
    expect(heat.locator("svg.marks g.mark-text.role-mark text", has_text="32")).to_have_count(0)
    texts = set(chart_marks(heat)["text"]["texts"])
    assert {"8", "9", "11", "12", "13", "15", "16"} <= texts, texts
    no_exception(page)
    save_full_page(page, "tables_1280")
