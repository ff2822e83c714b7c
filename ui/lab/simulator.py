"""The Simulator page's own pieces: its results (the summary, four charts each with one sentence
saying what it shows and its numbers folded under it, and the check of the heavy-week claim; in
the embedded views, the spread chart or the summary alone) and their"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

import pandas as pd
import streamlit as st

from gammon_elo.simulate import Population, Simulation

from .. import charts, grids
from ..grids import Table
from ..i18n import number, percent, signed, t
from ..scaffold import Page
from .rule_sets import by_measure, compared

#: The percentiles of the final-ratings table, and the two the sentence names.
PERCENTILES = (10, 25, 50, 75, 90)


def rating_quantiles(distribution: pd.DataFrame, labels: Sequence[str]) -> Table:
    """The final ratings' 10th, 25th, 50th, 75th and 90th percentiles: a row per percentile and a
    column per rule set (whole points)."""
    quantiles = (
        distribution.groupby("series", sort=False)["rating"]
        .quantile([p / 100 for p in PERCENTILES])
        .unstack()
    )
    percentile = t("simulator.percentile")
    table = pd.DataFrame({percentile: PERCENTILES})
    for label in labels:
        if label in quantiles.index:
            table[label] = quantiles.loc[label].to_numpy()
    return Table(table, {percentile: lambda p: t("simulator.nth", n=int(p))})


def last_row_sentence(table: Table, labels: Sequence[str], key: str, place: str = "week") -> str:
    """The sentence ``key`` on the table's last row: its first cell as the table writes it (a
    week, or a group of players: the field ``place``), then each rule set's figure there, the
    largest first."""
    frame = table.frame
    last = frame.iloc[-1]
    order = sorted(
        (label for label in labels if label in frame.columns),
        key=lambda label: float(last[label]),
        reverse=True,
    )
    items = [(label, table.formats.get(label, number)(last[label])) for label in order]
    # The first column's own value (a row of numbers would read a week 3 as 3.0).
    first = frame.columns[0]
    where = str(table.formats.get(first, str)(frame[first].iloc[-1]))
    return compared(items, key, **{place: where})


def distribution_sentence(quantiles: Table, labels: Sequence[str]) -> str:
    first, last = quantiles.frame.iloc[0], quantiles.frame.iloc[-1]
    items = [
        (label, f"{number(first[label])}–{number(last[label])}")
        for label in labels
        if label in quantiles.frame
    ]
    return compared(items, "simulator.distribution_sentence")


def _lines(weekly: pd.DataFrame, y: str, y_title: str, y_format: str = "") -> charts.Figure:
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
    chart: charts.Chart,
    *,
    title: str,
    alt_text: str,
    sentence: str,
    table_title: str,
    table: Table,
) -> None:
    """The chart full width, the sentence saying what it shows, and its numbers folded under it
    (full width too, so that no column is cut off)."""
    charts.show(st, chart, title=title, alt_text=alt_text)
    st.markdown(sentence)
    with st.expander(table_title):
        grids.draw(table)


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
    summary_table = simulation_summary_table(result.summary(), headers)
    columns_text = t("simulator.columns", rules=", ".join(names))
    rules_text = ", ".join(names)
    spread_chart = _lines(weekly, "half_within", t("simulator.half_within"), "d")
    spread = {
        "title": t("simulator.spread_title"),
        "alt_text": t("simulator.spread_alt", rules=rules_text),
    }
    spread_table = weekly_table(weekly, "half_within", labels)

    def chart_view() -> None:
        charts.show(st, spread_chart, **spread)
        st.markdown(last_row_sentence(spread_table, names, "simulator.spread_sentence"))
        grids.data_expander(spread_table)

    page.only("chart", chart_view)
    page.only("table", lambda: grids.show(summary_table, download=None))

    st.header(t("simulator.summary"))
    st.caption(f"{columns_text} {t('simulator.half_within_help')}")
    grids.show(summary_table, download=f"simulation_seed{population.seed}_summary.csv")
    _chart(
        spread_chart,
        **spread,
        sentence=last_row_sentence(spread_table, names, "simulator.spread_sentence"),
        table_title=t("simulator.spread_table"),
        table=spread_table,
    )
    accuracy_table = weekly_table(weekly, "spearman", labels, digits=3)
    _chart(
        _lines(weekly, "spearman", t("simulator.spearman_short"), ".3f"),
        title=t("simulator.accuracy_title"),
        alt_text=t("simulator.accuracy_alt", rules=rules_text),
        sentence=last_row_sentence(accuracy_table, names, "simulator.accuracy_sentence"),
        table_title=t("simulator.accuracy_table"),
        table=accuracy_table,
    )
    _volatility(result, labels, rules_text)
    _distribution(result, labels, rules_text)

    st.header(t("simulator.heavy_title"))
    st.caption(f"{t('simulator.heavy_text')} {columns_text}")
    grids.show(heavy_claim_table(result.heavy_week_claim(), headers), download=None)
    grids.show(
        Table(weekly.drop(columns="series")),
        download=f"simulation_seed{population.seed}_weekly.csv",
        only_download=True,
    )


def _volatility(result: Simulation, labels: Mapping[str, str], rules_text: str) -> None:
    """The weekly swing by games that week: bars, their sentence and their table (``rules_text``:
    the rule sets named for the chart's description)."""
    names = list(labels.values())
    volatility = result.volatility.assign(series=lambda f: f["rules"].map(labels))
    volatility_table = swings_table(volatility, labels)
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
        sentence=last_row_sentence(
            volatility_table, names, "simulator.volatility_sentence", place="group"
        ),
        table_title=t("simulator.volatility_table"),
        table=volatility_table,
    )


