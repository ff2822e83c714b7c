"""Tables — the article's tables regenerated for any K, cube and rule set, and a heat map."""

from __future__ import annotations

import streamlit as st

from gammon_elo import CUBES
from ui import cached, charts, embed, frame, rules_input, state, tables
from ui.i18n import number, t

PAGE = "tables"
frame.setup("tables.nav")
PARAMS = [
    *rules_input.params(),
    state.int_param("table_k", 32, 1, 1000),
    state.int_param("table_heavy_k", 16, 1, 1000),
    state.choice_param("cube", 1, CUBES),
    state.int_param("difference", 300, 0, 2000),
]

state.seed_from_url(PAGE, PARAMS)
view = embed.view()
state.show_notices(PAGE)
if view == "full":
    st.title(t("tables.title"))

if view in ("full", "compact"):
    with st.container(border=True):
        first, second, third, fourth, fifth = st.columns(5)
        rules = rules_input.render(PAGE, first)
        second.number_input(t("tables.k"), 1, 1000, step=1, key=state.key(PAGE, "table_k"))
        third.number_input(
            t("tables.heavy_k"), 1, 1000, step=1, key=state.key(PAGE, "table_heavy_k")
        )
        fourth.select_slider(t("tables.cube"), CUBES, key=state.key(PAGE, "cube"))
        fifth.number_input(
            t("tables.difference"), 0, 2000, step=50, key=state.key(PAGE, "difference")
        )
else:
    rules = rules_input.from_state(PAGE)
state.write_to_url(PAGE, PARAMS)

k = state.value(PAGE, "table_k")
heavy_k = state.value(PAGE, "table_heavy_k")
cube = state.value(PAGE, "cube")
difference = state.value(PAGE, "difference")
frames = cached.article_tables(rules, k, heavy_k, cube, difference)
ks = (k, heavy_k)
sections = [
    ("expected", t("tables.expected"), tables.expected(frames["expected"])),
    ("changes", t("tables.changes"), tables.changes(frames["changes"])),
    ("heavy", t("tables.heavy", k=k, heavy_k=heavy_k), tables.heavy(frames["heavy"], ks)),
    (
        "divisors",
        t("tables.divisors", difference=number(difference)),
        tables.favourite_table(
            frames["divisors"],
            {d: t("divisors.label", divisor=number(d)) for d in frames["divisors"]["divisor"]},
        ),
    ),
    ("cube", t("tables.cube_table"), tables.cube(frames["cube"], ks)),
]

heat_alt = t("tables.heatmap_alt", k=k, rules=rules.label)
heat = charts.heatmap(
    cached.heatmap(rules, k),
    x_title=t("col.difference"),
    y_title=t("col.cube"),
    value_title=t("col.change"),
)

heat_frame = (
    cached.heatmap(rules, k)
    .pivot(index="cube", columns="difference", values="change")
    .sort_index(ascending=False)
    .rename_axis(index=t("col.cube"), columns=t("col.difference"))
)
if view == "chart":
    charts.show(st, heat, title=t("tables.heatmap"), alt_text=heat_alt)
    with st.expander(t("charts.data")):
        st.dataframe(heat_frame, width="stretch")
    st.stop()
if view == "table":
    title, table = sections[1][1], sections[1][2]
    st.header(title)
    tables.show(table, download=None)
    st.stop()

left, right = st.columns(2)
for index, (name, title, table) in enumerate(sections):
    with left if index % 2 == 0 else right:
        st.header(title)
        tables.show(table, download=f"{name}_{rules.name}_k{k}_cube{cube}.csv")

chart_col, table_col = st.columns([3, 2])
charts.show(chart_col, heat, title=t("tables.heatmap"), alt_text=heat_alt)
with table_col:
    st.markdown(f"**{t('charts.data')}**")
    st.dataframe(heat_frame, width="stretch")
if view == "full":
    embed.section(PAGE, views=("compact", "chart", "table"))
