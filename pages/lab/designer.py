"""Rule designer — real dice (the win rates of a league the engine played, and a small one played
live), sweeps of a grid of rule sets over simulated populations on Dask, and how well each rule
set predicted a history (calibration: the shipped league by default), with the divisor that fits
it best."""

from __future__ import annotations

import io

import pandas as pd
import streamlit as st

from gammon_elo import CURRENT, RULES, STANDARD_DIVISORS
from gammon_elo.calibrate import DEFAULT_BURN_IN, FitResult, Margin, fit, paired_margin, score
from gammon_elo.sweep import Grid, sweep
from server import cost, runs
from ui import charts, grids
from ui.i18n import percent, t
from ui.lab import cached, designer, league, systems
from ui.lab.run import Plan, Progress, cluster_caption, in_session, kept_or_run
from ui.params import BoolParam, ChoiceParam, IntParam, ListParam, named
from ui.rules_input import in_history_order, rules_label
from ui.scaffold import Page

#: The sweep's divisors to choose from: a grid, and every divisor of the rule history.
DIVISORS = tuple(
    sorted(
        {200, 300, 400, 600, 800, 1000, 1200, 1600, 2000, 2400, 3200}
        | {int(d) for d in STANDARD_DIVISORS}
    )
)
PARQUET_MIME = "application/vnd.apache.parquet"
KS = (8, 12, 16, 24, 32, 48, 64)
FITS = ("divisor", "divisor,k")
page = Page(
    "designer",
    [
        # The shipped league first (the default), the synthetic sample, the reader's file.
        league.source_param(default="league"),
        ListParam(name="divisors", default=[int(d) for d in STANDARD_DIVISORS], choices=DIVISORS),
        ListParam(name="ks", default=[16, 32], choices=KS),
        BoolParam(name="heavy_on", default=False),
        IntParam(name="heavy_k", default=16, low=1, high=1000),
        IntParam(name="heavy_games", default=50, low=0, high=10_000),
        IntParam(name="seeds", default=2, low=1, high=50),
        IntParam(name="players", default=200, low=10, high=20_000, step=50),
        IntParam(name="weeks", default=4, low=1, high=104),
        BoolParam(name="with_history", default=False),
        ListParam(name="rules", default=list(RULES), choices=tuple(RULES)),
        IntParam(name="burn_in", default=DEFAULT_BURN_IN, low=0, high=10_000),
        ChoiceParam(name="fit", default="divisor", choices=FITS, kind="radio"),
        # A live league: its bounds are the server's (league_players, league_games), refused
        # by name above them; the widgets only keep a link's text sane.
        IntParam(name="live_players", default=20, low=2, high=1000),
        IntParam(name="live_games", default=1000, low=1, high=100_000, step=100),
        ChoiceParam(
            name="live_levels",
            default="club",
            choices=tuple(league.PRESETS),
            option=named("league.preset_"),
        ),
        IntParam(name="live_seed", default=1, low=0, high=2**31 - 1),
    ],
)
page.heading(intro=True)

# ---------------------------------------------------------------- the history and where to run
with st.container(border=True):
    source = page.input("source", st, horizontal=True)
    source, upload = league.games_from(page, source, st)
    # Where the runs go is the operator's choice (server.settings), never a reader's: said only.
    runner = runs.runner()
    st.caption(cluster_caption(runner))
# The calibration's games: the file's bytes, or a shipped history by name (ui.cached.games).
history_bytes: cached.History = upload.getvalue() if upload is not None else None
if upload is None:
    history_bytes = "league" if source == "league" else None
#: What the results below are kept by: a sweep or a fit shows only beside the history it ran on.
history_id = cached.history_id(history_bytes)


# ------------------------------------------------------------------------------- real dice
st.header(t("league.title"))
if league.shipped():
    shipped = cached.league()
    league.show_rates(shipped.rates, download="league_win_rates.csv")
    st.markdown(league.rates_sentence(shipped.rates))
    st.caption(
        league.provenance_caption(shipped.provenance, len(shipped.games), len(shipped.players))
    )
else:
    st.info(t("league.not_shipped"), icon=":material/casino:")
league.live_section(page)

