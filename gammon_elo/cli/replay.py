"""``gammon-elo replay``: re-rate a CSV or Parquet history of games on the command
line, under one or more rule sets (names or :meth:`~gammon_elo.Rules.parse` text), whole or, with
``--chunk-rows``, a chunk at a time for histories larger than memory.

Strict by default: a bad row prints the report on stderr and exits with status 2;
``--skip-invalid`` rates the valid rows and lists the others. ``--timings`` prints on stderr
where the time went (:mod:`.phases`); a first compilation of the compiled pass on a machine is
said there too, whatever the options.
"""

from __future__ import annotations

import argparse
import os
import sys
from typing import TYPE_CHECKING, TextIO

from .._core.errors import InvalidHistory, InvalidInput
from ..extras import require
from ..rules import CURRENT, RULES, Rules
from .options import EXIT_INVALID, Subparsers, check_writable, counted, whole, write_table, writing
from .phases import Phases, process_started

if TYPE_CHECKING:
    import pandas as pd

    from .._core.arrays import Ints
    from ..replay import RulesComparison
    from ..replay.budget import Budget
    from ..replay.validate import History

__all__ = [
    "add_budget_arguments",
    "add_invalid_arguments",
    "budget_from",
    "build_replay",
    "refused",
]

#: Problems printed before "… and N more" (the whole report goes to --rejected).
SHOWN_PROBLEMS = 50

#: A history file from which the compiled pass is loaded in a thread while the file is read:
#: at about 55 bytes a row of an export, 150,000 rows, more than engine.COMPILED_FROM's ranked
#: games (a wrong guess costs a load in a thread, or the overlap).
PRELOAD_BYTES = 8 * 2**20


def build_replay(sub: Subparsers) -> None:
    p = sub.add_parser(
        "replay",
        help="re-rate a CSV or Parquet history of games, game by game, under one or more rule sets",
        description=(
            "Columns: time (ISO 8601, no offset = UTC), winner, loser, and optionally cube"
            " (default 1), type (ranked, boosted, tournament, podium; default ranked) and prize"
            " (podium rows: the player is the winner, the loser is empty)."
        ),
    )
    p.add_argument("history", help="the CSV or Parquet file of games")
    p.add_argument(
        "--rules",
        nargs="+",
        default=[CURRENT.name],
        metavar="RULES",
        help="rule sets to compare: " + ", ".join(RULES) + ", or DIVISOR/K[/HEAVY_K@GAMES]",
    )
    p.add_argument(
        "--out",
        help="write every game with its ratings to this file, Parquet if it ends in .parquet,"
        " else CSV (one block per rule set)",
    )
    p.add_argument(
        "--chunk-rows",
        type=whole,
        metavar="N",
        help="replay N rows at a time (for histories larger than memory; needs --out and one"
        " rule set; the file must be in time order across chunks)",
    )
    add_invalid_arguments(p, "rate")
    p.add_argument("--top", type=whole, default=10, help="players listed (default 10)")
    p.add_argument(
        "--timings",
        action="store_true",
        help="print on stderr the seconds each phase took: imports (from the process's start),"
        " read, prepare (check and code the rows), pass (rate them; loading the compiled pass"
        " included), output",
    )
    add_budget_arguments(p)
    p.set_defaults(run=_cmd_replay)


def add_invalid_arguments(parser: argparse.ArgumentParser, verb: str) -> None:
    """--skip-invalid (``verb``: what the command does with the valid rows) and --rejected (the
    rejected rows' report, whether the history is refused or its bad rows skipped)."""
    parser.add_argument(
        "--skip-invalid", action="store_true", help=f"{verb} the valid rows and list the rejected"
    )
    parser.add_argument("--rejected", help="write the rejected rows' report to this CSV file")


