"""Divisors — 400, 800 and 1200 (plus a custom one and FIBS) side by side: curves and tables."""

from __future__ import annotations

import pandas as pd
import streamlit as st

from gammon_elo import CUBES, FIBS_DIVISOR
from ui import cached, charts, embed, frame, state, tables
from ui.i18n import number, t

PAGE = "divisors"
frame.setup("divisors.nav")
STANDARD = (400.0, 800.0, 1200.0)
PARAMS = [
    state.int_param("difference", 300, -2000, 2000),
    state.int_param("k", 32, 1, 1000),
    state.choice_param("cube", 1, CUBES),
    state.bool_param("custom_on", False),
    state.float_param("custom", 1000.0, 1.0, 100_000.0),
    state.bool_param("fibs", False),
    state.int_param("span", 800, 100, 2000),
]

state.seed_from_url(PAGE, PARAMS)
view = embed.view()
state.show_notices(PAGE)
if view == "full":
    st.title(t("divisors.title"))

if view in ("full", "compact"):
    with st.container(border=True):
        first, second, third = st.columns(3)
        first.slider(
            t("divisors.difference"), -2000, 2000, step=10, key=state.key(PAGE, "difference")
        )
        second.number_input(t("divisors.k"), 1, 1000, step=1, key=state.key(PAGE, "k"))
        third.select_slider(t("divisors.cube"), CUBES, key=state.key(PAGE, "cube"))
        first.toggle(t("divisors.custom_on"), key=state.key(PAGE, "custom_on"))
        if state.value(PAGE, "custom_on"):
            first.number_input(
                t("divisors.custom"), 1.0, 100_000.0, step=100.0, key=state.key(PAGE, "custom")
            )
        second.toggle(t("divisors.fibs_on"), key=state.key(PAGE, "fibs"))
        third.slider(t("divisors.range"), 100, 2000, step=100, key=state.key(PAGE, "span"))
state.write_to_url(PAGE, PARAMS)

difference = state.value(PAGE, "difference")
k, cube, span = state.value(PAGE, "k"), state.value(PAGE, "cube"), state.value(PAGE, "span")
divisors = list(STANDARD)
if state.value(PAGE, "custom_on") and state.value(PAGE, "custom") not in divisors:
    divisors.append(float(state.value(PAGE, "custom")))
if state.value(PAGE, "fibs") and float(FIBS_DIVISOR) not in divisors:
    divisors.append(float(FIBS_DIVISOR))


def label(divisor: float) -> str:
    if divisor == FIBS_DIVISOR and state.value(PAGE, "fibs"):
        return t("divisors.fibs")
    return t("divisors.label", divisor=number(divisor, 0 if divisor.is_integer() else 1))


labels = {d: label(d) for d in divisors}
names = ", ".join(labels.values())
if view == "full":
    st.caption(t("divisors.intro", k=k, cube=cube))

curve_frame = cached.curves(tuple(divisors), span).assign(series=lambda f: f["divisor"].map(labels))
curve = charts.expected_curves(
    curve_frame,
    difference=difference,
    x_title=t("divisors.difference"),
    y_title=t("col.expected"),
    series_title=t("col.rule"),
)
standard = tables.standard_divisor_table(cached.standard_table(tuple(divisors), k, cube), labels)

curve_alt = t("divisors.curve_alt", divisors=names, difference=difference)
if view == "chart":
    charts.show(st, curve, title=t("divisors.curve_title"), alt_text=curve_alt)
    tables.data_expander(standard)
    st.stop()
if view == "table":
    tables.show(standard, download=None)
    st.stop()

chart_col, table_col = st.columns(2)
charts.show(chart_col, curve, title=t("divisors.curve_title"), alt_text=curve_alt)
with table_col:
    st.header(t("divisors.favourite_title", difference=number(abs(difference))))
    tables.show(
        tables.favourite_table(
            cached.divisor_table(abs(difference), tuple(divisors), k, cube), labels
        ),
        download=None,
    )

if view == "full":
    points_frame = cached.points(tuple(divisors), span, k, cube)
    long = pd.concat(
        [
            points_frame.assign(outcome=t("divisors.outcome_win"), points=points_frame["win"]),
            points_frame.assign(outcome=t("divisors.outcome_loss"), points=points_frame["loss"]),
        ]
    ).assign(series=lambda f: f["divisor"].map(labels))
    chart_col, table_col = st.columns(2)
    points_alt = t("divisors.points_alt", divisors=names, k=k, cube=cube)
    charts.show(
        chart_col,
        charts.points(
            long[["difference", "series", "outcome", "points"]],
            difference=difference,
            x_title=t("divisors.difference"),
            y_title=t("col.change"),
            series_title=t("col.rule"),
            outcome_title=t("col.outcome"),
        ),
        title=t("divisors.points_title"),
        alt_text=points_alt,
    )
    with table_col:
        st.header(t("divisors.table_title"))
        tables.show(standard, download=f"divisors_k{k}_cube{cube}.csv")
    embed.section(PAGE, views=("compact", "chart", "table"))
