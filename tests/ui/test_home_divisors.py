"""The home page's "Under each divisor": the reader's game under ÷400, ÷800 and ÷1200 (and a
custom rule set's divisor), its curves with the players' gap marked, and both players' points for
a win and for a loss. Expected values come from the article (SPEC.md, "Numbers the article
publishes") or from hand calculations written out in the tests."""

from __future__ import annotations

import json
import re

import pandas as pd
import pytest
from apptest_support import cells, open_page
from streamlit import dataframe_util
from streamlit.testing.v1 import AppTest

from gammon_elo.rules import STANDARD_DIVISORS

MINUS = "\u2212"
#: The divisors of the rule history as the section labels them, oldest first (÷400, ÷800,
#: ÷1200 and any later one): a row and a curve each.
HISTORY = [f"÷{d:g}" for d in STANDARD_DIVISORS]
#: The article's three divisors, whose rows the tests check.
ARTICLE = ("÷400", "÷800", "÷1200")
#: A change as the table writes it: "+5", "−27" (a real minus), "0".
SIGNED = re.compile(r"[+−]?\d+")


def run(**params: str) -> AppTest:
    at = open_page("app.py", **params)
    assert not at.exception, [e.message for e in at.exception]
    return at


def points(text: str) -> int:
    """ "+5" → 5, "−27" → −27."""
    assert SIGNED.fullmatch(text) and (text == "0" or text[0] in "+−"), text
    return int(text.replace(MINUS, "-"))


def divisor_table(at: AppTest) -> pd.DataFrame:
    """The section's table as shown: divisor, expected, your points for a win and for a loss,
    your opponent's."""
    pairs = (["You", "Opponent"], ["Εσύ", "Αντίπαλος"])
    found = [
        cells(d)
        for d in at.dataframe
        if [c.split(": ")[0] for c in cells(d).columns][2::2] in pairs
    ]
    assert len(found) == 1, [list(cells(d).columns) for d in at.dataframe]
    return found[0]


def rows(at: AppTest) -> dict[str, tuple[str, tuple[int, int], tuple[int, int]]]:
    """divisor → (expected as shown, your (win, loss), your opponent's (win, loss)), for the
    article's divisors; the table has a row for each divisor of the history, and no other
    row but a custom rule set's (checked by the tests that add one)."""
    table = divisor_table(at)
    found = {
        r.iloc[0]: (
            r.iloc[1],
            (points(r.iloc[2]), points(r.iloc[3])),
            (points(r.iloc[4]), points(r.iloc[5])),
        )
        for _, r in table.iterrows()
    }
    assert list(found)[: len(HISTORY)] == HISTORY, list(found)
    return {d: row for d, row in found.items() if d in ARTICLE or d not in HISTORY}


def chart_data(at: AppTest) -> list[tuple[dict, pd.DataFrame]]:
    """Each layer of the section's one chart with its data."""
    (chart,) = at.get("vega_lite_chart")
    spec = json.loads(chart.proto.spec)
    data = {
        d.name: dataframe_util.convert_arrow_bytes_to_pandas_df(d.data.data)
        for d in chart.proto.datasets
    }
    return [(layer, data[layer["data"]["name"]]) for layer in spec["layer"]]


def test_favourite_by_300_under_each_divisor_is_the_article_s() -> None:
    """SPEC.md: favourite by 300 under D = 400 / 800 / 1200: expected 84.9 / 70.3 / 64.0 %,
    win +5 / +9 / +12, loss −27 / −23 / −20 (K 32, cube 1). Both K are 32, so the opponent's
    points are the mirror: a win of theirs is your loss turned round."""
    at = run(rating="1800", opponent="1500", rules="1.3.1")
    assert rows(at) == {
        "÷400": ("84.9%", (5, -27), (27, -5)),
        "÷800": ("70.3%", (9, -23), (23, -9)),
        "÷1200": ("64.0%", (12, -20), (20, -12)),
    }
    sentence = [m.value for m in at.markdown if m.value.startswith("This win is worth")]
    assert sentence == [
        "This win is worth +5 under ÷400, +9 under ÷800 and +12 under ÷1200, and this loss "
        "costs −27 under ÷400, −23 under ÷800 and −20 under ÷1200."
    ]


def test_a_heavy_week_against_a_light_one_is_the_article_s_under_every_divisor() -> None:
    """SPEC.md: same ratings, you with 60 games this week (K 16) and the opponent with 10 (K 32):
    you win +8 and they lose −16; they win +16 and you lose −8. At equal ratings every divisor
    expects 50 %, so every row says the same."""
    at = run(rating="1500", opponent="1500", games="60", opponent_games="10")
    expected = ("50.0%", (8, -8), (16, -16))
    assert rows(at) == {"÷400": expected, "÷800": expected, "÷1200": expected}
    assert any("you at K 16, your opponent at K 32" in c.value for c in at.caption)