def _distribution(result: Simulation, labels: Mapping[str, str], rules_text: str) -> None:
    """The last week's ratings: a histogram per rule set, its sentence and the percentiles
    (``rules_text``: the rule sets named for the chart's description)."""
    names = list(labels.values())
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


# ---------------------------------------------------------------------------------- tables


def simulation_summary_table(frame: pd.DataFrame, headers: Mapping[str, str]) -> Table:
    """The last week's spread and accuracy, the tenths' win rates: a row per measure and a column
    per rule set (a few rule sets fit across where seven long headers did not). The headline
    spread is "half the players within"; the interquartile range is under it."""
    columns = {
        "half_within": (t("simulator.half_within"), number),
        "iqr": (t("simulator.iqr"), number),
        "spread": (t("simulator.spread"), number),
        "spearman": (t("simulator.spearman"), lambda v: number(v, 3)),
        "top_tenth_expected": (t("simulator.top_expected"), percent),
        "top_tenth_actual": (t("simulator.top_actual"), percent),
        "newcomer_games_to_level": (t("simulator.newcomer_games"), number),
    }
    return by_measure(frame, headers, columns)


def weekly_table(
    frame: pd.DataFrame, column: str, labels: Mapping[str, str], digits: int = 0
) -> Table:
    """A week × rule-set table of one weekly figure (the numbers behind a time-series chart)."""
    wide = frame.pivot(index="week", columns="rules", values=column)
    wide = wide[[name for name in labels if name in wide.columns]]
    table = wide.rename(columns=labels).reset_index().rename(columns={"week": t("simulator.week")})
    table.columns.name = None
    return Table(table, {header: lambda v: number(v, digits) for header in labels.values()})


def swings_table(frame: pd.DataFrame, labels: Mapping[str, str]) -> Table:
    """Weekly swing (sd of the weekly change) by games that week: a column per rule set (a group
    no player-week fell in, no week of 300+ games, has no swing: a dash)."""
    wide = frame.pivot(index="group", columns="rules", values="sd_change")
    wide = wide.loc[list(dict.fromkeys(frame["group"])), [n for n in labels if n in wide.columns]]
    table = (
        wide.rename(columns=labels)
        .reset_index()
        .rename(columns={"group": t("simulator.games_week")})
    )
    table.columns.name = None
    return Table(table, {header: lambda v: number(v, 1) for header in labels.values()})


def heavy_claim_table(frame: pd.DataFrame, headers: Mapping[str, str]) -> Table:
    """The article's heavy week: what 300+ games at 2–3 points under expectation cost, a row
    per measure and a column per rule set, as in the summary."""
    columns = {
        "player_weeks": (t("simulator.player_weeks"), number),
        "games": (t("simulator.games"), number),
        "shortfall": (t("simulator.shortfall"), percent),
        "change": (t("simulator.week_change"), signed),
        "k_games_shortfall": (t("simulator.estimate"), lambda v: signed(-v)),
    }
    return by_measure(frame, headers, columns)
