"""The calculator's core calls that its pages repeat on every rerun, cached by their (hashable)
arguments and bounded, so that a rerun stays fast and memory stays flat however many readers
come. Each is bounded by its inputs' own bounds; the lab's caches are in :mod:`ui.lab.cached`."""

from __future__ import annotations

import numpy as np
import pandas as pd
import streamlit as st

import gammon_elo as g
from gammon_elo import Rules
from gammon_elo.article import EXPECTED_DIFFERENCES, heat_map_frame

#: Distinct argument sets kept per cached function: plenty for one server's readers.
MAX_ENTRIES = 128
#: Cached results expire after an hour, so a long-running server does not keep stale entries.
TTL = 3600


@st.cache_data(max_entries=MAX_ENTRIES, ttl=TTL, show_spinner=False)
def curves(divisors: tuple[float, ...], span: int) -> pd.DataFrame:
    """Expected-score curves of several divisors over −span … span, 201 points each."""
    differences = np.linspace(-span, span, 201)
    return g.expected_curves_frame(differences, list(divisors))


@st.cache_data(max_entries=MAX_ENTRIES, ttl=TTL, show_spinner=False)
def gap_curves(divisors: tuple[float, ...], span: int, gap: int) -> pd.DataFrame:
    """:func:`curves` with the players' ``gap`` among the differences, so that pointing at the
    gap reads the very values its mark shows."""
    differences = np.union1d(np.linspace(-span, span, 201), [gap])
    return g.expected_curves_frame(differences, list(divisors))


@st.cache_data(max_entries=MAX_ENTRIES, ttl=TTL, show_spinner=False)
def game_divisors(game: g.Game, divisors: tuple[float, ...]) -> pd.DataFrame:
    """One game's expected score and both players' changes under each divisor."""
    return g.game_divisor_table(game, divisors)


@st.cache_data(max_entries=MAX_ENTRIES, ttl=TTL, show_spinner=False)
def points(divisors: tuple[float, ...], span: int, k: int, cube: int) -> pd.DataFrame:
    """Rounded points for a win and a loss, each divisor, integer differences −span … span."""
    step = max(1, span // 100)
    return g.points_frame(range(-span, span + 1, step), divisors, k=k, cube=cube)


@st.cache_data(max_entries=MAX_ENTRIES, ttl=TTL, show_spinner=False)
def standard_table(divisors: tuple[float, ...], k: int, cube: int) -> pd.DataFrame:
    """Expected %, win, loss at the article's standard differences, for each divisor."""
    frames = []
    for divisor in divisors:
        rules = Rules(divisor=divisor, k=k)
        expected = g.expected_table(rules=rules)
        pts = g.points_frame(EXPECTED_DIFFERENCES, [divisor], k=k, cube=cube)
        frames.append(
            expected.assign(
                divisor=rules.divisor, win=pts["win"].to_numpy(), loss=pts["loss"].to_numpy()
            )
        )
    return pd.concat(frames, ignore_index=True)


@st.cache_data(max_entries=MAX_ENTRIES, ttl=TTL, show_spinner=False)
def divisor_table(difference: int, divisors: tuple[float, ...], k: int, cube: int) -> pd.DataFrame:
    return g.divisor_table(difference, divisors=divisors, k=k, cube=cube)


@st.cache_data(max_entries=MAX_ENTRIES, ttl=TTL, show_spinner=False)
def article_tables(
    rules: Rules, k: int, heavy_k: int, cube: int, difference: int
) -> dict[str, pd.DataFrame]:
    return {
        "expected": g.expected_table(rules=rules),
        "changes": g.change_table(k=k, cube=cube, rules=rules),
        "heavy": g.heavy_week_table(ks=(k, heavy_k), cube=cube, rules=rules),
        "divisors": g.divisor_table(difference, k=k, cube=cube),
        "cube": g.cube_table(ks=(k, heavy_k)),
    }


@st.cache_data(max_entries=MAX_ENTRIES, ttl=TTL, show_spinner=False)
def heatmap(rules: Rules, k: int) -> pd.DataFrame:
    """The favourite's points for a win, by rating difference (0 … 600) and cube."""
    return heat_map_frame(k=k, rules=rules)


#: The Planner's simulation: 1,000 paths of 2,000 games, one seed, so that a link shows the same
#: figures to every reader.
PLAN_PATHS, PLAN_GAMES, PLAN_SEED = 1000, 2000, 0


@st.cache_data(max_entries=MAX_ENTRIES, ttl=TTL, show_spinner=False)
def plan(
    rating: int,
    target: int,
    opponent: int,
    win_rate: float | None,
    games_per_week: float,
    games_this_week: int,
    cube: str,
    rules: Rules,
) -> g.Plan:
    """:func:`gammon_elo.plan` with the Planner page's size and seed (``cube``: a value, or
    ``mix`` for the simulator's cube mix; ``games_this_week``: the ranked games already in the
    7 days before game 1)."""
    return g.plan(
        rating,
        target,
        opponent=opponent,
        win_rate=win_rate,
        games_per_week=games_per_week,
        games_this_week=games_this_week,
        cube=g.CUBE_MIX if cube == "mix" else int(cube),
        rules=rules,
        paths=PLAN_PATHS,
        horizon=PLAN_GAMES,
        seed=PLAN_SEED,
    )
