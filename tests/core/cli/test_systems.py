"""``gammon-elo systems``: the ranking and the verdict, its JSON matching the library's rows,
the shipped league with its levels, and bad files and systems refused as ``replay`` refuses
them (status 2, the report row by row)."""

from __future__ import annotations

import json
import math
import textwrap

import pytest

from gammon_elo import CURRENT, compare_systems, verdict_text
from gammon_elo.replay import SAMPLE_HISTORY, read_history
from gammon_elo.systems import system_label
from tests.core.cli.cli_support import run_cli

#: Systems quick enough for a test, one of them chosen on the first half.
QUICK = ["1.2.0", "1.3.1", "glicko2", "weng-lin:beta=1x|4x"]

REQUIRED = {"system", "log_loss", "brier", "games", "margin", "margin_se", "fitted"}


def test_the_json_is_the_librarys_comparison() -> None:
    done = run_cli("systems", SAMPLE_HISTORY, "--systems", *QUICK, "--burn-in", "5", "--json")
    assert done.returncode == 0, done.stderr
    payload = json.loads(done.stdout)
    result = compare_systems(read_history(SAMPLE_HISTORY), QUICK, burn_in=5)
    assert payload["games"] == result.games
    assert payload["fit_on"] == "half" and payload["fit_games"] == result.fit_games
    rows = payload["systems"]
    assert [r["system"] for r in rows] == result.rows["system"].tolist()
    current = next(r for r in rows if r["system"] == system_label(CURRENT))
    for row in rows:
        assert set(row) >= REQUIRED and "spearman_level" not in row  # no levels in the sample
        assert row["games"] == payload["games"]
        # margin: the current rules' log-loss minus the row's, positive where the row is better
        assert row["margin"] == pytest.approx(current["log_loss"] - row["log_loss"], abs=1e-12)
    chosen = next(r for r in rows if r["system"].endswith("best of 2"))
    assert (chosen["fitted"], chosen["chosen"]) == (False, True)
    assert payload["verdict"] == verdict_text(result.verdict)


def test_the_table_and_the_verdict_in_words() -> None:
    done = run_cli("systems", SAMPLE_HISTORY, "--systems", *QUICK, "--fit-on", "all")
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert lines[0].startswith(f"{SAMPLE_HISTORY}: ")
    assert lines[1] == "settings chosen on the games scored"
    header = lines[3].split()
    assert header[:4] == ["system", "log-loss", "Brier", "slope"]
    assert header[-1] == "seconds"
    assert any(line.startswith("coin toss ") and " 0.69315 " in line for line in lines)
    result = compare_systems(read_history(SAMPLE_HISTORY), QUICK, fit_on="all")
    verdict = done.stdout.strip().split("\n\n")[-1]
    assert verdict == textwrap.fill(verdict_text(result.verdict), 100, break_on_hyphens=False)


def test_the_shipped_league_comes_with_its_levels() -> None:
    done = run_cli("systems", "--league", "--systems", "1.3.1", "--fit-on", "all", "--json")
    assert done.returncode == 0, done.stderr
    payload = json.loads(done.stdout)
    assert payload["games"] == 48_576
    rows = {r["system"]: r for r in payload["systems"]}
    assert round(rows["floor"]["log_loss"], 5) == 0.62551
    assert 0 < rows["1.3.1 ÷1200"]["spearman_level"] <= 1
    assert rows["coin toss"]["spearman_level"] is None
    assert math.isclose(rows["coin toss"]["log_loss"], math.log(2))


def test_a_bad_file_is_refused_as_replay_refuses_it() -> None:
    done = run_cli("systems", "examples/bad_history.csv")
    replayed = run_cli("replay", "examples/bad_history.csv")
    assert done.returncode == replayed.returncode == 2
    assert done.stderr == replayed.stderr
    assert "row column" in done.stderr and "(--skip-invalid" in done.stderr
    missing = run_cli("systems", "no/such/file.csv")
    assert missing.returncode == 2
    assert missing.stderr == run_cli("replay", "no/such/file.csv").stderr


@pytest.mark.parametrize(
    ("argv", "words"),
    [
        (["--systems", "elo2"], "error: systems must be a rule set"),
        (["--systems", "glicko2:period=1y"], "error: period must be a length"),
        (["--burn-in", "-1"], "error: burn_in must be at least 0"),
    ],
)
def test_bad_options_print_one_line(argv: list[str], words: str) -> None:
    done = run_cli("systems", SAMPLE_HISTORY, *argv)
    assert done.returncode == 2
    assert done.stderr.startswith(words) and done.stderr.count("\n") == 1


def test_a_file_or_the_league_is_needed() -> None:
    assert run_cli("systems").returncode == 2
    assert run_cli("systems", SAMPLE_HISTORY, "--league").returncode == 2
