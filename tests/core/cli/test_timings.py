"""``replay --timings``: one line on stderr naming each phase in the order it ran, the command's
own output unchanged (no figure is checked: the suite times nothing)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from gammon_elo.cli import main
from gammon_elo.replay import SAMPLE_HISTORY

#: "name 0.12 s", the figure's digits left free.
FIGURE = r"(?P<name>[a-z ]+) \d+\.\d\d s"


def phase_names(line: str) -> list[str]:
    assert line.startswith("timings: "), line
    parts = line.removeprefix("timings: ").split(", ")
    names = []
    for part in parts:
        found = re.fullmatch(FIGURE, part)
        assert found, f"not a figure: {part!r}"
        names.append(found["name"])
    return names


def test_timings_name_each_phase_and_leave_the_output_as_it_is(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["replay", SAMPLE_HISTORY]) == 0
    plain = capsys.readouterr()
    assert main(["replay", SAMPLE_HISTORY, "--timings"]) == 0
    timed = capsys.readouterr()
    assert timed.out == plain.out
    lines = [line for line in timed.err.splitlines() if line.startswith("timings: ")]
    assert len(lines) == 1, timed.err
    assert phase_names(lines[0]) == ["imports", "read", "prepare", "pass", "output", "total"]


def test_timings_are_printed_for_a_refused_history_too(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    bad = tmp_path / "bad.csv"
    bad.write_text("time,winner,loser,cube\n2026-10-05T20:00:00Z,Eleni,Nikos,3\n", "utf-8")
    assert main(["replay", str(bad), "--timings"]) == 2
    err = capsys.readouterr().err
    assert "row" in err and "cube" in err  # the refusal as before
    assert phase_names(err.splitlines()[-1]) == ["imports", "read", "prepare", "total"]


def test_no_timings_without_the_option(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["replay", SAMPLE_HISTORY]) == 0
    assert "timings" not in capsys.readouterr().err
