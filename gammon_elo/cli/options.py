"""What several subcommands share: how an option's number is read (:func:`whole`, :func:`number`,
and :func:`count` for a count with the limit that keeps it within memory), the rule-set options
of ``change`` and ``tables`` (a named rule set, with custom overrides), the size options of a
simulated population (``simulate``, ``sweep``), the exit status for input the rules cannot rate,
and counts written as the summaries print them.
"""

from __future__ import annotations

import argparse
import contextlib
import importlib
import os
from collections.abc import Callable, Iterator
from typing import Any, TypeAlias

from .._core.checks import plain_number
from .._core.errors import InvalidInput
from ..rules import CURRENT, RULES, Rules, get_rules

__all__ = [
    "EXIT_INVALID",
    "WORKERS",
    "Subparsers",
    "add_population_arguments",
    "add_rules_arguments",
    "check_writable",
    "count",
    "counted",
    "number",
    "rules_from",
    "whole",
    "write_table",
    "writing",
]

#: Exit status for input the rules cannot rate (argparse uses the same for bad usage).
EXIT_INVALID = 2

#: What each subcommand's module adds its parser to.
Subparsers: TypeAlias = "argparse._SubParsersAction[argparse.ArgumentParser]"

#: A heavy week's K and threshold where only the other one is given and the rule set has none:
#: the current rules' (K 16 from 50 ranked games in 7 days).
_HEAVY_K, _HEAVY_GAMES = 16, 50


def counted(count: int, one: str, other: str | None = None) -> str:
    """``count`` with a thousands separator and the noun that agrees with it: 1 row, 20,000 rows.

    >>> counted(1, "row"), counted(0, "row"), counted(20_000, "row"), counted(2, "match", "matches")
    ('1 row', '0 rows', '20,000 rows', '2 matches')
    """
    return f"{count:,} {one if count == 1 else other or one + 's'}"


def whole(text: str) -> int:
    """An option's whole number, written as the app reads one (:func:`plain_number`); argparse
    names the option in the refusal.

    >>> whole("-9")
    -9
    >>> whole("１５００")
    Traceback (most recent call last):
    ...
    argparse.ArgumentTypeError: must be a whole number written in ASCII digits, got '１５００'
    """
    try:
        return int(plain_number(text))
    except ValueError:
        raise argparse.ArgumentTypeError(
            f"must be a whole number written in ASCII digits, got {text!r}"
        ) from None


def number(text: str) -> float:
    """An option's number (``2.5``, ``1e3``), written as the app reads one."""
    try:
        return float(plain_number(text))
    except ValueError:
        raise argparse.ArgumentTypeError(
            f"must be a number written in ASCII digits, got {text!r}"
        ) from None


def count(limit: str) -> Callable[[str], int]:
    """An option's count: a :func:`whole` number up to the constant named ``limit``
    (``module.NAME``: the size past which a run's arrays would not fit in memory), which a
    refusal names; the function the count goes to checks it again, and its other bounds. The
    constant is imported when the option is read, so that building a parser imports nothing
    heavy.

    >>> workers = count("gammon_elo.parallel.MAX_WORKERS")
    >>> workers("1000")
    Traceback (most recent call last):
    ...
    argparse.ArgumentTypeError: must be at most 64 (gammon_elo.parallel.MAX_WORKERS), got 1,000
    """
    module, _, name = limit.rpartition(".")

    def parse(text: str) -> int:
        value = whole(text)
        high: int = getattr(importlib.import_module(module), name)
        if value > high:
            raise argparse.ArgumentTypeError(f"must be at most {high:,} ({limit}), got {value:,}")
        return value

    return parse


#: ``--workers``: the local worker processes of a Dask run.
WORKERS = count("gammon_elo.parallel.MAX_WORKERS")


def add_population_arguments(parser: argparse.ArgumentParser, *, players: int, weeks: int) -> None:
    """--players and --weeks of a simulated population (``simulate``, ``sweep``), with the
    command's defaults."""
    parser.add_argument(
        "--players",
        type=count("gammon_elo.simulate.population.MAX_PLAYERS"),
        default=players,
        help="population size",
    )
    parser.add_argument(
        "--weeks",
        type=count("gammon_elo.simulate.population.MAX_WEEKS"),
        default=weeks,
        help="weeks to simulate",
    )


