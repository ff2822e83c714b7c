"""The lab's pages as a designer reads them, under AppTest: rule sets in the rule history's one
order on History, Simulator and Rule designer whatever order a link names them in; History's
game grid in Greek, its columns and the format's own words included; History's charts of the
shipped league drawing each player's line as the means of equal stretches of games, said in a
caption, rather than every one of 2,400 games; and the sweep's heavy-week inputs off while
their switch is. (That each chart gets the page's width at
1280 px, its legend no taller than its plot, is measured in Chromium:
tests/browser/test_designer_browser.py.)"""

from __future__ import annotations

import json
import math
from typing import Any

import pytest
from apptest_support import cells, numbers, open_page
from streamlit import dataframe_util

from gammon_elo import RULES
from gammon_elo.league import shipped_league
from gammon_elo.replay import compare_rules, trajectories
from ui.catalogs import EL, EN
from ui.lab import history

#: A link naming the rule sets newest first.
NEWEST_FIRST = "1.3.1,1.0.5"
#: The rule history's order of those two, as each page names them.
IN_ORDER = ["1.0.5 (÷400)", "1.3.1 (÷1200)"]


@pytest.fixture(scope="module")
def league_history() -> Any:
    """History on the shipped league, in Greek, with its busiest players on the charts."""
    at = open_page("pages/lab/history.py", timeout=240, lang="el", source="league")
    assert not at.exception, [e.message for e in at.exception]
    return at


def _chart_titles(at: Any) -> list[str]:
    return [m.value.strip("*") for m in at.markdown if m.value.startswith("**")]


def test_every_page_lists_rule_sets_in_the_rule_history_s_order() -> None:
    history = open_page("pages/lab/history.py", source="sample", rules=NEWEST_FIRST)
    assert not history.exception, [e.message for e in history.exception]
    titles = [t for t in _chart_titles(history) if t in IN_ORDER]
    assert titles == IN_ORDER
    spread = cells(next(d for d in history.dataframe if EN["col.rules"] in d.value.columns))
    assert spread[EN["col.rules"]].tolist() == IN_ORDER
    simulator = open_page("pages/lab/simulator.py", players="100", weeks="2", rules=NEWEST_FIRST)
    assert not simulator.exception, [e.message for e in simulator.exception]
    summary = simulator.table[0].value
    assert summary.columns.tolist()[1:] == ["1.0.5", "1.3.1"]
    designer = open_page("pages/lab/designer.py", source="sample", rules=NEWEST_FIRST)
    assert not designer.exception, [e.message for e in designer.exception]
    scores = designer.table[2].value.set_index(EN["simulator.measure"])
    assert scores.columns.tolist() == IN_ORDER


def test_history_opens_on_every_rule_set_oldest_first() -> None:
    at = open_page("pages/lab/history.py", source="sample")
    assert not at.exception, [e.message for e in at.exception]
    names = [f"{name} (÷{rules.divisor:g})" for name, rules in RULES.items()]
    assert [t for t in _chart_titles(at) if t in names] == names


def test_history_s_game_grid_is_greek_columns_and_words(league_history: Any) -> None:
    """Every column of the games grid under a Greek header, the game's type, its ending and the
    league's levels in Greek words (the league's files name them in English)."""
    grid = next(d for d in league_history.dataframe if "winner" in numbers(d).columns)
    frame = numbers(grid)
    config = json.loads(grid.proto.columns)
    # Each column shown under its Greek header, the package's names kept for the CSV.
    headers = {column: config[column]["label"] for column in frame.columns}
    wanted = {EL[f"data.{c}"] for c in ("ending", "winner_level", "loser_level", "type")}
    assert wanted <= set(headers.values()), headers
    greek = {EL[k] for k in EL if k.startswith("data.")}
    assert set(headers.values()) <= greek, set(headers.values()) - greek

    written = cells(grid)

    def words(column: str) -> set[str]:
        """The words a column's cells show."""
        return set(written[column])

    endings = {EL[f"ending.{e}"] for e in ("normal", "gammon", "backgammon", "resigned")}
    assert words("ending") == endings
    assert words("type") == {EL["type.ranked"]}
    levels = {EL[f"league.level_{v}"] for v in ("beginner", "intermediate", "advanced", "expert")}
    assert words("winner_level") == levels
    assert words("loser_level") == levels


def test_a_league_s_lines_are_means_of_equal_stretches(league_history: Any) -> None:
    """The busiest bot played 2,400-odd games: each line draws at most LINE_POINTS points,
    each the mean of a stretch of games the caption names, at the stretch's last game (checked
    against the replay's own ratings for the first line)."""
    league = shipped_league()
    comparison = compare_rules(league, tuple(RULES.values()))
    busiest = comparison.results["1.3.1"].players.sort_values(
        ["ranked_games", "player"], ascending=[False, True]
    )["player"]
    longest = int(comparison.results["1.3.1"].players["ranked_games"].max())
    stretch = math.ceil(longest / history.LINE_POINTS)
    assert stretch > 1
    caption = EL["history.chart_stretch"].format(games=stretch)
    assert caption in [c.value for c in league_history.caption]
    charts = league_history.get("vega_lite_chart")[: len(RULES)]
    assert len(charts) == len(RULES)
    player = busiest.iloc[0]
    every = trajectories(comparison, [player])
    for chart, name in zip(charts, RULES, strict=True):
        spec = json.loads(chart.proto.spec)
        lines = dataframe_util.convert_arrow_bytes_to_pandas_df(chart.proto.datasets[0].data.data)
        assert spec["layer"][0]["encoding"]["color"]["legend"]["columns"] == 3
        assert lines.groupby("player").size().max() <= history.LINE_POINTS
        mine = lines[lines["player"] == player].sort_values("game")
        ratings = every.loc[every["rules"] == name, "rating"].to_numpy()
        assert mine["game"].iloc[0] == stretch
        assert mine["rating"].iloc[0] == pytest.approx(ratings[:stretch].mean())
        assert mine["game"].iloc[-1] == len(ratings)
        last = (len(ratings) - 1) // stretch * stretch
        assert mine["rating"].iloc[-1] == pytest.approx(ratings[last:].mean())


def test_the_heavy_week_inputs_are_off_while_their_switch_is() -> None:
    at = open_page("pages/lab/designer.py", source="sample")
    assert not at.exception, [e.message for e in at.exception]
    inputs = ("designer.heavy_k", "designer.heavy_games")
    assert at.toggle(key="designer.heavy_on").value is False
    assert all(at.number_input(key=key).disabled for key in inputs)
    at.toggle(key="designer.heavy_on").set_value(True).run()
    assert not at.exception, [e.message for e in at.exception]
    assert not any(at.number_input(key=key).disabled for key in inputs)
    # A link that turns the heavy week on opens with its inputs on.
    linked = open_page("pages/lab/designer.py", source="sample", heavy_on="true", heavy_k="8")
    assert not any(linked.number_input(key=key).disabled for key in inputs)
    assert linked.number_input(key="designer.heavy_k").value == 8
