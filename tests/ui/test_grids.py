"""Every table's CSV download is safe to open in a spreadsheet: a cell that would run as a
formula (a player named ``=HYPERLINK(…)``, a rejected row's raw value ``=1+2``) is written as
text with a leading quote, whichever page offers the table, the rejected rows' report included.
"""

from __future__ import annotations

import io
from typing import Any

import pandas as pd
import pytest

from ui import grids


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
    grids.show(grids.rejected(report), download="rejected_rows.csv")
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
