"""The Rule designer's ranking of the rule sets and the rating systems on the chosen history
(:func:`gammon_elo.systems.compare_systems`): each row's name in the reader's language, built
from the settings it ran with; the verdict in words, each of the core's sentences
(:meth:`~gammon_elo.systems.Verdict.parts`) from the catalog; a chart of every system's
log-loss with ± 2 standard errors of its paired margin over the current rules, a coin toss and
the floor drawn as reference lines; and the table of every row, its numbers sent as numbers
and written by a pandas Styler. The page calls :func:`section`."""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from datetime import timedelta
from typing import Final

import altair as alt
import pandas as pd
import streamlit as st

from gammon_elo import RULES, Rules
from gammon_elo.systems import COIN_TOSS, FLOOR, Glicko2, SystemsComparison, Verdict, WengLin

from .. import grids
from ..chart_specs import inks, style
from ..i18n import MINUS, NO_VALUE, decimal_comma, number, percent, signed, t
from ..rules_input import rules_label
from . import cached

#: A system chosen among candidates, as the core's row label says it.
_CHOSEN: Final = re.compile(r", best of (\d+)$")
#: The rows that are references, not systems.
REFERENCES: Final = (COIN_TOSS, FLOOR)
#: The digits each number of the verdict's sentences is written with (``share``: a percentage).
_DIGITS: Final = {"log_loss": 4, "coin": 4, "floor": 4, "per_1000": 1, "margin": 5, "se": 5}
#: Pixels a ranked row takes: its name's two lines above its dot and bar.
ROW: Final = 54
#: Pixels the chart takes beyond its rows (Streamlit fits the whole chart to its height): the
#: axis and its title, the legend's two rows under it.
AROUND: Final = 160
#: The colour of each kind of system: rule sets and divisors, systems that track uncertainty.
GROUPS: Final = {"rules": 0, "divisor": 0, "glicko2": 1, "weng-lin": 1}


def _figure(value: float) -> str:
    """A setting as the core's labels write it (four significant figures), in the reader's
    way: 0.01, or 0,01 in Greek."""
    text = f"{value:.4g}".replace("-", MINUS)
    return text.replace(".", ",") if decimal_comma() else text


def _period(length: timedelta) -> str:
    """A Glicko-2 rating period in words: "1-hour periods"."""
    for unit, seconds in (("week", 604_800), ("day", 86_400), ("hour", 3_600), ("minute", 60)):
        periods = length.total_seconds() / seconds
        if periods >= 1 and periods.is_integer():
            return t(f"systems.period_{unit}", count=int(periods))
    return t("systems.period_seconds", seconds=_figure(length.total_seconds()))


def _settings(setting: object) -> list[str]:
    """A system's settings as its name lists them (what the core's label says, translated)."""
    if isinstance(setting, Glicko2):
        start = setting.rating
        rating = [] if start == Glicko2().rating else [t("systems.rating", value=_figure(start))]
        return [
            _period(setting.period),
            *rating,
            f"RD {_figure(setting.deviation)}",
            t("systems.volatility", value=_figure(setting.volatility)),
            f"τ {_figure(setting.tau)}",
        ]
    if isinstance(setting, WengLin):
        default = WengLin()
        mu = [] if setting.mu == default.mu else [f"μ {_figure(setting.mu)}"]
        kappa = [] if setting.kappa == default.kappa else [f"κ {_figure(setting.kappa)}"]
        return [
            *mu,
            f"σ {_figure(setting.sigma)}",
            f"β {_figure(setting.beta)}",
            f"τ {_figure(setting.tau)}",
            *kappa,
        ]
    return []


