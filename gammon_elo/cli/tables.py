"""``gammon-elo tables``: the article's tables for any K, cube and rule set, as aligned
text or CSV."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable
from typing import Any

from ..article import change_table, cube_table, divisor_table, expected_table, heavy_week_table
from ..rules import Rules
from .options import Subparsers, add_rules_arguments, rules_from, whole

__all__ = ["build_tables"]

_TABLES: dict[str, Callable[[argparse.Namespace, Rules], Any]] = {
    "expected": lambda a, r: expected_table(rules=r),
    "changes": lambda a, r: change_table(k=a.k, cube=a.cube, rules=r),
    "heavy": lambda a, r: heavy_week_table(cube=a.cube, rules=r),
    "divisors": lambda a, r: divisor_table(a.difference, k=a.k or r.k, cube=a.cube),
    "cube": lambda a, r: cube_table(),
}


def build_tables(sub: Subparsers) -> None:
    p = sub.add_parser("tables", help="the article's tables for any K, cube and rule set")
    p.add_argument("--table", choices=[*_TABLES, "all"], default="all")
    p.add_argument("--cube", type=whole, default=1)
    p.add_argument(
        "--difference", type=whole, default=300, help="rating difference for --table divisors"
    )
    p.add_argument("--csv", action="store_true", help="CSV instead of aligned text")
    add_rules_arguments(p)
    p.set_defaults(run=_cmd_tables)


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
