"""The rule-set picker shared by the pages: a named version, or custom values of D, K, heavy K and
the heavy-week threshold, all in the URL."""

from __future__ import annotations

import dataclasses

import streamlit as st

from gammon_elo import CURRENT, RULES, Rules

from . import state
from .i18n import t

CUSTOM = "custom"
RULE_CHOICES = (*RULES, CUSTOM)


def params() -> list[state.Param]:
    return [
        state.choice_param("rules", CURRENT.name, RULE_CHOICES),
        state.float_param("divisor", 1000.0, 1.0, 100_000.0),
        state.int_param("k", 32, 1, 1000),
        state.int_param("heavy_k", 16, 1, 1000),
        state.int_param("heavy_games", 50, 0, 100_000),
    ]


def rules_label(name: str) -> str:
    if name == CUSTOM:
        return t("rules.custom")
    return t("rules.version", name=name, divisor=f"{RULES[name].divisor:g}")


def render(page: str, container: st.delta_generator.DeltaGenerator | None = None) -> Rules:
    """The picker's widgets; returns the chosen rule set."""
    where = container or st
    name = where.selectbox(
        t("rules.label"),
        RULE_CHOICES,
        key=state.key(page, "rules"),
        format_func={n: rules_label(n) for n in RULE_CHOICES}.__getitem__,
        help=t("rules.help"),
    )
    if name != CUSTOM:
        return RULES[name]
    with where.expander(t("rules.custom_values"), expanded=True):
        divisor = st.number_input(
            t("rules.divisor"),
            min_value=1.0,
            max_value=100_000.0,
            step=100.0,
            key=state.key(page, "divisor"),
            help=t("rules.divisor_help"),
        )
        k = st.number_input(
            t("rules.k"), min_value=1, max_value=1000, step=1, key=state.key(page, "k")
        )
        heavy_k = st.number_input(
            t("rules.heavy_k"),
            min_value=1,
            max_value=1000,
            step=1,
            key=state.key(page, "heavy_k"),
        )
        heavy_games = st.number_input(
            t("rules.heavy_games"),
            min_value=0,
            max_value=100_000,
            step=1,
            key=state.key(page, "heavy_games"),
            help=t("rules.heavy_games_help"),
        )
    return custom(divisor, k, heavy_k, heavy_games)


def custom(divisor: float, k: int, heavy_k: int, heavy_games: int) -> Rules:
    return dataclasses.replace(
        CURRENT,
        name=CUSTOM,
        divisor=divisor,
        k=int(k),
        heavy_k=int(heavy_k),
        heavy_games=int(heavy_games),
    )


def from_state(page: str) -> Rules:
    """The rule set the page's URL parameters name, for views that show no picker."""
    name = state.value(page, "rules")
    if name != CUSTOM:
        return RULES[name]
    return custom(*(state.value(page, n) for n in ("divisor", "k", "heavy_k", "heavy_games")))