def name_parts(label: str, kind: str, setting: object) -> tuple[str, str]:
    """A row's name in the reader's language: the system (a rule set with its divisor; chosen
    among candidates, how many) and its settings ("" for a rule set or a reference)."""
    if kind == COIN_TOSS:
        return t("systems.coin_toss"), ""
    if kind == FLOOR:
        return t("systems.floor"), ""
    if isinstance(setting, Rules):
        if kind == "divisor":
            head = t("systems.fitted", divisor=_figure(setting.divisor))
        elif RULES.get(setting.name) == setting:
            head = rules_label(setting.name)
        else:
            head = t("systems.custom", divisor=_figure(setting.divisor), k=setting.k)
    else:
        head = t("systems.glicko2" if isinstance(setting, Glicko2) else "systems.weng_lin")
    chosen = _CHOSEN.search(label)
    if chosen is not None:
        head = t("systems.best_of", name=head, count=int(chosen[1]))
    return head, " · ".join(_settings(setting))


def names(comparison: SystemsComparison) -> dict[str, tuple[str, str]]:
    """Every row's name, by the core's row label: (system, settings)."""
    return {
        label: name_parts(label, kind, comparison.settings.get(label))
        for label, kind in zip(comparison.rows["system"], comparison.rows["kind"], strict=True)
    }


def full_name(parts: tuple[str, str]) -> str:
    """A name on one line: "Glicko-2, best of 8 (1-hour periods · RD 100 · …)"."""
    head, detail = parts
    return f"{head} ({detail})" if detail else head


def _joined(items: Sequence[str]) -> str:
    """Names as the reader's language lists them: "a, b and c"."""
    if len(items) == 1:
        return items[0]
    return ", ".join(items[:-1]) + t("simulator.and") + items[-1]


def verdict_sentences(verdict: Verdict, named: Mapping[str, str]) -> list[str]:
    """The verdict in the reader's language: each of :meth:`Verdict.parts` filled into the
    catalog's ``systems.verdict_<key>``, names by ``named`` (the core's row label → name)."""
    sentences = []
    for key, fields in verdict.parts():
        values: dict[str, object] = {}
        for field, value in fields.items():
            if isinstance(value, tuple):
                values[field] = _joined([named.get(v, v) for v in value])
            elif isinstance(value, str):
                values[field] = named.get(value, value)
            elif isinstance(value, float):
                share = field == "share"
                values[field] = percent(value, 0) if share else number(value, _DIGITS[field])
            else:
                values[field] = value  # a count: the catalog writes it
        sentences.append(t(f"systems.verdict_{key}", **values))
    return sentences


def _references(rows: pd.DataFrame, parts: Mapping[str, tuple[str, str]]) -> pd.DataFrame:
    """The coin toss and the floor (where known): each one's log-loss and its line's text."""
    found = rows[rows["kind"].isin(REFERENCES)]
    return pd.DataFrame(
        {
            "log_loss": found["log_loss"].to_numpy(),
            "text": [
                f"{parts[label][0]} {number(value, 4)}"
                for label, value in zip(found["system"], found["log_loss"], strict=True)
            ],
            "rank": 0,
        }
    )


def ranking_frame(
    comparison: SystemsComparison, parts: Mapping[str, tuple[str, str]]
) -> pd.DataFrame:
    """The systems drawn, best first: rank, name (two lines), log-loss and its bar's ends
    (± 2 standard errors of the paired margin over the current rules), colour group."""
    rows = comparison.rows[~comparison.rows["kind"].isin(REFERENCES)].reset_index(drop=True)
    current = comparison.verdict.current
    reach = 2 * rows["margin_se"].fillna(0.0)
    groups = (t("systems.group_rules"), t("systems.group_uncertainty"))
    frame = pd.DataFrame(
        {
            "rank": range(1, len(rows) + 1),
            "head": [parts[s][0] for s in rows["system"]],
            "detail": [parts[s][1] for s in rows["system"]],
            "name": [full_name(parts[s]) for s in rows["system"]],
            "log_loss": rows["log_loss"],
            "low": rows["log_loss"] - reach,
            "high": rows["log_loss"] + reach,
            "group": [groups[GROUPS[kind]] for kind in rows["kind"]],
            "margin": [
                NO_VALUE if s == current else f"{signed(1000 * m, 2)} ± {number(1000 * se, 2)}"
                for s, m, se in zip(rows["system"], rows["margin"], rows["margin_se"], strict=True)
            ],
        }
    )
    # What a screen reader hears for each dot and bar, in the reader's language (Vega would
    # otherwise read the untitled fields' names: "low", "high").
    frame["description"] = [
        t("systems.mark", name=name, log_loss=number(loss, 4), margin=margin)
        for name, loss, margin in zip(
            frame["name"], frame["log_loss"], frame["margin"], strict=True
        )
    ]
    return frame


