"""The Planner and "Explain my result" pages under AppTest: the answer first and equal to the
core's, the figures a reader can check by hand (where you settle, the win rate that holds, the
performance rating), bad links and bad results named, both languages, the compact view."""

from __future__ import annotations

import json
import math
import re

import pytest
from apptest_support import cells, numbers, open_page
from streamlit.testing.v1 import AppTest
from test_i18n import _english_fragments, _texts

from gammon_elo import Rules, plan

PAGES = ["pages/planner.py", "pages/explain.py"]
MINUS = "\u2212"


def run(page: str, **params: str) -> AppTest:
    at = open_page(page, **params)
    assert not at.exception, [e.message for e in at.exception]
    return at


def answer(at: AppTest) -> str:
    """The large figure of the answer box."""
    boxes = [m.value for m in at.markdown if 'class="gammon-answer"' in m.value]
    assert len(boxes) == 1, boxes
    return boxes[0].split('class="gammon-answer-figure')[1].split(">", 1)[1].split("<", 1)[0]


def metrics(at: AppTest) -> dict[str, str]:
    return {m.label: m.value for m in at.metric}


def test_planner_answer_settling_point_and_hold_table() -> None:
    at = run("pages/planner.py", win_rate="58", rules="1.3.1")
    # 1500 → 1600 against 1500s, winning 58 %, 20 games a week, cube 1.
    expected = plan(1500, 1600, opponent=1500, win_rate=0.58, games_per_week=20, rules="1.3.1")
    # Every path gets there, so the answer is the mean number of games.
    assert expected.reached_share == 1 and expected.mean_games is not None
    assert answer(at) == f"{expected.mean_games:.0f}"
    # By hand: 1500 + 1200 · log10(0.58 / 0.42) = 1668.2.
    assert 1500 + 1200 * math.log10(0.58 / 0.42) == pytest.approx(1668.2, abs=0.05)
    assert metrics(at)["Where you settle"] == "1668"
    assert "1600 is on the way there" in at.info[0].value
    # Against 1700 (÷1200, K 32): a win +19, a loss −13, so you hold at 13 / 32 = 40.6 %.
    table = next(cells(d) for d in at.dataframe if "Win rate to hold" in d.value.columns)
    row = table[table["Opponent"] == "1700"].iloc[0]
    assert (row["Expected score"], row["Win rate to hold"]) == ("40.5%", "40.6%")
    # Equal ratings: +16 or −16, so 50 % holds; the sentence says it with the usual K.
    assert any("K of 32 (19 ranked games" in c.value for c in at.caption)
    assert any("Against 1500 you hold with 50.0%." in c.value for c in at.caption)
    assert at.title[0].value == "How many games to reach my target?"


@pytest.mark.parametrize(
    ("lang", "reach", "caption"),
    [
        ("en", "Reach it within 2,000 games", "average of 1,000 simulated paths from 1500: "),
        ("el", "Στόχος σε 2.000 παιχνίδια", "1.000 προσομοιωμένων πορειών από το 1500: "),
    ],
)  # fmt: skip
def test_planner_counts_carry_the_thousands_mark(lang: str, reach: str, caption: str) -> None:
    """The page simulates 1,000 paths of 2,000 games: its chart's lines and its share's label
    wrote them "1000" and "2000"."""
    at = run("pages/planner.py", lang=lang, win_rate="58")
    assert reach in metrics(at)
    each = {"en": "paths of 2,000 games each", "el": "πορείες των 2.000 παιχνιδιών"}[lang]
    assert each in at.caption[0].value
    after = {"en": "after 2,000 games, when", "el": "μετά από 2.000 παιχνίδια, όταν"}[lang]
    assert any(caption in c.value and after in c.value for c in at.caption)


@pytest.mark.parametrize(
    ("lang", "mark", "band"),
    [("en", ",", "take {} to {} games"), ("el", ".", "θέλουν από {} ως {} παιχνίδια")],
)
def test_a_plan_of_over_a_thousand_games_writes_them_with_the_mark(
    lang: str, mark: str, band: str
) -> None:
    """K 2 (÷1000): a win +round(2 · (1 − E)) = +1 and a loss −round(2 · E) = −1 while E stays
    under 0.75 (up to 1700 against 1500s, E = 0.613), so at 58 % a path climbs 0.58 − 0.42 =
    0.16 a game: 200 points take about 200 / 0.16 = 1,250 games."""
    at = run("pages/planner.py", lang=lang, target="1700", rules="custom", k="2", win_rate="58")
    rules = Rules.custom(1000, 2, heavy_k=16, heavy_games=50)
    expected = plan(1500, 1700, opponent=1500, win_rate=0.58, games_per_week=20, rules=rules)
    assert expected.games_median == pytest.approx(1250, rel=0.05)
    assert expected.games_p10 is not None and expected.games_p90 is not None

    def written(games: float) -> str:
        return f"{games:,.0f}".replace(",", mark)

    assert answer(at) == written(expected.games_median)
    box = next(m.value for m in at.markdown if 'class="gammon-answer"' in m.value)
    assert band.format(written(expected.games_p10), written(expected.games_p90)) in box


