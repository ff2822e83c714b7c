"""The Rule designer in Chromium: a fit belongs to the history beside it. A designer uploads
one history (A), fits it, then uploads another (B): A's figures go at once, a notice asks for a
new fit, and the fit run then is B's, as the core computes it from B's games."""

from __future__ import annotations

import pytest
from browser_support import open_page, wait_idle
from playwright.sync_api import Page, expect

from gammon_elo.calibrate import fit
from gammon_elo.replay import read_history, sample_history
from ui.catalogs import EN

pytestmark = pytest.mark.browser

#: A fit replays the history some 25 times on the server's cluster: long under load.
FIT_TIMEOUT_MS = 240_000


def upload(page: Page, name: str, data: bytes) -> None:
    chooser = page.get_by_test_id("stFileUploader").locator("input[type=file]")
    chooser.set_input_files({"name": name, "mimeType": "text/csv", "buffer": data})


def fitted(page: Page, log_loss: float) -> object:
    """The fit's sentence naming ``log_loss``, as the page writes it."""
    return page.get_by_text(f"(log-loss {log_loss:.4f},", exact=False)


def test_upload_a_fit_upload_b_shows_bs_fit_or_none(page: Page, app_url: str) -> None:
    sample = sample_history()
    a = sample.iloc[:200].to_csv(index=False).encode()
    b = sample.iloc[150:].to_csv(index=False).encode()
    fit_a = fit(read_history(a), base="1.3.1", serial=True)
    fit_b = fit(read_history(b), base="1.3.1", serial=True)
    assert f"{fit_a.log_loss:.4f}" != f"{fit_b.log_loss:.4f}"  # else the test could not tell
    open_page(page, f"{app_url}/designer?source=upload&rules=1.3.1")
    upload(page, "a.csv", a)
    expect(page.get_by_text(EN["designer.history_upload"])).to_be_visible()
    wait_idle(page)
    page.get_by_role("button", name=EN["designer.run_fit"], exact=True).click()
    expect(fitted(page, fit_a.log_loss)).to_be_visible(timeout=FIT_TIMEOUT_MS)
    wait_idle(page)

    upload(page, "b.csv", b)
    expect(page.get_by_text(EN["designer.fit_stale"])).to_be_visible()
    expect(fitted(page, fit_a.log_loss)).to_have_count(0)
    wait_idle(page)
    page.get_by_role("button", name=EN["designer.run_fit"], exact=True).click()
    expect(fitted(page, fit_b.log_loss)).to_be_visible(timeout=FIT_TIMEOUT_MS)
    expect(page.get_by_text(f"÷{fit_b.divisor:g} with K {fit_b.k} predicts")).to_be_visible()
    expect(fitted(page, fit_a.log_loss)).to_have_count(0)
    expect(page.get_by_text(EN["designer.fit_stale"])).to_have_count(0)
