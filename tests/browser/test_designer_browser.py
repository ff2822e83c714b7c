"""The Rule designer in Chromium: a fit belongs to the history beside it. A designer uploads
one history (A), fits it, then uploads another (B): A's figures go at once, a notice asks for a
new fit, and the fit run then is B's, as the core computes it from B's games. A sweep's heat
maps read whole at 1280 and at 390 px: each legend's title and labels, axes and cells, in
English and in Greek."""

from __future__ import annotations

import pytest
from browser_support import open_page, save_full_page, wait_idle
from playwright.sync_api import Browser, Locator, Page, expect
from playwright.sync_api import TimeoutError as PlaywrightTimeoutError
from test_phone_layout import CHART_TEXT, CHARTS_DRAWN

from gammon_elo.calibrate import fit
from gammon_elo.replay import read_history, sample_history
from ui.catalogs import EL, EN

pytestmark = pytest.mark.browser

#: A fit replays the history some 25 times on the server's cluster: long under load.
FIT_TIMEOUT_MS = 240_000
#: A sweep of 2 divisors × 2 K on one seed of 20 players for a week: four small tasks.
SWEEP = "divisors=800,1200&ks=16,32&seeds=1&players=20&weeks=1"
SWEEP_TIMEOUT_MS = 180_000

#: Each heat map's legend as drawn: its title and its labels.
LEGENDS = """() => [...document.querySelectorAll('[data-testid=stVegaLiteChart]')]
  .filter(el => el.getClientRects().length && el.querySelector('g.role-legend'))
  .map(el => ({
    title: [...el.querySelectorAll('g.role-legend-title text')].map(t => t.textContent),
    labels: [...el.querySelectorAll('g.role-legend-label text')].map(t => t.textContent),
  }))"""


def upload(page: Page, name: str, data: bytes) -> None:
    chooser = page.get_by_test_id("stFileUploader").locator("input[type=file]")
    chooser.set_input_files({"name": name, "mimeType": "text/csv", "buffer": data})


def fitted(page: Page, log_loss: float) -> Locator:
    """The fit's sentence naming ``log_loss``, as the page writes it."""
    return page.get_by_text(f"(log-loss {log_loss:.4f},", exact=False)


def run_fit(page: Page, log_loss: float, *, attempts: int = 2) -> None:
    """Click Fit and wait for the fit naming ``log_loss``.

    A fit runs inside the page's script run, so a rerun the browser sends meanwhile (under load,
    a widget of the run before settling late) ends that run and the fit with it: the page is
    then idle with no fit shown. Once seen in a run of this file (the first fit not shown in
    240 s, while the sweeps after it ran on the same cluster), so the click is repeated, a
    bounded number of times, each time once the run it started has ended with no fit.
    """
    app = page.get_by_test_id("stApp")
    for attempt in range(attempts):
        wait_idle(page)
        page.get_by_role("button", name=EN["designer.run_fit"], exact=True).click()
        try:  # the run began: its progress bar, or already its result
            started = page.get_by_test_id("stProgress").or_(fitted(page, log_loss))
            expect(started.first).to_be_visible(timeout=60_000)
        except AssertionError:
            continue  # the click was lost: no run began
        expect(app).to_have_attribute(
            "data-test-script-state", "notRunning", timeout=FIT_TIMEOUT_MS
        )
        if fitted(page, log_loss).count():
            wait_idle(page)
            return
        save_full_page(page, f"designer_fit_not_shown_{attempt}")  # what the reader saw
    expect(fitted(page, log_loss)).to_be_visible(timeout=1_000)


def test_upload_a_fit_upload_b_shows_bs_fit_or_none(page: Page, lab_url: str) -> None:
    sample = sample_history()
    a = sample.iloc[:200].to_csv(index=False).encode()
    b = sample.iloc[150:].to_csv(index=False).encode()
    fit_a = fit(read_history(a), base="1.3.1", serial=True)
    fit_b = fit(read_history(b), base="1.3.1", serial=True)
    assert f"{fit_a.log_loss:.4f}" != f"{fit_b.log_loss:.4f}"  # else the test could not tell
    open_page(page, f"{lab_url}/designer?source=upload&rules=1.3.1")
    upload(page, "a.csv", a)
    expect(page.get_by_text(EN["designer.history_upload"])).to_be_visible()
    wait_idle(page)
    run_fit(page, fit_a.log_loss)

    upload(page, "b.csv", b)
    expect(page.get_by_text(EN["designer.fit_stale"])).to_be_visible()
    expect(fitted(page, fit_a.log_loss)).to_have_count(0)
    wait_idle(page)
    run_fit(page, fit_b.log_loss)
    expect(page.get_by_text(f"÷{fit_b.divisor:g} with K {fit_b.k} predicts")).to_be_visible()
    expect(fitted(page, fit_a.log_loss)).to_have_count(0)
    expect(page.get_by_text(EN["designer.fit_stale"])).to_have_count(0)


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


@pytest.mark.parametrize("lang", ["en", "el"])
def test_a_sweep_s_heat_maps_read_whole_on_a_laptop_and_a_phone(
    browser: Browser, lab_url: str, lang: str
) -> None:
    catalog = EN if lang == "en" else EL
    metrics = [catalog[key] for key in ("simulator.half_within", "designer.metric_spearman")]
    context = browser.new_context(viewport={"width": 1280, "height": 900}, locale="en-GB")
    try:
        page = context.new_page()
        open_page(page, f"{lab_url}/designer?source=sample&lang={lang}&{SWEEP}")
        wait_idle(page)
        page.get_by_role("button", name=catalog["designer.run_sweep"], exact=True).click()
        heading = page.get_by_text(catalog["designer.heatmap_title"].format(metric=metrics[0]))
        expect(heading).to_be_visible(timeout=SWEEP_TIMEOUT_MS)
        wait_idle(page)
        for width, height in ((1280, 900), (390, 844)):
            page.set_viewport_size({"width": width, "height": height})
            wait_idle(page)
            legends = drawn_legends(page, metrics)
            titles = [title for legend in legends for title in legend["title"]]
            # Every metric's heat map has its legend, titled with the metric's whole name.
            assert set(metrics) <= set(titles), (width, legends)
            assert all(len(legend["labels"]) >= 2 for legend in legends), (width, legends)
            for chart in page.evaluate(CHART_TEXT):
                assert chart["drawn"] and chart["cut"] == [], (width, chart)
            save_full_page(page, f"designer_sweep_{lang}_{width}")
    finally:
        context.close()
