"""The History page in Debian's Chromium: a person uploads a CSV of games and sees every game
re-rated; a file with bad rows is reported row by row; a player's name is always plain text,
never markup or script (SPEC: history replay; issue: reliability and security)."""

from __future__ import annotations

import pytest
from browser_support import (
    chart_marks,
    dataframe_with,
    grid_rows,
    open_expander,
    open_page,
    save_full_page,
)
from playwright.sync_api import Page, expect

pytestmark = pytest.mark.browser

MINUS = "\u2212"
#: The name a hostile upload gives a player: HTML that would run script if rendered as markup.
HOSTILE_NAME = "<img src=x onerror=window.__pwned=1>"


def upload(page: Page, name: str, text: str) -> None:
    page.get_by_text("Upload a CSV or Parquet file", exact=True).click()
    chooser = page.get_by_test_id("stFileUploader").locator("input[type=file]")
    chooser.set_input_files({"name": name, "mimeType": "text/csv", "buffer": text.encode()})


def test_an_upload_is_rated_game_by_game(page: Page, lab_url: str) -> None:
    """The article's heavy-week example inside a history. Eleni plays 60 ranked games and Nikos
    10 in the days before they meet, each alternately beating and losing to a newcomer at 1500;
    by hand that leaves both at 1500 (at K 32: +16, then 32 × E(1516 vs 1500) = 16.25 → −16; at
    K 16 from her 50th game: +8, then 16 × 0.5038 = 8.06 → −8). Then Eleni (60 games: K 16) beats
    Nikos (10 games: K 32): +8 for her, −16 for him. That game is the file's first row (rows are
    rated in time order but reported in file order), so it is the table's first line."""
    rows = ["time,winner,loser", "2026-10-07T12:00:00Z,Eleni,Nikos"]
    for i in range(60):
        pair = ("Eleni", f"P{i}") if i % 2 == 0 else (f"P{i}", "Eleni")
        rows.append(f"2026-10-0{1 + i // 12}T{10 + i % 12:02d}:00:00Z,{pair[0]},{pair[1]}")
    for i in range(10):
        pair = ("Nikos", f"Q{i}") if i % 2 == 0 else (f"Q{i}", "Nikos")
        rows.append(f"2026-10-06T{8 + i:02d}:00:00Z,{pair[0]},{pair[1]}")
    page.set_viewport_size({"width": 2000, "height": 1000})  # the grid draws only visible columns
    open_page(page, f"{lab_url}/history")
    upload(page, "week.csv", "\n".join(rows) + "\n")
    expect(page.get_by_text("71 rows read: 71 rated or counted, 0 rejected")).to_be_visible()
    # The games under 1.3.1, the first of the three rule sets the page opens with.
    open_expander(page, "Every game, under each rule set")
    games = dataframe_with(page, "Winner's K", "Loser's K").filter(visible=True)
    expect(games).to_have_count(1)
    first = grid_rows(games)[0]
    assert (first["Winner"], first["Loser"]) == ("Eleni", "Nikos")
    assert (first["Winner before"], first["Loser before"]) == ("1500", "1500")
    assert (first["Winner's K"], first["Loser's K"]) == ("16", "32")
    assert first["Winner's change"] == "+8"
    assert first["Loser's change"].replace(MINUS, "-") == "-16"
    assert (first["Winner after"], first["Loser after"]) == ("1508", "1484")
    assert chart_marks(page.get_by_test_id("stVegaLiteChart").first), "the chart drew nothing"
    save_full_page(page, "history_upload_1280")


def test_bad_rows_are_reported_with_their_row_numbers(page: Page, lab_url: str) -> None:
    csv = (
        "time,winner,loser,cube\n"
        "2026-10-01T10:00:00Z,Eleni,Nikos,2\n"  # row 2: fine
        "yesterday,Eleni,Nikos,1\n"  # row 3: unparsable time
        "2026-10-01T11:00:00Z,Eleni,Eleni,1\n"  # row 4: winner = loser
        "2026-10-01T12:00:00Z,Maria,Nikos,3\n"  # row 5: cube not a power of two
    )
    open_page(page, f"{lab_url}/history")
    upload(page, "bad.csv", csv)
    expect(page.get_by_text("3 of 4 rows cannot be rated, so nothing was rated")).to_be_visible()
    report = grid_rows(dataframe_with(page, "Row", "Column", "Value", "Problem"))
    assert [(r["Row"], r["Column"]) for r in report] == [
        ("3", "time"),
        ("4", "loser"),
        ("5", "cube"),
    ]
    # Switched on, the valid row is rated and the three are listed beside it: 1 + 3 = 4.
    page.get_by_text("Rate the valid rows and list the rejected ones").click()
    expect(page.get_by_text("4 rows read: 1 rated or counted, 3 rejected")).to_be_visible()


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