def _domain(frame: pd.DataFrame, references: pd.DataFrame) -> list[float]:
    """The log-loss axis: every bar and reference line, with a little room either side."""
    values = [*frame["low"], *frame["high"], *references["log_loss"]]
    low, high = min(values), max(values)
    room = (high - low) * 0.04 or 0.001
    return [low - room, high + room]


def _reference_layers(
    references: pd.DataFrame, x: alt.X, y: alt.Y, domain: list[float]
) -> list[alt.Chart]:
    """The coin toss and the floor: a dashed line each, light enough for the names written
    across them to read, named in the top row on the side with room (the axis's middle)."""
    middle = (domain[0] + domain[1]) / 2
    lines = (
        alt.Chart(references)
        .mark_rule(strokeDash=[5, 4], color=inks().text, strokeWidth=1.5, opacity=0.5)
        .encode(x=x)
    )
    named = [
        alt.Chart(references[side(references["log_loss"], middle)])
        .mark_text(align=align, dx=dx, fontSize=12, color=inks().text, aria=False)
        .encode(x=x, y=y, text="text:N")
        for side, align, dx in ((pd.Series.lt, "left", 5), (pd.Series.ge, "right", -5))
    ]
    return [lines, *named]


def _name_layers(frame: pd.DataFrame, y: alt.Y) -> list[alt.Chart]:
    """Each name above its dot, from the plot's left edge: the system, then its settings (the
    tooltip and the table say them too, so the text stays out of a screen reader's way)."""
    settled = frame["detail"] != ""
    return [
        alt.Chart(rows)
        .mark_text(align="left", baseline="bottom", dy=dy, fontSize=size, aria=False, **ink)
        .encode(x=alt.value(0), y=y, text=f"{field}:N")
        for rows, field, dy, size, ink in (
            (frame[settled], "head", -19, 12, {"fontWeight": 600}),
            (frame[~settled], "head", -7, 12, {"fontWeight": 600}),
            (frame[settled], "detail", -7, 11, {"color": inks().text}),
        )
    ]


def ranking_chart(
    comparison: SystemsComparison, parts: Mapping[str, tuple[str, str]]
) -> alt.LayerChart:
    """Every system's log-loss (a dot, further left is better) and its bar of ± 2 standard
    errors of its paired margin over the current rules, a row each, best at the top, its name
    written above it; the coin toss and the floor as dashed lines, named in the top row."""
    frame = ranking_frame(comparison, parts)
    references = _references(comparison.rows, parts)
    domain = _domain(frame, references)
    x = alt.X(
        "log_loss:Q",
        title=t("systems.axis"),
        scale=alt.Scale(domain=domain, nice=False, zero=False),
        axis=alt.Axis(format=".3f", tickCount=5),
    )
    y = alt.Y("rank:O", axis=None, scale=alt.Scale(domain=list(range(len(frame) + 1))))
    groups = [t("systems.group_rules"), t("systems.group_uncertainty")]
    color = alt.Color(
        "group:N",
        scale=alt.Scale(domain=groups, range=inks().series[:2]),
        # A group a row: two long names side by side ran out of a phone's width.
        legend=alt.Legend(symbolType="circle", columns=1),
    )
    tooltip = [
        alt.Tooltip("name:N", title=t("systems.col_system")),
        alt.Tooltip("log_loss:Q", title=t("systems.col_log_loss"), format=".4f"),
        alt.Tooltip("margin:N", title=t("systems.col_margin_tip")),
    ]
    described = alt.Description("description:N")
    bars = (
        alt.Chart(frame)
        .mark_rule(strokeWidth=3)
        .encode(x="low:Q", x2="high:Q", y=y, color=color, description=described)
    )
    dots = (
        alt.Chart(frame)
        .mark_point(filled=True, size=90, opacity=1)
        .encode(x=x, y=y, color=color, tooltip=tooltip, description=described)
    )
    layers = [*_reference_layers(references, x, y, domain), bars, dots, *_name_layers(frame, y)]
    return style(alt.layer(*layers)).properties(height=ROW * (len(frame) + 1) + AROUND)


