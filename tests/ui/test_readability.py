"""What a reader is told in words matches what the tables show, and the controls shown are the
ones that apply: the sentences under the simulator's and the history's charts against the tables
beside them (English and Greek), the heavy-week K only for rule sets that have one, the history
opening on three rule sets, each team member's new rating, and the seed's Choosing-K table."""

from __future__ import annotations

import pandas as pd
import pytest
from apptest_support import cells, numbers, open_page
from streamlit.testing.v1 import AppTest

from gammon_elo import RULES
from ui.catalogs.el import EL
from ui.catalogs.en import EN

CATALOGS = {"en": EN, "el": EL}
MINUS = "\u2212"
LABELS = {
    "en": ["1.0.5 (÷400)", "1.2.0 (÷800)", "1.3.1 (÷1200)"],
    "el": ["1.0.5 (÷400)", "1.2.0 (÷800)", "1.3.1 (÷1200)"],
}
#: How each language says "{value} under {rules}" in a sentence's comparison.
UNDER = {"en": "{value} under {rules}", "el": "{value} με τους κανόνες {rules}"}


def run(page: str, **params: str) -> AppTest:
    at = open_page(page, **params)
    assert not at.exception, [e.message for e in at.exception]
    return at


def sentence(at: AppTest, *starts: str) -> str:
    found = [m.value for m in at.markdown if m.value.startswith(starts)]
    assert len(found) == 1, [m.value for m in at.markdown]
    return found[0]


def tables(at: AppTest, first_column: str) -> list[pd.DataFrame]:
    drawn = [*at.dataframe, *at.table]
    return [cells(d) for d in drawn if numbers(d).columns[0] == first_column]


def says(text: str, figures: dict[str, str], lang: str) -> None:
    """The sentence names every rule set's figure as the table writes it: the largest (or the
    sentence's subject) first, then "figure under rule set" for each of the others."""
    for figure in figures.values():
        assert figure in text, (figure, text)
    first = text.index(next(iter(figures.values())))
    for label, figure in list(figures.items())[1:]:
        assert UNDER[lang].format(value=figure, rules=label) in text[first:], (label, text)


def ordered(row: pd.Series, labels: list[str]) -> dict[str, str]:
    """A table row's figures by rule set, the largest first (as the sentences put them)."""
    values = {label: str(row[label]) for label in labels}
    return dict(
        sorted(
            values.items(),
            key=lambda item: -float(item[1].replace(MINUS, "-").replace(",", ".")),
        )
    )


@pytest.mark.parametrize("lang", ["en", "el"])
def test_the_simulators_sentences_say_the_numbers_of_their_tables(lang: str) -> None:
    at = run("pages/lab/simulator.py", players="200", weeks="3", seed="7", lang=lang)
    labels = LABELS[lang]
    catalog = CATALOGS[lang]
    spread, accuracy = tables(at, catalog["simulator.week"])
    (group_table,) = tables(at, catalog["simulator.games_week"])
    (quantiles,) = tables(at, catalog["simulator.percentile"])
    starts = {
        "en": ("In week", "In a week of", "From the 10th"),
        "el": ("Την εβδομάδα", "Σε μια εβδομάδα", "Από το 10ο"),
    }[lang]
    in_week = [m.value for m in at.markdown if m.value.startswith(starts[0])]
    assert len(in_week) == 2, [m.value for m in at.markdown]
    spread_text, accuracy_text = in_week
    # The last week's row: "In week 3, … within 153 points … under 1.3.1, against 131 under …".
    assert spread_text.startswith(f"{starts[0]} {spread.iloc[-1, 0]},")
    says(spread_text, ordered(spread.iloc[-1], labels), lang)
    says(accuracy_text, ordered(accuracy.iloc[-1], labels), lang)
    # The busiest group of the weekly-change table (300+ games), its sd under each rule set.
    volatility_text = sentence(at, starts[1])
    assert str(group_table.iloc[-1, 0]) in volatility_text
    says(volatility_text, ordered(group_table.iloc[-1], labels), lang)
    # 10th to 90th percentile, as the percentile table writes them, in the order of the labels.
    span = {label: f"{quantiles[label].iloc[0]}–{quantiles[label].iloc[-1]}" for label in labels}
    says(sentence(at, starts[2]), span, lang)


