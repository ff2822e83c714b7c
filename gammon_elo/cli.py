"""The command line: ``python -m gammon_elo change | tables | classic …``.

Bad input prints one line naming the field and the value on stderr and exits with status 2,
never a traceback. Each subcommand lives in one ``_cmd_*`` function; other modules add theirs
through :data:`SUBCOMMANDS`.
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import os
import sys
from collections.abc import Callable, Sequence
from typing import Any

from ._errors import InvalidInput
from ._replay_cli import build_replay
from ._simulate_cli import build_simulate
from .classic import classic_update
from .formulas import explain_change
from .rules import RULES, Rules, get_rules
from .tables import (
    change_table,
    cube_table,
    divisor_table,
    expected_table,
    heavy_week_table,
)

__all__ = ["SUBCOMMANDS", "main"]

#: Exit status for input the rules cannot rate (argparse uses the same for bad usage).
EXIT_INVALID = 2


def add_rules_arguments(parser: argparse.ArgumentParser) -> None:
    """--rules NAME and the custom overrides --divisor, --k, --heavy-k, --heavy-games."""
    parser.add_argument("--rules", default="1.3.1", help="rule set: " + ", ".join(RULES))
    parser.add_argument("--divisor", type=float, help="custom divisor D (overrides the rule set's)")
    parser.add_argument("--k", type=int, help="custom K (overrides the rule set's)")
    parser.add_argument("--heavy-k", type=int, help="custom heavy-week K")
    parser.add_argument(
        "--heavy-games", type=int, help="ranked games in 7 days from which heavy K applies"
    )
    parser.add_argument(
        "--no-heavy-week", action="store_true", help="custom: no heavy-week K at all"
    )


def rules_from(args: argparse.Namespace) -> Rules:
    """The rule set named by --rules with any custom overrides applied."""
    rules = get_rules(args.rules)
    changes: dict[str, Any] = {}
    if args.divisor is not None:
        changes["divisor"] = args.divisor
    if args.k is not None:
        changes["k"] = args.k
    if args.no_heavy_week:
        changes["heavy_k"] = changes["heavy_games"] = None
    else:
        if args.heavy_k is not None:
            changes["heavy_k"] = args.heavy_k
            changes.setdefault(
                "heavy_games", rules.heavy_games if rules.heavy_games is not None else 50
            )
        if args.heavy_games is not None:
            changes["heavy_games"] = args.heavy_games
            changes.setdefault("heavy_k", rules.heavy_k if rules.heavy_k is not None else 16)
    if not changes:
        return rules
    return dataclasses.replace(rules, name="custom", **changes)


def _signed(n: float) -> str:
    return f"{n:+d}" if isinstance(n, int) else f"{n:+.2f}"


def _cmd_change(args: argparse.Namespace) -> int:
    rules = rules_from(args)
    steps = explain_change(
        args.winner,
        args.loser,
        cube=args.cube,
        winner_recent_games=args.winner_games,
        loser_recent_games=args.loser_games,
        rules=rules,
    )
    sides = {
        "winner": (steps.winner_rating, steps.change.winner, steps.winner_k),
        "loser": (steps.loser_rating, steps.change.loser, steps.loser_k),
    }
    if args.json:
        payload: dict[str, Any] = {
            side: {
                "rating": rating,
                "change": change,
                "new_rating": rating + change,
                "k": k.k,
                "recent_games": k.recent_games,
                "k_reason": k.reason,
            }
            for side, (rating, change, k) in sides.items()
        }
        payload |= {
            "rules": rules.label,
            "divisor": rules.divisor,
            "cube": steps.cube,
            "cube_multiplier": steps.cube_multiplier,
            "expected_winner": steps.expected_winner,
        }
        print(json.dumps(payload, ensure_ascii=False, indent=2))
        return 0
    print(f"Rules {rules.label}, cube {steps.cube} (× {steps.cube_multiplier:.2f})")
    print(f"Expected score of the winner: {steps.expected_winner:.1%}")
    for side, (rating, change, k) in sides.items():
        print(
            f"{side:6}  {rating} → {rating + change}  ({_signed(change)})   K = {k.k}: {k.reason}"
        )
    return 0


_TABLES: dict[str, Callable[[argparse.Namespace, Rules], Any]] = {
    "expected": lambda a, r: expected_table(rules=r),
    "changes": lambda a, r: change_table(k=a.k, cube=a.cube, rules=r),
    "heavy": lambda a, r: heavy_week_table(cube=a.cube, rules=r),
    "divisors": lambda a, r: divisor_table(a.difference, k=a.k or r.k, cube=a.cube),
    "cube": lambda a, r: cube_table(),
}


def _cmd_tables(args: argparse.Namespace) -> int:
    rules = rules_from(args)
    names = list(_TABLES) if args.table == "all" else [args.table]
    for name in names:
        frame = _TABLES[name](args, rules)
        if args.csv:
            sys.stdout.write(frame.to_csv(index=False))
        else:
            print(f"== {name} ({rules.label}, cube {args.cube}) ==")
            print(frame.to_string(index=False))
            print()
    return 0


def _cmd_classic(args: argparse.Namespace) -> int:
    a = args.a[0] if len(args.a) == 1 else args.a
    b = args.b[0] if len(args.b) == 1 else args.b
    result = classic_update(a, b, args.score, k=args.k, divisor=args.divisor)
    if args.json:
        print(json.dumps(dataclasses.asdict(result), indent=2))
        return 0
    print(f"Expected: A {result.expected_a:.1%}, B {result.expected_b:.1%}")
    print(f"A {result.rating_a:g} → {result.new_a:.1f} ({result.change_a:+.1f})")
    print(f"B {result.rating_b:g} → {result.new_b:.1f} ({result.change_b:+.1f})")
    return 0


def _build_change(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = sub.add_parser("change", help="the change of one ranked game")
    p.add_argument("--winner", type=int, required=True, help="the winner's rating")
    p.add_argument("--loser", type=int, required=True, help="the loser's rating")
    p.add_argument("--cube", type=int, default=1, help="the cube's value at the end (1, 2, 4 … 64)")
    p.add_argument(
        "--winner-games", type=int, default=0, help="winner's ranked games in the last 7 days"
    )
    p.add_argument(
        "--loser-games", type=int, default=0, help="loser's ranked games in the last 7 days"
    )
    add_rules_arguments(p)
    p.add_argument("--json", action="store_true", help="print a JSON object")
    p.set_defaults(run=_cmd_change)


def _build_tables(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = sub.add_parser("tables", help="the article's tables for any K, cube and rule set")
    p.add_argument("--table", choices=[*_TABLES, "all"], default="all")
    p.add_argument("--cube", type=int, default=1)
    p.add_argument(
        "--difference", type=int, default=300, help="rating difference for --table divisors"
    )
    p.add_argument("--csv", action="store_true", help="CSV instead of aligned text")
    add_rules_arguments(p)
    p.set_defaults(run=_cmd_tables)


def _build_classic(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = sub.add_parser("classic", help="the classic Elo calculator (draws, teams)")
    p.add_argument(
        "--a", type=float, nargs="+", required=True, help="A's rating, or its team's ratings"
    )
    p.add_argument(
        "--b", type=float, nargs="+", required=True, help="B's rating, or its team's ratings"
    )
    p.add_argument("--score", type=float, required=True, help="A's result: 1, 0.5 or 0")
    p.add_argument("--k", type=float, default=32)
    p.add_argument("--divisor", type=float, default=400)
    p.add_argument("--json", action="store_true")
    p.set_defaults(run=_cmd_classic)


#: Every subcommand's parser builder, in the order --help lists them.
SUBCOMMANDS: list[Callable[[argparse._SubParsersAction[argparse.ArgumentParser]], None]] = [
    _build_change,
    _build_tables,
    _build_classic,
    build_simulate,
    build_replay,
]


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="python -m gammon_elo",
        description="Gammon42's ELO rules, exactly as the server computes them.",
    )
    sub = parser.add_subparsers(dest="command", required=True)
    for build in SUBCOMMANDS:
        build(sub)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    try:
        status: int = args.run(args)
    except InvalidInput as error:
        print(f"error: {error}", file=sys.stderr)
        return EXIT_INVALID
    except BrokenPipeError:
        # The reader went away (``… | head``): stop quietly, as Unix tools do.
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        return 1
    return status
