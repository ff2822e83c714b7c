"""The app under Streamlit's AppTest: every page runs with no and good URL parameters, and the
numbers shown are the article's (SPEC "Numbers the article publishes"). Hostile parameters are
test_url_fuzz.py's and test_plain_text.py's (every parameter of every page bad at once)."""

from __future__ import annotations

import re

import pandas as pd
import pytest
from apptest_support import cells, numbers, open_page
from streamlit.testing.v1 import AppTest

from gammon_elo import CUBES, rating_change
from gammon_elo.rules import CURRENT, STANDARD_DIVISORS
from ui.catalogs.en import EN

PAGES = [
    "app.py",
    "pages/divisors.py",
    "pages/tables.py",
    "pages/lab/history.py",
    "pages/lab/simulator.py",
    "pages/lab/designer.py",
    "pages/classic.py",
]
MINUS = "\u2212"
#: The divisors of the rule history as the pages label them, oldest first.
HISTORY = [f"÷{d:g}" for d in STANDARD_DIVISORS]


def run(page: str = "app.py", **params: str) -> AppTest:
    at = open_page(page, **params)
    assert not at.exception, [e.message for e in at.exception]
    return at


def metric(at: AppTest, label: str, index: int = 0) -> tuple[str, str]:
    found = [m for m in at.metric if m.label == label]
    assert found, f"no metric {label!r} in {[m.label for m in at.metric]}"
    return found[index].value, found[index].delta


def table_with(at: AppTest, column: str, exactly: list[str] | None = None) -> pd.DataFrame:
    """The one table on the page with this column (and exactly these columns, if given)."""
    headers = [list(numbers(d).columns) for d in at.dataframe]
    found = [
        cells(d)
        for d, names in zip(at.dataframe, headers, strict=True)
        if column in names and (exactly is None or names == exactly)
    ]
    assert len(found) == 1, headers
    return found[0]


def warnings(at: AppTest) -> list[str]:
    return [w.value for w in at.warning]


HEADLINE_BOX = re.compile(
    r'class="gammon-outcome gammon-(win|loss)">.*?class="gammon-change">([^<]*)<'
    r'.*?class="gammon-mirror">[^<]*?([−+]?\d+)</span>'
)


def headline(at: AppTest) -> dict[str, tuple[str, str]]:
    """The result bar's figures: {"win": (yours, your opponent's), "loss": (…)}, as shown."""
    bars = [m.value for m in at.markdown if 'class="gammon-headline"' in m.value]
    assert len(bars) == 1, bars
    return {outcome: (yours, theirs) for outcome, yours, theirs in HEADLINE_BOX.findall(bars[0])}


def shown(change: int) -> str:
    """A change as the app writes it: +12, −9 (a real minus), 0."""
    return f"+{change}" if change > 0 else str(change).replace("-", MINUS)


@pytest.mark.parametrize("page", PAGES)
def test_every_page_runs_with_no_parameters(page: str) -> None:
    at = run(page)
    assert not warnings(at)


@pytest.mark.parametrize(
    ("link", "you", "them"),
    [
        ({}, {"rating": 1500, "games": 0}, {"rating": 1500, "games": 0}),
        (  # The preset link of the issue: by hand (÷1200, your K 16 at 60 games, theirs 32, cube
            # 4 → × 1.333) +12 / −9 for you, −25 / +18 for your opponent (checked below too).
            {"rating": "1650", "opponent": "1820", "games": "60", "cube": "4", "rules": "1.3.1"},
            {"rating": 1650, "games": 60},
            {"rating": 1820, "games": 0},
        ),
        (
            {"rules": "1.0.5", "rating": "1800", "opponent": "1500", "cube": "8"},
            {"rating": 1800, "games": 0},
            {"rating": 1500, "games": 0},
        ),
    ],
)
def test_the_headline_shows_the_cores_points_for_a_win_and_a_loss(
    link: dict[str, str], you: dict[str, int], them: dict[str, int]
) -> None:
    at = run(**link)
    rules = link.get("rules", CURRENT.name)
    cube = int(link.get("cube", "1"))
    win = rating_change(
        you["rating"],
        them["rating"],
        cube=cube,
        winner_recent_games=you["games"],
        loser_recent_games=them["games"],
        rules=rules,
    )
    loss = rating_change(
        them["rating"],
        you["rating"],
        cube=cube,
        winner_recent_games=them["games"],
        loser_recent_games=you["games"],
        rules=rules,
    )
    assert headline(at) == {
        "win": (shown(win.winner), shown(win.loser)),
        "loss": (shown(loss.loser), shown(loss.winner)),
    }
    # The cards below repeat the same changes, with the new ratings.
    assert metric(at, "You", 0)[1] == shown(win.winner)
    assert metric(at, "You", 1)[1] == shown(loss.loser)


