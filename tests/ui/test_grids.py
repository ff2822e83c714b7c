"""A shown table is one frame of numbers, written the reader's way only where it is drawn: the
grid gets the numbers (a header click sorts them by value) with each cell's text beside them,
a missing one a dash; the CSV download is the same frame, no cell a spreadsheet would run as a
formula (a player named ``=HYPERLINK(…)``, a rejected row's raw value ``=1+2``).
"""

from __future__ import annotations

import io
from typing import Any

import pandas as pd
import pytest

from ui import grids, i18n
from ui.lab import uploads


def test_the_rejected_rows_download_holds_no_runnable_formula(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    sent: dict[str, Any] = {}
    monkeypatch.setattr(grids.st, "dataframe", lambda *a, **k: None)
    monkeypatch.setattr(
        grids.st, "download_button", lambda label, data, **k: sent.update(data=data, **k)
    )
    report = pd.DataFrame(
        {
            "row": [2, 3, 4],
            "column": ["winner", "cube", "loser"],
            "value": ["=1+2", '=HYPERLINK("https://example.invalid","x")', "Eleni"],
            "reason": ["is not a name", "must be a power of two", "plays themself"],
        }
    )
    grids.show(uploads.rejected(report), download="rejected_rows.csv")
    assert sent["file_name"] == "rejected_rows.csv"
    written = pd.read_csv(io.BytesIO(sent["data"]), dtype=str)
    value = written.columns[2]
    # Quoted as the CLI's files are (a leading '), the row numbers still numbers.
    assert written[value].tolist() == [
        "'=1+2",
        '\'=HYPERLINK("https://example.invalid","x")',
        "Eleni",
    ]
    assert written[written.columns[0]].tolist() == ["2", "3", "4"]


def _captured(
    monkeypatch: pytest.MonkeyPatch, table: grids.Table, download: str | None = None
) -> tuple[Any, dict[str, Any]]:
    """What ``grids.show`` hands ``st.dataframe``: the data and the column configuration."""
    sent: list[tuple[Any, dict[str, Any]]] = []

    def dataframe(data: Any, **kwargs: Any) -> None:
        sent.append((data, kwargs))

    monkeypatch.setattr(grids.st, "dataframe", dataframe)
    grids.show(table, download=download)
    assert len(sent) == 1
    return sent[0]


def written(styler: Any) -> list[list[str]]:
    """The cells a Styler writes, as Streamlit sends them (its display values)."""
    translated = styler._translate(False, False)
    return [[cell["display_value"] for cell in row[1:]] for row in translated["body"]]


MINUS = "\u2212"


@pytest.mark.parametrize(
    ("lang", "rates"),
    [("en", ["84.9%", "70.3%", "64.0%"]), ("el", ["84,9%", "70,3%", "64,0%"])],
)
def test_a_shown_table_sends_its_numbers_written_as_the_article_writes_them(
    monkeypatch: pytest.MonkeyPatch, lang: str, rates: list[str]
) -> None:
    monkeypatch.setattr(i18n, "language", lambda: lang)
    # SPEC, favourite by 300: ÷400 84.9 % +5 −27, ÷800 70.3 % +9 −23, ÷1200 64.0 % +12 −20.
    frame = pd.DataFrame(
        {
            "divisor": [400.0, 800.0, 1200.0],
            "expected": [1 / (1 + 10 ** (-300 / d)) for d in (400, 800, 1200)],
            "win": [5.0, 9.0, 12.0],
            "loss": [-27.0, -23.0, -20.0],
        }
    )
    table = grids.favourite_table(frame, {400.0: "÷400", 800.0: "÷800", 1200.0: "÷1200"})
    styler, kwargs = _captured(monkeypatch, table)
    # The grid gets the table's own numbers: every column sorts by value on a header click.
    assert styler.data.equals(table.frame)
    assert all(pd.api.types.is_float_dtype(styler.data[c]) for c in styler.data.columns)
    assert styler.data.iloc[:, 1].round(3).tolist() == [0.849, 0.703, 0.640]
    assert written(styler) == [
        ["÷400", rates[0], "+5", f"{MINUS}27"],
        ["÷800", rates[1], "+9", f"{MINUS}23"],
        ["÷1200", rates[2], "+12", f"{MINUS}20"],
    ]
    # Number columns aligned left as text columns are, the grid painting the Styler's text.
    config = kwargs["column_config"]
    assert config["Divisor" if lang == "en" else "Διαιρέτης"]["alignment"] == "left"
    assert all(c["type_config"]["format"] is None for c in config.values() if "type_config" in c)
    # The expected rate's header is short on show, its full name the header's help.
    full = i18n.t("col.expected")
    assert config[full]["label"] == i18n.t("col.expected_short") and config[full]["help"] == full
    assert kwargs["placeholder"] == "—"


def test_signed_changes_sort_by_number_and_keep_their_real_minus(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    frame = pd.DataFrame(
        {
            "Player": ["=1+2", "<b>Eleni</b>", "Nikos", "Maria"],
            "Change": [-16.0, 12.0, 8.0, -27.0],
            "Games": [1500, 975, None, 12],
        }
    )
    styler, _ = _captured(
        monkeypatch, grids.Table(frame, {"Change": i18n.signed, "Games": i18n.count})
    )
    ordered = styler.data.sort_values("Change").index.tolist()
    cells = written(styler)
    # Ascending, as a header click sorts: −27, −16, +8, +12 (as text "−16" < "+12" < "8").
    assert [cells[i][1] for i in ordered] == [f"{MINUS}27", f"{MINUS}16", "+8", "+12"]
    # A count's thousands mark; a missing count a dash, never "nan".
    assert [row[2] for row in cells] == ["1,500", "975", "—", "12"]
    # Names are plain text, written as they are (never HTML, never escaped into entities).
    assert [row[0] for row in cells] == ["=1+2", "<b>Eleni</b>", "Nikos", "Maria"]


def test_a_table_past_the_styled_cells_shows_its_first_rows_written_and_all_in_its_csv(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # A page's first rows of 21 columns, more cells than a Styler writes for one table.
    rows, columns = grids.SHOWN_ROWS, 21
    assert rows * columns > grids.STYLED_CELLS
    frame = pd.DataFrame({f"Change {i}": [-16.0] * rows for i in range(columns)})
    said: list[str] = []
    sent: dict[str, Any] = {}
    monkeypatch.setattr(grids.st, "caption", said.append)
    monkeypatch.setattr(
        grids.st, "download_button", lambda label, data, **k: sent.update(data=data)
    )
    table = grids.Table(frame, {"Change 0": i18n.signed})
    styler, kwargs = _captured(monkeypatch, table, download="changes.csv")
    # As many first rows as fit the cells a Styler writes, each written: "−16", never "-16".
    fit = grids.STYLED_CELLS // columns
    assert styler.data.equals(frame.head(fit))
    assert {cell for row in written(styler) for cell in row} == {f"{MINUS}16"}
    assert kwargs["placeholder"] == "—"
    assert said == [f"The first {fit} of 1,000 rows are shown. The download holds them all."]
    # The CSV, made when asked for, holds every row.
    assert len(pd.read_csv(io.BytesIO(sent["data"]()))) == rows
    # A table with no writers is sent bare, up to a page's rows: nothing writes its cells.
    long = pd.DataFrame({"n": range(grids.SHOWN_ROWS + 5)})
    shown, _ = _captured(monkeypatch, grids.Table(long))
    assert isinstance(shown, pd.DataFrame) and len(shown) == grids.SHOWN_ROWS


def test_the_greek_cube_table_shows_short_headers_and_its_csv_keeps_its_names(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(i18n, "language", lambda: "el")
    # SPEC: cube 1/2/4, multiplier 1.00/1.17/1.33; two players at 1500, K 32 ±16/19/21.
    frame = pd.DataFrame(
        {"cube": [1, 2, 4], "multiplier": [1.0, 7 / 6, 4 / 3], "k32": [16.0, 19.0, 21.0]}
    )
    table = grids.cube(frame, (32,))
    assert table.frame.columns.tolist() == ["Κύβος", "Συντελεστής", "Αλλαγή με K = 32"]
    styler, kwargs = _captured(monkeypatch, table)
    assert written(styler) == [["1", "1,00", "±16"], ["2", "1,17", "±19"], ["4", "1,33", "±21"]]
    assert kwargs["column_config"]["Αλλαγή με K = 32"]["label"] == "Με K 32"
    written_csv = pd.read_csv(io.BytesIO(grids.csv(table.frame)))
    assert written_csv.columns.tolist() == ["Κύβος", "Συντελεστής", "Αλλαγή με K = 32"]
    assert written_csv["Αλλαγή με K = 32"].tolist() == [16.0, 19.0, 21.0]


def test_a_pair_of_columns_under_a_player_is_one_csv_column_each() -> None:
    # SPEC, 1500 against 1500 at K 32 (÷1200): the favourite +16 for a win, −16 for a loss.
    frame = pd.DataFrame(
        {
            "difference": [0.0],
            "favourite_wins_gain": [16.0],
            "underdog_wins_loss": [-16.0],
            "underdog_wins_gain": [16.0],
            "favourite_wins_loss": [-16.0],
        }
    )
    table = grids.changes(frame)
    written_csv = pd.read_csv(io.BytesIO(grids.csv(table.frame)))
    assert written_csv.columns.tolist() == [
        "Rating difference",
        "Favourite: Win",
        "Favourite: Loss",
        "Underdog: Win",
        "Underdog: Loss",
    ]
    assert written_csv.iloc[0].tolist() == [0.0, 16.0, -16.0, 16.0, -16.0]
