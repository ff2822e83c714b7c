"""History — a CSV of real games re-rated game by game, each player with their own rolling 7-day K,
under one rule set or several side by side."""

from __future__ import annotations

from collections.abc import Mapping

import streamlit as st

from gammon_elo import CURRENT, RULES
from ui import charts, grids
from ui.i18n import number, t
from ui.lab import cached, history, league, uploads
from ui.lab.rule_sets import compared
from ui.params import BoolParam, ListParam
from ui.rules_input import in_history_order, rules_label
from ui.scaffold import Page

page = Page(
    "history",
    [
        # The synthetic sample first (the default), the shipped league the engine played, a file.
        league.source_param(default="sample"),
        ListParam(
            name="rules",
            # Opens comparing every rule set, in the rule history's order (as every page).
            default=list(RULES),
            choices=list(RULES),
            option=rules_label,
        ),
        BoolParam(name="skip_invalid", default=False, help="history.skip_help"),
    ],
    views=("compact", "chart"),
)
page.heading(intro=True)

with st.container(border=True):
    source = page.input("source", st, horizontal=True)
    # Full width: in a column its three chips ran out of a phone's screen (full width, they wrap).
    chosen = page.input("rules", st)
    source, upload = league.games_from(page, source, st)
    if source == "league":
        shipped = cached.league()
        st.caption(
            league.provenance_caption(shipped.provenance, len(shipped.games), len(shipped.players))
        )
    skip = page.input("skip_invalid", st)
page.write_url()

if source == "upload" and upload is None:
    st.info(t("history.waiting"), icon=":material/upload_file:")
    st.stop()
rule_sets = tuple(RULES[name] for name in in_history_order(chosen or [CURRENT.name]))
# Read once per file; replayed in the reader's place in the lab's queue unless kept.
data: cached.History = upload.getvalue() if upload else source
comparison = cached.history(data, rule_sets, skip)
if comparison is None:
    st.stop()

labels = {r.label: rules_label(r.name) for r in rule_sets}
first = next(iter(comparison.results.values()))
st.caption(
    t(
        "history.summary",
        rows=first.rows_read,
        rated=len(first.games),
        rejected=first.rows_rejected,
        players=len(first.players),
    )
)

everyone = first.players["player"].tolist()
busiest = first.players.sort_values(["ranked_games", "player"], ascending=[False, True])
players = st.multiselect(
    t("history.players"),
    everyone,
    default=busiest["player"].head(5).tolist(),
    # A new file starts from its own busiest players, not the last file's choice.
    key=page.key(f"players.{upload.file_id if upload else source}"),
    help=t("history.players_help"),
    # Six lines at most in a chart: more tangle.
    max_selections=charts.MAX_LINES,
)
lines, stretch = history.history_trajectories(comparison, players, labels)
domain = (float(lines["rating"].min()), float(lines["rating"].max())) if len(lines) else (0.0, 1.0)
chart_alt = t("history.chart_alt", players=", ".join(players), rules=", ".join(labels.values()))
#: The league's bots by level (the engine's skill): named beside each one's final ratings.
levels = None
if source == "league":
    bots = cached.league().players
    levels = dict(zip(bots["player"].astype(str), bots["level"].astype(str), strict=True))
ratings_table = history.history_ratings(comparison.ratings, levels)


def draw_charts() -> None:
    """A chart per rule set, one under another on one rating scale and the page's width (a
    league's longest lines need it): each keeps to the chosen players' lines."""
    st.markdown(f"**{t('history.chart_title')}**")
    if stretch > 1:
        st.caption(t("history.chart_stretch", games=stretch))
    for label, name in labels.items():
        chart = charts.trajectories(
            lines[lines["rules"] == label],
            x_title=t("history.game"),
            y_title=t("simulator.rating"),
            player_title=t("history.player"),
            y_domain=domain,
        )
        charts.show(st, chart, title=name, alt_text=chart_alt)
    if players:
        st.markdown(final_sentence(ratings_table, players, labels))


def final_sentence(table: grids.Table, chosen: list[str], names: Mapping[str, str]) -> str:
    """Where the chosen players end under each rule set: "1528–1664 under 1.3.1 (÷1200) …"
    (``names``: each rule set's column and its name)."""
    rows = table.frame[table.frame[t("history.player")].isin(chosen)]
    items = [(name, f"{rows[key].min()}–{rows[key].max()}") for key, name in names.items()]
    return compared(items, "history.chart_sentence")


def spread_sentence(table: grids.Table, names: list[str]) -> str:
    header = t("simulator.half_within")
    values = dict(zip(table.frame[t("col.rules")], table.frame[header], strict=True))
    return compared([(n, number(values[n])) for n in names], "history.spread_sentence")


page.only("chart", draw_charts)

draw_charts()
st.header(t("history.final_title"))
st.caption(t("history.final_caption", rules=", ".join(labels.values())))
grids.show(ratings_table, download=None)

st.header(t("history.spread_title"))
st.caption(t("history.spread_caption"))
spread_table = history.history_spread(comparison.spread, labels)
grids.show(spread_table, download="spread.csv")
st.markdown(spread_sentence(spread_table, list(labels.values())))

# One expander for the games and one for the players, a tab per rule set inside each. Only
# the chosen tab's table is drawn (a tab switch reruns the page): a Styler writes each shown
# cell as the page runs, and every rule set's table at once would make each rerun wait on all.
for kind, frame_of in (("games", lambda r: r.games), ("players", lambda r: r.players)):
    with st.expander(t(f"history.every_{kind}"), expanded=False):
        if kind == "games":
            st.caption(t("history.unrated_note"))
        if len(labels) > 1:
            tabs = st.tabs(list(labels.values()), key=page.key(f"{kind}_tab"), on_change="rerun")
        else:
            tabs = [st.container()]
        for tab, (label, result) in zip(tabs, comparison.results.items(), strict=True):
            if len(tabs) > 1 and not tab.open:
                continue
            with tab:
                grids.show(
                    history.replay_frame(frame_of(result)),
                    download=f"{kind}_{result.rules.name}.csv",
                    key=page.key(f"{kind}.{label}"),
                )
if first.rows_rejected:
    st.header(t("history.rejected_title", rejected=first.rows_rejected))
    grids.show(
        uploads.rejected(first.rejected),
        download="rejected_rows.csv",
    )
page.embed_section()
