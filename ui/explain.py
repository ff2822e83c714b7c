"""The home page's result cards, notices and the article's Steps 1–3 filled in with the reader's
numbers. Every value shown comes from the core's ``Outcome`` and ``ChangeSteps``."""

from __future__ import annotations

import streamlit as st

from gammon_elo import CURRENT, KChoice, Notice, Outcome, Rules, WhatIf, cube_multiplier
from gammon_elo.formulas import ChangeSteps

from .i18n import metric, number, percent, t

_NOTICE_ICONS = {
    Notice.BOOSTED_UNRATED: ":material/info:",
    Notice.TOURNAMENT_UNRATED: ":material/emoji_events:",
    Notice.GAMMON_ONE_WIN: ":material/casino:",
    Notice.EARLY_END_IS_LOSS: ":material/flag:",
    Notice.UNEQUAL_K: ":material/balance:",
}


def multiplier(cube: int) -> float:
    return cube_multiplier(cube)


def k_reason(choice: KChoice) -> str:
    """K and why, in the reader's language."""
    if choice.threshold is None:
        return t("k.no_heavy", k=choice.k)
    key = "k.heavy" if choice.heavy else "k.normal"
    return t(key, games=choice.recent_games, threshold=choice.threshold, k=choice.k)


def outcome_card(column: st.delta_generator.DeltaGenerator, title: str, outcome: Outcome) -> None:
    with column.container(border=True):
        st.subheader(title)
        you, them = st.columns(2)
        metric(you, t("home.you_after"), number(outcome.you.new_rating), outcome.you.change)
        metric(
            them,
            t("home.opponent_after"),
            number(outcome.opponent.new_rating),
            outcome.opponent.change,
        )
        st.caption(t("home.your_k", reason=k_reason(outcome.you.k)))
        st.caption(t("home.their_k", reason=k_reason(outcome.opponent.k)))


def notices(both: WhatIf) -> None:
    seen: list[Notice] = []
    for notice in (*both.win.notices, *both.loss.notices):
        if notice not in seen:
            seen.append(notice)
    for notice in seen:
        st.info(t(f"notice.{notice.value}"), icon=_NOTICE_ICONS[notice])


def _latex_number(value: float, digits: int) -> str:
    # LaTeX wants {,} for a decimal comma and a plain minus.
    return number(value, digits).replace("\u2212", "-").replace(",", "{,}")


def steps(both: WhatIf, rules: Rules) -> None:
    """Steps 1–3 of the article with these numbers (nothing to show for unrated games)."""
    win, loss = both.win.steps, both.loss.steps
    st.header(t("steps.title"))
    if win is None or loss is None:
        st.write(t("steps.unrated"))
        return
    rating, opponent = win.winner_rating, win.loser_rating
    divisor = _latex_number(rules.divisor, 0 if rules.divisor.is_integer() else 2)

    st.subheader(t("steps.step1"))
    st.write(t("steps.step1_text"))
    st.latex(
        rf"E = \frac{{1}}{{1 + 10^{{({opponent} - {rating}) / {divisor}}}}}"
        rf" = \frac{{1}}{{1 + 10^{{{_latex_number(win.exponent, 4)}}}}}"
        rf" = \frac{{1}}{{1 + {_latex_number(win.power, 4)}}}"
        rf" = {_latex_number(win.expected_winner, 4)}"
    )
    st.write(t("steps.step1_result", expected=percent(win.expected_winner)))

    st.subheader(t("steps.step2"))
    st.write(t("steps.step2_text"))
    _change_line(t("steps.if_win"), win, winner=True)
    _change_line(t("steps.if_lose"), loss, winner=False)

    st.subheader(t("steps.step3"))
    st.write(t("steps.step3_text"))
    st.markdown(
        f"- {t('home.your_k', reason=k_reason(win.winner_k))}\n"
        f"- {t('home.their_k', reason=k_reason(win.loser_k))}"
    )
    if rules.heavy_k is None:
        st.caption(t("steps.no_heavy_rule", rules=rules.label))

    st.subheader(t("steps.cube"))
    st.latex(
        rf"\text{{{t('steps.multiplier_word')}}} = 1 + \frac{{\log_2 {win.cube}}}{{6}}"
        rf" = {_latex_number(win.cube_multiplier, 4)}"
    )
    if rules is not CURRENT and rules.name != CURRENT.name:
        st.caption(t("steps.old_rules_note", rules=rules.label))


def _change_line(label: str, steps: ChangeSteps, *, winner: bool) -> None:
    """K × (result − E) × multiplier = unrounded → rounded, for your side of this outcome."""
    if winner:
        k, result, expected = steps.winner_k.k, 1, steps.expected_winner
        unrounded, rounded = steps.winner_unrounded, steps.change.winner
    else:
        k, result, expected = steps.loser_k.k, 0, steps.expected_loser
        unrounded, rounded = steps.loser_unrounded, steps.change.loser
    st.markdown(f"**{label}**")
    st.latex(
        rf"{k} \times ({result} - {_latex_number(expected, 4)}) \times "
        rf"{_latex_number(steps.cube_multiplier, 4)} = {_latex_number(unrounded, 4)}"
        rf" \;\rightarrow\; {_latex_number(rounded, 0)}"
    )
    if abs(abs(unrounded - int(unrounded)) - 0.5) < 1e-9:
        st.caption(t("steps.half_rounding"))