# ---------------------------------------------------------------------------------- the sweep
st.header(t("designer.sweep_title"))
# The run starts from the form's button only: with Enter, Streamlit writes "Press Enter to
# submit form" in an edited field, over a narrow field's value and in English.
with st.container(border=True):
    # The heavy-week switch and its two inputs above the form, outside it: a widget in a form
    # cannot follow another before the form is sent, and the inputs are off while the switch is.
    heavy_row = st.columns(3)
    heavy_on = page.input("heavy_on", heavy_row[0])
    for name, column in zip(("heavy_k", "heavy_games"), heavy_row[1:], strict=True):
        page.input(name, column, disabled=not heavy_on)
    with st.form(page.key("sweep_form"), border=False, enter_to_submit=False):
        # Two rows of three, each row its own columns so that the rows line up.
        for row in (("divisors", "ks", "seeds"), ("players", "weeks", "with_history")):
            for name, column in zip(row, st.columns(3), strict=True):
                page.input(name, column)
        run_sweep = st.form_submit_button(
            t("designer.run_sweep"), type="primary", icon=":material/play_arrow:"
        )

#: The sweep form's inputs: the table shown is the one run with them (a failed run keeps none).
SWEEP_INPUTS = ("divisors", "ks", "heavy_on", "heavy_k", "heavy_games", "seeds", "players")


def _sweep_inputs() -> tuple[object, ...]:
    """What a sweep's table belongs to: its grid, and the history and burn-in when the
    history's scores are in it."""
    grid = tuple(str(page[name]) for name in (*SWEEP_INPUTS, "weeks", "with_history"))
    return (*grid, history_id, page["burn_in"]) if page["with_history"] else grid


def _sweep() -> Plan[pd.DataFrame]:
    """The sweep the form describes, on the cluster: its grid, with the history's scores."""
    grid = Grid(
        divisors=tuple(page["divisors"] or [int(CURRENT.divisor)]),
        ks=tuple(page["ks"] or [32]),
        heavy_ks=(page["heavy_k"],) if page["heavy_on"] else (),
        heavy_games=(page["heavy_games"],) if page["heavy_on"] else (),
        seeds=page["seeds"],
        players=page["players"],
        weeks=page["weeks"],
    )
    # The file as read for the calibration below: once per file, within the budget.
    history = cached.games(history_bytes) if page["with_history"] else None

    def work(progress: Progress, client: object) -> pd.DataFrame:
        return sweep(
            grid, history=history, burn_in=page["burn_in"], client=client, progress=progress
        )

    price = cost.sweep(grid, None if history is None else len(history))
    return Plan(price, work, "designer.progress", cluster=True)


#: The reader's last sweep, shown only beside the inputs it ran with.
sweeps = in_session(page.key("sweep"))
if run_sweep:
    kept_or_run(sweeps, _sweep_inputs(), _sweep)
table: pd.DataFrame | None = sweeps.get(_sweep_inputs())
if table is None:
    if sweeps:  # a sweep of other inputs
        st.warning(t("designer.sweep_stale"), icon=":material/history:")
    st.info(t("designer.sweep_waiting"), icon=":material/grid_on:")
else:
    st.caption(
        t(
            "designer.sweep_ran",
            rows=len(table),
            rule_sets=int(table["rules"].nunique()),
            seeds=int(table["seed"].nunique()),
        )
    )
    st.caption(t("simulator.half_within_help"))
    metrics = [m for m in designer.METRICS if m.column in designer.with_gap(table)]
    for start in range(0, len(metrics), 2):
        columns = st.columns(2)
        for column, metric in zip(columns, metrics[start : start + 2], strict=False):
            means = designer.sweep_means(table, metric.column)
            title = t(metric.key)
            sentence = designer.heatmap_sentence(means, metric, title)
            charts.show(
                column,
                designer.heatmap(means, metric, title),
                title=t("designer.heatmap_title", metric=title),
                alt_text=sentence,
            )
            column.caption(sentence)
    with st.expander(t("designer.sweep_table")):
        grids.draw(designer.sweep_table(table))

    # Made when the reader clicks, not on every rerun of the page.
    def sweep_csv() -> bytes:
        return table.to_csv(index=False).encode("utf-8")

    def sweep_parquet() -> bytes:
        parquet = io.BytesIO()
        table.to_parquet(parquet, index=False)
        return parquet.getvalue()

    downloads = {"csv": (sweep_csv, "text/csv"), "parquet": (sweep_parquet, PARQUET_MIME)}
    for column, (kind, (data, mime)) in zip(st.columns(2), downloads.items(), strict=True):
        column.download_button(
            t(f"designer.download_{kind}"),
            data,
            file_name=f"sweep.{kind}",
            mime=mime,
            icon=":material/download:",
            key=page.key(f"download_{kind}"),
        )


