"""The home page's own pieces: the answer first (your points if you win and if you lose, large
and side by side), the result cards, notices and the article's Steps 1–3 filled in with the
reader's numbers, and "Under each divisor": the reader's game under each divisor of the rule
history (and the custom rule set's), the expected-score curves with the players' gap marked, and
the table of both players' points for a win and for a loss. Every value shown is the core's
(``GameRating``, ``ChangeSteps``, :func:`gammon_elo.game_divisor_table`: the server's rounding);
this module only shows them."""

from __future__ import annotations

import math
from html import escape

import streamlit as st

from gammon_elo import (
    CURRENT,
    STANDARD_DIVISORS,
    Game,
    GameRating,
    GameType,
    KChoice,
    Notice,
    Rules,
    WhatIf,
    cube_multiplier,
)
from gammon_elo.formulas import ChangeSteps

from . import answer, cached, charts, grids
from .i18n import MINUS, metric, number, percent, signed, t
from .params import Where

_NOTICE_ICONS = {
    Notice.BOOSTED_UNRATED: ":material/info:",
    Notice.TOURNAMENT_UNRATED: ":material/emoji_events:",
    Notice.GAMMON_ONE_WIN: ":material/casino:",
    Notice.EARLY_END_IS_LOSS: ":material/flag:",
    Notice.UNEQUAL_K: ":material/balance:",
}


def headline(both: WhatIf) -> None:
    """The answer first: your points if you win and if you lose, large and side by side, each
    with your opponent's mirror figure (0 for an unrated game, whose notice says why)."""
    boxes = []
    for css, title, outcome in (
        ("gammon-win", t("home.if_win"), both.win),
        ("gammon-loss", t("home.if_lose"), both.loss),
    ):
        mirror = t("home.headline_opponent", change=signed(outcome.opponent.change))
        boxes.append(
            f'<div class="gammon-outcome {css}">'
            f'<span class="gammon-label">{escape(title)}</span>'
            f'<span class="gammon-change">{escape(signed(outcome.you.change))}</span>'
            f'<span class="gammon-mirror">{escape(mirror)}</span></div>'
        )
    st.markdown(
        f'{answer.STYLE}\n\n<div class="gammon-headline">{"".join(boxes)}</div>',
        unsafe_allow_html=True,
    )


def multiplier(cube: int) -> float:
    return cube_multiplier(cube)


def k_reason(choice: KChoice) -> str:
    """K and why, in the reader's language."""
    if choice.threshold is None:
        return t("k.no_heavy", k=choice.k)
    key = "k.heavy" if choice.heavy else "k.normal"
    return t(key, games=choice.recent_games, threshold=choice.threshold, k=choice.k)


def outcome_card(column: Where, title: str, outcome: GameRating) -> None:
    with column.container(border=True):
        st.header(title)
        you, them = st.columns(2)
        metric(you, t("home.you_after"), number(outcome.you.new_rating), outcome.you.change)
        metric(
            them,
            t("home.opponent_after"),
            number(outcome.opponent.new_rating),
            outcome.opponent.change,
        )
        st.caption(k_lines(outcome))


def k_lines(outcome: GameRating) -> str:
    """Your K and your opponent's, each with its reason, on two lines (the same for a win and a
    loss: K depends on the games played this week, not on the result)."""
    return (
        t("home.your_k", reason=k_reason(outcome.you.k))
        + "  \n"
        + t("home.their_k", reason=k_reason(outcome.opponent.k))
    )


def notices(both: WhatIf) -> None:
    seen: list[Notice] = []
    for notice in (*both.win.notices, *both.loss.notices):
        if notice not in seen:
            seen.append(notice)
    for notice in seen:
        st.info(t(f"notice.{notice.value}"), icon=_NOTICE_ICONS[notice])


def _power(exponent: float) -> str:
    """10 to the power, as the article writes it: 10^0.1417, 10^(−0.1417)."""
    written = number(exponent, 4)
    return f"10^({written})" if exponent < 0 else f"10^{written}"


