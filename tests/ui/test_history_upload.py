"""The History page under AppTest, a file uploaded as a reader uploads it: every game re-rated, and
a file with bad rows reported row by row (SPEC: history replay). A real browser's upload, and a
hostile name shown as text, are checked in tests/browser/test_history_browser.py."""

from __future__ import annotations

import json

import pandas as pd
from apptest_support import cells, numbers, open_page
from streamlit.testing.v1 import AppTest

from gammon_elo import RULES
from ui import grids

MINUS = "\u2212"


def uploaded(name: str, text: str, **params: str) -> AppTest:
    """The History page (opened by a link with ``params``) with ``text`` uploaded as ``name``
    through its uploader."""
    at = open_page("pages/lab/history.py", timeout=120, **params)
    at.radio(key="history.source").set_value("upload").run(timeout=120)
    at.file_uploader[0].upload(name, text.encode(), "text/csv").run(timeout=120)
    assert not at.exception, [e.message for e in at.exception]
    return at


def table_with(at: AppTest, *columns: str) -> pd.DataFrame:
    """The first table on the page holding ``columns``."""
    found = [cells(d) for d in at.dataframe if set(columns) <= set(d.value.columns)]
    assert found, [list(d.value.columns) for d in at.dataframe]
    return found[0]


def said(at: AppTest) -> str:
    shown = [*at.error, *at.warning, *at.info, *at.success, *at.caption, *at.markdown]
    return "\n".join(str(e.value) for e in shown)


def test_an_upload_is_rated_game_by_game() -> None:
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
    at = uploaded("week.csv", "\n".join(rows) + "\n")
    assert "71 rows read: 71 rated or counted, 0 rejected" in said(at)
    # A tab per rule set the page opens with (oldest first), only the chosen one's games drawn;
    # the current one's are checked (the heavy week's K is 1.3.1's).
    assert len(at.tabs) == 2 * len(RULES)
    at.session_state["history.games_tab"] = at.tabs[len(RULES) - 1].label
    at.run(timeout=120)
    tables = [d for d in at.dataframe if {"winner_k", "loser_k"} <= set(numbers(d).columns)]
    assert len(tables) == 1
    first = numbers(tables[0]).iloc[0]
    assert (first["winner"], first["loser"]) == ("Eleni", "Nikos")
    assert first["row"] == 2  # the file's first game, its header being row 1
    assert (first["winner_before"], first["loser_before"]) == (1500, 1500)
    assert (first["winner_k"], first["loser_k"]) == (16, 32)
    assert (first["winner_change"], first["loser_change"]) == (8, -16)
    assert (first["winner_after"], first["loser_after"]) == (1508, 1484)
    # Each shown under its reader's header, a change signed as every table signs it.
    config = json.loads(tables[0].proto.columns)
    assert config["winner_change"]["label"] == "Winner's change"
    written = cells(tables[0]).iloc[0]
    assert (written["winner_change"], written["loser_change"]) == ("+8", f"{MINUS}16")


def test_a_long_upload_s_games_read_as_every_table_in_greek() -> None:
    """400 games of 19 columns, a table too long for the grid's own formats to write as the
    reader's language does: every row is written as every table (the real minus, the Greek
    decimal comma, the dash for a missing figure) over numbers that sort by value.
    By hand (SPEC): two newcomers at 1500 expect 50,0% each; at K 32 and cube 1 the winner
    gains 16 and the loser drops 16; at cube 2 the multiplier is 1,17 and the change 19. A
    boosted game changes nothing, and has no K and no expected score."""
    rows = ["time,winner,loser,cube,type"]
    for i in range(400):
        cube, kind = (2 if i == 1 else 1), ("boosted" if i == 2 else "ranked")
        rows.append(f"2026-10-01T{10 + i // 60:02d}:{i % 60:02d}:00Z,W{i},L{i},{cube},{kind}")
    at = uploaded("long.csv", "\n".join(rows) + "\n", lang="el", rules="1.3.1")
    (table,) = [d for d in at.dataframe if "winner_k" in numbers(d).columns]
    written = cells(table)
    columns = ["winner_change", "loser_change", "expected_winner", "cube_multiplier", "winner_k"]
    assert written[columns].head(3).to_numpy().tolist() == [
        ["+16", f"{MINUS}16", "50,0%", "1,00", "32"],
        ["+19", f"{MINUS}19", "50,0%", "1,17", "32"],
        ["0", "0", "—", "—", "—"],
    ]
    assert written["time"].iloc[0] == "2026-10-01 10:00"
    # The grid gets numbers: a header click sorts the changes by value.
    shown = numbers(table)
    assert pd.api.types.is_integer_dtype(shown["loser_change"])
    assert shown["loser_change"].head(3).tolist() == [-16, -19, 0]
    assert (written["loser_change"] == f"{MINUS}16").sum() == len(shown) - 2
    assert len(shown) == 400 and shown.size <= grids.STYLED_CELLS
    assert not [text for text in said(at) if "Φαίνονται οι πρώτες" in text]


def test_bad_rows_are_reported_with_their_row_numbers() -> None:
    csv = (
        "time,winner,loser,cube\n"
        "2026-10-01T10:00:00Z,Eleni,Nikos,2\n"  # row 2: fine
        "yesterday,Eleni,Nikos,1\n"  # row 3: unparsable time
        "2026-10-01T11:00:00Z,Eleni,Eleni,1\n"  # row 4: winner = loser
        "2026-10-01T12:00:00Z,Maria,Nikos,3\n"  # row 5: cube not a power of two
    )
    at = uploaded("bad.csv", csv)
    assert "3 of 4 rows cannot be rated, so nothing was rated" in said(at)
    report = table_with(at, "Row", "Column", "Value", "Problem")
    assert list(zip(report["Row"], report["Column"], strict=True)) == [
        (3, "time"),
        (4, "loser"),
        (5, "cube"),
    ]
    # Switched on, the valid row is rated and the three are listed beside it: 1 + 3 = 4.
    at.toggle(key="history.skip_invalid").set_value(True).run(timeout=120)
    assert not at.exception, [e.message for e in at.exception]
    assert "4 rows read: 1 rated or counted, 3 rejected" in said(at)