def test_the_historys_sentences_say_the_numbers_of_its_tables() -> None:
    at = run("pages/lab/history.py")
    # Each rule set's column in the table (its version) and its name in the sentence.
    labels = {"1.0.5": "1.0.5 (÷400)", "1.2.0": "1.2.0 (÷800)", "1.3.1": "1.3.1 (÷1200)"}
    (final,) = [t for t in tables(at, "Player") if "1.0.5" in t.columns]
    chosen = at.multiselect(key="history.players.sample").value
    assert len(chosen) == 5
    rows = final[final["Player"].isin(chosen)]
    ranges = {
        label: f"{min(int(v) for v in rows[version])}–{max(int(v) for v in rows[version])}"
        for version, label in labels.items()
    }
    says(sentence(at, "Final ratings of the players on the chart"), ranges, "en")
    half_within = "Half the players within (points)"
    spread = next(t for t in tables(at, "Rule set") if half_within in t)
    half = dict(zip(spread["Rule set"], spread[half_within], strict=True))
    says(sentence(at, "Half of the active players end within"), half, "en")


def test_history_opens_comparing_every_rule_set() -> None:
    at = run("pages/lab/history.py")
    assert at.multiselect(key="history.rules").value == list(RULES)
    (final,) = [t for t in tables(at, "Player") if "1.0.5" in t.columns]
    assert list(final.columns)[2:] == list(RULES)
    assert len(at.get("vega_lite_chart")) == len(RULES)  # a chart per rule set
    # Two expanders (games, players), a tab per rule set in each, not an expander each.
    assert len(at.expander) == 2 + 1  # and "Embed this"
    assert len(at.tabs) == 2 * len(RULES)


@pytest.mark.parametrize("rules", ["1.0.5", "1.2.0"])
def test_no_heavy_week_k_for_rule_sets_without_one(rules: str) -> None:
    at = run("pages/tables.py", rules=rules)
    labels = [n.label for n in at.number_input]
    assert "Heavy-week K" not in labels
    assert "K" in labels
    assert not any("heavy" in c for t in at.dataframe for c in t.value.columns)
    assert any(f"{rules} has no heavy-week K" in c.value for c in at.caption)


def test_heavy_week_k_and_custom_inputs_only_where_they_apply() -> None:
    at = run("pages/tables.py")
    labels = [n.label for n in at.number_input]
    assert "Heavy-week K" in labels
    assert "Divisor D" not in labels  # the custom rule set's inputs: only for Custom
    at = run("pages/tables.py", rules="custom")
    labels = [n.label for n in at.number_input]
    # The custom rule set brings its own K and heavy-week K: no second pair.
    assert labels.count("K") == 1
    assert labels.count("Heavy-week K") == 1
    assert "Divisor D" in labels


def test_simulator_custom_inputs_only_for_custom_and_shares_in_percent() -> None:
    at = run("pages/lab/simulator.py", players="100", weeks="1")
    labels = [n.label for n in at.number_input]
    assert "Custom divisor" not in labels
    share = next(n for n in at.number_input if n.label.startswith("Heavy players, %"))
    assert share.value == 5
    at = run("pages/lab/simulator.py", players="100", weeks="1", rules="1.3.1,custom")
    assert "Custom divisor" in [n.label for n in at.number_input]
    # The results say the count with a thousands separator once it reaches four digits.
    at = run("pages/lab/simulator.py", players="2000", weeks="1")
    assert any("among 2,000 players" in c.value for c in at.caption)


def test_each_team_member_gets_the_teams_change() -> None:
    at = run("pages/classic.py", teams="1", team_a="1500,1700", team_b="1500")
    (members,) = tables(at, "Player")
    # Hand: team A averages 1600 against 1500 and wins: 32 × (1 − 0.640) = +11.5 each.
    assert members["New rating"].tolist() == ["1511.5", "1711.5", "1488.5"]
    assert members["Change"].tolist() == ["+11.5", "+11.5", f"{MINUS}11.5"]


def test_choosing_k_has_the_seeds_three_rows() -> None:
    at = run("pages/classic.py")
    (guide,) = tables(at, "K")
    # Seed 002, "Volba faktoru K": 40; 20–32; 10–16, each description once.
    assert guide["K"].tolist() == ["40", "20–32", "10–16"]
    assert guide["For"].is_unique
    assert at.number_input(key="classic.divisor").value == 400
