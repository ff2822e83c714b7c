"""What the Classic Elo page draws beyond its inputs: the seed's worked examples said in words,
both formulas filled in with the reader's numbers, in the style of the home page's steps
(:mod:`ui.home`), and its tables (a team's members, which K suits whom). Every figure comes from
:func:`gammon_elo.classic.classic_update`; only numbers the app writes reach the Markdown, never
a reader's text."""

from __future__ import annotations

import math

import pandas as pd
import streamlit as st

from gammon_elo.classic import K_GUIDANCE, ClassicResult, TeamResult, classic_update

from .grids import Table
from .i18n import MINUS, number, percent, signed, t

#: The seed's worked examples: (catalog key, A, B, A's score, K preset).
EXAMPLES = [
    ("classic.example_upset", 1500.0, 1600.0, "1", "32"),
    ("classic.example_expected", 1600.0, 1500.0, "1", "32"),
    ("classic.example_draw", 1600.0, 1500.0, "0.5", "32"),
    ("classic.example_gap", 1900.0, 1500.0, "1", "32"),
]

#: The seed's questions and answers, in the order it asks them, then its limits.
QUESTIONS = ("how", "k", "stronger", "teams", "gap")


def example_label(key: str, a: float, b: float) -> str:
    """A worked example's button: "Surprise win: 1500 beats 1600"."""
    return t(key, a=_rating(a), b=_rating(b))


def example_shows(a: float, b: float, score: str, k: str) -> str:
    """What a worked example shows, in words under its button: "1500 was expected to score
    ≈ 36%: +20.5 → 1520.5" (A's expected score, change and new rating, from the core)."""
    result = classic_update(a, b, float(score), k=float(k))
    return t(
        "classic.example_shows",
        a=_rating(a),
        expected=percent(result.expected_a, 0),
        change=signed(result.change_a, 1),
        new=number(result.new_a, 1),
    )


def _rating(value: float) -> str:
    return number(value, 0 if float(value).is_integer() else 1)


def _score(value: float) -> str:
    return number(value, 0 if value.is_integer() else 1)


def _formula(*lines: str) -> str:
    """One "=" step a line, the steps after the first indented (as :mod:`ui.home` writes)."""
    return "\\\n".join([lines[0], *(f"\u2003{line}" for line in lines[1:])])


def _power(exponent: float) -> tuple[str, str]:
    """10 to the power as written (10^(−0.25)) and its value (0.5623; ∞ past a float)."""
    written = number(exponent, 4)
    shown = f"10^({written})" if exponent < 0 else f"10^{written}"
    try:
        value = math.pow(10.0, exponent)
    except OverflowError:
        return shown, "∞"
    return shown, number(value, 4)


def _new_rating(name: str, before: float, k: float, score: float, expected: float) -> str:
    change = k * (score - expected)
    sign = "+" if change >= 0 else MINUS
    return _formula(
        f"{name}′ = {_rating(before)} + {_rating(k)} × ({_score(score)} {MINUS} "
        f"{number(expected, 4)})",
        f"= {_rating(before)} {sign} {number(abs(change), 1)}",
        f"= **{number(before + change, 1)}**",
    )


def steps(result: ClassicResult, score: float, k: float, divisor: float, *, teams: bool) -> None:
    """Step 1, both expected scores, and Step 2, both new ratings, with the reader's numbers."""
    a, b = _rating(result.rating_a), _rating(result.rating_b)
    shown, value = _power((result.rating_b - result.rating_a) / divisor)
    step1 = _formula(
        f"E(A) = 1 / (1 + 10^(({b} {MINUS} {a}) / {_rating(divisor)}))",
        f"= 1 / (1 + {shown})",
        f"= 1 / (1 + {value})",
        f"= **{number(result.expected_a, 4)}**",
    )
    step1_b = f"E(B) = 1 {MINUS} E(A) = **{number(result.expected_b, 4)}**"
    step2 = "\n\n".join(
        (
            _new_rating("A", result.rating_a, k, score, result.expected_a),
            _new_rating("B", result.rating_b, k, 1 - score, result.expected_b),
        )
    )
    parts = [
        f"## {t('steps.title')}",
        f"### {t('classic.step1')}\n\n{t('classic.step1_text')}\n\n{step1}\n\n{step1_b}",
        f"### {t('classic.step2')}\n\n{t('classic.step2_text')}\n\n{step2}",
    ]
    if teams:
        parts.append(f"*{t('classic.steps_teams')}*")
    st.markdown("\n\n".join(parts))


def questions() -> None:
    """The seed's questions with their answers, then what the calculator does not do."""
    st.header(t("classic.faq_title"))
    st.markdown(
        "\n\n".join(
            f"**{t(f'classic.faq_{q}_q')}**  \n{t(f'classic.faq_{q}_a')}" for q in QUESTIONS
        )
    )
    st.header(t("classic.limits_title"))
    st.markdown(t("classic.limits"))


def members_table(a: list[float], b: list[float], members: TeamResult) -> Table:
    """Every member's rating before, the team's change, and after: A's team, then B's."""
    rows = []
    for side, old, new in (("a", a, members.new_a), ("b", b, members.new_b)):
        for index, (before, after) in enumerate(zip(old, new, strict=True), start=1):
            rows.append(
                {
                    t("classic.col_player"): t(f"classic.member_{side}", n=index),
                    t("classic.col_before"): before,
                    t("classic.col_change"): after - before,
                    t("classic.col_after"): after,
                }
            )
    formats = {
        t("classic.col_before"): lambda v: number(v, 0 if float(v).is_integer() else 1),
        t("classic.col_change"): lambda v: signed(v, 1),
        t("classic.col_after"): lambda v: number(v, 1),
    }
    return Table(pd.DataFrame(rows), formats)


def guidance_table() -> Table:
    """Which K suits whom, and what it does: static, each sentence wrapping as a phone needs."""
    return Table(
        pd.DataFrame(
            {
                "K": [
                    number(g.low) if g.low == g.high else f"{number(g.low)}–{number(g.high)}"
                    for g in K_GUIDANCE
                ],
                t("classic.guide_for"): [t(f"k.guide.{g.low}") for g in K_GUIDANCE],
                t("classic.guide_effect"): [t(f"k.guide_effect.{g.low}") for g in K_GUIDANCE],
            }
        ),
        static=True,
    )
