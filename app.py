"""Gammon42 ELO calculator — the home page, "What is a win worth?": your numbers in, both
outcomes and every step out.

Run with ``streamlit run app.py``. Streamlit makes this the home page of a multipage app whose
other pages are the files in ``pages/``; every page is thin: it reads its widgets, calls
``gammon_elo`` and renders, with the shared frame from ``ui.frame``.
"""

from __future__ import annotations

import streamlit as st

from gammon_elo import CUBES, Ending, Game, GameType, break_even_win_rate, what_if
from ui import embed, explain, frame, rules_input, state
from ui.i18n import number, percent, t

PAGE = "home"
frame.setup("home.nav")
PARAMS = [
    state.int_param("rating", 1500, -100_000, 100_000),
    state.int_param("opponent", 1500, -100_000, 100_000),
    state.choice_param("cube", 1, CUBES),
    state.int_param("games", 0, 0, 100_000),
    state.int_param("opponent_games", 0, 0, 100_000),
    *rules_input.params(),
    state.choice_param("type", GameType.RANKED.value, [g.value for g in GameType]),
    state.choice_param("ending", Ending.NORMAL.value, [e.value for e in Ending]),
]

state.seed_from_url(PAGE, PARAMS)
compact = embed.is_compact()
if not compact:
    st.title(t("home.title"))
    st.caption(t("home.intro"))
state.show_notices(PAGE)


@st.fragment
def calculator() -> None:
    """The inputs and everything computed from them.

    A fragment: changing an input reruns this function only, so the sidebar, the title and
    the URL notices above are not sent to the browser again (56 websocket messages a rerun
    instead of 70; benchmarks/bench_app.py measures the time).
    """
    with st.container(border=True):
        you, opponent = st.columns(2)
        you.number_input(
            t("home.rating"),
            min_value=-100_000,
            max_value=100_000,
            step=1,
            key=state.key(PAGE, "rating"),
        )
        opponent.number_input(
            t("home.opponent"),
            min_value=-100_000,
            max_value=100_000,
            step=1,
            key=state.key(PAGE, "opponent"),
        )
        you.number_input(
            t("home.games"),
            min_value=0,
            max_value=100_000,
            step=1,
            key=state.key(PAGE, "games"),
            help=t("home.games_help"),
        )
        opponent.number_input(
            t("home.opponent_games"),
            min_value=0,
            max_value=100_000,
            step=1,
            key=state.key(PAGE, "opponent_games"),
            help=t("home.games_help"),
        )
        st.select_slider(
            t("home.cube"), options=CUBES, key=state.key(PAGE, "cube"), help=t("home.cube_help")
        )
        left, middle, right = st.columns(3)
        rules = rules_input.render(PAGE, left)
        game_type = middle.selectbox(
            t("home.type"),
            [g.value for g in GameType],
            key=state.key(PAGE, "type"),
            format_func={g.value: t(f"type.{g.value}") for g in GameType}.__getitem__,
        )
        ending = right.selectbox(
            t("home.ending"),
            [e.value for e in Ending],
            key=state.key(PAGE, "ending"),
            format_func={e.value: t(f"ending.{e.value}") for e in Ending}.__getitem__,
        )
    state.write_to_url(PAGE, PARAMS)

    game = Game(
        rating=state.value(PAGE, "rating"),
        opponent=state.value(PAGE, "opponent"),
        cube=state.value(PAGE, "cube"),
        games=state.value(PAGE, "games"),
        opponent_games=state.value(PAGE, "opponent_games"),
        type=game_type,
        ending=ending,
        rules=rules,
    )
    both = what_if(game)
    steps = both.win.steps
    break_even = break_even_win_rate(
        game.rating, game.opponent, cube=game.cube, games=game.games, rules=rules
    )

    expected, multiplier, even = st.columns(3)
    expected.metric(
        t("home.expected"),
        percent(steps.expected_winner) if steps else "—",
        help=t("home.expected_help"),
    )
    multiplier.metric(t("home.multiplier"), number(explain.multiplier(game.cube), 2))
    even.metric(
        t("home.break_even"),
        percent(break_even) if break_even is not None and steps else "—",
        help=t("home.break_even_help"),
    )

    win_col, loss_col = st.columns(2)
    explain.outcome_card(win_col, t("home.if_win"), both.win)
    explain.outcome_card(loss_col, t("home.if_lose"), both.loss)

    explain.notices(both)

    if not compact:
        explain.steps(both, rules)
        # The compact home view is about 810 px tall, 950 with a notice: room for both.
        embed.section(PAGE, height=1000)


calculator()