def test_planner_target_beyond_where_you_settle_says_so() -> None:
    at = run("pages/planner.py", target="2000", win_rate="60", rules="1.3.1")
    # 1500 + 1200 · log10(1.5) = 1711: 2000 is beyond it.
    assert metrics(at)["Where you settle"] == "1711"
    assert "beyond where you settle" in at.info[0].value
    assert answer(at) == "Not reached on average"


def test_planner_a_target_most_paths_touch_beyond_where_you_settle_is_not_reached() -> None:
    # 1800 at 60 % against 1500s (settling at 1711): most paths touch it, none stays.
    at = run("pages/planner.py", target="1800", win_rate="60", per_week="60", rules="1.3.1")
    # The 7 days before game 1 hold a usual week, 59 games, when the reader leaves it empty.
    expected = plan(
        1500,
        1800,
        opponent=1500,
        win_rate=0.6,
        games_per_week=60,
        games_this_week=59,
        rules="1.3.1",
    )
    assert 0.5 < expected.reached_share < 1 and expected.beyond_settling
    assert answer(at) == "Not reached on average"
    box = answer_box(at)
    assert f"{expected.reached_share:.1%} of the paths touch 1800 at some point" in box
    # Settling at 1800: 1 / (1 + 10^((1500 − 1800) / 1200)) = 1 / 1.5623 = 64.0 %.
    assert "A win rate above 64.0% reaches 1800." in box
    # The figure under it says the same in the same words: touched by luck, not reached.
    share = f"{expected.reached_share:.1%}"
    assert metrics(at)["Touch it by luck within 2,000 games"] == share
    assert "Reach it within 2,000 games" not in metrics(at)


def test_the_chart_caption_names_only_what_is_drawn() -> None:
    """20 ranked games a week never make a heavy week (50 in 7 days): no strip is drawn and the
    caption names none; at 60 a week K is the heavy-week K from game 1, the strip is drawn and
    named."""
    for per_week, heavy in (("20", False), ("60", True)):
        at = run("pages/planner.py", per_week=per_week, win_rate="58")
        spec = json.loads(at.get("vega_lite_chart")[0].proto.spec)
        drawn = {layer["mark"]["type"] for layer in spec["layer"]}
        assert ("rect" in drawn) is heavy, drawn
        caption = next(c.value for c in at.caption if "The dashed line is your target" in c.value)
        assert ("strip" in caption) is heavy, caption


def answer_box(at: AppTest) -> str:
    """The whole answer box: label, figure, line and note, as the reader sees them."""
    box = next(m.value for m in at.markdown if 'class="gammon-answer"' in m.value)
    return re.sub(r"<[^>]+>", " ", box.split("</style>", 1)[1])


def test_planner_k_at_game_1_with_60_games_a_week_is_16() -> None:
    """1.3.1: K is 16 for a player with 50 or more ranked games in the 7 days before the game.
    A player of 60 ranked games a week who leaves "ranked games in the last 7 days" empty has a
    usual week behind them: one game every 7/60 of a day, so the 7 days before the next game
    hold the 59 games less than 7 days old (the 60th back is exactly 7 days old and no longer
    counts, as the server counts): K 16 from game 1. The line on K and the hold table's caption
    say that one count. Typed 0, the window starts empty: K 32 at game 1; typed 49 or 50, one
    short of the threshold or on it: 32 or 16."""
    at = run("pages/planner.py", per_week="60")
    box = at.number_input(key="planner.this_week")
    assert box.value is None and box.proto.placeholder == "≈ 59"
    assert box.label == "Ranked games in the last 7 days"
    said = " ".join(c.value for c in at.caption)
    assert "Your K at game 1 is 16: the 7 days before it hold 59 ranked games" in said
    assert "your K of 16 (59 ranked games in the 7 days before your next game)" in said
    for typed, k in (("0", 32), ("49", 32), ("50", 16)):
        at = run("pages/planner.py", per_week="60", this_week=typed)
        said = " ".join(c.value for c in at.caption)
        assert f"Your K at game 1 is {k}: the 7 days before it hold {typed} ranked games" in said
    at.number_input(key="planner.this_week").set_value(None).run()
    assert "Your K at game 1 is 16" in " ".join(c.value for c in at.caption)
    assert "this_week" not in at.query_params
    # A bad link names the parameter, its text and what an empty box stands for.
    bad = run("pages/planner.py", per_week="60", this_week="-5")
    notices = " ".join(w.value for w in bad.warning)
    assert "`this_week=-5` is not valid" in notices
    assert "using the default, a usual week at your weekly rate" in notices
    assert "Your K at game 1 is 16" in " ".join(c.value for c in bad.caption)