def steps(both: WhatIf, rules: Rules) -> None:
    """Steps 1–3 of the article with these numbers (nothing to show for unrated games).

    Each formula is written as the article writes it (``E = 1 / (1 + 10^(…))``), one "=" a
    line, so that a phone shows every value (a 390-px screen is narrower than a one-line
    formula). Plain text, and one markdown element: the browser draws a rerun's elements
    together, and the same steps typeset as formulas (KaTeX) in five elements made each change
    of an input show its result about a fifth later (benchmarks/browser/bench_app.py).
    """
    win, loss = both.win.steps, both.loss.steps
    title = f"## {t('steps.title')}"
    if win is None or loss is None:
        st.markdown(f"{title}\n\n{t('steps.unrated')}")
        return
    parts = [title]
    rating, opponent = win.winner_rating, win.loser_rating
    divisor = number(rules.divisor, 0 if rules.divisor.is_integer() else 2)
    step1 = _formula(
        f"E = 1 / (1 + 10^(({opponent} {MINUS} {rating}) / {divisor}))",
        f"= 1 / (1 + {_power(win.exponent)})",
        f"= 1 / (1 + {number(win.power, 4)})",
        f"= **{number(win.expected_winner, 4)}**",
    )
    parts.append(
        f"### {t('steps.step1')}\n\n{t('steps.step1_text')}\n\n{step1}\n\n"
        f"{t('steps.step1_result', expected=percent(win.expected_winner))}"
    )
    halves = [s for s, side in ((win, True), (loss, False)) if _is_half(s, winner=side)]
    parts.append(
        f"### {t('steps.step2')}\n\n{t('steps.step2_text')}\n\n"
        f"**{t('steps.if_win')}**\n\n{_change(win, winner=True)}\n\n"
        f"**{t('steps.if_lose')}**\n\n{_change(loss, winner=False)}"
        + (f"\n\n*{t('steps.half_rounding')}*" if halves else "")
    )
    notes = [t("steps.no_heavy_rule", rules=rules.label)] if rules.heavy_k is None else []
    parts.append(
        f"### {t('steps.step3')}\n\n{t('steps.step3_text')}\n\n"
        f"- {t('home.your_k', reason=k_reason(win.winner_k))}\n"
        f"- {t('home.their_k', reason=k_reason(win.loser_k))}"
        + "".join(f"\n\n*{note}*" for note in notes)
    )
    cube = _formula(
        f"{t('steps.multiplier_word')} = 1 + (log₂ {win.cube}) / 6",
        f"= **{number(win.cube_multiplier, 4)}**",
    )
    old_rules = rules is not CURRENT and rules.name != CURRENT.name
    parts.append(
        f"### {t('steps.cube')}\n\n{cube}"
        + (f"\n\n*{t('steps.old_rules_note', rules=rules.label)}*" if old_rules else "")
    )
    st.markdown("\n\n".join(parts))


def _formula(*lines: str) -> str:
    """A formula as a paragraph, one line per "=" step, the steps after the first indented."""
    return "\\\n".join([lines[0], *(f"\u2003{line}" for line in lines[1:])])


def _sides(steps: ChangeSteps, *, winner: bool) -> tuple[int, int, float, float, int]:
    if winner:
        return (
            steps.winner_k.k,
            1,
            steps.expected_winner,
            steps.winner_unrounded,
            steps.change.winner,
        )
    return steps.loser_k.k, 0, steps.expected_loser, steps.loser_unrounded, steps.change.loser


def _is_half(steps: ChangeSteps, *, winner: bool) -> bool:
    unrounded = _sides(steps, winner=winner)[3]
    return abs(abs(unrounded - int(unrounded)) - 0.5) < 1e-9


def _change(steps: ChangeSteps, *, winner: bool) -> str:
    """K × (result − E) × multiplier = unrounded → rounded, for your side of this outcome."""
    k, result, expected, unrounded, rounded = _sides(steps, winner=winner)
    return _formula(
        f"{k} × ({result} {MINUS} {number(expected, 4)}) × {number(steps.cube_multiplier, 4)}",
        f"= {number(unrounded, 4)} → **{signed(rounded)}**",
    )


# ------------------------------------------------------------------ under each divisor

#: The curves span at least ±800 (the Divisors page's default), and reach a quarter past the gap.
SPAN, SPAN_STEP = 800, 100


def divisors(game: Game, *, custom: bool) -> tuple[float, ...]:
    """The rule history's divisors, and a custom rule set's own after them if it is another."""
    if custom and game.rules.divisor not in STANDARD_DIVISORS:
        return (*STANDARD_DIVISORS, game.rules.divisor)
    return STANDARD_DIVISORS


