"""Simulator — a population of players under each rule set: spread, ranking accuracy, heavy weeks.

Every rule set rates the same simulated games (common random numbers), so the differences come
from the rules alone; the seed is in the URL, so a link reproduces a run.
"""

from __future__ import annotations

import dataclasses

import pandas as pd
import streamlit as st

from gammon_elo import CURRENT, RULES, InvalidInput, Rules
from gammon_elo.simulate import Population
from ui import cached, charts, embed, frame, state, tables
from ui.i18n import number, percent, t

PAGE = "simulator"
frame.setup("simulator.nav")
#: Rule sets offered: the three versions, 1.3.1 without its heavy-week K, and a custom one.
NO_HEAVY = "1.3.1-flat"
CUSTOM = "custom"
RULE_CHOICES = (*RULES, NO_HEAVY, CUSTOM)
SHAPES = ("normal", "uniform", "skewed")
PAIRINGS = ("random", "band")
PARAMS = [
    state.int_param("players", 2000, 10, 20_000),
    state.int_param("weeks", 26, 1, 104),
    state.int_param("seed", 0, 0, 2**31 - 1),
    state.choice_param("strength", "normal", SHAPES),
    state.float_param("strength_sd", 100.0, 0.0, 1000.0),
    state.float_param("true_divisor", 1325.0, 100.0, 100_000.0),
    state.float_param("games_per_week", 15.0, 1.0, 300.0),
    state.float_param("heavy_share", 0.05, 0.0, 1.0),
    state.choice_param("pairing", "random", PAIRINGS),
    state.list_param("rules", ["1.0.5", "1.2.0", "1.3.1"], RULE_CHOICES),
    state.int_param("divisor", 1000, 1, 100_000),
    state.int_param("k", 24, 1, 1000),
]


def _rule_set(choice: str) -> Rules:
    if choice == NO_HEAVY:
        return dataclasses.replace(CURRENT, name=NO_HEAVY, heavy_k=None, heavy_games=None)
    if choice == CUSTOM:
        return dataclasses.replace(
            CURRENT, name=CUSTOM, divisor=state.value(PAGE, "divisor"), k=state.value(PAGE, "k")
        )
    return RULES[choice]


def _rules_label(choice: str) -> str:
    if choice == NO_HEAVY:
        return t("simulator.rules_flat")
    if choice == CUSTOM:
        return t("simulator.rules_custom")
    return t("rules.version", name=choice, divisor=f"{RULES[choice].divisor:g}")


state.seed_from_url(PAGE, PARAMS)
view = embed.view()
state.show_notices(PAGE)
if view == "full":
    st.title(t("simulator.title"))
    st.caption(t("simulator.intro"))

if view in ("full", "compact"):
    with st.form(f"{PAGE}.form", border=True):
        first, second, third = st.columns(3)
        first.number_input(
            t("simulator.players"), 10, 20_000, step=100, key=state.key(PAGE, "players")
        )
        first.number_input(t("simulator.weeks"), 1, 104, step=1, key=state.key(PAGE, "weeks"))
        first.number_input(
            t("simulator.seed"),
            0,
            2**31 - 1,
            step=1,
            key=state.key(PAGE, "seed"),
            help=t("simulator.seed_help"),
        )
        second.selectbox(
            t("simulator.strength"),
            SHAPES,
            key=state.key(PAGE, "strength"),
            format_func={s: t(f"simulator.shape_{s}") for s in SHAPES}.__getitem__,
        )
        second.number_input(
            t("simulator.strength_sd"), 0.0, 1000.0, step=10.0, key=state.key(PAGE, "strength_sd")
        )
        second.number_input(
            t("simulator.true_divisor"),
            100.0,
            100_000.0,
            step=25.0,
            key=state.key(PAGE, "true_divisor"),
            help=t("simulator.true_divisor_help"),
        )
        third.number_input(
            t("simulator.games_per_week"),
            1.0,
            300.0,
            step=1.0,
            key=state.key(PAGE, "games_per_week"),
        )
        third.number_input(
            t("simulator.heavy_share"),
            0.0,
            1.0,
            step=0.01,
            key=state.key(PAGE, "heavy_share"),
            help=t("simulator.heavy_help"),
        )
        third.selectbox(
            t("simulator.pairing"),
            PAIRINGS,
            key=state.key(PAGE, "pairing"),
            format_func={p: t(f"simulator.pairing_{p}") for p in PAIRINGS}.__getitem__,
        )
        st.multiselect(
            t("simulator.rules"),
            RULE_CHOICES,
            key=state.key(PAGE, "rules"),
            format_func={c: _rules_label(c) for c in RULE_CHOICES}.__getitem__,
        )
        left, right = st.columns(2)
        left.number_input(
            t("simulator.custom_divisor"), 1, 100_000, step=100, key=state.key(PAGE, "divisor")
        )
        right.number_input(t("simulator.custom_k"), 1, 1000, step=1, key=state.key(PAGE, "k"))
        st.form_submit_button(t("simulator.run"), type="primary", icon=":material/play_arrow:")
state.write_to_url(PAGE, PARAMS)

