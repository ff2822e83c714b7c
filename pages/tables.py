"""Tables — the article's tables regenerated for any K, cube and rule set, and a heat map."""

from __future__ import annotations

import streamlit as st

from gammon_elo import CUBES, Rules
from ui import cached, charts, grids, heatmaps, navigation, rules_input
from ui.i18n import number, t
from ui.params import ChoiceParam, IntParam
from ui.scaffold import Page

page = Page(
    "tables",
    [
        *rules_input.params(),
        IntParam(name="table_k", default=32, low=1, high=1000, label="tables.k"),
        IntParam(name="table_heavy_k", default=16, low=1, high=1000, label="tables.heavy_k"),
        ChoiceParam(name="cube", default=1, choices=CUBES, kind="select_slider"),
        IntParam(name="difference", default=300, low=0, high=2000, step=50),
    ],
    views=("compact", "chart", "table"),
)
page.heading()


def _inputs() -> Rules:
    """The picker, then only the controls that apply: K and the heavy-week K of a named rule
    set (the heavy-week K only if it has one); a custom rule set brings its own."""
    first, *rest = st.columns(4)
    page.input("rules", first)
    chosen = rules_input.custom_row(page, st)
    names = ["cube"]  # a custom rule set's K and heavy-week K are in its own row
    if page["rules"] != rules_input.CUSTOM:
        names = ["table_k", "table_heavy_k", "cube"] if chosen.heavy_k else ["table_k", "cube"]
    for name, column in zip(names, rest, strict=False):
        page.input(name, column)
    return chosen


if page.shows_inputs:
    with st.container(border=True):
        rules = _inputs()
else:
    rules = rules_input.from_state(page)
page.write_url()

custom = page["rules"] == rules_input.CUSTOM
k = rules.k if custom else page["table_k"]
heavy_k: int | None = None
if rules.heavy_k is not None:
    heavy_k = rules.heavy_k if custom else page["table_heavy_k"]
cube, difference = page["cube"], page["difference"]
ks = (k,) if heavy_k is None else (k, heavy_k)
frames = cached.article_tables(rules, k, heavy_k or k, cube, difference)
divisor_table = grids.favourite_table(
    frames["divisors"],
    {d: t("divisors.label", divisor=number(d)) for d in frames["divisors"]["divisor"]},
)
if heavy_k is None:
    heavy_title = t("tables.heavy_none", rules=rules.label, k=k)
    heavy_table = None
else:
    heavy_title = t("tables.heavy", k=k, heavy_k=heavy_k)
    heavy_table = grids.heavy(frames["heavy"], ks)
sections = [
    ("expected", t("tables.expected"), grids.expected(frames["expected"]), None),
    ("changes", t("tables.changes"), grids.changes(frames["changes"]), "tables.pair_key"),
    ("heavy", heavy_title, heavy_table, "tables.pair_key"),
    ("cube", t("tables.cube_table"), grids.cube(frames["cube"], ks), "tables.cube_key"),
]

heat_alt = t("tables.heatmap_alt", k=k, rules=rules.label)
heat = heatmaps.heatmap(
    cached.heatmap(rules, k),
    x_title=t("col.difference"),
    y_title=t("col.cube"),
    value_title=t("col.change"),
)
heat_table = grids.heat_table(cached.heatmap(rules, k))


def chart_view() -> None:
    charts.show(st, heat, title=t("tables.heatmap"), alt_text=heat_alt)
    grids.data_expander(heat_table)


def table_view() -> None:
    _, title, table, key = sections[1]
    st.header(title)
    st.caption(t(key or "tables.pair_key"))
    grids.show(table, download=None)


page.only("chart", chart_view)
page.only("table", table_view)

# Two steps a row: on a phone the columns stack, so a row's left step comes before its right one
# and the steps read 1, 2, 3 (two columns of the whole list would stack as 1, 3, 2, 4).
rows = range(0, len(sections), 2)
places = [place for i in rows for place in navigation.side_by_side(f"steps-{i}", 2)]
for place, (name, title, table, key) in zip(places, sections, strict=False):
    with place:
        st.header(title)
        if table is None:
            st.caption(t("tables.heavy_none_text", rules=rules.label, k=k))
            continue
        if key:
            st.caption(t(key))
        grids.show(table, download=f"{name}_{rules.name}_k{k}_cube{cube}.csv")

st.header(t("tables.divisors", difference=number(difference)))
# The difference applies to this table only, so it sits with it.
if page.shows_inputs:
    page.input("difference", st.columns(3)[0])
st.caption(t("tables.pair_key"))
grids.show(divisor_table, download=f"divisors_{rules.name}_k{k}_cube{cube}.csv")

charts.show(st, heat, title=t("tables.heatmap"), alt_text=heat_alt)
grids.data_expander(heat_table)
page.embed_section()
