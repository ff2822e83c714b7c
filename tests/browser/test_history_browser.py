"""The History page in Debian's Chromium: a person uploads a CSV of games through the browser's
file input, and a player's name is always plain text, never markup or script. (The games rated
and the bad rows reported are checked under AppTest, tests/ui/test_history_upload.py.)"""

from __future__ import annotations

import pytest
from browser_support import (
    dataframe_with,
    grid_rows,
    open_expander,
    open_page,
)
from playwright.sync_api import Page, expect

pytestmark = pytest.mark.browser

#: The name a hostile upload gives a player: HTML that would run script if rendered as markup.
HOSTILE_NAME = "<img src=x onerror=window.__pwned=1>"
MINUS = "\u2212"

#: Records every text painted on a canvas, before the page's own scripts run: a grid paints its
#: cells' text (its accessible table holds the numbers beneath, not the text).
RECORD_PAINTED = """
window.__painted = new Set();
const fillText = CanvasRenderingContext2D.prototype.fillText;
CanvasRenderingContext2D.prototype.fillText = function (text, ...rest) {
  window.__painted.add(String(text));
  return fillText.call(this, text, ...rest);
};
"""


def long_history(games: int) -> str:
    """``games`` games between newcomers, a minute apart: by hand (SPEC), at 1500 against 1500,
    K 32 and cube 1, each winner gains 16 and each loser drops 16."""
    rows = ["time,winner,loser"]
    rows += [f"2026-10-01T{10 + i // 60:02d}:{i % 60:02d}:00Z,W{i},L{i}" for i in range(games)]
    return "\n".join(rows) + "\n"


def upload(page: Page, name: str, text: str) -> None:
    page.get_by_text("Upload a CSV or Parquet file", exact=True).click()
    chooser = page.get_by_test_id("stFileUploader").locator("input[type=file]")
    chooser.set_input_files({"name": name, "mimeType": "text/csv", "buffer": text.encode()})


def test_a_hostile_player_name_is_shown_as_text_and_runs_nothing(page: Page, lab_url: str) -> None:
    dialogs: list[str] = []
    page.on("dialog", lambda dialog: (dialogs.append(dialog.message), dialog.dismiss()))
    page.add_init_script(RECORD_PAINTED)
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

    # A history longer than a Styler writes whole: its games grid paints the text every table
    # writes (the real minus, the minute), not the grid's own "-16".
    upload(page, "long.csv", long_history(400))
    expect(page.get_by_text("400 rows read: 400 rated or counted, 0 rejected")).to_be_visible()
    open_expander(page, "Every game, under each rule set")
    painted = ["+16", f"{MINUS}16", "2026-10-01 10:00"]
    page.wait_for_function("texts => texts.every(t => window.__painted.has(t))", arg=painted)
    assert "-16" not in page.evaluate("() => [...window.__painted]")