def test_planner_answer_names_the_rate_and_the_rate_that_reaches_the_target() -> None:
    """1830 at 60 % against 1500s: you settle at 1500 + 1200 · log10(0.6 / 0.4) = 1711.3, so
    1830 is beyond it, said on the answer card itself with the rate assumed and the rate that
    settles at 1830: 1 / (1 + 10^(−330 / 1200)) = 1 / 1.5309 = 65.3 %."""
    assert round(1500 + 1200 * math.log10(0.6 / 0.4)) == 1711
    at = run("pages/planner.py", target="1830", win_rate="60", per_week="60", rules="1.3.1")
    box = answer_box(at)
    assert "1830 at a win rate of 60.0%" in box
    assert "At that rate you settle around 1711. A win rate above 65.3% reaches 1830." in box
    el = answer_box(
        run(
            "pages/planner.py",
            target="1830",
            win_rate="60",
            per_week="60",
            rules="1.3.1",
            lang="el",
        )
    )
    assert "Το 1830 με ποσοστό νικών 60,0%" in el
    assert "σταθεροποιείσαι γύρω στο 1711. Ποσοστό νικών πάνω από 65,3% φτάνει το 1830." in el


@pytest.mark.parametrize(
    ("results", "rules", "shown", "label"),
    [
        # 3 of 4 against 1500s under ÷400: 1500 + 400 · log10(3) = 1690.8.
        ("1500 1; 1500 w; 1500 1; 1500 0", "1.0.5", "1691", "Performance rating"),
        # … under ÷1200: 1500 + 1200 · log10(3) = 2072.5.
        ("1500 1\n1500 1\n1500 1\n1500 L", "1.3.1", "2073", "Performance rating"),
        # All won: no finite answer; the convention, best opponent + 1200.
        ("1500 1; 1700 1", "1.3.1", "2900", "Performance rating (convention)"),
    ],
)
def test_performance_rating_section(results: str, rules: str, shown: str, label: str) -> None:
    at = run("pages/planner.py", results=results, rules=rules)
    assert metrics(at)[label] == shown


def test_bad_results_and_bad_inputs_are_named_not_a_traceback() -> None:
    at = run("pages/planner.py", results="1500 1; 1600 maybe")
    assert any("game 2" in e.value and "maybe" in e.value for e in at.error)
    at = run("pages/planner.py", target="1500")
    assert any("target must differ from rating" in e.value for e in at.error)


@pytest.mark.parametrize("page", PAGES)
def test_hostile_links_fall_back_with_a_notice(page: str) -> None:
    at = run(page, rating="abc", win_rate="150", cube="3", when="later", change="1e9")
    notices = " ".join(w.value for w in at.warning)
    assert "is not valid" in notices and "`cube=3`" in notices


@pytest.mark.parametrize(
    ("page", "params"),
    [
        ("pages/planner.py", {"target": "2000", "per_week": "60", "results": "1500 1"}),
        ("pages/planner.py", {"expected": "1", "cube": "mix"}),
        ("pages/explain.py", {}),
        ("pages/explain.py", {"change": "40"}),
        ("pages/explain.py", {"change": "50", "rating": "1500", "opponent": "1500"}),
    ],
)
def test_a_greek_page_shows_no_english(page: str, params: dict[str, str]) -> None:
    at = run(page, lang="el", **params)
    shown = "\n".join(_texts(at._tree))
    assert sorted({f for f in _english_fragments() if f in shown}) == []


