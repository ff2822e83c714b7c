"""What is a win worth? The home page: your numbers in, both outcomes and every step out, the
points for a win and for a loss first.
"""

from __future__ import annotations

from functools import partial

import streamlit as st

from gammon_elo import CUBES, Ending, Game, GameType, WhatIf, break_even_win_rate, what_if
from ui import embed, home, navigation, rules_input
from ui.i18n import number, percent, t
from ui.params import ChoiceParam, IntParam, Where, named
from ui.scaffold import Page, figure_row, row

#: A rating, and a count of ranked games in the last 7 days.
Rating = partial(IntParam, default=1500, low=-100_000, high=100_000)
Games = partial(IntParam, default=0, low=0, high=100_000, help="home.games_help")
page = Page(
    "home",
    [
        Rating(name="rating", shared="rating"),
        Rating(name="opponent", shared="opponent"),
        ChoiceParam(name="cube", default=1, choices=CUBES, kind="segmented_control", shared="cube"),
        Games(name="games", shared="games"),
        Games(name="opponent_games"),
        *rules_input.params(),
        ChoiceParam(
            name="type",
            default=GameType.RANKED.value,
            choices=[g.value for g in GameType],
            option=named("type."),
        ),
        ChoiceParam(
            name="ending",
            default=Ending.NORMAL.value,
            choices=[e.value for e in Ending],
            option=named("ending."),
        ),
    ],
    views=("compact", "chart"),
)
page.heading(intro=True, notices_first=False)


def inputs(box: Where) -> None:
    """The inputs, in their box under the answer (:func:`calculator` makes it): both players
    side by side, then the game."""
    with box:
        # A row for the ratings, one for the games, each aligned at the bottom: a label that wraps
        # on more lines than its neighbour's keeps the two fields level.
        for pair in (("rating", "opponent"), ("games", "opponent_games")):
            for name, where in zip(pair, row(2, vertical_alignment="bottom"), strict=True):
                page.input(name, where)
        # Keyed: the compact views narrow its buttons by the key's class (ui/embed.py).
        page.input("cube", st.container(key=embed.CUBE_KEY))
        left, middle, right = row(3)
        page.input("rules", left)
        page.input("type", middle)
        page.input("ending", right)
        rules_input.custom_row(page, st)


def figures(game: Game, both: WhatIf) -> None:
    """The winner's expected score, the cube multiplier and the break-even win rate."""
    win_steps = both.win.steps
    break_even = break_even_win_rate(
        game.rating, game.opponent, cube=game.cube, games=game.games, rules=game.rules
    )
    expected, multiplier, even = figure_row(3)
    expected.metric(
        t("home.expected"),
        percent(win_steps.expected_winner) if win_steps else "—",
        help=t("home.expected_help"),
    )
    multiplier.metric(t("home.multiplier"), number(home.multiplier(game.cube), 2))
    even.metric(
        t("home.break_even"),
        percent(break_even) if break_even is not None and win_steps else "—",
        help=t("home.break_even_help"),
    )


def current_game() -> Game:
    """The game the inputs describe (in the embedded chart view, the link's values)."""
    names = ("rating", "opponent", "cube", "games", "opponent_games", "type", "ending")
    return Game(**page.values(*names), rules=rules_input.from_state(page))


def card(game: Game) -> home.Card:
    return home.Card(game, custom=page["rules"] == rules_input.CUSTOM)


def rules_name() -> str:
    """The reader's rule set as the table's sentence names it ("rule set 1.3.1", "your custom
    rule set")."""
    chosen = page["rules"]
    if chosen == rules_input.CUSTOM:
        return t("home.rules_custom")
    return t("home.rules_version", name=chosen)


@st.fragment
def calculator() -> None:
    """The answer, the inputs, and everything else computed from them.

    A fragment, so that changing an input reruns this function only: the sidebar, the title and
    the URL notices above are not sent to the browser again.

    The answer comes first, computed from the inputs' values as they stand when the run starts
    (a changed widget's new value is in the session before the rerun; the widgets drawn below
    return the same values, as on the Planner). The inputs' box is made in its place under the
    headline but filled after the figures and the cards: the browser draws a run's elements in
    the order they arrive, so the changed numbers show before the inputs, which already show
    what the reader typed, are sent again.
    """
    game = current_game()
    both = what_if(game)
    home.headline(both)
    # In the compact views, the article's column itself: a narrow frame keeps the box's margins
    # for two fields a row.
    box = st.container(border=not page.compact)
    figures(game, both)
    if page.compact:
        # The headline above already gives each change, yours and your opponent's; the cards
        # would repeat them, and their K lines, which are the same for a win and a loss.
        st.caption(home.k_lines(both.win))
    else:
        win_col, loss_col = navigation.side_by_side("outcomes", 2)
        home.outcome_card(win_col, t("home.if_win"), both.win)
        home.outcome_card(loss_col, t("home.if_lose"), both.loss)
    inputs(box)
    page.write_url()

    home.notices(both)

    if not page.compact:
        home.section(card(game), rules_name())
        home.steps(both, game.rules)
        # The compact home view fits 844 px at 600 px wide, a notice included: room for both.
        page.embed_section(height=1000)


page.only("chart", lambda: home.chart_view(card(current_game())))
calculator()