# ---------------------------------------------------------------------------- the calibration
st.header(t("designer.calibration_title"))
with st.container(border=True):
    left, middle, right = st.columns([3, 1, 2])
    chosen = page.input("rules", left)
    page.input("burn_in", middle)
    page.input("fit", right, horizontal=True)
page.write_url()

if history_bytes == "league":
    st.caption(t("designer.history_league"))
else:
    st.caption(t("designer.history_upload" if history_bytes else "designer.history_sample"))
rule_sets = [RULES[name] for name in in_history_order(chosen or [CURRENT.name])]
labels = {r.label: rules_label(r.name) for r in rule_sets}
#: The fit's starting point: the newest rule set chosen.
base = rule_sets[-1]
# Read once per file; scored once per (file, rule sets, burn-in) for every reader, in the
# reader's place in the lab's queue.
scores = cached.calibration(history_bytes, tuple(rule_sets), page["burn_in"])
if scores is None:
    st.stop()

# Every rule set and rating system ranked on these games, in words first.
systems.section(history_bytes, page["burn_in"])

st.subheader(t("designer.scores_title"))
grids.show(designer.scores_table(scores, labels), download="calibration_scores.csv")
st.caption(designer.scores_sentence(scores, labels))
top = scores[base.label].top_tenth
if top.games:
    st.caption(
        t(
            "designer.top_sentence",
            rules=labels[base.label],
            games=int(top.games),
            expected=percent(top.expected),
            actual=percent(top.actual),
        )
    )

frame = designer.calibration_frame(scores, labels)
if not frame.empty:
    shown = base.label
    sentence = designer.calibration_sentence(scores[shown], labels[shown])
    # Halves: the table's four columns need 332 px in Greek, more than two fifths of 1280 px.
    chart_col, table_col = st.columns(2)
    charts.show(
        chart_col,
        designer.calibration_chart(frame),
        title=t("designer.calibration_chart"),
        alt_text=sentence,
    )
    with table_col:
        st.markdown(f"**{t('designer.calibration_table', rules=labels[shown])}**")
        st.caption(t("designer.calibration_key"))
        grids.show(designer.calibration_table(scores[shown]), download="calibration.csv")
    st.caption(sentence)


# ------------------------------------------------------------------------------------ the fit
def _fit() -> Plan[tuple[FitResult, Margin]]:
    """The fit the page describes, from its base rule set, on the cluster."""
    games = cached.games(history_bytes)

    def work(progress: Progress, client: object) -> tuple[FitResult, Margin]:
        burn_in = page["burn_in"]
        fitted = fit(
            games, what=page["fit"], base=base, burn_in=burn_in, client=client, progress=progress
        )
        # The best candidate's games scored once more, for its margin over the base rule set
        # paired game by game (the fit keeps only each candidate's means).
        best = score(games, designer.fitted_rules(fitted), burn_in=burn_in)
        return fitted, paired_margin(scores[base.label].losses, best.losses)

    return Plan(cost.fit(page["fit"], len(games)), work, "designer.fit_progress", cluster=True)


st.header(t("designer.fit_title"))
#: A fit belongs to its history, what is fitted, its base rule set and its burn-in.
fit_inputs = (history_id, page["fit"], base, page["burn_in"])
fits = in_session(page.key("fit_result"))
if st.button(t("designer.run_fit"), icon=":material/tune:", key=page.key("run_fit")):
    kept_or_run(fits, fit_inputs, _fit)
result = fits.get(fit_inputs)
if result is None:
    if fits:  # a fit of other inputs
        st.warning(t("designer.fit_stale"), icon=":material/history:")
    st.info(t("designer.fit_waiting", base=labels[base.label]), icon=":material/tune:")
else:
    fitted, margin = result
    sentence = designer.fit_sentence(fitted, labels[base.label], margin)
    charts.show(st, designer.fit_chart(fitted), title=t("designer.fit_chart"), alt_text=sentence)
    st.caption(sentence)

page.embed_section()