def add_budget_arguments(parser: argparse.ArgumentParser) -> None:
    """--max-rows, --max-cell-bytes, --max-cell-length, --max-pages: a budget for reading the
    history, off unless given (a file over it is refused before it is decoded where the format
    allows)."""
    parser.add_argument(
        "--max-rows", type=whole, metavar="N", help="refuse a history of more than N rows"
    )
    parser.add_argument(
        "--max-cell-bytes",
        type=whole,
        metavar="N",
        help="refuse a history whose cells come to more than N bytes once decoded"
        " (text as UTF-8, 8 bytes for a number or a time, a Parquet column of a fixed width at"
        " that width)",
    )
    parser.add_argument(
        "--max-cell-length",
        type=whole,
        metavar="N",
        help="refuse a history with a cell of more than N characters",
    )
    parser.add_argument(
        "--max-pages",
        type=whole,
        metavar="N",
        help="refuse a Parquet history whose columns read span more than N pages",
    )


def budget_from(args: argparse.Namespace) -> Budget | None:
    """The budget the options give, or None when none is given."""
    limits = (args.max_rows, args.max_cell_bytes, args.max_cell_length, args.max_pages)
    if all(limit is None for limit in limits):
        return None
    from ..replay.budget import Budget

    names = ("--max-rows", "--max-cell-bytes", "--max-cell-length", "--max-pages")
    return Budget(*limits, names=names)


def _size(path: str) -> int:
    try:
        return os.path.getsize(path)
    except OSError:
        return 0  # read_history says what is wrong with it


def _cmd_replay(args: argparse.Namespace) -> int:
    phases = Phases(started=process_started())
    try:
        return _replay(args, phases)
    finally:
        if args.timings:
            phases.report(sys.stderr)


def _replay(args: argparse.Namespace, phases: Phases) -> int:
    with phases.phase("imports"):
        from ..replay import read_history
        from ..replay.api import checked_history, compare_rules, distinct_rule_sets
        from ..replay.engine import compilations, load_soon

    rules = [Rules.parse(text) for text in args.rules]
    # Checked before the history is read: a bad path is found in a moment, not after the replay.
    check_writable("--out", args.out)
    check_writable("--rejected", args.rejected)
    if args.out and args.out.endswith(".parquet"):
        require("pyarrow", "parquet", "gammon-elo replay --out FILE.parquet")
    if args.chunk_rows is not None:
        with phases.phase("chunked replay"):
            return _chunked(args, rules)
    before = compilations()  # what this command compiles, not what the process did before
    if _size(args.history) >= PRELOAD_BYTES:
        load_soon()  # the compiled pass loads while the file is read and checked
    with phases.phase("read"):
        games = read_history(args.history, budget=budget_from(args))
    rule_sets = distinct_rule_sets(rules)
    try:
        with phases.phase("prepare"):
            history = checked_history(games, skip_invalid=args.skip_invalid)
    except InvalidHistory as error:
        return refused(error, args)
    with phases.phase("pass"):
        # The games table is built only to be written: the summary reads the checked history.
        comparison = compare_rules(history, rule_sets, games_table=bool(args.out))
    if compilations() > before:
        print(
            "note: the compiled pass was compiled for this machine in this run (once: later"
            " runs load it from the cache)",
            file=sys.stderr,
        )
    with phases.phase("output"):
        _summary(args, comparison, history)
    return 0


