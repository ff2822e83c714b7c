"""What the server may do for an anonymous reader, set by whoever runs it, in one place.

Every limit below has a default fit for a 2-core, 24 GiB replica, and each can be changed at
start by an environment variable ``GAMMON_ELO_<NAME>`` (``GAMMON_ELO_UPLOAD_ROWS=100000``) or by
the ``[gammon_elo]`` table of ``.streamlit/secrets.toml`` (``upload_rows = 100000``); the
variable wins. Nothing here is ever read from a URL, a widget or an upload: a reader can neither
choose the Dask cluster the server talks to nor raise a limit. Each refusal names its limit by
the name written here, so an operator knows which setting to change.

>>> Settings().scheduler is None  # empty: the server's own embedded cluster
True
"""

from __future__ import annotations

import dataclasses
import functools
import os
from dataclasses import dataclass
from typing import Any

#: The prefix of the environment variables, and the secrets table's name.
PREFIX = "GAMMON_ELO_"
SECRETS_TABLE = "gammon_elo"


@dataclass(frozen=True, kw_only=True)
class Settings:
    """The server's settings; see the module's docstring for how each is set."""

    #: An existing Dask scheduler (``tcp://HOST:PORT`` or ``tls://…``) the sweeps and fits run
    #: on; empty: a cluster of ``workers`` processes that this server starts once and keeps.
    scheduler: str | None = None
    #: Seconds a configured scheduler has to connect *and* complete Dask's handshake.
    handshake_timeout: float = 10.0
    #: Worker processes of the embedded cluster (one per core of a small machine).
    workers: int = 2
    #: Runs (simulations, sweeps, fits, live leagues) running at once on this server; more
    #: wait in a queue, in order.
    concurrent_runs: int = 1
    #: Runs that may wait in that queue at once; one more is refused until a place is free.
    #: Each waiting run is a designer's (runs_per_reader), and waits for every run ahead of it:
    #: with runs of a few minutes at most (run_games), four ahead is a wait of minutes, not hours.
    queue_length: int = 4
    #: Runs one reader (a signed-in designer, or one address when sign-in is off) may have
    #: queued or running at once, across all their tabs.
    runs_per_reader: int = 1
    #: Tasks one run may ask for (a sweep's grid × seeds, a fit's candidates).
    tasks_per_run: int = 240
    #: Games one run may rate (ui.lab.cost: players × weeks × games a week ÷ 2 × rule sets ×
    #: seeds; a fit's candidates × its history's games; an engine game counts as many), refused
    #: before it starts. A 2-core machine rates a few million games a second, in the server's
    #: own thread (a simulation) or on its two workers (a sweep), so 500 million is a run of a
    #: few minutes at most; the page defaults are a few million.
    run_games: int = 500_000_000

    #: Bytes an uploaded file may have, as sent (Streamlit's own cap is set from this).
    upload_bytes: int = 20 * 2**20
    #: Rows an uploaded history may hold, counted before it is decoded where the format allows.
    upload_rows: int = 600_000
    #: Bytes all of an upload's cells may come to once decoded (text as UTF-8, numbers 8 each,
    #: a Parquet column of fixed width at its schema's width, whether read or not).
    upload_cell_bytes: int = 256 * 2**20
    #: Characters one cell of an upload may hold.
    upload_cell_length: int = 200
    #: Pages a Parquet upload's history columns may span, each column of each row group one at
    #: least: each page is read whole and costs its own work. A writer's usual pages hold
    #: thousands of rows (20,000 at most by default in Arrow), so a full upload spans hundreds.
    upload_pages: int = 10_000
    #: Uploaded files one reader's session may have the server hold at once: each of the lab's
    #: two uploaders holds its current file, and a replaced file is deleted by the browser
    #: (enforced in front of Streamlit's routes by ``lab.py``: :mod:`ui.held_uploads`).
    upload_files: int = 4

    #: Games one reader's live league may ask for (the Rule designer's real dice).
    league_games: int = 3000
    #: Players one reader's live league may have.
    league_players: int = 60


def _typed(field: dataclasses.Field[Any], raw: object) -> Any:
    """A setting's raw text (or TOML value) as the field's type; ValueError names the setting."""
    name = f"{PREFIX}{field.name.upper()}"
    if field.name == "scheduler":
        text = str(raw).strip()
        return text or None
    kind = float if field.type in (float, "float") else int
    try:
        value = kind(raw)  # type: ignore[arg-type]
    except (TypeError, ValueError):
        raise ValueError(f"{name} must be a number, got {raw!r}") from None
    if value <= 0:
        raise ValueError(f"{name} must be above 0, got {raw!r}")
    return value


def read(environ: dict[str, str] | None = None, secrets: dict[str, Any] | None = None) -> Settings:
    """The settings from ``secrets`` (the ``[gammon_elo]`` table) and ``environ`` (which wins).

    >>> read({"GAMMON_ELO_UPLOAD_ROWS": "1000"}, {"workers": 3}).upload_rows
    1000
    >>> read({}, {"workers": 3}).workers
    3
    """
    environ = dict(os.environ) if environ is None else environ
    secrets = {} if secrets is None else secrets
    values: dict[str, Any] = {}
    for field in dataclasses.fields(Settings):
        raw = environ.get(f"{PREFIX}{field.name.upper()}", secrets.get(field.name))
        if raw is not None:
            values[field.name] = _typed(field, raw)
    return Settings(**values)


def _secrets() -> dict[str, Any]:
    """The ``[gammon_elo]`` table of the server's secrets, or nothing when there is no file."""
    import streamlit as st

    try:
        table = st.secrets.get(SECRETS_TABLE, {})
    except Exception:  # no secrets file at all: Streamlit raises rather than returning nothing
        return {}
    return dict(table)


@functools.cache
def current() -> Settings:
    """This server's settings, read once at its first use and kept for the process's life."""
    return read(secrets=_secrets())
