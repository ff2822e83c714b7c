"""What a reader types or picks on the home and Classic pages, under AppTest: the numbers, the
worked steps and the link that follow. (The browser tests keep what only a browser shows: the
keyboard, the layout, the drawn charts.)"""

from __future__ import annotations

import pytest
from apptest_support import open_page
from streamlit.testing.v1 import AppTest

from gammon_elo.rules import CURRENT

MINUS = "\u2212"


def run(page: str = "app.py", **params: str) -> AppTest:
    at = open_page(page, **params)
    assert not at.exception, [e.message for e in at.exception]
    return at


def metrics(at: AppTest, label: str) -> list[tuple[str, str]]:
    """(value, delta) of each metric labelled ``label``, in page order."""
    return [(m.value, m.delta) for m in at.metric if m.label == label]


def written(at: AppTest) -> str:
    """Every markdown text and caption on the page, one after the other, as read: without the
    bold marks."""
    texts = [m.value for m in at.markdown] + [c.value for c in at.caption]
    return "\n".join(texts).replace("**", "")


def test_a_heavy_week_typed_in_writes_its_steps_and_its_link() -> None:
    """SPEC: same ratings, you with 60 games this week and the opponent with 10: K 16 for you,
    32 for them. Steps 1–3 are written out with these numbers: E = 0.5 between equals,
    16 × 0.5 = 8 → +8."""
    at = run(rules="1.3.1")
    at.number_input(key="home.games").set_value(60)
    at.run()
    at.number_input(key="home.opponent_games").set_value(10)
    at.run()
    assert not at.exception
    assert at.query_params["games"] in ("60", ["60"])
    assert at.query_params["opponent_games"] in ("10", ["10"])
    text = written(at)
    assert "K = 16" in text and "K = 32" in text
    for step in (
        "E = 1 / (1 + 10^((1500 − 1500) / 1200))",
        "= 0.5000",
        "16 × (1 − 0.5000) × 1.0000",
        "= 8.0000 → +8",
    ):
        assert step in text, step


@pytest.mark.parametrize(
    ("rules", "expected", "win", "loss"),
    [  # SPEC: favourite by 300 under ÷800 and ÷1200, K 32.
        ("1.2.0", "70.3%", ("1809", "+9"), ("1777", f"{MINUS}23")),
        ("1.3.1", "64.0%", ("1812", "+12"), ("1780", f"{MINUS}20")),
    ],
    ids=["1.2.0", "1.3.1"],
)
def test_a_rule_set_picked_changes_the_answer_and_the_link(
    rules: str, expected: str, win: tuple[str, str], loss: tuple[str, str]
) -> None:
    at = run(rating="1800", opponent="1500", rules="1.0.5")
    at.selectbox(key="home.rules").set_value(rules)
    at.run()
    assert not at.exception
    assert metrics(at, "Your expected win chance")[0][0] == expected
    assert metrics(at, "You")[:2] == [win, loss]
    if rules == CURRENT.name:  # the default: the link leaves it out
        assert "rules" not in at.query_params
    else:
        assert at.query_params["rules"] in (rules, [rules])


def test_classic_k_16_halves_a_draw_and_typed_ratings_follow() -> None:
    """A draw moves the favourite (1600 v 1500) down by 32 × (0.5 − 0.6401) = −4.48, by half as
    much at K 16: 16 × −0.1401 = −2.24 → 1597.8. SPEC: the favourite by 300 under D = 400 is
    expected to win 84.9 %."""
    at = run("pages/classic.py", a="1600", b="1500", score="0.5")
    assert metrics(at, "A's new rating") == [("1595.5", f"{MINUS}4.5")]
    k = at.selectbox(key="classic.k")
    k.set_value(next(o for o in k.options if o.startswith("K = 16")))
    at.run()
    assert metrics(at, "A's new rating") == [("1597.8", f"{MINUS}2.2")]
    at.number_input(key="classic.a").set_value(1900)
    at.run()
    at.number_input(key="classic.b").set_value(1600)
    at.run()
    assert not at.exception
    assert metrics(at, "Expected score of A")[0][0] == "84.9%"