choices = state.value(PAGE, "rules") or ["1.3.1"]
try:
    population = Population(
        players=state.value(PAGE, "players"),
        weeks=state.value(PAGE, "weeks"),
        seed=state.value(PAGE, "seed"),
        strength=state.value(PAGE, "strength"),
        strength_sd=state.value(PAGE, "strength_sd"),
        true_divisor=state.value(PAGE, "true_divisor"),
        games_per_week=state.value(PAGE, "games_per_week"),
        heavy_share=state.value(PAGE, "heavy_share"),
        pairing=state.value(PAGE, "pairing"),
    )
    rule_sets = tuple(_rule_set(c) for c in dict.fromkeys(choices))
except InvalidInput as error:
    st.error(t("simulator.invalid", message=str(error)))
    st.stop()

bar = st.empty()


def _progress(fraction: float) -> None:
    bar.progress(min(1.0, fraction), text=t("simulator.running", percent=percent(fraction, 0)))


result = cached.simulation(population, rule_sets, _progress)
bar.empty()
labels = {r.label: _rules_label(r.name if r.name in RULE_CHOICES else CUSTOM) for r in rule_sets}
st.caption(
    t(
        "simulator.ran",
        games=number(result.games),
        players=number(population.players),
        weeks=population.weeks,
        seed=population.seed,
    )
)

summary = result.summary()
weekly = result.weekly.assign(series=lambda f: f["rules"].map(labels))
summary_table = tables.simulation_summary(summary, labels)

rules_text = ", ".join(labels.values())
spread_chart = charts.lines(
    weekly,
    x="week",
    y="half_within",
    series="series",
    x_title=t("simulator.week"),
    y_title=t("simulator.half_within"),
    series_title=t("col.rules"),
)
spread = {
    "title": t("simulator.spread_title"),
    "alt_text": t("simulator.spread_alt", rules=rules_text),
}
if view == "chart":
    charts.show(st, spread_chart, **spread)
    tables.data_expander(tables.weekly(weekly, "half_within", labels))
    st.stop()
if view == "table":
    tables.show(summary_table, download=None)
    st.stop()

st.header(t("simulator.summary"))
tables.show(summary_table, download=f"simulation_seed{population.seed}_summary.csv")

chart_col, table_col = st.columns([3, 2])
charts.show(chart_col, spread_chart, **spread)
with table_col:
    st.markdown(f"**{t('simulator.spread_table')}**")
    tables.show(tables.weekly(weekly, "half_within", labels), download=None)

chart_col, table_col = st.columns([3, 2])
charts.show(
    chart_col,
    charts.lines(
        weekly,
        x="week",
        y="spearman",
        series="series",
        x_title=t("simulator.week"),
        y_title=t("simulator.spearman"),
        series_title=t("col.rules"),
    ),
    title=t("simulator.accuracy_title"),
    alt_text=t("simulator.accuracy_alt", rules=rules_text),
)
with table_col:
    st.markdown(f"**{t('simulator.accuracy_table')}**")
    tables.show(tables.weekly(weekly, "spearman", labels, digits=3), download=None)

volatility = result.volatility.assign(series=lambda f: f["rules"].map(labels))
chart_col, table_col = st.columns([3, 2])
charts.show(
    chart_col,
    charts.bars(
        volatility,
        x="group",
        y="sd_change",
        series="series",
        x_title=t("simulator.games_week"),
        y_title=t("simulator.sd_change"),
        series_title=t("col.rules"),
        x_order=list(dict.fromkeys(volatility["group"])),
    ),
    title=t("simulator.volatility_title"),
    alt_text=t("simulator.volatility_alt", rules=rules_text),
)
with table_col:
    st.markdown(f"**{t('simulator.volatility_table')}**")
    tables.show(tables.volatility(volatility, labels), download=None)

st.header(t("simulator.heavy_title"))
st.caption(t("simulator.heavy_text"))
tables.show(tables.heavy_claim(result.heavy_week_claim(), labels), download=None)

distribution = result.distribution().assign(series=lambda f: f["rules"].map(labels))
chart_col, table_col = st.columns([3, 2])
charts.show(
    chart_col,
    charts.histogram(
        distribution,
        value="rating",
        series="series",
        x_title=t("simulator.rating"),
        y_title=t("simulator.players_count"),
        series_title=t("col.rules"),
    ),
    title=t("simulator.distribution_title"),
    alt_text=t("simulator.distribution_alt", rules=rules_text),
)
with table_col:
    st.markdown(f"**{t('simulator.distribution_table')}**")
    quantiles = (
        distribution.groupby("series", sort=False)["rating"]
        .quantile([0.1, 0.25, 0.5, 0.75, 0.9])
        .unstack()
    )
    st.dataframe(
        pd.DataFrame(
            {
                t("col.rules"): quantiles.index,
                **{
                    f"{int(q * 100)} %": [number(v) for v in quantiles[q]]
                    for q in quantiles.columns
                },
            }
        ),
        hide_index=True,
    )
tables.show(
    tables.Table(shown=weekly, raw=weekly.drop(columns="series")),
    download=f"simulation_seed{population.seed}_weekly.csv",
    only_download=True,
)
embed.section(PAGE, views=("compact", "chart", "table"))
