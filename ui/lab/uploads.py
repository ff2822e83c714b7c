"""A reader's uploaded history: what it may cost the server, in one place for every page that
takes one. The limits are the server's settings (:mod:`server.settings`), never a reader's choice:
the file's size as sent, then its rows, its decoded bytes, its longest cell and a Parquet
file's pages, each checked before the file is decoded where its format allows
(:class:`gammon_elo.replay.budget.Budget`).

A file's type is what its bytes say: the uploader offers CSV and Parquet, and a Parquet file
renamed ``.csv`` is read as Parquet. Only the history's own columns are read (any other is
skipped as the file is parsed, so it costs nothing); a Parquet file's schema is still judged
whole, every column of a fixed width counted at that width, so a few kilobytes that claim
gigabytes of cells are refused by ``upload_cell_bytes`` before anything is decoded.
"""

from __future__ import annotations

from typing import Any, Final

import pandas as pd
import streamlit as st

from gammon_elo.replay import read_history
from gammon_elo.replay.budget import Budget, OverBudget
from server import settings

from ..grids import Table
from ..i18n import count, t

__all__ = ["TYPES", "budget", "limits_text", "read", "rejected", "upload_megabytes", "uploader"]

#: What the uploaders offer; the reader takes either whatever the file's name says.
TYPES: Final = ("csv", "parquet")
#: The names the refusals give the limits: the settings' own.
_NAMES: Final = ("upload_rows", "upload_cell_bytes", "upload_cell_length", "upload_pages")
_MB: Final = 2**20


def budget() -> Budget:
    """The server's budget for one uploaded history, from its settings."""
    current = settings.current()
    return Budget(
        rows=current.upload_rows,
        cell_bytes=current.upload_cell_bytes,
        cell_length=current.upload_cell_length,
        pages=current.upload_pages,
        names=_NAMES,
    )


def upload_megabytes() -> int:
    """The uploader's cap in Streamlit's megabytes (2**20 bytes): ``upload_bytes``, whole MB,
    never above the server's own ``server.maxUploadSize`` (which Streamlit reads from its
    config at start and which this app cannot raise later)."""
    ours = max(1, settings.current().upload_bytes // _MB)
    return int(min(ours, st.get_option("server.maxUploadSize")))


def limits_text() -> str:
    """The limits in a sentence, for an uploader's help."""
    current = settings.current()
    return t(
        "upload.limits",
        size=count(upload_megabytes()),
        rows=current.upload_rows,
        length=current.upload_cell_length,
    )


def uploader(where: Any, label_key: str, help_key: str, key: str) -> Any:
    """A file uploader for a history of games, CSV or Parquet, its help naming the limits.

    Its own words (the drop zone's "Drag and drop file here", "Browse files" and the line of
    limits under it) are Streamlit's, in English on Greek pages too: ``file_uploader`` takes a
    label, a help and the limits, not its texts (docs/app.md, Accessibility)."""
    return where.file_uploader(
        t(label_key),
        type=list(TYPES),
        key=key,
        max_upload_size=upload_megabytes(),
        help=t(help_key) + " " + limits_text(),
    )


def read(data: bytes) -> pd.DataFrame:
    """An uploaded file's games, within the server's budget (:class:`OverBudget` otherwise)."""
    limit = settings.current().upload_bytes
    if len(data) > limit:
        size = f"{len(data):,} bytes"
        raise OverBudget("upload_bytes", limit, size, f"the file is {size}")
    return read_history(data, budget=budget(), history_only=True)


def rejected(report: pd.DataFrame) -> Table:
    """Every problem of every rejected row: row number (as the file counts), column, value, why."""
    raw = report.rename(
        columns={
            "row": t("history.col_row"),
            "column": t("history.col_column"),
            "value": t("history.col_value"),
            "reason": t("history.col_reason"),
        }
    )
    return Table(raw)
