"""Every table's CSV download is safe to open in a spreadsheet: a cell that would run as a
formula (a player named ``=HYPERLINK(…)``, a rejected row's raw value ``=1+2``) is written as
text with a leading quote, whichever page offers the table, the rejected rows' report included.
"""

from __future__ import annotations

import io
from typing import Any

import pandas as pd
import pytest

from ui import grids, i18n, sorting
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


def _captured(monkeypatch: pytest.MonkeyPatch, table: grids.Shown) -> tuple[Any, dict[str, Any]]:
    """What ``grids.show`` hands ``st.dataframe``: the data and the column configuration."""
    sent: list[tuple[Any, dict[str, Any]]] = []
    monkeypatch.setattr(
        grids.st, "dataframe", lambda data, **k: sent.append((data, k["column_config"] or {}))
    )
    grids.show(table, download=None)
    assert len(sent) == 1
    return sent[0]


def written(styler: Any) -> list[list[str]]:
    """The cells a Styler writes, as Streamlit sends them (its display values)."""
    translated = styler._translate(False, False)
    return [[cell["display_value"] for cell in row[1:]] for row in translated["body"]]


@pytest.mark.parametrize(
    ("lang", "rates"),
    [("en", ["84.9%", "70.3%", "64.0%"]), ("el", ["84,9%", "70,3%", "64,0%"])],
)
def test_a_shown_table_sends_numbers_written_as_before(
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
    styler, config = _captured(monkeypatch, table)
    data = styler.data
    divisor, rate, points = data.columns
    assert pd.api.types.is_float_dtype(data[rate])
    # The numbers the reader sees: 84.9 for "84.9%", which sorts by number.
    assert data[rate].tolist() == [84.9, 70.3, 64.0]
    # A number column, aligned left as the text columns are; names and pairs stay text, each
    # pair on one line (no narrow width that would wrap it).
    assert list(config) == [rate]
    assert config[rate]["type_config"]["type"] == "number"
    assert config[rate]["alignment"] == "left"
    assert config[rate]["type_config"]["format"] is None  # the Styler's text is painted
    assert not pd.api.types.is_numeric_dtype(data[divisor])
    assert not pd.api.types.is_numeric_dtype(data[points])
    minus = "\u2212"
    win, loss = ("win", "loss") if lang == "en" else ("νίκη", "ήττα")
    assert written(styler) == [
        ["÷400", rates[0], f"{win} +5 · {loss} {minus}27"],
        ["÷800", rates[1], f"{win} +9 · {loss} {minus}23"],
        ["÷1200", rates[2], f"{win} +12 · {loss} {minus}20"],
    ]
    # Exactly what the table showed as text before it sent numbers.
    assert written(styler) == table.shown.to_numpy().tolist()


def test_signed_changes_sort_by_number_and_keep_their_real_minus(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    minus = "\u2212"
    shown = pd.DataFrame(
        {
            "Player": ["=1+2", "<b>Eleni</b>", "Nikos", "Maria"],
            "Change": [f"{minus}16", "+12", "8", f"{minus}27"],
            "Spread": ["1,500", "975", "—", "12"],  # a count's thousands separator; no figure
        }
    )
    styler, config = _captured(monkeypatch, grids.Shown(shown=shown, raw=shown))
    data = styler.data
    assert list(config) == ["Change", "Spread"]
    assert data["Change"].tolist() == [-16, 12, 8, -27]
    # Ascending, as a header click sorts: −27, −16, +8, +12 (as text "−16" < "+12" < "8").
    order = data.sort_values("Change").index.tolist()
    assert [shown.loc[i, "Change"] for i in order] == [f"{minus}27", f"{minus}16", "8", "+12"]
    assert data["Spread"].iloc[[0, 1, 3]].tolist() == [1500, 975, 12]
    assert pd.isna(data["Spread"].iloc[2])
    # Names are plain text, written as they are (never HTML, never escaped into entities).
    assert data["Player"].tolist() == ["=1+2", "<b>Eleni</b>", "Nikos", "Maria"]
    assert written(styler) == shown.to_numpy().tolist()


def test_a_width_set_for_a_phone_keeps_a_number_column_sorting_by_number(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    sent: list[dict[str, Any]] = []
    monkeypatch.setattr(grids.st, "dataframe", lambda data, **k: sent.append(k))
    shown = pd.DataFrame({"Rules": ["1.3.1", "1.2.0"], "Half within": ["58", "74"]})
    table = grids.Shown(shown=shown, raw=shown, widths={"Half within": 90, "Rules": 60}, lines=2)
    grids.show(table, download=None)
    config = sent[0]["column_config"]
    assert config["Half within"]["type_config"]["type"] == "number"
    assert config["Half within"]["alignment"] == "left"
    assert (config["Half within"]["width"], config["Rules"]["width"]) == (90, 60)
    assert config["Rules"]["type_config"]["type"] == "text"
    # "58" fits its 90 px on one line: the grid's own row height, as tall as the text.
    assert "row_height" not in sent[0]
    assert sent[0]["placeholder"] == "—"  # a missing value reads as a dash, never "None"
    # A measure named in 27 characters (27 × 7.5 = 203 px) wraps over three lines of 74 px
    # (90 less the padding): the grid wraps a cell only in rows taller than 4 rem (64 px).
    long = shown.assign(**{"Half within": ["Half the players within ±x", "74"]})
    grids.show(
        grids.Shown(shown=long, raw=long, widths={"Half within": 90}, lines=3), download=None
    )
    assert sent[1]["row_height"] == 22 + 18 * 3
    grids.show(grids.Shown(shown=shown, raw=shown), download=None)
    assert "row_height" not in sent[2]


def test_a_table_of_text_only_or_too_many_cells_is_sent_as_its_text(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    ranges = pd.DataFrame({"K": ["8–12", "16"], "For": ["a", "b"]})
    # Ranges ("8–12") are text: the table goes as it is, no Styler, no configuration.
    data, config = _captured(monkeypatch, grids.Shown(shown=ranges, raw=ranges))
    assert data.equals(ranges) and config == {}
    # "−0" and "0" are one number written two ways: the column stays text.
    zeros = pd.DataFrame({"Change": ["\u22120", "0"]})
    assert isinstance(sorting.grid_data(zeros)[0], pd.DataFrame)
    big = pd.DataFrame({"n": [str(i) for i in range(sorting.STYLED_CELLS + 1)]})
    assert sorting.grid_data(big)[0] is big


def test_the_greek_cube_table_shows_short_headers_and_its_csv_keeps_its_names(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(i18n, "language", lambda: "el")
    # SPEC: cube 1/2/4, multiplier 1.00/1.17/1.33; two players at 1500, K 32 ±16/19/21.
    frame = pd.DataFrame(
        {"cube": [1, 2, 4], "multiplier": [1.0, 7 / 6, 4 / 3], "k32": [16.0, 19.0, 21.0]}
    )
    table = grids.cube(frame, (32,))
    assert table.shown.columns.tolist() == ["Κύβος", "Συντελεστής", "Με K 32"]
    assert table.shown["Με K 32"].tolist() == ["±16", "±19", "±21"]
    assert table.shown["Συντελεστής"].tolist() == ["1,00", "1,17", "1,33"]
    assert table.raw.columns.tolist() == ["Κύβος", "Συντελεστής", "Αλλαγή με K = 32"]
    assert table.raw["Αλλαγή με K = 32"].tolist() == [16.0, 19.0, 21.0]
