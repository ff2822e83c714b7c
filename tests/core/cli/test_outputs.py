"""Where the command line writes: an output path that cannot be written is refused before the
history is read (exit 2, one line naming the option and the path, no traceback), and a chunked
replay ended by SIGTERM or SIGHUP leaves no ``OUT.partial`` behind, as Ctrl-C already did (a
process of its own, for the signal; the refusals run in this one).
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest
from cli_support import run_cli

ROOT = Path(__file__).resolve().parents[3]


@pytest.mark.parametrize("where", ["folder", "missing folder", "under a file"])
@pytest.mark.parametrize("option", ["--out", "--rejected"])
def test_an_output_that_cannot_be_written_is_refused_before_the_history_is_read(
    tmp_path: Path, where: str, option: str
) -> None:
    a_file = tmp_path / "notes.txt"
    a_file.write_text("x", encoding="utf-8")
    path = {
        "folder": tmp_path,
        "missing folder": tmp_path / "no such folder" / "out.csv",
        "under a file": a_file / "out.csv",
    }[where]
    # The history does not exist: had it been read first, the message would be about it.
    result = run_cli("replay", str(tmp_path / "never-read.csv"), option, str(path))
    assert result.returncode == 2, result.stderr
    assert "Traceback" not in result.stderr
    assert result.stderr.startswith(f"error: {option} must ")
    assert str(path) in result.stderr
    assert "never-read" not in result.stderr


def _history(path: Path, games: int) -> None:
    """``games`` ranked games among 50 players, a minute apart, in time order."""
    first = datetime(2026, 1, 1, tzinfo=UTC)
    lines = ["time,winner,loser,cube"]
    for i in range(games):
        when = (first + timedelta(minutes=i)).strftime("%Y-%m-%dT%H:%M:%SZ")
        lines.append(f"{when},p{i % 50},p{(i + 1 + i // 50 % 49) % 50},1")
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")


@pytest.mark.parametrize("name", ["SIGTERM", "SIGHUP"])
def test_a_chunked_replay_ended_by_a_signal_leaves_no_partial_file(
    tmp_path: Path, name: str
) -> None:
    history = tmp_path / "games.csv"
    _history(history, 200_000)
    out = tmp_path / "rated.csv"
    partial = Path(str(out) + ".partial")
    process = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "gammon_elo",
            "replay",
            str(history),
            "--chunk-rows",
            # Small chunks: the replay must still be running when the signal comes, even on a
            # busy machine that keeps this test waiting (the chunked replay got faster).
            "20",
            "--out",
            str(out),
        ],
        cwd=ROOT,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        deadline = time.monotonic() + 120
        while not partial.exists():  # the replay has begun writing
            assert process.poll() is None, process.stderr.read() if process.stderr else ""
            assert time.monotonic() < deadline, "the replay never began writing"
            time.sleep(0.02)
        os.kill(process.pid, getattr(signal, name))
        status = process.wait(timeout=60)
    finally:
        if process.poll() is None:
            process.kill()
            process.wait()
    stderr = process.stderr.read() if process.stderr else ""
    assert status == 128 + getattr(signal, name), stderr
    assert "Traceback" not in stderr
    assert not partial.exists()
    assert not out.exists()


def test_a_sweep_into_a_missing_folder_is_refused_before_it_runs(tmp_path: Path) -> None:
    out = tmp_path / "no such folder" / "sweep.csv"
    result = run_cli("sweep", "--divisors", "800", "--k", "32", "--out", str(out))
    assert result.returncode == 2, result.stderr
    assert result.stderr.startswith("error: --out must be in a folder that exists")
    assert "Traceback" not in result.stderr