def test_the_headline_of_the_preset_link_by_hand() -> None:
    at = run(rating="1650", opponent="1820", games="60", cube="4", rules="1.3.1")
    assert headline(at) == {"win": ("+12", f"{MINUS}25"), "loss": (f"{MINUS}9", "+18")}
    # It comes first: before the inputs and the other results.
    # The headline is the first text of the page's body (the title row's "Embed this" panel
    # holds the only text before it, drawn in a popover that opens on demand).
    body = [m.value for m in at.markdown if not m.value.startswith(EN["embed.text_short"][:30])]
    assert 'class="gammon-headline"' in body[0]


def test_the_headline_of_an_unrated_game_is_zero_with_the_reason() -> None:
    at = run(type="boosted", rating="1650", opponent="1820")
    assert headline(at) == {"win": ("0", "0"), "loss": ("0", "0")}
    assert any("Boosted games never change ELO" in i.value for i in at.info)


def test_the_headline_in_greek_and_in_the_compact_view() -> None:
    at = run(
        rating="1650",
        opponent="1820",
        games="60",
        cube="4",
        rules="1.3.1",
        lang="el",
        view="compact",
    )
    assert headline(at) == {"win": ("+12", f"{MINUS}25"), "loss": (f"{MINUS}9", "+18")}
    assert "Αν κερδίσεις" in at.markdown[0].value


def test_the_compact_view_shows_each_change_and_each_k_once() -> None:
    """The compact view's headline gives each change; the outcome cards, which repeat them and
    the K lines (the same for a win and a loss), are the full page's only."""
    params = {"rating": "1800", "opponent": "1500", "games": "60"}
    full, compact = run(**params), run(**params, view="compact")
    # 60 games this week ≥ 50: your K 16; your opponent's none: K 32 (SPEC).
    k_lines = [c.value for c in compact.caption if "K = " in c.value]
    assert len(k_lines) == 1 and "K = 16" in k_lines[0] and "K = 32" in k_lines[0], k_lines
    labels = [m.label for m in compact.metric]
    assert labels == [EN["home.expected"], EN["home.multiplier"], EN["home.break_even"]]
    assert [h.value for h in compact.header] == []
    assert (
        headline(compact)
        == headline(full)
        == {"win": ("+6", f"{MINUS}12"), "loss": (f"{MINUS}10", "+20")}
    )
    # The full page keeps both cards, each with its K lines.
    assert [h.value for h in full.header][:2] == [EN["home.if_win"], EN["home.if_lose"]]
    assert len(full.metric) == 3 + 4
    assert sum("K = 16" in c.value for c in full.caption) == 2


@pytest.mark.parametrize(
    ("page", "asked", "shown"),
    [
        # The home page has no table: its inputs and result, and a notice saying why.
        ("app.py", "table", "compact"),
        # The Classic calculator draws no chart.
        ("pages/classic.py", "chart", "compact"),
        # The Divisors page draws a table: no notice.
        ("pages/divisors.py", "table", "table"),
        # A view no page has: the full page, and a notice naming the page's.
        ("app.py", "tables", "full"),
    ],
)
def test_a_view_the_page_lacks_is_named_in_a_notice(page: str, asked: str, shown: str) -> None:
    at = run(page, view=asked)
    notices = " ".join(w.value for w in at.warning)
    if asked == shown:
        assert "view=" not in notices, notices
        assert at.dataframe or at.table
        assert not at.number_input
        return
    assert f"`view={asked}`" in notices, notices
    offered = {"app.py": "full, compact, chart", "pages/classic.py": "full, compact"}[page]
    assert offered in notices, notices
    # What is shown: the inputs (the compact view and the full page), the title only in full.
    assert at.number_input
    assert bool(at.title) is (shown == "full")


