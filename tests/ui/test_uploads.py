"""Uploads: one budget from the server's settings for every page that takes a file, Streamlit's
own cap agreeing with it, a file's type read from its bytes, each upload's results computed once
across reruns, and a table derived from an upload shown as a bounded sample."""

from __future__ import annotations

import io
import tomllib
from collections.abc import Callable
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pandas as pd
import pyarrow as pa
import pyarrow.parquet as pq
import pytest
from apptest_support import cells, numbers, open_page
from plain_support import shows

from gammon_elo import RULES, InvalidInput
from gammon_elo.calibrate import DEFAULT_BURN_IN, score
from gammon_elo.replay import read_history
from gammon_elo.replay.budget import Budget
from server import settings
from ui import grids
from ui.catalogs import EN
from ui.lab import cached, uploads
from ui.lab.run import shared

ROOT = Path(__file__).resolve().parents[2]
NAMES = ("Eleni", "Nikos", "Maria", "Yannis")


def games_csv(games: int) -> bytes:
    """``games`` games a minute apart, each player of four beating the next."""
    start = datetime(2026, 10, 1, 10, tzinfo=UTC)
    lines = ["time,winner,loser"]
    for i in range(games):
        time = (start + timedelta(minutes=i)).strftime("%Y-%m-%dT%H:%M:%SZ")
        lines.append(f"{time},{NAMES[i % 4]},{NAMES[(i + 1) % 4]}")
    return ("\n".join(lines) + "\n").encode()


def as_parquet(data: bytes, **extra: pa.Array) -> bytes:
    table = pa.Table.from_pandas(read_history(data), preserve_index=False)
    for name, values in extra.items():
        table = table.append_column(name, values)
    out = io.BytesIO()
    pq.write_table(table, out)
    return out.getvalue()


@pytest.fixture
def server(monkeypatch: pytest.MonkeyPatch) -> Callable[..., None]:
    """Set the server's settings for a test, and forget every kept upload before and after."""

    def use(**values: Any) -> None:
        monkeypatch.setattr(settings, "current", lambda: settings.Settings(**values))

    shared.clear()
    yield use
    shared.clear()


def test_streamlits_upload_cap_is_the_upload_bytes_setting() -> None:
    """Streamlit reads server.maxUploadSize (MB of 2**20 bytes) once at start, from its config:
    the default of upload_bytes must be the same size, else one of them would lie."""
    config = tomllib.loads((ROOT / ".streamlit" / "config.toml").read_text(encoding="utf-8"))
    assert config["server"]["maxUploadSize"] * 2**20 == settings.Settings().upload_bytes


def test_the_budget_is_the_servers_settings_by_their_names(server: Callable[..., None]) -> None:
    server(
        upload_rows=7,
        upload_cell_bytes=5000,
        upload_cell_length=30,
        upload_pages=9,
        upload_bytes=2000,
    )
    assert uploads.budget() == Budget(
        rows=7,
        cell_bytes=5000,
        cell_length=30,
        pages=9,
        names=("upload_rows", "upload_cell_bytes", "upload_cell_length", "upload_pages"),
    )
    assert len(uploads.read(games_csv(7))) == 7
    with pytest.raises(InvalidInput) as refused:
        uploads.read(games_csv(8))
    assert (
        str(refused.value) == "history has at least 8 rows, more than the limit of 7 (upload_rows)"
    )
    with pytest.raises(InvalidInput) as refused:
        uploads.read(b"x" * 2001)
    assert str(refused.value) == (
        "the file is 2,001 bytes, more than the limit of 2,000 (upload_bytes)"
    )


def test_the_uploaders_help_names_the_limits(server: Callable[..., None]) -> None:
    server(upload_rows=600_000, upload_cell_length=200)
    assert uploads.limits_text().startswith(
        "At most 20 MB, 600,000 games, and 200 characters in any cell"
    )


