"""Classic Elo — the chess-style calculator of the second seed: draws, K presets, teams."""

from __future__ import annotations

import streamlit as st

from gammon_elo import K_PRESETS, InvalidInput
from gammon_elo.classic import classic_team_update
from ui import classic, grids
from ui.i18n import metric, number, percent, t
from ui.params import BoolParam, ChoiceParam, FloatParam, TextParam
from ui.plain import Outside
from ui.scaffold import Page, row

K_CHOICES = [str(p.k) for p in K_PRESETS] + ["custom"]
SCORES = ["1", "0.5", "0"]
TEAMS = ("team_a", "team_b")
page = Page(
    "classic",
    [
        BoolParam(name="teams", default=False),
        FloatParam(
            name="a",
            default=1500.0,
            low=-100_000.0,
            high=100_000.0,
            label="classic.rating_a",
        ),
        FloatParam(
            name="b",
            default=1600.0,
            low=-100_000.0,
            high=100_000.0,
            label="classic.rating_b",
        ),
        ChoiceParam(name="score", default="1", choices=SCORES, kind="radio"),
        ChoiceParam(
            name="k",
            default="32",
            choices=K_CHOICES,
            label="classic.k_preset",
            # K alone, short enough for a phone's choice box: the table "Choosing K" below
            # says whom each suits.
            option=lambda k: (
                t("classic.k_custom_option") if k == "custom" else t("classic.k_option", k=k)
            ),
        ),
        FloatParam(name="k_custom", default=24.0, low=0.1, high=1000.0, format=None),
        FloatParam(name="divisor", default=400.0, low=1.0, high=100_000.0, step=100.0),
        # Teams are free text, read when the reader computes: a bad one is an error there.
        TextParam(name="team_a", default="1500,1600"),
        TextParam(name="team_b", default="1550,1450"),
    ],
)


def _load_example(a: float, b: float, score: str, k: str) -> None:
    for name, value in (("teams", False), ("a", a), ("b", b), ("score", score), ("k", k)):
        page[name] = value
    page["divisor"] = 400.0


def _team(text: str, field: str) -> list[float]:
    try:
        return [float(x) for x in text.replace(";", ",").split(",") if x.strip()]
    except ValueError as error:
        raise InvalidInput(field, text, "must be numbers separated by commas") from error


page.heading(intro=True)
# The answer is drawn here, first under the title (as on the home page), once the inputs below
# have been read: a worked example's button then changes the figures right above it.
answer = st.container()
if not page.compact:
    st.write(t("classic.examples"))
    # Two a row: four side by side cut their labels short at 1280 px.
    columns = [*st.columns(2), *st.columns(2)]
    for column, (label, a, b, score, k) in zip(columns, classic.EXAMPLES, strict=True):
        column.button(
            classic.example_label(label, a, b),
            on_click=_load_example,
            args=(a, b, score, k),
            key=page.key(label),
            width="stretch",
        )
        column.caption(classic.example_shows(a, b, score, k))

with st.container(border=True):
    teams = page.input("teams", st)
    left, right = row(2)
    shown = ("team_a", "team_b") if teams else ("a", "b")
    for name, where in zip(shown, (left, right), strict=True):
        page.input(name, where)
    first, second, third = row(3)
    page.input("score", first)
    page.input("k", second)
    if page["k"] == "custom":
        page.input("k_custom", second)
    page.input("divisor", third)
# The teams stay out of the URL unless the reader plays teams.
page.write_url(hidden=() if teams else TEAMS)

k_choice = page["k"]
k = page["k_custom"] if k_choice == "custom" else float(k_choice)
try:
    if teams:
        a: float | list[float] = _team(page["team_a"], t("classic.team_a"))
        b: float | list[float] = _team(page["team_b"], t("classic.team_b"))
    else:
        a, b = page["a"], page["b"]
    members = classic_team_update(a, b, float(page["score"]), k=k, divisor=page["divisor"])
    result = members.teams
except InvalidInput as error:
    answer.error(
        t("classic.bad_team", field=error.field, value=Outside(error.value), reason=error.reason)
    )
    st.stop()

# With teams, these are each team's average: the members' own ratings are in the table below.
new_a, new_b = (
    ("classic.new_team_a", "classic.new_team_b") if teams else ("classic.new_a", "classic.new_b")
)
with answer:
    # The new ratings first, A beside B even on a phone; the expected scores under them.
    with st.container(horizontal=True, key="classic_new"):
        metric(st, t(new_a), number(result.new_a, 1), result.change_a, 1)
        metric(st, t(new_b), number(result.new_b, 1), result.change_b, 1)
    with st.container(horizontal=True, key="classic_expected"):
        st.metric(t("classic.expected_a"), percent(result.expected_a))
        st.metric(t("classic.expected_b"), percent(result.expected_b))

if teams:
    # Every member's new rating: the team's change, in full, to each of them.
    st.markdown(f"**{t('classic.members_title')}**")
    assert isinstance(a, list) and isinstance(b, list)
    grids.show(classic.members_table(a, b, members), download=None)

if not page.compact:
    classic.steps(result, float(page["score"]), k, page["divisor"], teams=teams)
    st.header(t("classic.guidance"))
    grids.show(classic.guidance_table(), download=None)
    st.caption(t("classic.guide_note"))
    classic.questions()
    page.embed_section()