def test_the_cube_is_seven_visible_choices() -> None:
    at = run(cube="4")
    cube = at.segmented_control(key="home.cube")
    assert cube.options == [str(c) for c in CUBES] == ["1", "2", "4", "8", "16", "32", "64"]
    assert cube.value == 4
    cube.set_value(64).run()
    assert not at.exception
    assert at.query_params["cube"] == "64"
    assert headline(at)["win"][0] == "+32"  # SPEC's cube table: cube 64, K 32 → ±32
    assert not at.select_slider


def test_custom_rule_set_inputs_take_a_row_of_four_under_the_picker() -> None:
    at = run(rules="custom", divisor="1000", k="1", heavy_k="1", heavy_games="50")
    keys = [n.key for n in at.number_input]
    assert keys[-4:] == ["home.divisor", "home.k", "home.heavy_k", "home.heavy_games"]
    assert "Custom rule set" not in [e.label for e in at.expander]
    assert headline(at) == {"win": ("+1", f"{MINUS}1"), "loss": (f"{MINUS}1", "+1")}


def test_home_names_each_bad_parameter_and_falls_back_to_its_default() -> None:
    at = run(rating="abc", cube="3")
    shown = warnings(at)
    assert any("`rating=abc`" in w and "1500" in w for w in shown), shown
    assert any("`cube=3`" in w and "default, 1" in w for w in shown), shown
    # The defaults are in force: two players at 1500, cube 1 → ±16.
    assert metric(at, "You", 0) == ("1516", "+16")
    assert at.segmented_control(key="home.cube").value == 1
    assert headline(at)["win"] == ("+16", f"{MINUS}16")


def test_home_shows_the_article_60_vs_10_example() -> None:
    """SPEC: same ratings, you 60 games this week, opponent 10: you win +8, they lose −16;
    they win +16 and you lose −8."""
    at = run()
    at.number_input(key="home.games").set_value(60)
    at.number_input(key="home.opponent_games").set_value(10)
    at.run()
    assert metric(at, "You", 0) == ("1508", "+8")
    assert metric(at, "Your opponent", 0) == ("1484", f"{MINUS}16")
    assert metric(at, "You", 1) == ("1492", f"{MINUS}8")
    assert metric(at, "Your opponent", 1) == ("1516", "+16")
    assert any("heavy week" in i.value for i in at.info)
    assert at.query_params["games"] == "60"


@pytest.mark.parametrize(
    ("rules", "win", "loss", "expected"),
    [  # SPEC: favourite by 300 under ÷400 / ÷800 / ÷1200.
        ("1.0.5", "+5", f"{MINUS}27", "84.9%"),
        ("1.2.0", "+9", f"{MINUS}23", "70.3%"),
        ("1.3.1", "+12", f"{MINUS}20", "64.0%"),
    ],
)
def test_a_link_reproduces_the_favourite_by_300_table(
    rules: str, win: str, loss: str, expected: str
) -> None:
    at = run(rating="1800", opponent="1500", rules=rules)
    assert metric(at, "You", 0)[1] == win
    assert metric(at, "You", 1)[1] == loss
    assert metric(at, "Your expected win chance")[0] == expected
    assert not warnings(at)


@pytest.mark.parametrize(
    ("cube", "change", "multiplier"),
    [("2", "+19", "1.17"), ("8", "+24", "1.50"), ("64", "+32", "2.00")],  # SPEC's cube table
)
def test_home_cube_changes_match_the_article(cube: str, change: str, multiplier: str) -> None:
    at = run(cube=cube)
    assert metric(at, "You", 0)[1] == change
    assert metric(at, "Cube multiplier")[0] == multiplier


