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
        st.header(title)
        you, them = st.columns(2)
        metric(you, t("home.you_after"), number(outcome.you.new_rating), outcome.you.change)
        metric(
            them,
            t("home.opponent_after"),
            number(outcome.opponent.new_rating),
            outcome.opponent.change,
        )
        st.caption(
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


def _latex_number(value: float, digits: int) -> str:
    # LaTeX wants {,} for a decimal comma and a plain minus.
    return number(value, digits).replace("\u2212", "-").replace(",", "{,}")


def steps(both: WhatIf, rules: Rules) -> None:
    """Steps 1–3 of the article with these numbers (nothing to show for unrated games).

    One markdown element per step, each formula an aligned block with one "=" a line, so that
    a phone shows every value (a 390-px screen is narrower than a one-line formula) and a rerun
    sends one element per step, not one per formula.
    """
    win, loss = both.win.steps, both.loss.steps
    st.header(t("steps.title"))
    if win is None or loss is None:
        st.write(t("steps.unrated"))
        return
    rating, opponent = win.winner_rating, win.loser_rating
    divisor = _latex_number(rules.divisor, 0 if rules.divisor.is_integer() else 2)
    step1 = _aligned(
        rf"E &= \frac{{1}}{{1 + 10^{{({opponent} - {rating}) / {divisor}}}}}",
        rf"&= \frac{{1}}{{1 + 10^{{{_latex_number(win.exponent, 4)}}}}}",
        rf"&= \frac{{1}}{{1 + {_latex_number(win.power, 4)}}}",
        rf"&= {_latex_number(win.expected_winner, 4)}",
    )
    st.markdown(
        f"### {t('steps.step1')}\n\n{t('steps.step1_text')}\n\n{step1}\n\n"
        f"{t('steps.step1_result', expected=percent(win.expected_winner))}"
    )
    halves = [s for s, side in ((win, True), (loss, False)) if _is_half(s, winner=side)]
    st.markdown(
        f"### {t('steps.step2')}\n\n{t('steps.step2_text')}\n\n"
        f"**{t('steps.if_win')}**\n\n{_change(win, winner=True)}\n\n"
        f"**{t('steps.if_lose')}**\n\n{_change(loss, winner=False)}"
        + (f"\n\n*{t('steps.half_rounding')}*" if halves else "")
    )
    notes = [t("steps.no_heavy_rule", rules=rules.label)] if rules.heavy_k is None else []
    st.markdown(
        f"### {t('steps.step3')}\n\n{t('steps.step3_text')}\n\n"
        f"- {t('home.your_k', reason=k_reason(win.winner_k))}\n"
        f"- {t('home.their_k', reason=k_reason(win.loser_k))}"
        + "".join(f"\n\n*{note}*" for note in notes)
    )
    cube = _aligned(
        rf"\text{{{t('steps.multiplier_word')}}} &= 1 + \frac{{\log_2 {win.cube}}}{{6}}",
        rf"&= {_latex_number(win.cube_multiplier, 4)}",
    )
    old_rules = rules is not CURRENT and rules.name != CURRENT.name
    st.markdown(
        f"### {t('steps.cube')}\n\n{cube}"
        + (f"\n\n*{t('steps.old_rules_note', rules=rules.label)}*" if old_rules else "")
    )


def _aligned(*lines: str) -> str:
    """A display formula, one line per "=" step."""
    return "$$\n\\begin{aligned}\n" + " \\\\\n".join(lines) + "\n\\end{aligned}\n$$"


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
    return _aligned(
        rf"&{k} \times ({result} - {_latex_number(expected, 4)}) \times "
        rf"{_latex_number(steps.cube_multiplier, 4)}",
        rf"&= {_latex_number(unrounded, 4)} \;\rightarrow\; {_latex_number(rounded, 0)}",
    )
