"""Simulator — a population of players under each rule set: spread, ranking accuracy, heavy weeks.

Every rule set rates the same simulated games (common random numbers), so the differences come
from the rules alone; the seed is in the URL, so a link reproduces a run.
"""

from __future__ import annotations

import streamlit as st

from gammon_elo import CURRENT, RULES, InvalidInput, Rules
from gammon_elo.simulate import Population
from ui.i18n import t
from ui.lab import cached, simulator
from ui.params import ChoiceParam, FloatParam, IntParam, ListParam
from ui.rules_input import in_history_order, rules_label
from ui.scaffold import Page, row

#: Rule sets offered: every version, the current one without its heavy-week K, and a custom one.
NO_HEAVY = f"{CURRENT.name}-flat"
CUSTOM = "custom"
RULE_CHOICES = (*RULES, NO_HEAVY, CUSTOM)
#: Catalog keys of the choices that are not versions.
SPECIAL = {NO_HEAVY: "simulator.rules_flat", CUSTOM: "simulator.rules_custom"}
SHAPES = ("normal", "uniform", "skewed")
PAIRINGS = ("random", "band")
#: The inputs that make the population (the rest choose the rule sets).
POPULATION = (
    "players", "weeks", "seed", "strength", "strength_sd", "true_divisor", "games_per_week",
    "heavy_share", "pairing",
)  # fmt: skip
page = Page(
    "simulator",
    [
        IntParam(name="players", default=2000, low=10, high=20_000, step=100),
        IntParam(name="weeks", default=26, low=1, high=104),
        IntParam(name="seed", default=0, low=0, high=2**31 - 1),
        ChoiceParam(name="strength", default="normal", choices=SHAPES),
        FloatParam(name="strength_sd", default=100.0, low=0.0, high=1000.0, step=10.0),
        FloatParam(name="true_divisor", default=1325.0, low=100.0, high=100_000.0, step=25.0),
        FloatParam(name="games_per_week", default=15.0, low=1.0, high=300.0),
        # Typed as a percentage (5, not 0.05); the population takes the fraction.
        FloatParam(name="heavy_share", default=5.0, low=0.0, high=100.0, step=1.0),
        ChoiceParam(name="pairing", default="random", choices=PAIRINGS),
        ListParam(
            name="rules",
            default=list(RULES),
            choices=RULE_CHOICES,
            option=lambda choice: rules_label(choice, SPECIAL),
        ),
        IntParam(name="divisor", default=1000, low=1, high=100_000, step=100),
        IntParam(name="k", default=24, low=1, high=1000),
    ],
    views=("compact", "chart", "table"),
)


def _rule_set(choice: str) -> Rules:
    """A choice's rule set. The custom one keeps the current rules' heavy week: the
    page offers only its divisor and K."""
    if choice == NO_HEAVY:
        return Rules.custom(CURRENT.divisor, CURRENT.k, name=NO_HEAVY)
    if choice == CUSTOM:
        return Rules.custom(
            page["divisor"], page["k"], heavy_k=CURRENT.heavy_k, heavy_games=CURRENT.heavy_games
        )
    return RULES[choice]


page.heading(intro=True)
if page.shows_inputs:
    # Folded: after a run the results are on the first screen, not below the form.
    with st.expander(t("simulator.settings"), icon=":material/tune:"):
        # The rule sets outside the form, so that the custom divisor and K appear as soon as
        # Custom is chosen (and only then).
        page.input("rules", st)
        if CUSTOM in page["rules"]:
            left, right = row(2)
            page.input("divisor", left)
            page.input("k", right)
        # The run starts from the form's button only: with Enter, Streamlit writes "Press Enter to
        # submit form" in an edited field, over a narrow field's value and in English.
        with st.form(page.key("form"), border=False, enter_to_submit=False):
            # Three columns of three inputs, in the order of POPULATION.
            for index, column in enumerate(row(3)):
                for name in POPULATION[3 * index : 3 * index + 3]:
                    page.input(name, column)
            st.form_submit_button(t("simulator.run"), type="primary", icon=":material/play_arrow:")
page.write_url()

choices = in_history_order(page["rules"] or [CURRENT.name], RULE_CHOICES)
try:
    values = page.values(*POPULATION)
    values["heavy_share"] = values["heavy_share"] / 100
    population = Population(**values)
    rule_sets = tuple(_rule_set(c) for c in choices)
except InvalidInput as error:
    st.error(t("simulator.invalid", message=error))
    st.stop()


# Kept for every reader once run; else run in this process, in the reader's place in the lab's
# queue (priced first, refused up front), ending at the end of a week when the reader left.
result = cached.simulation(population, rule_sets)
if result is None:
    st.stop()


def _label(rules: Rules) -> str:
    """A rule set's short name in the results: "1.3.1 (÷1200)", "Custom (÷1000, K 24)"."""
    if rules.name in RULES or rules.name == NO_HEAVY:
        return rules_label(rules.name, SPECIAL)
    return t("simulator.custom_label", divisor=f"{rules.divisor:g}", k=rules.k)


def _header(rules: Rules) -> str:
    """A rule set's column header in the results' tables: its version ("1.3.1"), or the
    shortest name of the flat variant or of a custom set (the caption names each in full)."""
    if rules.name in RULES:
        return rules.name
    if rules.name == NO_HEAVY:
        return t("simulator.flat_header")
    return t("simulator.custom_header", divisor=f"{rules.divisor:g}", k=rules.k)


labels = {r.label: _label(r) for r in rule_sets}
headers = {r.label: _header(r) for r in rule_sets}
st.caption(
    t(
        "simulator.ran",
        games=int(result.games),
        players=population.players,
        weeks=population.weeks,
        seed=population.seed,
    )
)

simulator.results(page, result, population, labels, headers)
# The compact view offers "Embed this" here too (the other pages keep it to the full page).
page.embed_section(also_compact=True)
