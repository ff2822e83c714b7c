"""The players' subcommands, plan, explain and performance: the JSON shapes they print, bad input
as exit 2 with the field named, and fuzzed arguments that never show a traceback."""

from __future__ import annotations

import contextlib
import io
import json
import math

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gammon_elo.cli import main


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    status = main(list(argv))
    captured = capsys.readouterr()
    return status, captured.out, captured.err


def test_cli_shapes(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(
        capsys, "performance", "--opponents", "1500", "1500", "1500", "1500",
        "--results", "1", "1", "1", "0", "--divisor", "400", "--json",
    )  # fmt: skip
    assert status == 0
    assert json.loads(out)["performance_rating"] == pytest.approx(1500 + 400 * math.log10(3))
    status, out, _ = run(
        capsys,
        "explain",
        "--rating",
        "1650",
        "--opponent",
        "1820",
        "--change",
        "12",
        "--rules",
        "1.3.1",
        "--json",
    )
    first = json.loads(out)["explanations"][0]
    assert status == 0 and (first["k"], first["cube"], first["outcome"]) == (16, 4, "win")
    status, out, _ = run(
        capsys, "plan", "--rating", "1500", "--target", "1650", "--opponent", "1500",
        "--win-rate", "0.6", "--paths", "200", "--games", "500", "--rules", "1.3.1", "--json",
    )  # fmt: skip
    payload = json.loads(out)
    assert status == 0 and payload["settling_rating"] == pytest.approx(1711.31, abs=0.01)
    assert set(payload["games_needed"]) == {"p10", "median", "p90", "mean"}


@pytest.mark.parametrize(
    ("argv", "field"),
    [
        (["performance", "--opponents", "1500", "1600", "--results", "1"], "results"),
        (["performance", "--opponents", "1500", "--results", "3"], "results[0]"),
        (["performance", "--opponents", "1500", "--results", "1", "--divisor", "-4"], "divisor"),
        (["explain", "--rating", "1500", "--opponent", "1500", "--change", "8", "--cube", "3"],
         "cube"),
        (["explain", "--rating", "1500", "--opponent", "1500", "--change", "8", "--rules", "x"],
         "rules"),
        (["plan", "--rating", "1500", "--target", "1800", "--opponent", "1500",
          "--win-rate", "2"], "win_rate"),
        (["plan", "--rating", "1500", "--target", "1800", "--opponent", "1500",
          "--games-per-week", "0"], "games_per_week"),
        (["plan", "--rating", "1500", "--target", "1500", "--opponent", "1500"], "target"),
    ],
)  # fmt: skip
def test_cli_bad_input_exits_2_naming_the_field(
    capsys: pytest.CaptureFixture[str], argv: list[str], field: str
) -> None:
    status, out, err = run(capsys, *argv)
    assert status == 2 and out == ""
    assert err.startswith(f"error: {field} ") and "Traceback" not in err


ARGUMENT = st.one_of(
    st.sampled_from(["1500", "-1", "0", "0.5", "1", "64", "1e9", "nan", "inf", "abc", "", "mix"]),
    st.integers(min_value=-(10**30), max_value=10**30).map(str),
    st.text(max_size=6),
)


@settings(max_examples=150, deadline=None)
@given(
    st.lists(ARGUMENT, min_size=6, max_size=6),
    st.sampled_from(["plan", "explain", "performance"]),
)
def test_the_new_subcommands_never_show_a_traceback(values: list[str], command: str) -> None:
    argv = {
        "plan": [
            "plan", "--rating", values[0], "--target", values[1], "--opponent", values[2],
            "--win-rate", values[3], "--games-per-week", values[4], "--cube", values[5],
            "--paths", "20", "--games", "50",
        ],
        "explain": [
            "explain", "--rating", values[0], "--opponent", values[1], "--change", values[2],
            "--cube", values[3], "--divisor", values[4],
        ],
        "performance": [
            "performance", "--opponents", values[0], values[1], "--results", values[2],
            values[3], "--divisor", values[4],
        ],
    }[command]  # fmt: skip
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