def label(divisor: float) -> str:
    return t("divisors.label", divisor=number(divisor, 0 if divisor.is_integer() else 1))


def span(gap: int) -> int:
    """±differences the curves cover: the gap and a quarter more, in whole hundreds."""
    return max(SPAN, math.ceil(abs(gap) * 1.25 / SPAN_STEP) * SPAN_STEP)


def _listed(items: list[str]) -> str:
    """ "a, b and c" in the reader's language."""
    if len(items) == 1:
        return items[0]
    return ", ".join(items[:-1]) + t("home.and") + items[-1]


class Card:
    """One game's curves and table under each divisor, ready to show."""

    def __init__(self, game: Game, *, custom: bool) -> None:
        self.game = game
        self.custom = custom
        self.divisors = divisors(game, custom=custom)
        self.labels = {d: label(d) for d in self.divisors}
        self.gap = game.rating - game.opponent
        self.table = cached.game_divisors(game, self.divisors)

    def expected(self) -> dict[str, float]:
        """Your expected score under each divisor, by its label."""
        return {
            self.labels[float(d)]: float(e)
            for d, e in zip(self.table["divisor"], self.table["expected"], strict=True)
        }

    def chart(self) -> charts.Figure:
        curves = cached.gap_curves(self.divisors, span(self.gap), self.gap)
        return charts.expected_curves(
            curves.assign(series=curves["divisor"].map(self.labels)),
            difference=self.gap,
            x_title=t("divisors.difference"),
            y_title=t("home.curves_y"),
            series_title=t("col.rule"),
            marked=self.expected(),
        )

    def numbers(self) -> str:
        """ "This win is worth +5 under ÷400, … and this loss costs −27 under ÷400, …"."""

        def under(column: str) -> str:
            return _listed(
                [
                    t("home.under_divisor", change=signed(v), divisor=self.labels[float(d)])
                    for d, v in zip(self.table["divisor"], self.table[column], strict=True)
                ]
            )

        return t("home.divisors_numbers", wins=under("win"), losses=under("loss"))

    def show_chart(self) -> None:
        """The curves under their title, a sentence with the values at the gap, how to point."""
        values = _listed(
            [
                t("home.curve_value", divisor=name, expected=percent(e))
                for name, e in self.expected().items()
            ]
        )
        st.markdown(
            t(
                "home.curves_text",
                gap=signed(self.gap),
                rating=number(self.game.rating),
                opponent=number(self.game.opponent),
                values=values,
            )
        )
        charts.show(
            st,
            self.chart(),
            title=t("home.curves_title"),
            alt_text=t("home.curves_alt", divisors=", ".join(self.labels.values())),
        )
        st.caption(t("home.curves_hover"))

    def shown_table(self) -> grids.Table:
        return grids.game_divisors(self.table, self.labels)

    def show_table(self, rules_name: str) -> None:
        """The table under its title, with what it shows and why a row may differ."""
        st.markdown(f"**{t('home.table_title')}**")
        notes = [
            t(
                "home.table_text",
                rules=rules_name,
                k=int(self.table["k"].iloc[0]),
                opponent_k=int(self.table["opponent_k"].iloc[0]),
                cube=self.game.cube,
            ),
            t("tables.pair_key"),
        ]
        if self.game.type is not GameType.RANKED:
            notes.append(t("home.divisors_unrated"))
        if self.custom:
            notes.append(t("home.divisors_custom", divisor=label(self.game.rules.divisor)))
        st.caption(" ".join(notes))
        grids.show(self.shown_table(), download=None)


def section(card: Card, rules_name: str) -> None:
    """The section: its title, the sentence with the numbers, then the chart and the table side
    by side (on a phone Streamlit stacks the columns: the chart, then the table)."""
    st.header(t("home.divisors_title"))
    st.markdown(card.numbers())
    chart_col, table_col = st.columns(2, gap="medium")
    with chart_col:
        card.show_chart()
    with table_col:
        card.show_table(rules_name)


def chart_view(card: Card) -> None:
    """``view=chart``: the curves alone, the table folded under them."""
    card.show_chart()
    grids.data_expander(card.shown_table())