def test_the_designers_scores_are_computed_once_per_file(
    server: Callable[..., None], monkeypatch: pytest.MonkeyPatch
) -> None:
    server()
    calls: list[str] = []
    reads: list[int] = []

    def counted_score(games: pd.DataFrame, rules: Any, **kwargs: Any) -> Any:
        calls.append(rules.label)
        return score(games, rules, **kwargs)

    real_read = uploads.read

    def counted_read(data: bytes) -> pd.DataFrame:
        reads.append(len(data))
        return real_read(data)

    monkeypatch.setattr(cached, "score", counted_score)
    monkeypatch.setattr(uploads, "read", counted_read)
    rules = (RULES["1.3.1"], RULES["1.0.5"])
    first = cached.calibration(games_csv(40), rules, 0)
    again = cached.calibration(games_csv(40), rules, 0)
    assert calls == ["1.3.1", "1.0.5"] and len(reads) == 1
    assert again["1.3.1"].log_loss == first["1.3.1"].log_loss
    cached.calibration(games_csv(41), rules, 0)  # another file: scored again
    assert calls == ["1.3.1", "1.0.5"] * 2 and len(reads) == 2
    cached.calibration(games_csv(41), rules, 5)  # another burn-in: scored, not read, again
    assert len(calls) == 6 and len(reads) == 2


def test_a_parquet_file_named_csv_is_read_as_parquet_on_both_pages(
    server: Callable[..., None],
) -> None:
    server()
    data = games_csv(30)
    renamed = as_parquet(data)  # what a reader uploads as "games.csv"
    rules = (RULES["1.3.1"],)
    from_parquet = cached.calibration(renamed, rules, 0)["1.3.1"]
    from_csv = cached.calibration(data, rules, 0)["1.3.1"]
    assert (from_parquet.games, from_parquet.log_loss) == (from_csv.games, from_csv.log_loss)
    at = open_page("pages/lab/history.py", source="upload", rules="1.3.1")
    at.file_uploader[0].upload("games.csv", renamed, "text/csv").run()
    assert not at.exception and not at.error, [e.value for e in at.error]
    assert "30 rows read: 30 rated or counted, 0 rejected; 4 players." in [
        c.value for c in at.caption
    ]
    assert at.file_uploader[0].proto.type == [".csv", ".parquet"]


def test_the_designer_takes_csv_or_parquet(server: Callable[..., None]) -> None:
    server()
    at = open_page("pages/lab/designer.py", rules="1.3.1", source="upload")
    uploader = at.file_uploader[0]
    assert uploader.proto.type == [".csv", ".parquet"]
    assert "600,000 games" in uploader.help
    uploader.upload("games.csv", as_parquet(games_csv(60)), "text/csv").run()
    assert not at.exception and not at.error, [e.value for e in at.error]
    assert EN["designer.history_upload"] in [c.value for c in at.caption]
    expected = score(read_history(games_csv(60)), RULES["1.3.1"], burn_in=DEFAULT_BURN_IN)
    # After the real-dice tables (two), the scores: a row per measure, a column per rule set.
    scores = cells(at.table[2]).set_index("Measure")
    assert scores.loc["Games"].tolist() == [str(expected.games)]


def test_a_nested_parquet_column_is_refused_on_the_history_page(
    server: Callable[..., None],
) -> None:
    server()
    data = as_parquet(games_csv(3), tags=pa.array([["a"], ["b", "c"], []]))
    at = open_page("pages/lab/history.py", source="upload")
    at.file_uploader[0].upload("games.parquet", data).run()
    assert not at.exception, [e.message for e in at.exception]
    # What the reader sees, the Markdown escapes of an outside value resolved.
    message = at.error[0].value
    assert shows(message, "column 'tags' must hold one value a cell")
    assert shows(message, "list<element: string>")


def test_a_long_table_shows_a_sample_and_says_so(server: Callable[..., None]) -> None:
    server()
    at = open_page("pages/lab/history.py", source="upload", rules="1.3.1")
    at.file_uploader[0].upload("games.csv", games_csv(1200), "text/csv").run()
    assert not at.exception, [e.message for e in at.exception]
    frames = [numbers(frame) for frame in at.dataframe]
    # The per-game table: the first 1,000 of its 1,200 rows (a page's rows), every cell
    # written; the four players' tables whole.
    (games,) = [frame for frame in frames if "winner_k" in frame.columns]
    shown, columns = games.shape
    assert shown == grids.SHOWN_ROWS == 1000 and shown * columns <= grids.STYLED_CELLS
    assert max(len(frame) for frame in frames) == shown
    assert "The first 1,000 of 1,200 rows are shown. The download holds them all." in [
        c.value for c in at.caption
    ]