def test_an_old_rule_set_shows_its_own_points_in_the_headline() -> None:
    # SPEC: favourite by 300 under 1.0.5 (÷400), K 32: +5 / −27.
    at = run(rules="1.0.5", rating="1800", opponent="1500")
    assert headline(at) == {"win": ("+5", f"{MINUS}5"), "loss": (f"{MINUS}27", "+27")}


def test_boosted_games_change_nothing_and_say_so() -> None:
    at = run(type="boosted")
    assert metric(at, "You", 0) == ("1500", "0")
    assert any("Boosted games never change ELO" in i.value for i in at.info)


def test_resigning_is_rated_as_a_loss_at_the_cube() -> None:
    at = run(ending="resigned", cube="4")
    assert metric(at, "You", 1)[1] == f"{MINUS}21"  # SPEC: cube 4, K 32 → ±21
    assert any("ordinary loss" in i.value for i in at.info)


def test_break_even_win_rate_for_a_favourite_by_200() -> None:
    """The article: 200 points up, you must win about 60 %. Hand: +13 / −19 → 19 / 32 = 59.4 %."""
    at = run(rating="1700", opponent="1500", rules="1.3.1")
    assert metric(at, "Break-even win rate")[0] == "59.4%"


def test_custom_rules_from_the_url() -> None:
    # Hand: K 1, equal ratings: 1 × 0.5 = 0.5 → Go rounds away from zero → +1 / −1.
    at = run(rules="custom", divisor="1000", k="1", heavy_k="1", heavy_games="50")
    assert metric(at, "You", 0)[1] == "+1"
    assert metric(at, "You", 1)[1] == f"{MINUS}1"


def test_divisors_page_shows_the_favourite_table_and_three_charts() -> None:
    at = run("pages/divisors.py")
    favourite = ["Divisor", "Expected win rate", "Points: Win", "Points: Loss"]
    table = table_with(at, "Points: Win", exactly=favourite).set_index("Divisor")
    # A row and a curve per divisor of the rule history (÷400, ÷800, ÷1200 and any later).
    assert table.index.tolist() == HISTORY
    assert table.loc["÷400"].tolist() == ["84.9%", "+5", f"{MINUS}27"]
    assert table.loc["÷800"].tolist() == ["70.3%", "+9", f"{MINUS}23"]
    assert table.loc["÷1200"].tolist() == ["64.0%", "+12", f"{MINUS}20"]
    # Under each written cell its number: the divisor's own, so a header click sorts by it.
    sent = next(numbers(d) for d in at.dataframe if list(numbers(d).columns) == favourite)
    assert sent["Divisor"].tolist()[:3] == [400, 800, 1200]
    assert sent["Points: Loss"].tolist()[:3] == [-27, -23, -20]
    columns = ["Rating difference", *HISTORY]
    expected, wins, losses = [cells(d) for d in at.dataframe if list(numbers(d).columns) == columns]
    # SPEC Step 1 table, ÷1200 column: 300 → 64.0 %, and K 32 favourite by 300: +12 / −20.
    assert expected.set_index("Rating difference").loc["300", "÷1200"] == "64.0%"
    assert wins.set_index("Rating difference").loc["300", "÷1200"] == "+12"
    assert losses.set_index("Rating difference").loc["300", "÷1200"] == f"{MINUS}20"
    # The curves, then the points for a win and for a loss, apart.
    assert len(at.get("vega_lite_chart")) == 3


def test_divisors_page_adds_custom_and_fibs_curves() -> None:
    at = run("pages/divisors.py", custom_on="1", custom="1600", fibs="1")
    table = table_with(at, "Points: Win")
    assert table["Divisor"].tolist() == [*HISTORY, "÷1600", "FIBS ÷2000"]
    # Hand: FIBS favourite by 300, 1-point match: 1 / (1 + 10^(−300/2000)) = 58.5 %.
    assert table["Expected win rate"].tolist()[-1] == "58.5%"


