"""No table of the public pages shows "None" or "nan": a missing figure reads as a dash, in
every language and in the views a link opens with unusual inputs (and in the lab's History,
whose per-game K is missing for an unrated game, through the same grid code)."""

from __future__ import annotations

import math

import pandas as pd
import pytest
from apptest_support import cells, numbers, open_page
from streamlit.testing.v1 import AppTest
from streamlit.testing.v1.element_tree import Dataframe

from ui import grids, i18n

#: What Python and pandas write for a missing value, which no reader should see.
MISSING_WORDS = {"None", "none", "nan", "NaN", "NaT", "<NA>", "nan%", "inf", "−inf"}

#: Every public page with a table (the home page and Explain have none), with links that leave
#: some figure missing or unusual: a rule set with no heavy week, a certain win, FIBS and a
#: custom divisor, teams.
LINKS = [
    ("pages/planner.py", {"rating": "1650", "opponent": "1820"}),
    ("pages/planner.py", {"win_rate": "100", "rules": "1.0.5", "results": "1500 1; 1600 1"}),
    ("pages/divisors.py", {"custom_on": "1", "custom": "1600", "fibs": "1"}),
    ("pages/tables.py", {"rules": "1.0.5"}),
    ("pages/tables.py", {"rules": "custom", "divisor": "400", "k": "1000"}),
    ("pages/classic.py", {"teams": "1"}),
]


def shown_text(table: Dataframe) -> list[str]:
    return [str(v) for v in cells(table).to_numpy().ravel().tolist()]


def has_missing(table: Dataframe) -> bool:
    value = table.value
    data = value.data if hasattr(value, "data") else value
    return bool(pd.DataFrame(data).isna().to_numpy().any())


@pytest.mark.parametrize("lang", ["en", "el"])
@pytest.mark.parametrize(("page", "params"), LINKS)
def test_no_table_shows_none_or_nan(page: str, params: dict[str, str], lang: str) -> None:
    at: AppTest = open_page(page, lang=lang, **params)
    assert not at.exception, [e.message for e in at.exception]
    assert at.dataframe, "the page shows a table"
    for table in at.dataframe:
        words = MISSING_WORDS & set(shown_text(table))
        assert not words, (page, list(cells(table).columns), words)
        # A number column's missing cell is drawn by the grid: as the page's dash.
        if has_missing(table):
            assert table.proto.placeholder == "—", list(cells(table).columns)


def test_history_s_missing_k_of_an_unrated_game_reads_as_a_dash() -> None:
    """The lab's History replays the sample, whose unrated games have no K: the per-game
    tables carry the missing K as missing (so the column sorts by number) and draw it as a
    dash, never "None"."""
    at = open_page("pages/lab/history.py")
    assert not at.exception, [e.message for e in at.exception]
    per_game = [t for t in at.dataframe if "winner_k" in numbers(t).columns]
    assert per_game
    for table in per_game:
        assert numbers(table)["winner_k"].isna().any()
        assert table.proto.placeholder == "—"


def test_written_numbers_and_text_cells_never_say_nan() -> None:
    assert i18n.number(math.nan) == "—" and i18n.number(None) == "—"
    assert i18n.percent(math.nan) == "—" and i18n.signed(math.nan) == "—"
    frame = pd.DataFrame({"Player": ["Eleni", None], "Final": [1500.0, math.nan]})
    translated = grids.styled(frame, {"Final": i18n.number})._translate(False, False)
    cells = [[cell["display_value"] for cell in row[1:]] for row in translated["body"]]
    assert cells == [["Eleni", "1500"], ["—", "—"]]
