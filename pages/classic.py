"""Classic Elo — the chess-style calculator of the second seed: draws, K presets, teams."""

from __future__ import annotations

import pandas as pd
import streamlit as st

from gammon_elo import K_PRESETS, InvalidInput, classic_update
from ui import embed, frame, state
from ui.i18n import metric, number, percent, t

PAGE = "classic"
frame.setup("classic.nav")
K_CHOICES = [str(p.k) for p in K_PRESETS] + ["custom"]
SCORES = ["1", "0.5", "0"]
PARAMS = [
    state.bool_param("teams", False),
    state.float_param("a", 1500.0, -100_000.0, 100_000.0),
    state.float_param("b", 1600.0, -100_000.0, 100_000.0),
    state.choice_param("score", "1", SCORES),
    state.choice_param("k", "32", K_CHOICES),
    state.float_param("k_custom", 24.0, 0.1, 1000.0),
    state.float_param("divisor", 400.0, 1.0, 100_000.0),
]
TEAM_PARAMS = [("team_a", "1500,1600"), ("team_b", "1550,1450")]

#: The seed's worked examples: (label key, A, B, score, K).
EXAMPLES = [
    ("classic.example_upset", 1500.0, 1600.0, "1", "32"),
    ("classic.example_expected", 1600.0, 1500.0, "1", "32"),
    ("classic.example_draw", 1600.0, 1500.0, "0.5", "32"),
    ("classic.example_gap", 1900.0, 1500.0, "1", "32"),
]


def _load_example(a: float, b: float, score: str, k: str) -> None:
    st.session_state[state.key(PAGE, "teams")] = False
    st.session_state[state.key(PAGE, "a")] = a
    st.session_state[state.key(PAGE, "b")] = b
    st.session_state[state.key(PAGE, "score")] = score
    st.session_state[state.key(PAGE, "k")] = k
    st.session_state[state.key(PAGE, "divisor")] = 400.0


def _team(text: str, field: str) -> list[float]:
    try:
        return [float(x) for x in text.replace(";", ",").split(",") if x.strip()]
    except ValueError as error:
        raise InvalidInput(field, text, "must be numbers separated by commas") from error


state.seed_from_url(PAGE, PARAMS)
for name, default in TEAM_PARAMS:
    st.session_state.setdefault(state.key(PAGE, name), st.query_params.get(name, default)[:500])
compact = embed.is_compact()
state.show_notices(PAGE)
if not compact:
    st.title(t("classic.title"))
    st.caption(t("classic.intro"))
    st.write(t("classic.examples"))
    # Two a row: four side by side cut their labels short at 1280 px.
    columns = [*st.columns(2), *st.columns(2)]
    for column, (label, a, b, score, k) in zip(columns, EXAMPLES, strict=True):
        column.button(
            t(label),
            on_click=_load_example,
            args=(a, b, score, k),
            key=f"{PAGE}.{label}",
            width="stretch",
        )

with st.container(border=True):
    teams = st.toggle(t("classic.teams"), key=state.key(PAGE, "teams"))
    left, right = st.columns(2)
    if teams:
        left.text_input(t("classic.team_a"), key=state.key(PAGE, "team_a"))
        right.text_input(t("classic.team_b"), key=state.key(PAGE, "team_b"))
    else:
        left.number_input(
            t("classic.rating_a"),
            -100_000.0,
            100_000.0,
            step=1.0,
            format="%g",
            key=state.key(PAGE, "a"),
        )
        right.number_input(
            t("classic.rating_b"),
            -100_000.0,
            100_000.0,
            step=1.0,
            format="%g",
            key=state.key(PAGE, "b"),
        )
    first, second, third = st.columns(3)
    first.radio(
        t("classic.score"),
        SCORES,
        key=state.key(PAGE, "score"),
        format_func={s: t(f"classic.score_{s.replace('.', '')}") for s in SCORES}.__getitem__,
    )
    second.selectbox(
        t("classic.k_preset"),
        K_CHOICES,
        key=state.key(PAGE, "k"),
        format_func={
            k: t("classic.k_custom_option")
            if k == "custom"
            else t("classic.k_option", k=k, for_whom=t(f"k.preset.{k}"))
            for k in K_CHOICES
        }.__getitem__,
    )
    if state.value(PAGE, "k") == "custom":
        second.number_input(
            t("classic.k_custom"), 0.1, 1000.0, step=1.0, key=state.key(PAGE, "k_custom")
        )
    third.number_input(
        t("classic.divisor"), 1.0, 100_000.0, step=100.0, key=state.key(PAGE, "divisor")
    )
state.write_to_url(PAGE, PARAMS)
for name, default in TEAM_PARAMS:
    text = state.value(PAGE, name)
    if teams and text != default:
        st.query_params[name] = text
    elif name in st.query_params:
        del st.query_params[name]

k_choice = state.value(PAGE, "k")
k = state.value(PAGE, "k_custom") if k_choice == "custom" else float(k_choice)
try:
    if teams:
        a: float | list[float] = _team(state.value(PAGE, "team_a"), t("classic.team_a"))
        b: float | list[float] = _team(state.value(PAGE, "team_b"), t("classic.team_b"))
    else:
        a, b = state.value(PAGE, "a"), state.value(PAGE, "b")
    result = classic_update(
        a, b, float(state.value(PAGE, "score")), k=k, divisor=state.value(PAGE, "divisor")
    )
except InvalidInput as error:
    st.error(t("classic.bad_team", field=error.field, value=error.value, reason=error.reason))
    st.stop()

ea, eb, na, nb = st.columns(4)
ea.metric(t("classic.expected_a"), percent(result.expected_a))
eb.metric(t("classic.expected_b"), percent(result.expected_b))
metric(na, t("classic.new_a"), number(result.new_a, 1), result.change_a, 1)
metric(nb, t("classic.new_b"), number(result.new_b, 1), result.change_b, 1)

if not compact:
    st.header(t("classic.guidance"))
    st.dataframe(
        pd.DataFrame(
            {
                "K": [p.k for p in K_PRESETS],
                t("classic.guide_for"): [t(f"k.preset.{p.k}") for p in K_PRESETS],
                t("classic.guide_effect"): [t(f"k.effect.{p.k}") for p in K_PRESETS],
            }
        ),
        hide_index=True,
    )
    embed.section(PAGE)
