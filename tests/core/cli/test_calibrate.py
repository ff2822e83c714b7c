"""``gammon-elo calibrate``: its JSON equals the scores computed the long way, and bad input
exits with status 2 naming the field."""

from __future__ import annotations

import io
import json

import pytest

from gammon_elo import RULES
from gammon_elo.cli import main
from tests.core.calibrate.calibrate_support import SMALL_FILES, plain_scores


def _cli(*argv: str) -> tuple[int, str, str]:
    import contextlib

    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        status = main(list(argv))
    return status, out.getvalue(), err.getvalue()


def test_cli_calibrate_json(tmp_path: pytest.TempPathFactory) -> None:
    path = tmp_path / "games.csv"  # type: ignore[operator]
    path.write_text(SMALL_FILES[1], encoding="utf-8")
    status, out, _ = _cli(
        "calibrate", str(path), "--rules", "1.2.0", "800/16", "--burn-in", "0", "--json"
    )
    assert status == 0
    payload = json.loads(out)
    assert list(payload["rule_sets"]) == ["1.2.0", "custom (÷800, K 16)"]
    games, log_loss, brier = plain_scores(SMALL_FILES[1], RULES["1.2.0"], 0)
    first = payload["rule_sets"]["1.2.0"]
    assert first["games"] == games
    assert first["log_loss"] == pytest.approx(log_loss, rel=1e-12)
    assert first["brier"] == pytest.approx(brier, rel=1e-12)


@pytest.mark.parametrize(
    ("argv", "field"),
    [
        (["--burn-in", "-1"], "burn_in"),
        (["--rules", "fast"], "rules"),
        (["--fit", "k"], "--fit"),
        (["--burn-in", "x"], "--burn-in"),
    ],
)
def test_cli_calibrate_bad_input_exits_2(argv: list[str], field: str) -> None:
    try:
        status, _, err = _cli("calibrate", "gammon_elo/data/sample_history.csv", *argv)
    except SystemExit as stop:  # argparse's own checks: the same status
        status, err = int(str(stop.code)), ""
        assert status == 2
        return
    assert status == 2
    assert field in err
