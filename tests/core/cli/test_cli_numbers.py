"""Every number an option takes is read as the app reads one, and every count that sizes a run's
arrays has a limit the refusal names (gammon_elo/cli/options.py: whole, number, count).

Python's ``int()`` and ``float()`` take "１５００" (full-width), "١٥٠٠" (Arabic-Indic) and
"1_500", which the app refuses; a count past what fits in memory ended in a traceback, or in the
system killing the process. Each is refused before anything runs, with a line naming the option,
the value and the limit, and status 2.
"""

from __future__ import annotations

import argparse
import itertools

import pytest

from gammon_elo import InvalidInput, Rules
from gammon_elo.cli import SUBCOMMANDS, build_parser
from gammon_elo.league.league import MAX_GAMES, MAX_WEEKS, play_league
from gammon_elo.league.league import MAX_PLAYERS as LEAGUE_PLAYERS
from gammon_elo.league.players import parse_levels
from gammon_elo.parallel import MAX_WORKERS, local_cluster
from gammon_elo.player.planner import MAX_GAMES as PLAN_GAMES
from gammon_elo.player.planner import MAX_PATHS
from gammon_elo.replay import SAMPLE_HISTORY
from gammon_elo.simulate import Population
from gammon_elo.simulate.population import MAX_PLAYERS
from gammon_elo.simulate.population import MAX_WEEKS as SIMULATED_WEEKS
from tests.core.cli.cli_support import run_cli

#: Digits the app refuses and Python's int() and float() take.
NOT_ASCII = ("１５００", "١٥٠٠", "1_500")


def number_options() -> list[tuple[str, str]]:
    """(subcommand, option) of every option that reads a typed value, across every subcommand."""
    found = []
    for name in SUBCOMMANDS:
        parser = build_parser(name)
        sub = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
        for action in sub.choices[name]._actions:
            if action.type is not None:
                found.append((name, action.option_strings[0]))
    return found


@pytest.mark.parametrize(("command", "option"), number_options())
def test_no_option_reads_digits_the_app_refuses(command: str, option: str) -> None:
    parser = build_parser(command)
    sub = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
    action = next(a for a in sub.choices[command]._actions if option in a.option_strings)
    assert action.type not in (int, float)
    for text in NOT_ASCII:
        with pytest.raises(argparse.ArgumentTypeError, match="ASCII digits"):
            action.type(text)  # type: ignore[misc]


@pytest.mark.parametrize(
    "argv",
    [
        ["change", "--winner", "１５００", "--loser", "1500"],
        ["change", "--winner", "1500", "--loser", "1500", "--k", "３２"],
        ["classic", "--a", "١٥٠٠", "--b", "1600", "--score", "1"],
        ["plan", "--rating", "1500", "--target", "1600", "--opponent", "1_500"],
        ["plan", "--rating", "1500", "--target", "1600", "--opponent", "1500", "--cube", "６４"],
        ["simulate", "--players", "１０"],
    ],
)
def test_a_number_in_other_digits_is_refused_naming_the_option_and_the_value(
    argv: list[str],
) -> None:
    result = run_cli(*argv)
    option, value = next((o, v) for o, v in itertools.pairwise(argv) if not v.isascii() or "_" in v)
    assert result.returncode == 2 and result.stdout == ""
    assert f"error: argument {option}: must be a " in result.stderr
    assert f"written in ASCII digits, got {value!r}" in result.stderr


def test_rule_sets_and_league_levels_in_other_digits_are_refused() -> None:
    with pytest.raises(InvalidInput, match="rules"):
        Rules.parse("４００/３２")
    assert Rules.parse("400/32").divisor == 400
    with pytest.raises(InvalidInput, match="levels"):
        parse_levels("beginner:５０,expert:50")
    result = run_cli("simulate", "--players", "10", "--weeks", "1", "--rules", "４００/３２")
    assert result.returncode == 2 and result.stderr.startswith("error: rules ")


HISTORY = str(SAMPLE_HISTORY)


@pytest.mark.parametrize(
    ("argv", "option", "limit", "name"),
    [
        (["simulate"], "--players", MAX_PLAYERS, "gammon_elo.simulate.population.MAX_PLAYERS"),
        (["simulate"], "--weeks", SIMULATED_WEEKS, "gammon_elo.simulate.population.MAX_WEEKS"),
        (
            ["sweep", "--divisors", "400", "--k", "32"],
            "--players",
            MAX_PLAYERS,
            "gammon_elo.simulate.population.MAX_PLAYERS",
        ),
        (["sweep", "--divisors", "400", "--k", "32"], "--workers", MAX_WORKERS, "MAX_WORKERS"),
        (["calibrate", HISTORY, "--fit", "divisor"], "--workers", MAX_WORKERS, "MAX_WORKERS"),
        (["league", "--games", "10", "--out", "x.csv"], "--players", LEAGUE_PLAYERS, "MAX_PLAYERS"),
        (["league", "--players", "10", "--out", "x.csv"], "--games", MAX_GAMES, "MAX_GAMES"),
        (
            ["league", "--players", "10", "--games", "10", "--out", "x.csv"],
            "--weeks",
            MAX_WEEKS,
            "gammon_elo.league.league.MAX_WEEKS",
        ),
        (
            ["plan", "--rating", "1500", "--target", "1600", "--opponent", "1500"],
            "--paths",
            MAX_PATHS,
            "gammon_elo.player.planner.MAX_PATHS",
        ),
        (
            ["plan", "--rating", "1500", "--target", "1600", "--opponent", "1500"],
            "--games",
            PLAN_GAMES,
            "gammon_elo.player.planner.MAX_GAMES",
        ),
    ],
)
def test_a_count_past_its_limit_is_refused_naming_the_option_and_the_limit(
    argv: list[str], option: str, limit: int, name: str
) -> None:
    result = run_cli(*argv, option, "1000000000")
    assert result.returncode == 2 and result.stdout == ""
    assert f"error: argument {option}: must be at most {limit:,} (" in result.stderr
    assert f"{name}), got 1,000,000,000" in result.stderr
    assert result.stderr.startswith("usage: ") and "Traceback" not in result.stderr


def test_the_library_holds_the_same_limits() -> None:
    with pytest.raises(InvalidInput, match="players must be at most"):
        Population(players=MAX_PLAYERS + 1)
    with pytest.raises(InvalidInput, match="weeks must be at most"):
        Population(weeks=SIMULATED_WEEKS + 1)
    assert Population(players=MAX_PLAYERS, weeks=SIMULATED_WEEKS).players == MAX_PLAYERS
    with pytest.raises(InvalidInput, match=r"workers must be at most \d+ \(MAX_WORKERS\)"):
        local_cluster(MAX_WORKERS + 1)
    small = {"players": 10, "games": 10, "weeks": 4, "seed": 0}
    for name, limit in (("players", LEAGUE_PLAYERS), ("games", MAX_GAMES), ("weeks", MAX_WEEKS)):
        with pytest.raises(InvalidInput, match=f"{name} must be at most"):
            play_league(**(small | {name: limit + 1}), serial=True)
