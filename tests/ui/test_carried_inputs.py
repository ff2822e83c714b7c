"""Inputs that mean the same thing on several pages (rating, opponent, ranked games this week,
rule set, language) follow the reader from one page to the next; a link's own values win, and a
value the next page cannot take leaves its default there without a notice."""

from __future__ import annotations

from apptest_support import open_page, page_file
from streamlit.testing.v1 import AppTest


def go(at: AppTest, page: str) -> AppTest:
    """A tap on a menu link: the browser drops the last page's URL parameters (but ``lang``,
    which ``app.py`` writes back on every page) and runs the other page."""
    for name in [name for name in at.query_params if name != "lang"]:
        del at.query_params[name]
    at.switch_page(page_file(page))
    at.run()
    assert not at.exception, [e.message for e in at.exception]
    return at


def home_with(**values: object) -> AppTest:
    at = open_page("app.py")
    for name, value in values.items():
        widget = at.selectbox if name == "rules" else at.number_input
        widget(key=f"home.{name}").set_value(value)
    at.run()
    assert not at.exception
    return at


def test_home_to_planner_keeps_rating_games_and_rule_set() -> None:
    """The issue's case: 1650 and 60 ranked games in the last 7 days on the home page; the
    Planner opens at 1650, with the same 60 games in its last 7 days, under the same rules, and
    its link says so. The games a week are a rate, not that count: they keep their default."""
    at = go(home_with(rating=1650, games=60, rules="1.2.0"), "pages/planner.py")
    assert at.number_input(key="planner.rating").value == 1650
    assert at.number_input(key="planner.this_week").value == 60
    assert at.number_input(key="planner.per_week").value == 20
    assert at.selectbox(key="planner.rules").value == "1.2.0"
    # Not typed on the home page: the Planner's own opponent stays.
    assert at.number_input(key="planner.opponent").value == 1500
    assert at.query_params["rating"] == "1650"
    assert at.query_params["this_week"] == "60"
    assert "per_week" not in at.query_params


def test_the_planner_s_week_goes_back_to_the_home_page() -> None:
    at = go(open_page("app.py"), "pages/planner.py")
    at.number_input(key="planner.this_week").set_value(70).run()
    at = go(at, "pages/home.py")
    assert at.number_input(key="home.games").value == 70


def test_no_games_typed_at_home_leaves_the_planner_s_usual_week() -> None:
    """The home page's 0 was not typed: the Planner's box stays empty, a week at the usual
    rate (its placeholder names it: at 20 a week, the 19 games less than 7 days old)."""
    at = go(open_page("app.py"), "pages/planner.py")
    box = at.number_input(key="planner.this_week")
    assert box.value is None
    assert box.proto.placeholder == "≈ 19"
    assert "this_week" not in at.query_params


def test_values_carry_through_a_page_without_them_and_back() -> None:
    at = go(home_with(rating=1650, opponent=1820), "pages/divisors.py")
    at = go(at, "pages/explain.py")
    assert at.number_input(key="explain.rating").value == 1650
    assert at.number_input(key="explain.opponent").value == 1820
    at.number_input(key="explain.rating").set_value(1700).run()
    at = go(at, "pages/home.py")
    assert at.number_input(key="home.rating").value == 1700
    assert at.number_input(key="home.opponent").value == 1820


def test_an_input_left_at_its_default_carries_nothing() -> None:
    """Nothing typed on the home page: the Explain page keeps its worked example (1650 against
    1820) rather than the home page's 1500s; a value typed back to a default still carries."""
    at = go(open_page("app.py"), "pages/explain.py")
    assert at.number_input(key="explain.rating").value == 1650
    assert at.number_input(key="explain.opponent").value == 1820
    at = go(home_with(rating=1650), "pages/planner.py")
    at.number_input(key="planner.rating").set_value(1500).run()
    at = go(at, "pages/explain.py")
    assert at.number_input(key="explain.rating").value == 1500


def test_a_value_the_next_page_cannot_take_leaves_its_default_quietly() -> None:
    """100,000 games is more than the Planner's week holds (7 × 24 × 60 = 10,080, a game a
    minute): the Planner keeps its usual week, and no notice."""
    at = go(home_with(games=100_000), "pages/planner.py")
    assert at.number_input(key="planner.this_week").value is None
    assert not at.warning


def test_the_link_wins_over_a_carried_value() -> None:
    at = home_with(rating=1650)
    for name in list(at.query_params):
        del at.query_params[name]
    at.query_params["rating"] = "1900"
    at.switch_page(page_file("pages/planner.py"))
    at.run()
    assert at.number_input(key="planner.rating").value == 1900


def test_the_language_carries_with_the_inputs() -> None:
    at = open_page("app.py", lang="el")
    at.number_input(key="home.rating").set_value(1650).run()
    at = go(at, "pages/planner.py")
    assert at.number_input(key="planner.rating").value == 1650
    assert at.query_params["lang"] == "el"
    assert at.title[0].value != "How many games to reach my target?"