def test_tables_page_regenerates_the_article_tables() -> None:
    at = run("pages/tables.py", rules="1.3.1")
    expected = table_with(
        at, "Expected win rate", exactly=["Rating difference", "Expected win rate"]
    )
    changes = table_with(at, "Underdog: Win")
    heavy = table_with(at, "Favourite at K 16: Win")
    assert expected["Expected win rate"].tolist() == [
        "50.0%",
        "52.4%",
        "54.8%",
        "57.1%",
        "59.5%",
        "64.0%",
        "68.3%",
        "72.3%",
    ]
    # SPEC Step 2 at 100: the favourite wins +14 / −14, the underdog +18 / −18 (32 × 0.548).
    assert changes.iloc[1].tolist()[1:] == ["+14", f"{MINUS}18", "+18", f"{MINUS}14"]
    # Hand, at 400 under ÷1200: expected 0.683, so 32 × 0.317 = 10 and 32 × 0.683 = 22.
    assert changes.iloc[4].tolist()[3:] == ["+22", f"{MINUS}10"]
    assert heavy.iloc[1].tolist()[1:] == ["+14", f"{MINUS}18", "+7", f"{MINUS}9"]


def test_classic_examples_are_one_click_presets() -> None:
    at = run("pages/classic.py")
    at.button(key="classic.classic.example_expected").click()
    at.run()
    # Seed 002: 1600 beating 1500 gains only about +12 (hand: 32 × (1 − 0.64) = 11.52).
    assert metric(at, "A's new rating") == ("1611.5", "+11.5")
    at.button(key="classic.classic.example_gap").click()
    at.run()
    assert metric(at, "Expected score of A")[0] == "90.9%"  # seed 002: about 91 %


def test_classic_draw_and_teams() -> None:
    at = run("pages/classic.py", a="1600", b="1500", score="0.5")
    # A draw pulls the favourite down: 32 × (0.5 − 0.64) = −4.48.
    assert metric(at, "A's new rating") == ("1595.5", f"{MINUS}4.5")
    at = run("pages/classic.py", teams="1", team_a="1500,1700", team_b="1500")
    # Team A averages 1600 against 1500 and wins: +11.5 as above.
    assert metric(at, "Team A's new average rating")[1] == "+11.5"


def test_simulator_runs_the_three_rule_sets_on_the_same_games() -> None:
    at = run(
        "pages/lab/simulator.py", rules="1.0.5,1.2.0,1.3.1", players="300", weeks="4", seed="7"
    )
    # The summary and the heavy week, each a row per measure.
    summary, heavy = [t.value.set_index("Measure") for t in at.table if "Measure" in t.value]
    # A column per rule set under its version; the caption above names each in full.
    assert summary.columns.tolist() == ["1.0.5", "1.2.0", "1.3.1"]
    assert any(
        "A column per rule set, in order: 1.0.5 (÷400), 1.2.0 (÷800), 1.3.1 (÷1200)." in c.value
        for c in at.caption
    )
    # Theory: the spread scales with the divisor, so it grows 400 → 800 → 1200.
    half = [int(v) for v in summary.loc["Half the players within (points)"]]
    assert half[0] < half[1] < half[2]
    assert heavy.columns.tolist() == ["1.0.5", "1.2.0", "1.3.1"]
    assert heavy.index.tolist() == [
        "Such weeks",
        "Games",
        "Under expectation",
        "Change over the week",
        "K × games × shortfall",
    ]
    assert at.query_params["seed"] == "7"
    assert len(at.get("vega_lite_chart")) == 4


def test_history_opens_on_the_sample_and_compares_rule_sets() -> None:
    at = run("pages/lab/history.py", rules="1.3.1,1.0.5")
    final = table_with(at, "1.0.5")
    # A column per rule set, headed by its version, oldest first whatever order the link
    # named; the caption above names their divisors.
    assert list(final.columns) == ["Player", "Games", "1.0.5", "1.3.1"]
    assert any(
        c.value.endswith("under each rule set: 1.0.5 (÷400), 1.3.1 (÷1200).") for c in at.caption
    )
    spread = table_with(at, "Half the players within (points)")
    # Theory: a larger divisor spreads the same games wider (÷1200 against ÷400).
    top_to_bottom = [int(v) for v in spread["Top to bottom"]]
    assert top_to_bottom[1] > top_to_bottom[0]
    assert any("0 rejected" in c.value for c in at.caption)
    # A chart per rule set.
    assert len(at.get("vega_lite_chart")) == 2