def ranking_table(
    comparison: SystemsComparison, parts: Mapping[str, tuple[str, str]], current: str
) -> grids.Table:
    """Every row, best first, under the reader's headers: the system (kept in view as the
    numbers scroll by on a phone), its numbers, and its settings last. The current rules' own
    margin is no figure; the share of the way from a coin toss to the floor and the Spearman
    with the players' levels only where levels are known."""
    rows = comparison.rows
    is_current = rows["system"] == current
    yes, no = t("systems.yes"), t("systems.no")
    data = pd.DataFrame(
        {
            t("systems.col_system"): [parts[s][0] for s in rows["system"]],
            t("systems.col_log_loss"): rows["log_loss"],
            t("systems.col_brier"): rows["brier"],
            t("systems.col_slope"): rows["slope"],
            t("systems.col_margin"): (1000 * rows["margin"]).mask(is_current),
            t("systems.col_se"): (1000 * rows["margin_se"]).mask(is_current),
            t("systems.col_clear"): [
                NO_VALUE if c else (yes if clear else no)
                for c, clear in zip(is_current, rows["clear"], strict=True)
            ],
            t("systems.col_fitted"): [yes if f else no for f in rows["fitted"]],
            t("systems.col_share"): rows["share"],
            t("systems.col_spearman"): rows["spearman_level"],
            t("systems.col_seconds"): rows["seconds"],
            t("systems.col_settings"): [parts[s][1] or NO_VALUE for s in rows["system"]],
        }
    )
    data = data.loc[:, data.notna().any()]  # no column of dashes only (no levels: no share)
    formats = {
        t("systems.col_log_loss"): lambda v: number(v, 4),
        t("systems.col_brier"): lambda v: number(v, 4),
        t("systems.col_slope"): lambda v: number(v, 3),
        t("systems.col_margin"): lambda v: signed(v, 2),
        t("systems.col_se"): lambda v: number(v, 2),
        t("systems.col_share"): lambda v: percent(v, 0),
        t("systems.col_spearman"): lambda v: number(v, 3),
        t("systems.col_seconds"): lambda v: number(v, 2),
    }
    formats = {column: write for column, write in formats.items() if column in data}
    pinned = {t("systems.col_system"): st.column_config.TextColumn(pinned=True)}
    return grids.Table(data, formats, pinned)


def section(history: cached.History, burn_in: int) -> None:
    """The ranking on ``history`` past each player's first ``burn_in`` games: its verdict
    first, the chart, what the chart shows, then the table and its download, folded. A
    comparison over the server's limits is refused by name, the rest of the page drawn."""
    st.subheader(t("systems.title"))
    comparison = cached.systems(history, burn_in)
    if comparison is None:
        return
    parts = names(comparison)
    named = {label: full_name(p) for label, p in parts.items()}
    first, *rest = verdict_sentences(comparison.verdict, named)
    st.markdown(" ".join([f"**{first}**", *rest]))
    current = comparison.verdict.current
    split = "systems.split_half" if comparison.fit_on == "half" else "systems.split_all"
    st.caption(t(split, games=comparison.games, fit_games=comparison.fit_games, burn_in=burn_in))
    st.markdown(f"**{t('systems.chart_title', current=named[current])}**")
    st.altair_chart(ranking_chart(comparison, parts), alt=first)
    st.caption(t("systems.chart_key", games=comparison.games, current=named[current]))
    table = ranking_table(comparison, parts, current)
    levels = " " + t("systems.table_levels") if t("systems.col_share") in table.frame else ""
    # Folded: a dozen columns scroll sideways in a phone's width; the verdict and the chart
    # above say what it holds.
    with st.expander(t("systems.table_title"), icon=":material/table:"):
        st.caption(t("systems.table_key", current=named[current]) + levels)
        grids.show(table, download="systems.csv", key="designer.systems_download")
