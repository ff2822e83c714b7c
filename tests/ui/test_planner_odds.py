"""The Planner starts from the player's own odds: no win rate given, it takes the expected score
against the opponent and says so in its headline; and one match-up shows one break-even win
rate, on the home page and on the Planner, with the K and the cube the home page carries."""

from __future__ import annotations

from apptest_support import open_page
from streamlit.testing.v1 import AppTest
from test_carried_inputs import go

#: By hand, ÷1200: 1 / (1 + 10^(170 / 1200)) = 1 / (1 + 1.3857) = 0.41917.
EXPECTED_1650_V_1820 = "41.9%"
#: By hand, 1.3.1 with 60 ranked games in the 7 days (K 16) and cube 4 (multiplier
#: 1 + 2/6 = 4/3): a win 16 · (1 − 0.41917) · 4/3 = 12.39 → +12, a loss 16 · 0.41917 · 4/3 =
#: 8.94 → −9; the rate that holds is 9 / (12 + 9) = 42.857 %.
BREAK_EVEN_K16_CUBE4 = "42.9%"


def ran(at: AppTest) -> AppTest:
    assert not at.exception, [e.message for e in at.exception]
    return at


def metrics(at: AppTest) -> dict[str, str]:
    return {m.label: m.value for m in at.metric}


def answer_box(at: AppTest) -> str:
    box = next(m.value for m in at.markdown if 'class="gammon-answer"' in m.value)
    body = box.split("</style>", 1)[1]
    return " ".join(part.split(">", 1)[-1] for part in body.split("<") if ">" in part).strip()


def test_no_win_rate_plans_at_the_expected_score_and_names_it() -> None:
    at = ran(
        open_page("pages/planner.py", rating="1650", opponent="1820", target="1800", rules="1.3.1")
    )
    box = answer_box(at)
    assert f"1800 at a win rate of {EXPECTED_1650_V_1820} (your expected score against 1820)" in box
    assert "Not reached on average" in box
    # Winning exactly as expected keeps you where you are: 1820 + 1200 · log10(E / (1 − E)) is
    # 1650; 1800 needs the expected score at 1800, 1 / (1 + 10^(20 / 1200)) = 49.0 %.
    assert "At that rate you settle around 1650. A win rate above 49.0% reaches 1800." in box
    assert metrics(at)["Where you settle"] == "1650"
    assert metrics(at)["Win rate"] == EXPECTED_1650_V_1820
    # The toggle is on, the typed rate is not in use, and the link stays as it was.
    assert at.toggle(key="planner.expected").value is True
    assert "win_rate" not in at.query_params and "expected" not in at.query_params


def test_the_headline_in_greek_names_the_rate_with_a_decimal_comma() -> None:
    at = ran(
        open_page(
            "pages/planner.py",
            rating="1650",
            opponent="1820",
            target="1800",
            rules="1.3.1",
            lang="el",
        )
    )
    box = answer_box(at)
    assert "Το 1800 με ποσοστό νικών 41,9% (το αναμενόμενο σκορ σου απέναντι στο 1820)" in box
    assert "Δεν το φτάνεις κατά μέσο όρο" in box
    assert "Ποσοστό νικών πάνω από 49,0% φτάνει το 1800." in box


def test_a_link_that_names_a_win_rate_keeps_it_and_the_headline_says_it() -> None:
    at = ran(open_page("pages/planner.py", rating="1500", target="1600", win_rate="58"))
    assert at.toggle(key="planner.expected").value is False
    assert metrics(at)["Win rate"] == "58.0%"
    assert "At a win rate of 58.0%: about " in answer_box(at)
    # Turned on by the reader: the rate is theirs no more, and the link says so.
    at.toggle(key="planner.expected").set_value(True).run()
    assert metrics(at)["Win rate"] == "50.0%"
    assert "win_rate" not in at.query_params


def test_the_break_even_rate_is_the_home_page_s_for_the_same_link() -> None:
    home = ran(open_page("app.py", rating="1650", opponent="1820", games="60", cube="4"))
    assert metrics(home)["Break-even win rate"] == BREAK_EVEN_K16_CUBE4
    planner = ran(
        open_page("pages/planner.py", rating="1650", opponent="1820", this_week="60", cube="4")
    )
    assert metrics(planner)["Break-even win rate"] == BREAK_EVEN_K16_CUBE4
    said = " ".join(c.value for c in planner.caption)
    assert "your K of 16 (60 ranked games" in said
    assert f"Against 1820 you hold with {BREAK_EVEN_K16_CUBE4}." in said


def test_the_home_page_s_cube_and_week_carry_to_the_planner_s_break_even() -> None:
    """From the home page (1650 against 1820, 60 games this week, cube 4) by the menu: the
    Planner opens at the same cube and week, so its break-even rate is the home page's."""
    home = ran(
        open_page("app.py", rating="1650", opponent="1820", games="60", cube="4", rules="1.3.1")
    )
    home.number_input(key="home.rating").set_value(1650).run()
    planner = go(home, "pages/planner.py")
    assert planner.selectbox(key="planner.cube").value == "4"
    assert planner.number_input(key="planner.this_week").value == 60
    assert metrics(planner)["Break-even win rate"] == BREAK_EVEN_K16_CUBE4
    # A climb: the target starts at the next hundred but one above 1650, not the default 1600.
    assert planner.number_input(key="planner.target").value == 1700
    assert f"1700 at a win rate of {EXPECTED_1650_V_1820}" in answer_box(planner)
    # And back: the Planner's cube 2 is the home page's.
    planner.selectbox(key="planner.cube").set_value("2").run()
    back = go(planner, "pages/home.py")
    assert back.button_group(key="home.cube").value == 2
