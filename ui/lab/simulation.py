"""The simulator page's results: the summary, four charts each with one sentence saying what it
shows and its numbers folded under it, and the check of the heavy-week claim; in the embedded
views, the spread chart or the summary alone."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

import altair as alt
import pandas as pd
import streamlit as st

from gammon_elo.simulate import Population, Simulation

from .. import charts, grids
from ..i18n import number, t
from ..page import Page
from . import tables

#: The percentiles of the final-ratings table, and the two the sentence names.
PERCENTILES = (10, 25, 50, 75, 90)


def rating_quantiles(distribution: pd.DataFrame, labels: Sequence[str]) -> pd.DataFrame:
    """The final ratings' 10th, 25th, 50th, 75th and 90th percentiles: a row per percentile and a
    column per rule set (as written, whole points)."""
    quantiles = (
        distribution.groupby("series", sort=False)["rating"]
        .quantile([p / 100 for p in PERCENTILES])
        .unstack()
    )
    shown = pd.DataFrame(
        {t("simulator.percentile"): [t("simulator.nth", n=p) for p in PERCENTILES]}
    )
    for label in labels:
        if label in quantiles.index:
            shown[label] = [number(v) for v in quantiles.loc[label]]
    return shown


def comparison(items: Sequence[tuple[str, str]], key: str, **values: object) -> str:
    """One sentence: ``key`` filled with the first rule set's ``value`` and ``rules``, then
    ", against 95 under ÷400 and 120 under ÷800" for the others (nothing when alone)."""
    (first_rules, first_value), *others = items
    against = ""
    if others:
        parts = [t("simulator.under", value=v, rules=r) for r, v in others]
        joined = (
            parts[0] if len(parts) == 1 else ", ".join(parts[:-1]) + t("simulator.and") + parts[-1]
        )
        against = t("simulator.against", items=joined)
    return t(key, value=first_value, rules=first_rules, against=against, **values)


def _last_week(
    table: grids.Shown, labels: Sequence[str], *, largest: bool
) -> list[tuple[str, str]]:
    """(rule set, figure as shown) in the table's last row, the largest (or smallest) first."""
    last = table.raw.iloc[-1]
    order = sorted(
        (label for label in labels if label in table.raw.columns),
        key=lambda label: float(last[label]),
        reverse=largest,
    )
    return [(label, str(table.shown.iloc[-1][label])) for label in order]


def spread_sentence(table: grids.Shown, labels: Sequence[str]) -> str:
    week = str(table.shown.iloc[-1, 0])
    return comparison(
        _last_week(table, labels, largest=True), "simulator.spread_sentence", week=week
    )


def accuracy_sentence(table: grids.Shown, labels: Sequence[str]) -> str:
    week = str(table.shown.iloc[-1, 0])
    return comparison(
        _last_week(table, labels, largest=True), "simulator.accuracy_sentence", week=week
    )


def volatility_sentence(table: grids.Shown, labels: Sequence[str]) -> str:
    """About the busiest group (the table's last row): how much a week moves a rating there."""
    group = str(table.shown.iloc[-1, 0])
    return comparison(
        _last_week(table, labels, largest=True), "simulator.volatility_sentence", group=group
    )


def distribution_sentence(quantiles: pd.DataFrame, labels: Sequence[str]) -> str:
    first, last = quantiles.iloc[0], quantiles.iloc[-1]
    items = [(label, f"{first[label]}–{last[label]}") for label in labels if label in quantiles]
    return comparison(items, "simulator.distribution_sentence")


def _lines(weekly: pd.DataFrame, y: str, y_title: str, y_format: str = "") -> alt.LayerChart:
    return charts.lines(
        weekly,
        x="week",
        y=y,
        series="series",
        x_title=t("simulator.week"),
        y_title=y_title,
        series_title=t("col.rules"),
        y_format=y_format,
    )


