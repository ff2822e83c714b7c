"""Planner — "how many games to reach my target?": simulated paths under the exact rules, the
band of games needed, where you settle, the win rate that holds your rating, and the
performance rating of a set of results."""

from __future__ import annotations

from functools import partial

import streamlit as st

from gammon_elo import CUBES, InvalidInput, k_factor, parse_results, performance_rating
from gammon_elo.player.planner import MAX_WEEK_GAMES
from ui import cached, charts, grids, planner, rules_input
from ui.i18n import number, percent, t
from ui.params import (
    BoolParam,
    ChoiceParam,
    FloatParam,
    IntParam,
    OptionalIntParam,
    TextAreaParam,
)
from ui.params import key as widget_key
from ui.scaffold import Page, figure_row

Rating = partial(IntParam, low=-100_000, high=100_000, step=10)
CUBE_CHOICES = (*(str(c) for c in CUBES), "mix")
#: The page's inputs are being seeded (its first run, or back from another page).
seeding = widget_key("planner", "target") not in st.session_state
page = Page(
    "planner",
    [
        Rating(name="rating", default=1500, shared="rating"),
        Rating(name="target", default=1600),
        Rating(name="opponent", default=1500, shared="opponent"),
        # No win rate in the link: the reader's own odds, their expected score against the
        # field; a link that names a win rate (old links did, without ``expected``) keeps it.
        BoolParam(
            name="expected",
            default="win_rate" not in st.query_params,
            label="planner.as_expected",
            help="planner.as_expected_help",
        ),
        FloatParam(name="win_rate", default=58.0, low=0.0, high=100.0, step=1.0),
        FloatParam(name="per_week", default=20.0, low=1.0, high=2000.0, step=5.0),
        OptionalIntParam(
            name="this_week",
            low=0,
            high=MAX_WEEK_GAMES,
            placeholder="planner.this_week_placeholder",
            empty="planner.this_week_empty",
            # The home page's "your ranked games in the last 7 days": the same count (a rate,
            # the games a week, is not). Nothing typed there: a usual week at the rate.
            shared="games",
        ),
        ChoiceParam(
            name="cube",
            default="1",
            choices=CUBE_CHOICES,
            option=lambda c: t("planner.cube_mix") if c == "mix" else c,
            # The match-up's cube: the home page's carries here (and back, but the mix).
            shared="cube",
        ),
        *rules_input.params(),
        TextAreaParam(name="results", default="1500 1\n1600 0\n1700 1"),
    ],
    views=("compact", "chart"),
)
page.heading(intro=True)
if seeding and "target" not in st.query_params and page["target"] <= page["rating"]:
    # A climb, as the page asks: a rating carried in at or above the default target starts
    # the target at the next hundred but one (1650 → 1700), never below where you are.
    page["target"] = min(page["rating"] // 100 * 100 + 100, 100_000)

rules = rules_input.from_state(page)
win_rate = None if page["expected"] else page["win_rate"] / 100
#: The 7 days before game 1 as they stand: the reader's count, or a week at their usual rate.
usual_this_week = planner.usual_week(page["per_week"])
this_week = usual_this_week if page["this_week"] is None else page["this_week"]
try:
    result = cached.plan(
        page["rating"],
        page["target"],
        page["opponent"],
        win_rate,
        float(page["per_week"]),
        this_week,
        page["cube"],
        rules,
    )
except InvalidInput as error:
    result = None
    problem = t("planner.invalid", message=error)

# The answer first, computed from the inputs as they stand (the widgets below return the same).
if result is None:
    st.error(problem)
else:
    planner.headline(result, as_expected=page["expected"])

if page.shows_inputs:
    box = page.input_box(
        ("rating", "win_rate", "expected"),
        ("target", "per_week", "this_week"),
        ("opponent", "cube", "rules"),
        options={
            "win_rate": {"disabled": page["expected"]},
            "this_week": {"placeholder_fields": {"games": usual_this_week}},
        },
    )
    rules_input.custom_row(page, box)
page.write_url(hidden=("win_rate",) if page["expected"] else ())
if result is None:
    st.stop()


def settling_text() -> str:
    settle = result.settling
    if abs(settle) == float("inf"):
        return t("planner.never_settle", win_rate=percent(result.win_rate))
    key = "planner.settle_beyond" if result.beyond_settling else "planner.settle"
    return t(
        key,
        settle=number(settle),
        win_rate=percent(result.win_rate),
        opponent=result.opponent,
        target=result.target,
        share=percent(result.reached_share),
        games=result.horizon,
    )


chart = planner.projection_chart(result)
# What the chart shows, without its numbers (the caption under it gives them): an alt text that
# changed with the inputs would have the browser draw the chart anew on each rerun (ui/charts.py).
chart_alt = t("planner.chart_alt")


def chart_view() -> None:
    charts.show(st, chart, title=t("planner.chart_title"), alt_text=chart_alt)
    st.caption(planner.chart_caption(result))


page.only("chart", chart_view)

st.info(settling_text(), icon=":material/flag:")
#: The match-up's break-even win rate, at the K of the 7 days before game 1 and the cube: the
#: home page's for the same ratings, games and cube.
yours = planner.hold_rows(page["rating"], page["cube"], this_week, rules, (result.opponent,))
settle_col, share_col, rate_col, even_col = figure_row(4)
settle_col.metric(
    t("planner.settling"),
    "—" if abs(result.settling) == float("inf") else number(result.settling),
    help=t("planner.settling_help"),
)
# In the headline's words: a target not reached on average is only touched, by luck.
reached = "planner.reached" if result.reached_on_average else "planner.touched"
share_col.metric(t(reached, games=result.horizon), percent(result.reached_share))
rate_col.metric(
    t("planner.win_rate_used"), percent(result.win_rate), help=t("planner.win_rate_used_help")
)
even_col.metric(
    t("home.break_even"),
    "—" if yours[0].hold is None else percent(yours[0].hold),
    help=t("home.break_even_help"),
)
chart_view()
st.caption(planner.k_text(result))

if not page.compact:
    st.header(t("planner.hold_title"))
    st.caption(
        t(
            "planner.hold_caption",
            rating=page["rating"],
            k=k_factor(this_week, rules=rules),
            games=this_week,
            opponent=result.opponent,
            hold="—" if yours[0].hold is None else percent(yours[0].hold),
        )
    )
    grids.show(
        planner.hold_grid(planner.hold_rows(page["rating"], page["cube"], this_week, rules)),
        download=f"hold_{page['rating']}.csv",
    )

    st.header(t("planner.performance_title"))
    page.input("results", st)
    try:
        opponents, scores = parse_results(page["results"])
        performance = performance_rating(opponents, scores, divisor=rules.divisor)
    except InvalidInput as error:
        st.error(t("planner.invalid", message=error))
    else:
        if performance.finite:
            st.metric(t("planner.performance"), number(performance.rating))
            st.caption(
                t(
                    "planner.performance_caption",
                    rating=number(performance.rating),
                    score=number(performance.score, 1),
                    games=performance.games,
                    divisor=number(performance.divisor),
                )
            )
        else:
            st.metric(t("planner.performance_convention"), number(performance.rating))
            st.caption(
                t(
                    f"planner.performance_{performance.kind}",
                    rating=number(performance.rating),
                    divisor=number(performance.divisor),
                )
            )
    page.embed_section()
