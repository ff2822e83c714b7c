"""History — a CSV of real games re-rated game by game, each player with their own rolling 7-day K,
under one rule set or several side by side."""

from __future__ import annotations

import streamlit as st

from gammon_elo import RULES, InvalidInput
from gammon_elo.replay import InvalidHistory, neutralize_formulas
from ui import cached, charts, grids
from ui.i18n import number, t
from ui.page import Page
from ui.params import BoolParam, ChoiceParam, ListParam
from ui.rules_input import rules_label

SOURCES = ("sample", "upload")
page = Page(
    "history",
    [
        ChoiceParam(
            name="source",
            default="sample",
            choices=SOURCES,
            kind="radio",
            label="history.source",
            option=lambda source: t(f"history.source_{source}"),
        ),
        ListParam(
            name="rules",
            default=["1.3.1"],
            choices=list(RULES),
            label="history.rules",
            option=rules_label,
        ),
        BoolParam(
            name="skip_invalid",
            default=False,
            label="history.skip_invalid",
            help="history.skip_help",
        ),
    ],
)
page.heading(intro=True)

with st.container(border=True):
    left, right = st.columns([2, 3])
    source = page.input("source", left, horizontal=True)
    chosen = page.input("rules", right)
    upload = None
    if source == "upload":
        upload = st.file_uploader(
            t("history.upload"),
            type=["csv", "parquet"],
            key=page.key("file"),
            help=t("history.upload_help", limit=st.get_option("server.maxUploadSize")),
        )
    skip = page.input("skip_invalid", st)
page.write_url()

if source == "upload" and upload is None:
    st.info(t("history.waiting"), icon=":material/upload_file:")
    st.stop()
rule_sets = tuple(RULES[name] for name in (chosen or ["1.3.1"]))
try:
    with st.spinner(t("history.rating")):
        comparison = cached.history(upload.getvalue() if upload else None, rule_sets, skip)
except InvalidHistory as error:
    st.error(
        t("history.invalid", rejected=error.rows_rejected, rows=error.rows_read),
        icon=":material/error:",
    )
    grids.show(grids.rejected(error.report), download="rejected_rows.csv")
    st.stop()
except InvalidInput as error:
    st.error(t("history.unreadable", message=str(error)), icon=":material/error:")
    st.stop()

labels = {r.label: rules_label(r.name) for r in rule_sets}
first = next(iter(comparison.results.values()))
st.caption(
    t(
        "history.summary",
        rows=number(first.rows_read),
        rated=number(len(first.games)),
        rejected=number(first.rows_rejected),
        players=number(len(first.players)),
    )
)

everyone = first.players["player"].tolist()
busiest = first.players.sort_values(["ranked_games", "player"], ascending=[False, True])
players = st.multiselect(
    t("history.players"),
    everyone,
    default=busiest["player"].head(5).tolist(),
    # A new file starts from its own busiest players, not the last file's choice.
    key=page.key(f"players.{upload.file_id if upload else 'sample'}"),
    help=t("history.players_help"),
)
lines = grids.history_trajectories(comparison, players, labels)
chart = charts.trajectories(
    lines,
    x_title=t("history.game"),
    y_title=t("simulator.rating"),
    player_title=t("history.player"),
    rules_title=t("col.rules"),
    tooltip_titles={
        "player": t("history.player"),
        "series": t("col.rules"),
        "game": t("history.game"),
        "opponent": t("history.opponent"),
        "result": t("history.result"),
        "change": t("col.change"),
        "rating": t("simulator.rating"),
    },
)
chart_alt = t("history.chart_alt", players=", ".join(players), rules=", ".join(labels.values()))
page.only(
    "chart", lambda: charts.show(st, chart, title=t("history.chart_title"), alt_text=chart_alt)
)

charts.beside(
    chart,
    title=t("history.chart_title"),
    alt_text=chart_alt,
    table_title=t("history.final_title"),
    table=lambda: grids.show(grids.history_ratings(comparison.ratings, labels), download=None),
)

st.header(t("history.spread_title"))
grids.show(
    grids.history_spread(comparison.spread, labels),
    download="spread.csv",
    neutralize=neutralize_formulas,
)

for label, result in comparison.results.items():
    name = labels[label]
    with st.expander(t("history.games_title", rules=name), expanded=len(labels) == 1):
        grids.show(
            grids.replay_frame(result.games),
            download=f"games_{result.rules.name}.csv",
            neutralize=neutralize_formulas,
            key=page.key(f"games.{label}"),
        )
    with st.expander(t("history.players_title", rules=name)):
        grids.show(
            grids.replay_frame(result.players),
            download=f"players_{result.rules.name}.csv",
            neutralize=neutralize_formulas,
            key=page.key(f"players.{label}"),
        )
if first.rows_rejected:
    st.header(t("history.rejected_title", rejected=number(first.rows_rejected)))
    grids.show(
        grids.rejected(first.rejected),
        download="rejected_rows.csv",
        neutralize=neutralize_formulas,
    )
page.embed_section(views=("compact", "chart"))