def test_explain_lists_the_one_combination_and_its_reasons() -> None:
    """1650 against 1820, +12 (÷1200): a win at K 16 and cube 4, 16 × 0.5808 × 1.3333 = 12.39;
    under ÷400 the same win is 32 × 0.7269 × 1.3333 = 31.0 → +31."""
    at = run("pages/explain.py")
    assert answer(at) == "Win · K 16 · cube 4"
    text = " ".join(m.value for m in at.markdown)
    assert "50 or more ranked games in the 7 days before this game, so your K was 16" in text
    assert "Under 1.0.5 (÷400, no heavy-week K) the same game was worth +31" in text


def test_explain_a_change_no_combination_gives() -> None:
    """Equal ratings, +50: the most a ranked game gives is 32 × ½ × 2 = 32; +50 is the first
    place's podium prize."""
    at = run("pages/explain.py", rating="1500", opponent="1500", change="50", rules="1.3.1")
    assert answer(at) == "No exact match under these rules"
    assert any(
        "Against 1500, no K, cube and outcome under 1.3.1 gives exactly +50" in w.value
        for w in at.warning
    )
    assert any("place 1 of a public tournament" in i.value for i in at.info)
    # A change of 0 has ranked explanations (a 3000-point favourite's win) and an unrated one.
    zero = run("pages/explain.py", rating="4500", opponent="1500", change="0")
    assert answer(zero).startswith("Win · K")
    assert any("A boosted or tournament game changes nothing" in i.value for i in zero.info)
    assert any(h.value == "The nearest explanations" for h in at.header)


def test_explain_no_exact_match_names_the_opponent_at_which_it_would_be() -> None:
    """1650 against 1820 and a typed +3 (÷1200): no game against 1820 gives it (the nearest
    are +9, +11, +12). By hand, a win at K 16 and cube 1 gives +3 when round(16 × (1 − E)) = 3,
    Go's rounding: 2.5 ≤ 16 (1 − E) < 3.5, so 0.15625 ≤ 1 − E < 0.21875. With
    x = 10^((opponent − 1650) / 1200), 1 − E = x / (1 + x): x ≥ 0.15625 / 0.84375 = 5/27 and
    x < 0.21875 / 0.78125 = 0.28, so opponent − 1650 ≥ 1200 · log10(5/27) = −878.87 and
    < 1200 · log10(0.28) = −663.41: whole ratings 1650 − 878 = 772 to 1650 − 664 = 986, an
    opponent 664 to 878 points below. At K 32 and cube 1: 2.5/32 ≤ 1 − E < 3.5/32, opponent −
    1650 from 1200 · log10(2.5/29.5) = −1286.26 to below 1200 · log10(3.5/28.5) = −1092.93:
    364 to 557."""
    at = run("pages/explain.py", rating="1650", opponent="1820", change="3", rules="1.3.1")
    assert answer(at) == "No exact match under these rules"
    box = answer_box(at)
    assert "Your +3 against 1820" in box and "No ranked game" not in box
    assert (
        "+3 would be exact as Win · K 16 · cube 1 against an opponent rated 772–986"
        " (664–878 points below you)." in box
    )
    table = next(cells(d) for d in at.dataframe if "Opponent rated: From" in numbers(d).columns)
    ends = ["Opponent rated: From", "Opponent rated: To", "Against you: From", "Against you: To"]
    rows = {row["Game"]: row[ends].tolist() for _, row in table.iterrows()}
    assert rows["Win · K 16 · cube 1"] == ["772", "986", f"{MINUS}878", f"{MINUS}664"]
    assert rows["Win · K 32 · cube 1"] == ["364", "557", f"{MINUS}1286", f"{MINUS}1093"]
    assert table["Game"].iloc[0] == "Win · K 16 · cube 1"  # the nearest to 1820 first
    assert not any(g.startswith("Loss") for g in table["Game"])  # a loss never gains
    assert any(h.value == "Where your +3 would be exact" for h in at.header)
    # The nearest explanations stay, with what else could give it.
    assert any(h.value == "The nearest explanations" for h in at.header)
    greek = answer_box(run("pages/explain.py", change="3", rules="1.3.1", lang="el"))
    assert "Καμία ακριβής αντιστοιχία με αυτούς τους κανόνες" in greek
    assert "772–986 (664–878 πόντους κάτω από σένα)" in greek


def test_explain_after_the_game_and_a_known_cube() -> None:
    # 1662 after +12: the same game as above, from the other end.
    at = run("pages/explain.py", rating="1662", when="after", cube="4")
    assert answer(at) == "Win · K 16 · cube 4"


@pytest.mark.parametrize("page", PAGES)
def test_compact_view_is_the_answer_and_the_inputs(page: str) -> None:
    at = run(page, view="compact")
    assert not at.title
    answer(at)
    assert at.number_input