def _chart(
    chart: alt.LayerChart,
    *,
    title: str,
    alt_text: str,
    sentence: str,
    table_title: str,
    table: grids.Shown | pd.DataFrame,
) -> None:
    """The chart full width, the sentence saying what it shows, and its numbers folded under it
    (full width too, so that no column is cut off)."""
    charts.show(st, chart, title=title, alt_text=alt_text)
    st.markdown(sentence)
    with st.expander(table_title):
        if isinstance(table, grids.Shown):
            grids.show(table, download=None)
        else:
            st.dataframe(table, hide_index=True, width="stretch")


def results(
    page: Page,
    result: Simulation,
    population: Population,
    labels: Mapping[str, str],
    headers: Mapping[str, str],
) -> None:
    """Everything the simulator shows after a run (ends the run in the chart and table views);
    ``headers`` are the rule sets' short names over the tables' columns."""
    names = list(labels.values())
    weekly = result.weekly.assign(series=lambda f: f["rules"].map(labels))
    summary_table = tables.simulation_summary(result.summary(), labels, headers)
    columns_text = t("simulator.columns", rules=", ".join(names))
    rules_text = ", ".join(names)
    spread_chart = _lines(weekly, "half_within", t("simulator.half_within"), "d")
    spread = {
        "title": t("simulator.spread_title"),
        "alt_text": t("simulator.spread_alt", rules=rules_text),
    }
    spread_table = tables.weekly(weekly, "half_within", labels)

    def chart_view() -> None:
        charts.show(st, spread_chart, **spread)
        st.markdown(spread_sentence(spread_table, names))
        grids.data_expander(spread_table)

    page.only("chart", chart_view)
    page.only("table", lambda: grids.show(summary_table, download=None))

    st.header(t("simulator.summary"))
    st.caption(f"{columns_text} {t('simulator.half_within_help')}")
    grids.show(summary_table, download=f"simulation_seed{population.seed}_summary.csv")
    _chart(
        spread_chart,
        **spread,
        sentence=spread_sentence(spread_table, names),
        table_title=t("simulator.spread_table"),
        table=spread_table,
    )
    accuracy_table = tables.weekly(weekly, "spearman", labels, digits=3)
    _chart(
        _lines(weekly, "spearman", t("simulator.spearman_short"), ".3f"),
        title=t("simulator.accuracy_title"),
        alt_text=t("simulator.accuracy_alt", rules=rules_text),
        sentence=accuracy_sentence(accuracy_table, names),
        table_title=t("simulator.accuracy_table"),
        table=accuracy_table,
    )
    _volatility(result, labels)
    _distribution(result, labels)

    st.header(t("simulator.heavy_title"))
    st.caption(f"{t('simulator.heavy_text')} {columns_text}")
    grids.show(tables.heavy_claim(result.heavy_week_claim(), labels, headers), download=None)
    grids.show(
        grids.Shown(shown=weekly, raw=weekly.drop(columns="series")),
        download=f"simulation_seed{population.seed}_weekly.csv",
        only_download=True,
    )


def _volatility(result: Simulation, labels: Mapping[str, str]) -> None:
    """The weekly swing by games that week: bars, their sentence and their table."""
    names = list(labels.values())
    rules_text = ", ".join(names)
    volatility = result.volatility.assign(series=lambda f: f["rules"].map(labels))
    volatility_table = tables.volatility(volatility, labels)
    _chart(
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
        sentence=volatility_sentence(volatility_table, names),
        table_title=t("simulator.volatility_table"),
        table=volatility_table,
    )


def _distribution(result: Simulation, labels: Mapping[str, str]) -> None:
    """The last week's ratings: a histogram per rule set, its sentence and the percentiles."""
    names = list(labels.values())
    rules_text = ", ".join(names)
    distribution = result.distribution().assign(series=lambda f: f["rules"].map(labels))
    quantiles = rating_quantiles(distribution, names)
    _chart(
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
        sentence=distribution_sentence(quantiles, names),
        table_title=t("simulator.distribution_table"),
        table=quantiles,
    )
