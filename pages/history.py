"""History — a CSV of real games re-rated game by game, each player with their own rolling 7-day K,
under one rule set or several side by side."""

from __future__ import annotations

import streamlit as st

from gammon_elo import RULES, InvalidInput
from gammon_elo.replay import InvalidHistory, neutralize_formulas
from ui import cached, charts, embed, frame, state, tables
from ui.i18n import number, t

PAGE = "history"
frame.setup("history.nav")
SOURCES = ("sample", "upload")
PARAMS = [
    state.choice_param("source", "sample", SOURCES),
    state.list_param("rules", ["1.3.1"], list(RULES)),
    state.bool_param("skip_invalid", False),
]

state.seed_from_url(PAGE, PARAMS)
view = embed.view()
state.show_notices(PAGE)
if view == "full":
    st.title(t("history.title"))
    st.caption(t("history.intro"))

with st.container(border=True):
    left, right = st.columns([2, 3])
    source = left.radio(
        t("history.source"),
        SOURCES,
        key=state.key(PAGE, "source"),
        format_func={s: t(f"history.source_{s}") for s in SOURCES}.__getitem__,
        horizontal=True,
    )
    chosen = right.multiselect(
        t("history.rules"),
        list(RULES),
        key=state.key(PAGE, "rules"),
        format_func={
            n: t("rules.version", name=n, divisor=f"{r.divisor:g}") for n, r in RULES.items()
        }.__getitem__,
    )
    upload = None
    if source == "upload":
        upload = st.file_uploader(
            t("history.upload"),
            type=["csv"],
            key=f"{PAGE}.file",
            help=t("history.upload_help", limit=st.get_option("server.maxUploadSize")),
        )
    skip = st.toggle(
        t("history.skip_invalid"), key=state.key(PAGE, "skip_invalid"), help=t("history.skip_help")
    )
state.write_to_url(PAGE, PARAMS)

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
    tables.show(tables.rejected(error.report), download="rejected_rows.csv")
    st.stop()
except InvalidInput as error:
    st.error(t("history.unreadable", message=str(error)), icon=":material/error:")
    st.stop()

labels = {r.label: t("rules.version", name=r.name, divisor=f"{r.divisor:g}") for r in rule_sets}
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
    key=f"{PAGE}.players.{upload.file_id if upload else 'sample'}",
    help=t("history.players_help"),
)
lines = tables.history_trajectories(comparison, players, labels)
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
if view == "chart":
    charts.show(st, chart, title=t("history.chart_title"), alt_text=chart_alt)
    st.stop()

chart_col, table_col = st.columns([3, 2])
charts.show(chart_col, chart, title=t("history.chart_title"), alt_text=chart_alt)
with table_col:
    st.markdown(f"**{t('history.final_title')}**")
    tables.show(tables.history_ratings(comparison.ratings, labels), download=None)

st.header(t("history.spread_title"))
tables.show(
    tables.history_spread(comparison.spread, labels),
    download="spread.csv",
    neutralize=neutralize_formulas,
)

for label, result in comparison.results.items():
    name = labels[label]
    with st.expander(t("history.games_title", rules=name), expanded=len(labels) == 1):
        tables.show(
            tables.replay_frame(result.games),
            download=f"games_{result.rules.name}.csv",
            neutralize=neutralize_formulas,
            key=f"{PAGE}.games.{label}",
        )
    with st.expander(t("history.players_title", rules=name)):
        tables.show(
            tables.replay_frame(result.players),
            download=f"players_{result.rules.name}.csv",
            neutralize=neutralize_formulas,
            key=f"{PAGE}.players.{label}",
        )
if first.rows_rejected:
    st.header(t("history.rejected_title", rejected=number(first.rows_rejected)))
    tables.show(
        tables.rejected(first.rejected),
        download="rejected_rows.csv",
        neutralize=neutralize_formulas,
    )
if view == "full":
    embed.section(PAGE, views=("compact", "chart"))