def add_rules_arguments(parser: argparse.ArgumentParser) -> None:
    """--rules NAME and the custom overrides --divisor, --k, --heavy-k, --heavy-games."""
    parser.add_argument("--rules", default=CURRENT.name, help="rule set: " + ", ".join(RULES))
    parser.add_argument(
        "--divisor", type=number, help="custom divisor D (overrides the rule set's)"
    )
    parser.add_argument("--k", type=whole, help="custom K (overrides the rule set's)")
    parser.add_argument("--heavy-k", type=whole, help="custom heavy-week K")
    parser.add_argument(
        "--heavy-games", type=whole, help="ranked games in 7 days from which heavy K applies"
    )
    parser.add_argument(
        "--no-heavy-week", action="store_true", help="custom: no heavy-week K at all"
    )


def rules_from(args: argparse.Namespace) -> Rules:
    """The rule set named by --rules, or a custom one (:meth:`Rules.custom`) made from it with
    any overrides: the rule set's own values where an option is not given."""
    rules = get_rules(args.rules)
    heavy_given = args.heavy_k is not None or args.heavy_games is not None
    if not (args.divisor is not None or args.k is not None or args.no_heavy_week or heavy_given):
        return rules
    heavy_k, heavy_games = rules.heavy_k, rules.heavy_games
    if args.no_heavy_week:
        heavy_k = heavy_games = None
    elif heavy_given:
        heavy_k = _first_given(args.heavy_k, rules.heavy_k, _HEAVY_K)
        heavy_games = _first_given(args.heavy_games, rules.heavy_games, _HEAVY_GAMES)
    return Rules.custom(
        rules.divisor if args.divisor is None else args.divisor,
        rules.k if args.k is None else args.k,
        heavy_k=heavy_k,
        heavy_games=heavy_games,
    )


def _first_given(option: int | None, own: int | None, default: int) -> int:
    if option is not None:
        return option
    return default if own is None else own


def check_writable(option: str, path: str | None) -> None:
    """Refuse an output path that cannot be written, before any work is done for it: a folder,
    a folder that does not exist, or one this user may not write in (``None``: no output asked).

    >>> check_writable("--out", None)
    >>> check_writable("--out", ".")
    Traceback (most recent call last):
    ...
    gammon_elo._core.errors.InvalidInput: --out must be a file, not a folder, got '.'
    """
    if path is None:
        return
    if os.path.isdir(path):
        raise InvalidInput(option, path, "must be a file, not a folder")
    folder = os.path.dirname(os.path.abspath(path))
    if not os.path.isdir(folder):
        raise InvalidInput(option, path, f"must be in a folder that exists ({folder} is none)")
    if os.path.exists(path) and not os.access(path, os.W_OK):
        raise InvalidInput(option, path, "must be a file this user may write (it is read-only)")
    if not os.access(folder, os.W_OK):
        raise InvalidInput(option, path, f"must be in a folder this user may write ({folder})")


@contextlib.contextmanager
def writing(option: str, path: object) -> Iterator[None]:
    """An output file written inside: a failure to write it (a full disk, ``/dev/full``, a
    folder gone meanwhile) is :class:`InvalidInput` naming the option, the path and the
    system's reason, which the command line prints as one line, exiting with status 2."""
    try:
        yield
    except OSError as error:
        reason = error.strerror or str(error) or type(error).__name__
        raise InvalidInput(option, str(path), f"cannot be written ({reason})") from None


def write_table(frame: Any, path: str | os.PathLike[str], option: str, *, safe: bool) -> None:
    """``frame`` (a DataFrame) to ``path``: Parquet if its name ends in ``.parquet``, else CSV,
    its text cells made safe for a spreadsheet where ``safe`` (:func:`neutralize_formulas`);
    the one place the subcommands write a table (:func:`writing` says a failure)."""
    with writing(option, path):
        if os.fspath(path).lower().endswith(".parquet"):
            frame.to_parquet(path, index=False)
        elif safe:
            from ..replay import neutralize_formulas

            neutralize_formulas(frame).to_csv(path, index=False)
        else:
            frame.to_csv(path, index=False)
