"""The simulator page's results: the summary, four charts each beside its numbers, and the check
of the heavy-week claim; in the embedded views, the spread chart or the summary alone."""

from __future__ import annotations

from collections.abc import Mapping

import altair as alt
import pandas as pd
import streamlit as st

from gammon_elo.simulate import Population, Simulation

from . import charts, grids
from .i18n import number, t
from .page import Page


def rating_quantiles(distribution: pd.DataFrame) -> pd.DataFrame:
    """The final ratings' 10th, 25th, 50th, 75th and 90th percentiles under each rule set."""
    quantiles = (
        distribution.groupby("series", sort=False)["rating"]
        .quantile([0.1, 0.25, 0.5, 0.75, 0.9])
        .unstack()
    )
    return pd.DataFrame(
        {
            t("col.rules"): quantiles.index,
            **{f"{int(q * 100)} %": [number(v) for v in quantiles[q]] for q in quantiles.columns},
        }
    )


def _lines(weekly: pd.DataFrame, y: str, y_title: str) -> alt.LayerChart:
    return charts.lines(
        weekly,
        x="week",
        y=y,
        series="series",
        x_title=t("simulator.week"),
        y_title=y_title,
        series_title=t("col.rules"),
    )


def results(
    page: Page, result: Simulation, population: Population, labels: Mapping[str, str]
) -> None:
    """Everything the simulator shows after a run (ends the run in the chart and table views)."""
    weekly = result.weekly.assign(series=lambda f: f["rules"].map(labels))
    summary_table = grids.simulation_summary(result.summary(), labels)
    rules_text = ", ".join(labels.values())
    spread_chart = _lines(weekly, "half_within", t("simulator.half_within"))
    spread = {
        "title": t("simulator.spread_title"),
        "alt_text": t("simulator.spread_alt", rules=rules_text),
    }
    spread_table = grids.weekly(weekly, "half_within", labels)

    def chart_view() -> None:
        charts.show(st, spread_chart, **spread)
        grids.data_expander(spread_table)

    page.only("chart", chart_view)
    page.only("table", lambda: grids.show(summary_table, download=None))

    st.header(t("simulator.summary"))
    grids.show(summary_table, download=f"simulation_seed{population.seed}_summary.csv")
    charts.beside(
        spread_chart,
        **spread,
        table_title=t("simulator.spread_table"),
        table=lambda: grids.show(spread_table, download=None),
    )
    charts.beside(
        _lines(weekly, "spearman", t("simulator.spearman")),
        title=t("simulator.accuracy_title"),
        alt_text=t("simulator.accuracy_alt", rules=rules_text),
        table_title=t("simulator.accuracy_table"),
        table=lambda: grids.show(grids.weekly(weekly, "spearman", labels, digits=3), download=None),
    )
    volatility = result.volatility.assign(series=lambda f: f["rules"].map(labels))
    charts.beside(
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
        table_title=t("simulator.volatility_table"),
        table=lambda: grids.show(grids.volatility(volatility, labels), download=None),
    )

    st.header(t("simulator.heavy_title"))
    st.caption(t("simulator.heavy_text"))
    grids.show(grids.heavy_claim(result.heavy_week_claim(), labels), download=None)

    distribution = result.distribution().assign(series=lambda f: f["rules"].map(labels))
    charts.beside(
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
        table_title=t("simulator.distribution_table"),
        table=lambda: st.dataframe(rating_quantiles(distribution), hide_index=True),
    )
    grids.show(
        grids.Table(shown=weekly, raw=weekly.drop(columns="series")),
        download=f"simulation_seed{population.seed}_weekly.csv",
        only_download=True,
    )
