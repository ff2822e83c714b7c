"""Tables — the article's tables regenerated for any K, cube and rule set, and a heat map."""

from __future__ import annotations

import streamlit as st

from gammon_elo import CUBES
from ui import cached, charts, grids, rules_input
from ui.i18n import number, t
from ui.page import Page
from ui.params import ChoiceParam, IntParam

page = Page(
    "tables",
    [
        *rules_input.params(),
        IntParam(name="table_k", default=32, low=1, high=1000, label="tables.k"),
        IntParam(name="table_heavy_k", default=16, low=1, high=1000, label="tables.heavy_k"),
        ChoiceParam(
            name="cube", default=1, choices=CUBES, kind="select_slider", label="tables.cube"
        ),
        IntParam(
            name="difference", default=300, low=0, high=2000, step=50, label="tables.difference"
        ),
    ],
)
page.heading()

if page.shows_inputs:
    with st.container(border=True):
        first, *others = st.columns(5)
        rules = rules_input.render(page, first)
        names = ("table_k", "table_heavy_k", "cube", "difference")
        for name, where in zip(names, others, strict=True):
            page.input(name, where)
else:
    rules = rules_input.from_state(page)
page.write_url()

k, heavy_k, cube = page["table_k"], page["table_heavy_k"], page["cube"]
difference = page["difference"]
frames = cached.article_tables(rules, k, heavy_k, cube, difference)
ks = (k, heavy_k)
sections = [
    ("expected", t("tables.expected"), grids.expected(frames["expected"])),
    ("changes", t("tables.changes"), grids.changes(frames["changes"])),
    ("heavy", t("tables.heavy", k=k, heavy_k=heavy_k), grids.heavy(frames["heavy"], ks)),
    (
        "divisors",
        t("tables.divisors", difference=number(difference)),
        grids.favourite_table(
            frames["divisors"],
            {d: t("divisors.label", divisor=number(d)) for d in frames["divisors"]["divisor"]},
        ),
    ),
    ("cube", t("tables.cube_table"), grids.cube(frames["cube"], ks)),
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


def chart_view() -> None:
    charts.show(st, heat, title=t("tables.heatmap"), alt_text=heat_alt)
    with st.expander(t("charts.data")):
        st.dataframe(heat_frame, width="stretch")


def table_view() -> None:
    _, title, table = sections[1]
    st.header(title)
    grids.show(table, download=None)


page.only("chart", chart_view)
page.only("table", table_view)

left, right = st.columns(2)
for index, (name, title, table) in enumerate(sections):
    with left if index % 2 == 0 else right:
        st.header(title)
        grids.show(table, download=f"{name}_{rules.name}_k{k}_cube{cube}.csv")

charts.beside(
    heat,
    title=t("tables.heatmap"),
    alt_text=heat_alt,
    table_title=t("charts.data"),
    table=lambda: st.dataframe(heat_frame, width="stretch"),
)
page.embed_section(views=("compact", "chart", "table"))
