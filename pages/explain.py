"""Explain my result — which K, cube and outcome give exactly the change you got, the most
likely first, with the reasons in plain words; the nearest explanations where none does."""

from __future__ import annotations

from functools import partial

import streamlit as st

from gammon_elo import CUBES, Cause, InvalidInput, change_causes, exact_opponents
from ui import answer, explain, grids, rules_input
from ui.i18n import signed, t
from ui.params import ChoiceParam, IntParam
from ui.scaffold import Page

Rating = partial(IntParam, low=-100_000, high=100_000)
page = Page(
    "explain",
    [
        Rating(name="rating", default=1650, shared="rating"),
        ChoiceParam(
            name="when",
            default="before",
            choices=("before", "after"),
            kind="segmented_control",
        ),
        IntParam(name="change", default=12, low=-10_000, high=10_000),
        Rating(name="opponent", default=1820, shared="opponent"),
        ChoiceParam(
            name="cube",
            default="any",
            choices=("any", *(str(c) for c in CUBES)),
            label="explain.cube",
            option=lambda c: t("explain.cube_any") if c == "any" else c,
        ),
        *rules_input.params(),
    ],
)
page.heading(intro=True)

rules = rules_input.from_state(page)
try:
    found = change_causes(
        page["rating"],
        page["change"],
        page["opponent"],
        cube=None if page["cube"] == "any" else int(page["cube"]),
        after=page["when"] == "after",
        rules=rules,
    )
    # Where no game against the opponent typed gives the change: the opponents who would.
    ranges = (
        ()
        if found.exact
        else exact_opponents(
            found.before,
            found.change,
            found.opponent,
            cubes=tuple(CUBES) if page["cube"] == "any" else (int(page["cube"]),),
            rules=rules,
        )
    )
except InvalidInput as error:
    found = None
    problem = t("explain.invalid", message=error)

if found is None:
    st.error(problem)
elif found.exact:
    best = found.causes[0]
    answer.answer(
        t("explain.answer_label", change=signed(found.change)),
        explain.combination(best),
        t("explain.answer_line", share=explain.share(best.likelihood)),
        small=True,
    )
else:
    answer.answer(
        t("explain.none_label", change=signed(found.change), opponent=found.opponent),
        t("explain.none_figure"),
        explain.exact_at(ranges[0]) if ranges else t("explain.none_line"),
        small=True,
    )

if page.shows_inputs:
    box = page.input_box(("rating", "when"), ("change", "cube"), ("opponent", "rules"))
    rules_input.custom_row(page, box)
page.write_url()
if found is None:
    st.stop()


def card(e: Cause, *, nearest: bool = False) -> None:
    with st.container(border=True):
        st.markdown(f"**{explain.combination(e)}** → {signed(e.change)}")
        if nearest:
            st.caption(t("explain.nearest_off", change=signed(e.change - found.change)))
        else:
            st.caption(t("explain.likelihood", share=explain.share(e.likelihood)))
        st.markdown("\n".join(f"- {reason}" for reason in explain.reasons(e)))


if found.exact:
    st.header(t("explain.all_title"))
    st.caption(t("explain.all_caption", change=signed(found.change), rules=rules.label))
    for explanation in found.causes:
        card(explanation)
    for other in found.others:
        st.info(
            t(
                "explain.also",
                reason=t(
                    f"explain.other_{other.kind}", detail=other.detail, change=signed(found.change)
                ),
            ),
            icon=":material/lightbulb:",
        )
else:
    st.warning(
        t(
            "explain.none",
            change=signed(found.change),
            rules=rules.label,
            opponent=found.opponent,
        ),
        icon=":material/help:",
    )
    for other in found.others:
        st.info(
            t(f"explain.other_{other.kind}", detail=other.detail, change=signed(found.change)),
            icon=":material/lightbulb:",
        )
    st.header(t("explain.where_title", change=signed(found.change)))
    if ranges:
        st.caption(
            t(
                "explain.where_caption",
                change=signed(found.change),
                rating=found.before,
                rules=rules.label,
            )
        )
        grids.show(explain.ranges_grid(ranges), download="exact_opponents.csv")
    else:
        st.caption(t("explain.where_none", change=signed(found.change), rules=rules.label))
    st.header(t("explain.nearest_title"))
    st.caption(t("explain.nearest_caption"))
    for explanation in found.nearest:
        card(explanation, nearest=True)

if not page.compact:
    page.embed_section()
