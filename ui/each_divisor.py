"""The home page's "Under each divisor": the reader's game under ÷400, ÷800 and ÷1200 (and the
custom rule set's divisor): the expected-score curves with the players' gap marked, and the table
of both players' points for a win and for a loss. Every change is the core's
(:func:`gammon_elo.game_divisor_table`, the server's rounding); this module only shows them."""

from __future__ import annotations

import math

import altair as alt
import streamlit as st

from gammon_elo import Game, GameType

from . import cached, charts, grids
from .i18n import number, percent, signed, t

#: The divisors of the article's rule history: 1.0.5, 1.2.0 and 1.3.1.
STANDARD = (400.0, 800.0, 1200.0)
#: The curves span at least ±800 (the Divisors page's default), and reach a quarter past the gap.
SPAN, SPAN_STEP = 800, 100


def divisors(game: Game, *, custom: bool) -> tuple[float, ...]:
    """The three standard divisors, and a custom rule set's own after them if it is another."""
    if custom and game.rules.divisor not in STANDARD:
        return (*STANDARD, game.rules.divisor)
    return STANDARD


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

    def chart(self) -> alt.LayerChart:
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
            alt_text=t(
                "home.curves_alt", divisors=", ".join(self.labels.values()), gap=signed(self.gap)
            ),
        )
        st.caption(t("home.curves_hover"))

    def shown_table(self) -> grids.Shown:
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
