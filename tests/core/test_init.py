"""The package's front (:mod:`gammon_elo`): one test that pins the defaults, so nobody changes a
constant by accident, and one that pins the public API."""

from __future__ import annotations

import dataclasses
from datetime import timedelta

import pytest

import gammon_elo
from gammon_elo import CURRENT, RULES


def test_defaults_are_pinned() -> None:
    # ARTICLE, the Go code's constants and the rule history table. Changing any of these is a
    # change of the rules: do it here on purpose, with the article that announces it.
    assert list(RULES) == ["1.0.5", "1.2.0", "1.3.1"]
    # Which version is current: the line a new rule set changes here, with rules.py.
    assert gammon_elo.CURRENT is RULES["1.3.1"]
    article = RULES["1.3.1"]
    assert (article.divisor, article.k, article.heavy_k, article.heavy_games) == (1200, 32, 16, 50)
    assert article.window == timedelta(days=7)
    assert article.starting == 1500
    assert article.podium_prizes == (50, 25, 15)
    for name, divisor in (("1.0.5", 400), ("1.2.0", 800)):
        assert (RULES[name].divisor, RULES[name].k) == (divisor, 32)
        assert (RULES[name].heavy_k, RULES[name].heavy_games) == (None, None)
        assert RULES[name].starting == 1500
    assert gammon_elo.FIBS_DIVISOR == 2000
    assert gammon_elo.CUBES == (1, 2, 4, 8, 16, 32, 64)
    # Rule sets are frozen: nobody changes CURRENT in place.
    with pytest.raises(dataclasses.FrozenInstanceError):
        CURRENT.k = 24  # type: ignore[misc]


#: The public names. Adding names is fine; removing one breaks users.
PUBLIC_NAMES = {
    # the rules and the article's formulas
    "expected_score",
    "cube_multiplier",
    "k_factor",
    "rating_change",
    "Rules",
    "RULES",
    "CURRENT",
    "STANDARD_DIVISORS",
    "InvalidInput",
    "classic_update",
    # the rest of the package's public surface
    "CUBES",
    "FIBS_DIVISOR",
    "K_PRESETS",
    "Change",
    "ChangeSteps",
    "ClassicResult",
    "Ending",
    "FibsChange",
    "Game",
    "GameType",
    "KChoice",
    "KPreset",
    "Notice",
    "PlayerOutcome",
    "UnknownRules",
    "WhatIf",
    "break_even_win_rate",
    "change_table",
    "cube_table",
    "divisor_table",
    "expected_curves",
    "expected_curves_frame",
    "expected_table",
    "fibs_change",
    "fibs_k",
    "fibs_underdog_probability",
    "games_to_target",
    "get_rules",
    "go_round",
    "heavy_week_table",
    "k_choice",
    "podium_prize",
    "points_frame",
    "rate_game",
    "team_rating",
    "what_if",
    # rating systems beyond Elo, on the same games
    "Chosen",
    "FittedDivisor",
    "Glicko2",
    "Glicko2Rating",
    "SystemsComparison",
    "Verdict",
    "WengLin",
    "compare_systems",
    "glicko2_period",
    "parse_system",
    "verdict_text",
}


def test_public_api_is_pinned() -> None:
    exported = gammon_elo.__all__
    missing = PUBLIC_NAMES - set(exported)
    assert not missing, f"public names removed from gammon_elo.__all__: {sorted(missing)}"
    assert len(exported) == len(set(exported)), "a name is listed twice in __all__"
    for name in exported:
        assert hasattr(gammon_elo, name), f"gammon_elo.__all__ lists {name} but it is not there"
    assert issubclass(gammon_elo.InvalidInput, ValueError)
    assert issubclass(gammon_elo.UnknownRules, gammon_elo.InvalidInput)
