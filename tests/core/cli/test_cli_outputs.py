"""An output file that cannot be written (a full disk, as ``/dev/full`` is) ends the command with
one line on stderr naming the option, the file and the system's reason, and status 2: never a
traceback, never a device replaced by a file."""

from __future__ import annotations

import os
import stat
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[3]
SAMPLE = ROOT / "gammon_elo" / "data" / "sample_history.csv"
FULL = "/dev/full"  # every write to it fails with ENOSPC, "No space left on device"

pytestmark = pytest.mark.skipif(not os.path.exists(FULL), reason="no /dev/full here")


def run(*argv: str) -> subprocess.CompletedProcess[str]:
    """``python -m gammon_elo ARGV…`` as a user runs it."""
    return subprocess.run(
        [sys.executable, "-m", "gammon_elo", *argv],
        capture_output=True,
        text=True,
        cwd=ROOT,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
        timeout=300,
        check=False,
    )


@pytest.mark.parametrize(
    ("argv", "line"),
    [
        (
            ["replay", str(SAMPLE), "--out", FULL],
            "error: --out cannot be written (No space left on device), got '/dev/full'",
        ),
        (
            ["replay", str(SAMPLE), "--out", FULL, "--chunk-rows", "100"],
            # The chunks go to OUT.partial, renamed over OUT: over a device, as root.
            "error: --out must be a regular file with --chunk-rows, got '/dev/full'",
        ),
    ],
)
def test_an_output_that_cannot_be_written_is_one_line_and_status_2(
    argv: list[str], line: str
) -> None:
    done = run(*argv)
    assert (done.returncode, done.stderr.splitlines()) == (2, [line])
    assert stat.S_ISCHR(os.stat(FULL).st_mode)  # still the device


def test_a_rejected_report_that_cannot_be_written_is_one_line_and_status_2(
    tmp_path: Path,
) -> None:
    history = tmp_path / "games.csv"
    history.write_text("time,winner,loser\n2026-10-05T20:00:00Z,Eleni,Nikos\nsoon,A,B\n")
    done = run("replay", str(history), "--skip-invalid", "--rejected", FULL)
    assert done.returncode == 2
    assert done.stderr.splitlines() == [
        "error: --rejected cannot be written (No space left on device), got '/dev/full'"
    ]