def test_cube_4_matches_a_hand_calculation() -> None:
    """Rating 1800 against 1500, cube 4, K 32 both. Multiplier 1 + log2(4) / 6 = 4/3.

    ÷400:  E = 1 / (1 + 10^(−300/400))  = 1 / (1 + 0.177828) = 0.849020
           win  32 × (1 − 0.849020) × 4/3 =   6.4418 → +6
           loss 32 × (0 − 0.849020) × 4/3 = −36.2249 → −36
    ÷800:  E = 1 / (1 + 10^(−300/800))  = 1 / (1 + 0.421697) = 0.703385
           win  32 × 0.296615 × 4/3 =  12.6556 → +13
           loss 32 × −0.703385 × 4/3 = −30.0111 → −30
    ÷1200: E = 1 / (1 + 10^(−300/1200)) = 1 / (1 + 0.562341) = 0.640065
           win  32 × 0.359935 × 4/3 =  15.3572 → +15
           loss 32 × −0.640065 × 4/3 = −27.3094 → −27
    Rounded as Go's int(math.Round(x)), halves away from zero (none of these is a half). The
    opponent's E is 1 − yours and their K is 32 too: their win is your loss turned round.
    """
    at = run(rating="1800", opponent="1500", cube="4")
    assert rows(at) == {
        "÷400": ("84.9%", (6, -36), (36, -6)),
        "÷800": ("70.3%", (13, -30), (30, -13)),
        "÷1200": ("64.0%", (15, -27), (27, -15)),
    }


def test_a_custom_divisor_adds_a_row_and_a_curve_and_keeps_go_s_rounding() -> None:
    """Custom rules ÷1000, K 5, equal ratings: every divisor expects 0.5, so each change is
    5 × (1 − 0.5) = 2.5 → +3 and 5 × (0 − 0.5) = −2.5 → −3 by Go's rounding (halves away from
    zero; Python's round() would give 2 and −2)."""
    at = run(rating="1500", opponent="1500", rules="custom", divisor="1000", k="5")
    expected = ("50.0%", (3, -3), (3, -3))
    assert rows(at) == {"÷400": expected, "÷800": expected, "÷1200": expected, "÷1000": expected}
    lines = chart_data(at)[0][1]
    assert list(dict.fromkeys(lines["series"])) == [*HISTORY, "÷1000"]


def test_the_chart_draws_a_curve_per_divisor_and_marks_the_gap() -> None:
    """A curve per divisor of the history; the gap, 1650 − 1820 = −170, is marked by a rule and
    a dot on each curve, the dots at each divisor's expected score there, E = 1 / (1 + 10^(170 /
    D)):
    ÷400 1 / (1 + 2.660725) = 0.273170, ÷800 1 / (1 + 1.631172) = 0.380059,
    ÷1200 1 / (1 + 1.385692) = 0.419166."""
    at = run(rating="1650", opponent="1820")
    layers = chart_data(at)
    lines = layers[0][1]
    assert list(dict.fromkeys(lines["series"])) == HISTORY
    marks = [(layer, data) for layer, data in layers if "strokeDash" in layer["mark"]]
    assert [data["difference"].tolist() for _, data in marks] == [[-170]]
    dots = layers[-1][1]
    assert dots["difference"].tolist() == [-170] * len(HISTORY)
    assert dots["expected"].tolist()[:3] == pytest.approx([0.273170, 0.380059, 0.419166], abs=1e-6)
    # Pointing at the rule lists every divisor's value there.
    tooltip = marks[0][0]["encoding"]["tooltip"]
    assert [item["title"] for item in tooltip[1:]] == HISTORY
    assert marks[0][1][["s0", "s1", "s2"]].iloc[0].tolist() == pytest.approx(
        [0.273170, 0.380059, 0.419166], abs=1e-6
    )


def test_an_unranked_game_still_shows_a_ranked_game_s_table_and_says_so() -> None:
    """A boosted game changes nothing (the answer says 0), the section shows what a ranked one
    with the same numbers would bring: the article's favourite-by-300 row under ÷1200."""
    at = run(rating="1800", opponent="1500", type="boosted")
    assert rows(at)["÷1200"] == ("64.0%", (12, -20), (20, -12))
    assert any("This game is not ranked" in c.value for c in at.caption)


def test_greek_writes_decimal_commas_in_the_table() -> None:
    at = run(rating="1800", opponent="1500", lang="el")
    assert rows(at)["÷800"] == ("70,3%", (9, -23), (23, -9))
    assert any(m.value.startswith("Αυτή η νίκη αξίζει +5 με ÷400") for m in at.markdown)


def test_the_answer_is_drawn_before_the_inputs() -> None:
    """The answer's container comes first on the page, the inputs under it."""
    at = run(rating="1800", opponent="1500")
    order = []

    def walk(node: object) -> None:
        kind = type(node).__name__
        value = getattr(node, "value", None)
        if kind == "Markdown" and isinstance(value, str) and "gammon-headline" in value:
            order.append("answer")
        if kind == "NumberInput":
            order.append("input")
        for child in getattr(node, "children", {}).values():
            walk(child)

    walk(at._tree)
    assert order[0] == "answer" and "input" in order


def test_the_chart_view_shows_the_curves_alone() -> None:
    at = run(rating="1800", opponent="1500", view="chart")
    assert len(at.get("vega_lite_chart")) == 1
    assert len(at.number_input) == 0
    dots = chart_data(at)[-1][1]
    assert dots["difference"].tolist() == [300] * len(HISTORY)