def _summary(args: argparse.Namespace, comparison: RulesComparison, history: History) -> None:
    import pandas as pd

    from ..replay.validate import GAME_TYPES

    first = next(iter(comparison.results.values()))
    # The replayed rows' types and times, as the games table has them (in another order).
    types = pd.Categorical.from_codes(history.kind, categories=pd.Index(GAME_TYPES))
    kinds = pd.Series(types).value_counts()
    span = ""
    if len(history.time):
        first_time, last_time = (
            pd.Timestamp(t, unit=history.unit, tz="UTC") for t in _extremes(history.time)
        )
        span = f", {first_time:%Y-%m-%d %H:%M} to {last_time:%Y-%m-%d %H:%M} UTC"
    print(
        f"{args.history}: {counted(first.rows_read, 'row')} read, {len(history.time):,} replayed,"
        f" {first.rows_rejected:,} rejected; {counted(len(first.players), 'player')}" + span
    )
    print(", ".join(f"{count:,} {kind}" for kind, count in kinds.items() if count))
    print()
    labels = list(comparison.results)
    top = comparison.ratings.head(max(args.top, 0))
    print(f"Final ratings, best {len(top)} under {labels[0]}:")
    print(top.to_string(index=False))
    print()
    print("Spread of the active players' final ratings:")
    print(comparison.spread.to_string(index=False))
    _skipped(first.rejected, first.rows_rejected, args)
    if args.out:
        blocks = [result.games.assign(rules=label) for label, result in comparison.results.items()]
        table = pd.concat(blocks, ignore_index=True)
        write_table(table[["rules", *first.games.columns]], args.out, "--out", safe=True)


def _extremes(values: Ints) -> tuple[int, int]:
    return int(values.min()), int(values.max())


def refused(error: InvalidHistory, args: argparse.Namespace) -> int:
    """A history refused for its bad rows: each listed on stderr (and in ``--rejected``)."""
    print(f"error: {error}", file=sys.stderr)
    _report(error.report, sys.stderr)
    _write_rejected(error.report, args)
    print("(--skip-invalid rates the valid rows and lists these)", file=sys.stderr)
    return EXIT_INVALID


def _chunked(args: argparse.Namespace, rules: list[Rules]) -> int:
    """The history replayed ``--chunk-rows`` rows at a time, its games streamed to ``--out``."""
    if not args.out:
        raise InvalidInput("--out", None, "is needed with --chunk-rows (the games go there)")
    if len(rules) != 1:
        labels = [r.label for r in rules]
        raise InvalidInput("--rules", labels, "must name one rule set with --chunk-rows")
    from ..replay import history_chunks, replay_chunks

    budget = budget_from(args)
    if budget is not None:
        # The whole file checked first, a chunk at a time, before anything is written.
        for _ in history_chunks(args.history, args.chunk_rows, budget=budget):
            pass
    if os.path.exists(args.out) and not os.path.isfile(args.out):
        # The games go to OUT.partial, renamed over OUT at the end: over a device, as root.
        raise InvalidInput("--out", args.out, "must be a regular file with --chunk-rows")
    try:
        with writing("--out", args.out):
            done = replay_chunks(
                args.history,
                args.out,
                chunk_rows=args.chunk_rows,
                rules=rules[0],
                skip_invalid=args.skip_invalid,
            )
    except InvalidHistory as error:
        return refused(error, args)
    print(
        f"{args.history}: {counted(done.rows_read, 'row')} read in {counted(done.chunks, 'chunk')},"
        f" {done.rows_replayed:,} replayed, {done.rows_rejected:,} rejected;"
        f" {counted(len(done.players), 'player')}; games written to {done.out}"
    )
    print()
    top = done.players[["player", "ranked_games", "final"]].head(max(args.top, 0))
    print(f"Final ratings, best {len(top)} under {done.rules.label}:")
    print(top.rename(columns={"final": done.rules.label}).to_string(index=False))
    _skipped(done.rejected, done.rows_rejected, args)
    return 0


def _skipped(rejected: pd.DataFrame, count: int, args: argparse.Namespace) -> None:
    """The ``count`` rows --skip-invalid left out, listed (and written to ``--rejected``)."""
    if count:
        print()
        print(f"Rejected rows ({count:,}):")
        _report(rejected, sys.stdout)
        _write_rejected(rejected, args)


def _write_rejected(report: pd.DataFrame, args: argparse.Namespace) -> None:
    if args.rejected:
        write_table(report, args.rejected, "--rejected", safe=True)


def _report(report: pd.DataFrame, stream: TextIO) -> None:
    shown = report.head(SHOWN_PROBLEMS)
    print(shown.to_string(index=False), file=stream)
    if len(report) > len(shown):
        print(f"… and {len(report) - len(shown):,} more problems", file=stream)
