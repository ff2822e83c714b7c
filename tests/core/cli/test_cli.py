"""The command line (``gammon-elo``, ``python -m gammon_elo``): what each subcommand prints
(change, tables, classic, replay, simulate), and bad input as one message on stderr naming the
field, with exit status 2 and no traceback. In-process (fast) for what it prints, as a user runs
it (a separate process) for the status and message of bad input, and fuzzed arguments that must
never show a traceback.
"""

from __future__ import annotations

import contextlib
import io
import json
import subprocess
import sys
from pathlib import Path

import pandas as pd
import pytest
from cli_support import run_cli
from hypothesis import given, settings
from hypothesis import strategies as st

from gammon_elo import RULES
from gammon_elo.cli import main

ROOT = Path(__file__).resolve().parents[3]

GOOD_CSV = "time,winner,loser,cube\n2026-10-05T20:00:00Z,Eleni,Nikos,2\n"


# --------------------------------------------------------------------------------------------
# In-process (fast), for the details …


def run_main(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    status = main(list(argv))
    captured = capsys.readouterr()
    return status, captured.out, captured.err


@pytest.mark.parametrize(
    ("argv", "field"),
    [
        (["change", "--winner", "1500", "--loser", "1500", "--cube", "3"], "cube"),
        (["change", "--winner", "1500", "--loser", "1500", "--cube", "0"], "cube"),
        (["change", "--winner", "1500", "--loser", "1500", "--rules", "9.9"], "rules"),
        (["change", "--winner", "1500", "--loser", "1500", "--divisor", "nan"], "divisor"),
        (["change", "--winner", "1500", "--loser", "1500", "--divisor", "-400"], "divisor"),
        (["change", "--winner", "1500", "--loser", "1500", "--k", "0"], "k"),
        (["change", "--winner", "1500", "--loser", "1500", "--heavy-k", "-1"], "heavy_k"),
        (
            ["change", "--winner", "1500", "--loser", "1500", "--winner-games", "-1"],
            "winner_recent_games",
        ),
        (["change", "--winner", str(2**62), "--loser", "1500"], "winner"),
        (["classic", "--a", "1500", "--b", "1600", "--score", "2"], "score_a"),
        (["classic", "--a", "1500", "--b", "1600", "--score", "0.3"], "score_a"),
        (["classic", "--a", "1500", "--b", "1600", "--score", "1", "--k", "inf"], "k"),
        (["classic", "--a", "1500", "--b", "1600", "--score", "1", "--divisor", "0"], "divisor"),
        (["tables", "--table", "changes", "--cube", "5"], "cube"),
        (["tables", "--table", "divisors", "--difference", "-1"], "difference"),
        (["tables", "--rules", "2.0"], "rules"),
    ],
)
def test_cli_invalid_input(capsys: pytest.CaptureFixture[str], argv: list[str], field: str) -> None:
    status, out, err = run_main(capsys, *argv)
    assert status == 2
    assert out == ""
    assert err.startswith(f"error: {field} ")
    assert err.count("\n") == 1


@pytest.mark.parametrize(
    "argv",
    [
        ["change", "--winner", "abc", "--loser", "1500"],
        ["change", "--winner", "1500"],
        ["change", "--winner", "1500", "--loser", "1500", "--cube", "2.5"],
        ["tables", "--table", "nonsense"],
        [],
    ],
)
def test_cli_usage_errors_exit_2(capsys: pytest.CaptureFixture[str], argv: list[str]) -> None:
    with pytest.raises(SystemExit) as exited:
        main(argv)
    assert exited.value.code == 2
    assert "usage:" in capsys.readouterr().err


def test_cli_change_json_custom_k(capsys: pytest.CaptureFixture[str]) -> None:
    # HAND: K = 1 between equals: 1 × 0.5 = 0.5 → Go rounds to 1.
    argv = ["change", "--winner", "1500", "--loser", "1500", "--k", "1", "--json"]
    status, out, _ = run_main(capsys, *argv)
    assert status == 0
    payload = json.loads(out)
    assert (payload["winner"]["change"], payload["loser"]["change"]) == (1, -1)
    assert payload["winner"]["k"] == payload["loser"]["k"] == 1


def test_cli_change_old_rules(capsys: pytest.CaptureFixture[str]) -> None:
    # ARTICLE: favourite by 300 under ÷400 wins +5.
    argv = ["change", "--winner", "1800", "--loser", "1500", "--rules", "1.0.5", "--json"]
    _, out, _ = run_main(capsys, *argv)
    payload = json.loads(out)
    assert payload["winner"]["change"] == 5
    assert payload["loser"]["new_rating"] == 1495


def test_cli_tables_csv(capsys: pytest.CaptureFixture[str]) -> None:
    # ARTICLE, Step 2 table, as CSV.
    status, out, _ = run_main(capsys, "tables", "--table", "changes", "--rules", "1.3.1", "--csv")
    assert status == 0
    rows = [line.split(",") for line in out.strip().splitlines()]
    assert rows[0][0] == "difference"
    assert [row[1] for row in rows[1:]] == ["16", "14", "13", "12", "10"]
    assert [row[3] for row in rows[1:]] == ["16", "18", "19", "20", "22"]


def test_cli_tables_cube_csv_heavy_k(capsys: pytest.CaptureFixture[str]) -> None:
    # ARTICLE, cube table, K = 16 column.
    _, out, _ = run_main(capsys, "tables", "--table", "cube", "--csv")
    rows = [line.split(",") for line in out.strip().splitlines()]
    k16 = rows[0].index("k16")
    assert [float(row[k16]) for row in rows[1:]] == [8, 9, 11, 12, 13, 15, 16]


def test_cli_classic_team(capsys: pytest.CaptureFixture[str]) -> None:
    # CLASSIC: a team is the average of its players: (1400 + 1600) / 2 = 1500 vs 1600.
    argv = ["classic", "--a", "1400", "1600", "--b", "1600", "--score", "1", "--json"]
    _, out, _ = run_main(capsys, *argv)
    payload = json.loads(out)
    assert payload["rating_a"] == 1500
    assert round(payload["new_a"]) == 1520
    # Each member moves by the team's change, 32 × (1 − 0.360) = +20.48 (seed 002's surprise).
    assert [round(r, 2) for r in payload["members_a"]] == [1420.48, 1620.48]
    assert [round(r, 2) for r in payload["members_b"]] == [1579.52]


# --------------------------------------------------------------------------------------------
# replay: a history file's summary, its strictness, its files


def _write(tmp_path: Path, text: str) -> str:
    path = tmp_path / "games.csv"
    path.write_text(text, encoding="utf-8")
    return str(path)


def test_cli_replay_summary_and_out(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = _write(tmp_path, GOOD_CSV + "2026-10-05T21:00:00Z,=cmd,Nikos,1\n")
    out = tmp_path / "out.csv"
    assert main(["replay", path, "--rules", "1.3.1", "1.0.5", "--out", str(out)]) == 0
    printed = capsys.readouterr().out
    assert "2 rows read, 2 replayed, 0 rejected; 3 players" in printed
    assert "1.0.5" in printed and "half_within" in printed
    written = pd.read_csv(out, dtype=str)
    assert written.rules.tolist() == ["1.3.1", "1.3.1", "1.0.5", "1.0.5"]
    assert "'=cmd" in written.winner.tolist()


@pytest.mark.parametrize("compiled_from", [0, 2**62], ids=["compiled", "numpy"])
def test_cli_replay_summary_is_the_same_with_and_without_the_games_written(
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    compiled_from: int,
) -> None:
    # Without --out no games table is built: the counts of each type, the rows replayed and
    # the span of times are read from the checked rows instead, rejected rows left out.
    from gammon_elo.replay import engine

    monkeypatch.setattr(engine, "COMPILED_FROM", compiled_from)
    rows = [
        "2026-10-07T09:00:00Z,Maria,Eleni,2,boosted,",
        "2026-10-05T20:00:00Z,Eleni,Nikos,1,ranked,",
        "2026-10-09T22:15:00Z,Nikos,,1,podium,25",
        "2026-10-06T08:00:00Z,Eleni,Eleni,1,ranked,",
        "2026-10-04T23:59:00Z,Nikos,Maria,4,tournament,",
        "2026-10-08T10:00:00Z,Maria,Nikos,1,ranked,",
    ]
    path = _write(tmp_path, "time,winner,loser,cube,type,prize\n" + "\n".join(rows) + "\n")
    argv = ["replay", path, "--skip-invalid", "--rules", "1.3.1", "1.0.5"]
    assert main(argv) == 0
    bare = capsys.readouterr().out
    assert main([*argv, "--out", str(tmp_path / "out.csv")]) == 0
    assert capsys.readouterr().out == bare
    assert (
        "6 rows read, 5 replayed, 1 rejected; 3 players, 2026-10-04 23:59 to 2026-10-09 22:15"
        in bare
    )
    assert "2 ranked, 1 boosted, 1 tournament, 1 podium\n" in bare


def test_cli_replay_is_strict(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = _write(tmp_path, GOOD_CSV + "2026-10-05T21:00:00Z,Eleni,Eleni,3\n")
    assert main(["replay", path]) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    # A row's problems are listed in the order of the columns: loser before cube.
    assert "1 of 2 rows is invalid (2 problems); first, row 3: loser" in captured.err
    assert "must be a power of two from 1 to 64" in captured.err

    rejected = tmp_path / "rejected.csv"
    assert main(["replay", path, "--skip-invalid", "--rejected", str(rejected)]) == 0
    assert "Rejected rows (1)" in capsys.readouterr().out
    assert pd.read_csv(rejected).row.tolist() == [3, 3]


def _games(count: int) -> str:
    """``count`` games between two players, a minute apart from 2026-10-05 00:00 UTC."""
    start = pd.Timestamp("2026-10-05T00:00:00Z")
    rows = [f"{(start + pd.Timedelta(minutes=i)).isoformat()},Eleni,Nikos,1" for i in range(count)]
    return "time,winner,loser,cube\n" + "\n".join(rows) + "\n"


@pytest.mark.parametrize(
    ("games", "summary"),
    [
        (1, "1 row read, 1 replayed, 0 rejected; 2 players"),
        (2, "2 rows read, 2 replayed, 0 rejected; 2 players"),
        (1200, "1,200 rows read, 1,200 replayed, 0 rejected; 2 players"),
    ],
)
def test_cli_replay_counts_agree_with_their_nouns(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], games: int, summary: str
) -> None:
    """A one-game history's summary said "1 rows read"; counts carry the thousands mark as
    the league's "1,200 games" does."""
    assert main(["replay", _write(tmp_path, _games(games))]) == 0
    assert summary in capsys.readouterr().out


def test_cli_replay_in_chunks_counts_its_chunks(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = _write(tmp_path, _games(1))
    out = str(tmp_path / "out.csv")
    assert main(["replay", path, "--chunk-rows", "10", "--out", out]) == 0
    assert "1 row read in 1 chunk, 1 replayed, 0 rejected; 2 players" in capsys.readouterr().out


def test_cli_replay_bad_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["replay", str(tmp_path / "missing.csv")]) == 2
    assert "cannot be read" in capsys.readouterr().err
    assert main(["replay", _write(tmp_path, GOOD_CSV), "--rules", "9.9"]) == 2
    assert "rules" in capsys.readouterr().err


# --------------------------------------------------------------------------------------------
# simulate: figures per rule set, custom rule sets


def _cli(*args: str) -> tuple[int, str]:
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        status = main(["simulate", *args])
    return status, out.getvalue()


def test_cli_json_has_games_and_each_rule_sets_iqr_and_spearman() -> None:
    status, out = _cli("--players", "200", "--weeks", "2", "--seed", "1", "--json")
    assert status == 0
    payload = json.loads(out)
    assert payload["games"] > 0
    assert list(payload["rule_sets"]) == list(RULES)
    for figures in payload["rule_sets"].values():
        assert figures["iqr"] > 0
        assert -1 <= figures["spearman"] <= 1
    status, again = _cli("--players", "200", "--weeks", "2", "--seed", "1", "--json")
    assert again == out  # same seed, same figures


def test_cli_custom_rule_sets_and_bad_ones(capsys: pytest.CaptureFixture[str]) -> None:
    status, out = _cli("--players", "100", "--weeks", "1", "--rules", "1.3.1", "1000/24", "--json")
    assert status == 0
    assert list(json.loads(out)["rule_sets"]) == ["1.3.1", "custom (÷1000, K 24)"]
    assert main(["simulate", "--players", "100", "--weeks", "1", "--rules", "fast"]) == 2
    assert "rules" in capsys.readouterr().err


# --------------------------------------------------------------------------------------------
# … and as a user runs it: what each command prints (in this process), and a separate process,
# the way `python -m gammon_elo` starts, for the status and the message of bad input.


def run_process(*argv: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "gammon_elo", *argv],
        capture_output=True,
        text=True,
        encoding="utf-8",
        cwd=ROOT,
        timeout=60,
        check=False,
    )


def test_cli_change_text() -> None:
    # ARTICLE, Step 2: two players at 1500, +16 / −16.
    result = run_cli("change", "--winner", "1500", "--loser", "1500")
    assert result.returncode == 0, result.stderr
    assert "1500 → 1516" in result.stdout
    assert "1500 → 1484" in result.stdout
    assert "+16" in result.stdout and "-16" in result.stdout
    assert result.stderr == ""


def test_cli_change_json() -> None:
    # ARTICLE, Step 3: 60 games this week against 10, equal ratings: +8 / −16.
    result = run_cli(
        "change", "--winner", "1500", "--loser", "1500", "--winner-games", "60",
        "--loser-games", "10", "--json",
    )  # fmt: skip
    assert result.returncode == 0, result.stderr
    payload = json.loads(result.stdout)
    winner = {"rating": 1500, "change": 8, "new_rating": 1508, "k": 16}
    loser = {"rating": 1500, "change": -16, "new_rating": 1484, "k": 32}
    assert payload["winner"].items() >= winner.items()
    assert payload["loser"].items() >= loser.items()


def test_cli_tables() -> None:
    # ARTICLE: every table, text form; spot-check the divisor table's row for ÷400 (+5 / −27).
    result = run_cli("tables")
    assert result.returncode == 0, result.stderr
    for title in ("expected", "changes", "heavy", "divisors", "cube"):
        assert f"== {title} " in result.stdout
    rows = [line.split() for line in result.stdout.splitlines()]
    divisor_rows = {row[0]: row for row in rows if row and row[0] in ("400.0", "800.0", "1200.0")}
    # ARTICLE: 84.9 % / 70.3 % / 64.0 %, +5 / +9 / +12, −27 / −23 / −20.
    assert [round(100 * float(divisor_rows[d][1]), 1) for d in divisor_rows] == [84.9, 70.3, 64.0]
    assert [divisor_rows[d][2:] for d in divisor_rows] == [
        ["5", "-27"],
        ["9", "-23"],
        ["12", "-20"],
    ]


def test_cli_classic() -> None:
    # CLASSIC: 1500 beats 1600 at K 32 → expected 36 %, about 1520.
    result = run_cli("classic", "--a", "1500", "--b", "1600", "--score", "1")
    assert result.returncode == 0, result.stderr
    assert "36.0%" in result.stdout
    assert "1520.5" in result.stdout


@pytest.mark.parametrize(
    ("argv", "needle"),
    [
        (["change", "--winner", "1500", "--loser", "1500", "--cube", "3"], "error: cube "),
        (["change", "--winner", "abc", "--loser", "1500"], "--winner"),
    ],
)
def test_cli_bad_input_in_a_process(argv: list[str], needle: str) -> None:
    """A message of the command's own (exit 2 from main) and one of argparse's (SystemExit)."""
    result = run_process(*argv)
    assert result.returncode == 2
    assert needle in result.stderr
    assert "Traceback" not in result.stderr
    assert result.stdout == ""


# --------------------------------------------------------------------------------------------
# Fuzzed arguments: a message or a result, never a traceback


ARGUMENT = st.one_of(
    st.sampled_from(["1500", "-1", "0", "3", "64", "1e9", "nan", "inf", "abc", "", "1.5", "2**70"]),
    st.integers(min_value=-(10**30), max_value=10**30).map(str),
    st.text(max_size=6),
)


@settings(max_examples=200, deadline=None)
@given(st.lists(ARGUMENT, min_size=6, max_size=6), st.sampled_from(["change", "tables", "classic"]))
def test_the_command_line_never_shows_a_traceback(values: list[str], command: str) -> None:
    argv = {
        "change": [
            "change",
            "--winner",
            values[0],
            "--loser",
            values[1],
            "--cube",
            values[2],
            "--winner-games",
            values[3],
            "--loser-games",
            values[4],
            "--divisor",
            values[5],
        ],
        "tables": ["tables", "--k", values[0], "--cube", values[1], "--difference", values[2]],
        "classic": [
            "classic",
            "--a",
            values[0],
            "--b",
            values[1],
            "--score",
            values[2],
            "--k",
            values[3],
            "--divisor",
            values[4],
        ],
    }[command]
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        try:
            status = main(argv)
        except SystemExit as exit_:  # argparse's own usage errors
            status = exit_.code
    assert status in (0, 2)
    assert "Traceback" not in err.getvalue()
    if status == 2:
        assert "error:" in err.getvalue()


# --------------------------------------------------------------------------------------------
# A reading budget (off by default), and Parquet columns the reader refuses


def _parquet(tmp_path: Path, name: str, columns: dict[str, object]) -> str:
    import pyarrow as pa
    import pyarrow.parquet as pq

    path = tmp_path / name
    pq.write_table(pa.table(columns), path)
    return str(path)


def test_cli_replay_and_calibrate_refuse_a_history_over_the_budget(tmp_path: Path) -> None:
    rows = 3
    csv_path = _write(tmp_path, GOOD_CSV * 1 + "2026-10-05T21:00:00Z,Maria,Nikos,1\n" * rows)
    # Four rows of games; a limit of three refuses it, four reads it.
    refused = run_cli("replay", csv_path, "--max-rows", "3")
    assert refused.returncode == 2 and "Traceback" not in refused.stderr
    assert refused.stderr.strip() == (
        "error: history has at least 4 rows, more than the limit of 3 (--max-rows)"
    )
    assert run_cli("replay", csv_path, "--max-rows", "4").returncode == 0
    long = run_cli("calibrate", csv_path, "--max-cell-length", "10")
    assert long.returncode == 2 and "Traceback" not in long.stderr
    assert long.stderr.strip() == (
        "error: history's row 2, column 'time', has a cell of 20 characters, more than the limit"
        " of 10 (--max-cell-length)"
    )
    chunked = run_cli(
        "replay", csv_path, "--chunk-rows", "2", "--out", str(tmp_path / "o.csv"),
        "--max-cell-bytes", "100",
    )  # fmt: skip
    assert chunked.returncode == 2 and "(--max-cell-bytes)" in chunked.stderr
    assert not (tmp_path / "o.csv").exists()


def test_cli_replay_refuses_a_parquet_list_column_by_name_and_type(tmp_path: Path) -> None:
    path = _parquet(
        tmp_path,
        "games.parquet",
        {"time": ["2026-10-05T20:00:00Z"], "winner": ["Eleni"], "loser": ["Nikos"],
         "tags": [["a", "b"]]},
    )  # fmt: skip
    for command in ("replay", "calibrate"):
        result = run_cli(command, path)
        assert result.returncode == 2, result.stderr
        assert "Traceback" not in result.stderr
        assert result.stderr.startswith("error: column 'tags' must hold one value a cell")
        assert "got 'list<element: string>'" in result.stderr
