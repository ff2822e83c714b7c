"""The server's settings: defaults pinned (a limit changed by accident fails here), each set by
an environment variable or the secrets table (the variable wins), a bad one refused by name,
and so is a name that is no setting (a misspelt limit must not leave the default in force) or a
``[gammon_elo]`` that is not one table."""

from __future__ import annotations

import re

import pytest

from server import settings
from server.settings import Settings, read


def test_the_defaults_are_pinned() -> None:
    assert read({}, {}) == Settings(
        scheduler=None,
        scheduler_ca=None,
        scheduler_cert=None,
        scheduler_key=None,
        handshake_timeout=10.0,
        workers=2,
        concurrent_runs=1,
        queue_length=4,
        runs_per_reader=1,
        tasks_per_run=240,
        run_games=500_000_000,
        upload_bytes=20 * 2**20,
        upload_rows=600_000,
        upload_cell_bytes=256 * 2**20,
        upload_cell_length=200,
        upload_pages=10_000,
        upload_files=4,
    )


def test_the_environment_wins_over_the_secrets_table() -> None:
    chosen = read(
        {"GAMMON_ELO_SCHEDULER": " tcp://127.0.0.1:8786 ", "GAMMON_ELO_WORKERS": "4"},
        {"workers": 3, "upload_rows": 1000, "scheduler": "tcp://127.0.0.1:9999"},
    )
    assert chosen.scheduler == "tcp://127.0.0.1:8786"
    assert chosen.workers == 4
    assert chosen.upload_rows == 1000
    assert read({"GAMMON_ELO_SCHEDULER": "  "}, {}).scheduler is None
    assert read({"GAMMON_ELO_HANDSHAKE_TIMEOUT": "2.5"}, {}).handshake_timeout == 2.5


@pytest.mark.parametrize("raw", ["many", "0", "-3", "1.5"])
def test_a_bad_setting_is_refused_naming_it(raw: str) -> None:
    with pytest.raises(ValueError, match=f"GAMMON_ELO_WORKERS must be .*{raw}"):
        read({"GAMMON_ELO_WORKERS": raw}, {})


@pytest.mark.parametrize(
    ("environ", "table", "named"),
    [
        ({}, {"run_game": 10}, "[gammon_elo] run_game"),
        ({}, {"lab_allowed": ["a@example.org"]}, "[gammon_elo] lab_allowed"),
        ({"GAMMON_ELO_RUN_GAMEZ": "10"}, {}, "GAMMON_ELO_RUN_GAMEZ"),
        ({"GAMMON_ELO_LAB_ALLOW": "*"}, {}, "GAMMON_ELO_LAB_ALLOW"),  # the table's alone
    ],
)
def test_a_name_that_is_no_setting_is_refused_naming_it(
    environ: dict[str, str], table: dict[str, object], named: str
) -> None:
    with pytest.raises(ValueError, match=rf"^{re.escape(named)} is not a setting of this server"):
        read(environ, table)
    assert read({}, {"lab_allow": ["a@example.org"]}) == Settings()  # read by the lab's door


@pytest.mark.parametrize("written", [[{"workers": 3}], "workers = 3", 3])
def test_a_gammon_elo_that_is_not_one_table_is_refused(written: object) -> None:
    with pytest.raises(ValueError, match=r"^\[gammon_elo\] must be one table of settings"):
        settings.table({"gammon_elo": written})


def test_the_server_reads_its_settings_once(monkeypatch: pytest.MonkeyPatch) -> None:
    settings.current.cache_clear()
    monkeypatch.setenv("GAMMON_ELO_UPLOAD_ROWS", "1234")
    try:
        assert settings.current().upload_rows == 1234
        monkeypatch.setenv("GAMMON_ELO_UPLOAD_ROWS", "99")
        assert settings.current().upload_rows == 1234  # kept for the process's life
    finally:
        settings.current.cache_clear()
