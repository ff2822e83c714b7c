"""What the server may do for an anonymous reader, set by whoever runs it, in one place.

Every limit below has a default fit for a 2-core, 24 GiB replica, and each can be changed at
start by an environment variable ``GAMMON_ELO_<NAME>`` (``GAMMON_ELO_UPLOAD_ROWS=100000``) or by
the ``[gammon_elo]`` table of ``.streamlit/secrets.toml`` (``upload_rows = 100000``); the
variable wins. A key of that table, or a ``GAMMON_ELO_`` variable, that names no setting is
refused by name, and so is a ``[gammon_elo]`` that is not one table: a misspelt limit never
leaves its default in force unnoticed. Nothing here is ever read from a URL, a widget or an
upload: a reader can neither choose the Dask cluster the server talks to nor raise a limit.
Each refusal names its limit by the name written here, so an operator knows which setting to
change.

>>> Settings().scheduler is None  # empty: the server's own cluster (server.cluster)
True
"""

from __future__ import annotations

import dataclasses
import functools
import os
from collections.abc import Mapping
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
    #: The TLS files for a ``tls://`` scheduler (PEM): the certificate authority that signed the
    #: cluster's certificates, and the certificate and key this server presents to it. Empty:
    #: Dask's own configuration (``distributed.comm.tls``), if any.
    scheduler_ca: str | None = None
    scheduler_cert: str | None = None
    scheduler_key: str | None = None
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
    #: Games one run may rate (server.cost: players × weeks × games a week ÷ 2 × rule sets ×
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
    #: (enforced in front of Streamlit's routes by ``lab.py``: :mod:`server.held_uploads`).
    upload_files: int = 4

    #: Games one reader's live league may ask for (the Rule designer's real dice).
    league_games: int = 3000
    #: Players one reader's live league may have.
    league_players: int = 60


def _typed(field: dataclasses.Field[Any], raw: object) -> Any:
    """A setting's raw text (or TOML value) as the field's type; ValueError names the setting."""
    name = f"{PREFIX}{field.name.upper()}"
    if field.type in (str | None, "str | None"):
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


#: Keys of the ``[gammon_elo]`` table that are not limits: who may open the lab, read by
#: :mod:`ui.lab.access` (from the table only: no variable holds a list).
TABLE_ONLY = ("lab_allow",)


def names() -> frozenset[str]:
    """Every key the ``[gammon_elo]`` table may hold: a setting's name or :data:`TABLE_ONLY`."""
    return frozenset(field.name for field in dataclasses.fields(Settings)) | set(TABLE_ONLY)


def read(environ: dict[str, str] | None = None, secrets: dict[str, Any] | None = None) -> Settings:
    """The settings from ``secrets`` (the ``[gammon_elo]`` table) and ``environ`` (which wins).
    A key the table may not hold, or a ``GAMMON_ELO_`` variable that names no setting, is a
    ValueError naming it: a misspelt limit must not leave the default in force unnoticed.

    >>> read({"GAMMON_ELO_UPLOAD_ROWS": "1000"}, {"workers": 3}).upload_rows
    1000
    >>> read({}, {"workers": 3}).workers
    3
    >>> read({}, {"run_game": 10})
    Traceback (most recent call last):
    ...
    ValueError: [gammon_elo] run_game is not a setting of this server (its settings: ...)
    """
    environ = dict(os.environ) if environ is None else environ
    secrets = {} if secrets is None else secrets
    _known(environ, secrets)
    values: dict[str, Any] = {}
    for field in dataclasses.fields(Settings):
        raw = environ.get(f"{PREFIX}{field.name.upper()}", secrets.get(field.name))
        if raw is not None:
            values[field.name] = _typed(field, raw)
    return Settings(**values)


def _known(environ: dict[str, str], secrets: dict[str, Any]) -> None:
    """A ValueError naming the first key of the table, or ``GAMMON_ELO_`` variable, that is no
    setting of this server."""
    known = names()
    unknown = [f"[{SECRETS_TABLE}] {key}" for key in sorted(map(str, secrets)) if key not in known]
    unknown += sorted(
        name
        for name in environ
        if name.startswith(PREFIX) and name[len(PREFIX) :].lower() not in known - set(TABLE_ONLY)
    )
    if unknown:
        listed = ", ".join(sorted(known))
        raise ValueError(f"{unknown[0]} is not a setting of this server (its settings: {listed})")


def table(secrets: Mapping[str, Any]) -> dict[str, Any]:
    """The ``[gammon_elo]`` table of the server's ``secrets`` (nothing when it has none); a
    ValueError naming it when it is not one table (an array of tables, a text).

    >>> table({"gammon_elo": {"workers": 3}}), table({})
    ({'workers': 3}, {})
    >>> table({"gammon_elo": [{"workers": 3}]})
    Traceback (most recent call last):
    ...
    ValueError: [gammon_elo] must be one table of settings; the secrets hold a list
    """
    found = secrets.get(SECRETS_TABLE, {})
    if not isinstance(found, Mapping):
        raise ValueError(
            f"[{SECRETS_TABLE}] must be one table of settings; the secrets hold a"
            f" {type(found).__name__}"
        )
    return dict(found)


def _secrets() -> dict[str, Any]:
    """The ``[gammon_elo]`` table of the server's secrets, or nothing when there is no file."""
    import streamlit as st

    try:
        secrets = st.secrets.to_dict()
    except Exception:  # no secrets file at all: Streamlit raises rather than returning nothing
        return {}
    return table(secrets)


@functools.cache
def current() -> Settings:
    """This server's settings, read once at its first use and kept for the process's life."""
    return read(secrets=_secrets())
