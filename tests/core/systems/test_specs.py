"""Systems read from text as the command line writes them, their names, and the refusals."""

from __future__ import annotations

from datetime import timedelta

import pytest

from gammon_elo import CURRENT, RULES, InvalidInput, Rules
from gammon_elo.systems import (
    DEFAULT_SYSTEMS,
    Chosen,
    FittedDivisor,
    Glicko2,
    WengLin,
    parse_system,
    system_label,
)


def test_rule_sets_and_the_fit() -> None:
    assert parse_system("1.2.0") is RULES["1.2.0"]
    assert parse_system("1000/24/16@50") == Rules.custom(1000, 24, heavy_k=16, heavy_games=50)
    assert parse_system("fit") == FittedDivisor(CURRENT)
    assert parse_system("fit:1.2.0") == FittedDivisor(RULES["1.2.0"])
    assert system_label(RULES["1.0.5"]) == "1.0.5 ÷400"  # a rule set named with its divisor


def test_glicko2_and_weng_lin_settings() -> None:
    assert parse_system("glicko2") == Glicko2()
    assert Glicko2() == Glicko2(timedelta(days=1), 1500, 350, 0.06, 0.5)  # the paper's
    tuned = parse_system("glicko2:period=1h,rd=100,volatility=0.01")
    assert tuned == Glicko2(period=timedelta(hours=1), deviation=100, volatility=0.01)
    assert parse_system("glicko2:period=1w").period == timedelta(weeks=1)  # type: ignore[union-attr]
    assert parse_system("weng-lin") == WengLin(25, 25 / 3, 25 / 6, 25 / 300, 0.0001)  # openskill's
    assert parse_system("weng-lin:beta=4x,tau=0") == WengLin(beta=4 * 25 / 6, tau=0)
    assert parse_system("WENG-LIN: beta = 2.5 ") == WengLin(beta=2.5)


def test_alternatives_are_candidates_of_every_combination() -> None:
    chosen = parse_system("glicko2:period=1h,rd=50|100,volatility=0.01|0.06|0.1")
    assert isinstance(chosen, Chosen)
    assert len(chosen.candidates) == 6
    assert Glicko2(period=timedelta(hours=1), deviation=100, volatility=0.1) in chosen.candidates
    assert DEFAULT_SYSTEMS[: len(RULES)] == tuple(RULES.values())  # the rule sets, oldest first


@pytest.mark.parametrize(
    ("text", "field", "words"),
    [
        ("1.3.2", "systems", "glicko2[:KEY=VALUE"),
        ("fit:nonsense", "systems", "fit[:RULES]"),
        ("glicko2:rd", "systems", "must set glicko2's period, rating, rd"),
        ("glicko2:speed=3", "systems", "must set glicko2's"),
        ("glicko2:rd=1,rd=2", "systems", "sets rd twice"),
        ("glicko2:period=1y", "period", "30m, 1h, 1d or 1w"),
        ("glicko2:rd=wide", "rd", "must be a number"),
        ("glicko2:rd=0", "deviation", "positive"),
        ("weng-lin:tau=-1", "tau", "0 or more"),
        ("weng-lin:beta=" + "|".join(["1"] * 9) + ",tau=" + "|".join(["0"] * 8), "systems",
         "MAX_CANDIDATES = 64"),
    ],
)  # fmt: skip
def test_bad_text_is_refused_naming_the_field(text: str, field: str, words: str) -> None:
    with pytest.raises(InvalidInput) as error:
        parse_system(text)
    assert error.value.field == field
    assert words in str(error.value)
