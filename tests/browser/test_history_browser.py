"""The History page in Debian's Chromium: a person uploads a CSV of games through the browser's
file input, and a player's name is always plain text, never markup or script. (The games rated
and the bad rows reported are checked under AppTest, tests/ui/test_history_upload.py.)"""

from __future__ import annotations

import pytest
from browser_support import (
    dataframe_with,
    grid_rows,
    open_page,
)
from playwright.sync_api import Page, expect

pytestmark = pytest.mark.browser

#: The name a hostile upload gives a player: HTML that would run script if rendered as markup.
HOSTILE_NAME = "<img src=x onerror=window.__pwned=1>"


def upload(page: Page, name: str, text: str) -> None:
    page.get_by_text("Upload a CSV or Parquet file", exact=True).click()
    chooser = page.get_by_test_id("stFileUploader").locator("input[type=file]")
    chooser.set_input_files({"name": name, "mimeType": "text/csv", "buffer": text.encode()})


def test_a_hostile_player_name_is_shown_as_text_and_runs_nothing(page: Page, lab_url: str) -> None:
    dialogs: list[str] = []
    page.on("dialog", lambda dialog: (dialogs.append(dialog.message), dialog.dismiss()))
    csv = f'time,winner,loser\n2026-10-01T10:00:00Z,"{HOSTILE_NAME}",Nikos\n'
    open_page(page, f"{lab_url}/history")
    upload(page, "hostile.csv", csv)
    expect(page.get_by_text("1 row read: 1 rated or counted, 0 rejected")).to_be_visible()
    final = grid_rows(dataframe_with(page, "Player", "Games"))
    assert HOSTILE_NAME in [row["Player"] for row in final]
    page.wait_for_timeout(500)  # give an injected onerror the time to fire, were there one
    assert page.evaluate("() => window.__pwned") is None
    assert page.locator('img[src="x"]').count() == 0
    assert dialogs == []
