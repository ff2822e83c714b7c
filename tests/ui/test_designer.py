"""The Rule designer page under AppTest: it opens on the sample history with each rule set's
scores as the core computes them, runs a tiny sweep on a local Dask cluster (the same table as
the serial sweep, a heat map per metric) and the fit, and refuses bad links with a notice."""

from __future__ import annotations

import pandas as pd
from apptest_support import open_page

from gammon_elo import RULES
from gammon_elo.calibrate import DEFAULT_BURN_IN, fit, score
from gammon_elo.replay import sample_history
from gammon_elo.sweep import Grid, sweep
from ui.catalogs import EN


def _captions(at: object) -> str:
    return "\n".join(c.value for c in at.caption)  # type: ignore[attr-defined]


def test_opens_on_the_sample_history_with_the_cores_scores() -> None:
    at = open_page("pages/designer.py")
    assert not at.exception, [e.message for e in at.exception]
    history = sample_history()
    scores = {name: score(history, rules, burn_in=DEFAULT_BURN_IN) for name, rules in RULES.items()}
    best = min(scores, key=lambda name: scores[name].log_loss)
    shown = _captions(at)
    assert f"{best} predicted best (log-loss {scores[best].log_loss:.4f})" in shown
    table = at.dataframe[0].value
    assert table["Log-loss"].tolist() == [f"{s.log_loss:.4f}" for s in scores.values()]
    assert table["Games"].tolist() == [str(s.games) for s in scores.values()]
    calibration = at.dataframe[1].value
    assert calibration["Games"].astype(int).sum() == scores["1.3.1"].games
    assert EN["designer.sweep_waiting"] in [i.value for i in at.info]


def test_runs_a_sweep_on_a_local_cluster_and_the_fit() -> None:
    link = {"divisors": "800,1200", "ks": "16,32", "seeds": "1", "players": "20", "weeks": "1"}
    at = open_page("pages/designer.py", timeout=180, **link)
    next(b for b in at.button if b.label == EN["designer.run_sweep"]).click()
    at.run(timeout=180)
    assert not at.exception, [e.message for e in at.exception]
    expected = sweep(Grid(divisors=(800, 1200), ks=(16, 32), players=20, weeks=1), serial=True)
    pd.testing.assert_frame_equal(at.session_state["designer.sweep"], expected, check_exact=True)
    assert len(at.get("vega_lite_chart")) == 4 + 1  # four heat maps, the calibration chart
    assert "4 runs: 4 rule sets, each under 1 seed(s)" in _captions(at)
    labels = [b.proto.label for b in at.get("download_button")]
    assert EN["designer.download_csv"] in labels and EN["designer.download_parquet"] in labels
    next(b for b in at.button if b.label == EN["designer.run_fit"]).click()
    at.run(timeout=180)
    assert not at.exception, [e.message for e in at.exception]
    result = fit(sample_history(), base="1.3.1", serial=True)
    assert f"÷{result.divisor:g} with K 32 predicts these games best" in _captions(at)
    assert f"(log-loss {result.log_loss:.4f}" in _captions(at)


def test_a_bad_link_falls_back_with_a_notice() -> None:
    at = open_page("pages/designer.py", burn_in="-3", divisors="7", fit="k")
    assert not at.exception
    notices = " ".join(w.value for w in at.warning)
    for name in ("burn_in", "divisors", "fit"):
        assert f"`{name}=" in notices
    assert f"first {DEFAULT_BURN_IN}" not in notices
