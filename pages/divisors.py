"""Divisors — 400, 800 and 1200 (plus a custom one and FIBS) side by side: curves and tables."""

from __future__ import annotations

import streamlit as st

from gammon_elo import CUBES, FIBS_DIVISOR, STANDARD_DIVISORS
from ui import cached, charts, grids, navigation
from ui.i18n import number, t
from ui.params import BoolParam, ChoiceParam, FloatParam, IntParam
from ui.scaffold import Page

page = Page(
    "divisors",
    [
        IntParam(name="difference", default=300, low=-2000, high=2000, step=10, kind="slider"),
        IntParam(name="k", default=32, low=1, high=1000),
        ChoiceParam(name="cube", default=1, choices=CUBES, kind="select_slider"),
        BoolParam(name="custom_on", default=False),
        FloatParam(name="custom", default=1000.0, low=1.0, high=100_000.0, step=100.0),
        BoolParam(name="fibs", default=False, label="divisors.fibs_on"),
        IntParam(name="span", default=800, low=100, high=2000, step=100, kind="slider"),
    ],
    views=("compact", "chart", "table"),
)
page.heading()

if page.shows_inputs:
    custom = ("custom",) if page["custom_on"] else ()
    page.input_box(("difference", "custom_on", *custom), ("k", "fibs"), ("cube", "span"))
page.write_url()

difference, k, cube, span = page["difference"], page["k"], page["cube"], page["span"]
divisors = list(STANDARD_DIVISORS)
if page["custom_on"] and page["custom"] not in divisors:
    divisors.append(float(page["custom"]))
if page["fibs"] and float(FIBS_DIVISOR) not in divisors:
    divisors.append(float(FIBS_DIVISOR))


def label(divisor: float) -> str:
    if divisor == FIBS_DIVISOR and page["fibs"]:
        return t("divisors.fibs")
    return t("divisors.label", divisor=number(divisor, 0 if divisor.is_integer() else 1))


labels = {d: label(d) for d in divisors}
names = ", ".join(labels.values())
if not page.compact:
    st.caption(t("divisors.intro", k=k, cube=cube))

curve_frame = cached.curves(tuple(divisors), span).assign(series=lambda f: f["divisor"].map(labels))
curve = charts.expected_curves(
    curve_frame,
    difference=difference,
    x_title=t("divisors.difference"),
    y_title=t("col.expected"),
    series_title=t("col.rule"),
)
standard_frame = cached.standard_table(tuple(divisors), k, cube)
wins, losses = (grids.standard_points(standard_frame, labels, o) for o in ("win", "loss"))
# The alt texts say what the charts show, without the numbers that follow the inputs (the
# difference is in its slider, K and the cube in the intro above): an alt text that changed with
# them would have the browser draw the chart anew on each rerun (ui/charts.py). The chart view,
# without inputs or intro, is drawn once and names its difference.
curve_alt = t("divisors.curve_alt", divisors=names)


def chart_view() -> None:
    alt_text = t("divisors.curve_alt_at", divisors=names, difference=difference)
    charts.show(st, curve, title=t("divisors.curve_title"), alt_text=alt_text)
    grids.data_expander(wins, losses)


def table_view() -> None:
    st.markdown(f"**{t('divisors.expected_title')}**")
    grids.show(grids.standard_expected(standard_frame, labels), download=None)
    for outcome, table in (("win", wins), ("loss", losses)):
        st.markdown(f"**{t(f'divisors.standard_{outcome}_title')}**")
        grids.show(table, download=None)


page.only("chart", chart_view)
page.only("table", table_view)

chart_col, table_col = navigation.side_by_side("favourite", [9, 10])
charts.show(chart_col, curve, title=t("divisors.curve_title"), alt_text=curve_alt)
with table_col:
    st.header(t("divisors.favourite_title", difference=number(abs(difference))))
    st.caption(t("tables.pair_key"))
    grids.show(
        grids.favourite_table(
            cached.divisor_table(abs(difference), tuple(divisors), k, cube), labels
        ),
        download=None,
    )

if not page.compact:
    st.caption(t("divisors.hover"))
    points_frame = cached.points(tuple(divisors), span, k, cube).assign(
        series=lambda f: f["divisor"].map(labels)
    )
    # A chart for the win and one for the loss: five divisors stay five lines each.
    for column, outcome in zip(st.columns(2), ("win", "loss"), strict=True):
        charts.show(
            column,
            charts.points(
                points_frame[["difference", "series"]].assign(points=points_frame[outcome]),
                difference=difference,
                x_title=t("divisors.difference"),
                y_title=t(f"col.{outcome}"),
                series_title=t("col.rule"),
            ),
            title=t(f"divisors.{outcome}_title"),
            alt_text=t(
                "divisors.points_alt", outcome=t(f"divisors.outcome_{outcome}"), divisors=names
            ),
        )
    st.header(t("divisors.table_title"))
    # Full width, one under the other: five divisors' columns fit at 1280 px, none cut off.
    st.markdown(f"**{t('divisors.expected_title')}**")
    grids.show(grids.standard_expected(standard_frame, labels), download=None)
    # The win and the loss side by side (one under the other on a phone), one line a row.
    for column, (outcome, table) in zip(
        st.columns(2), (("win", wins), ("loss", losses)), strict=True
    ):
        column.markdown(f"**{t(f'divisors.standard_{outcome}_title')}**")
        with column:
            grids.show(table, download=None)
    grids.show(
        grids.standard_download(standard_frame, labels),
        download=f"divisors_k{k}_cube{cube}.csv",
        only_download=True,
    )
    page.embed_section()
