"""``gammon-elo performance``: the rating a set of results is worth, as text or JSON."""

from __future__ import annotations

import argparse
import json

from ..player.performance import performance_rating
from .options import Subparsers, add_rules_arguments, number, rules_from

__all__ = ["build_performance"]


def build_performance(sub: Subparsers) -> None:
    p = sub.add_parser("performance", help="the performance rating of a set of results")
    p.add_argument(
        "--opponents", type=number, nargs="+", required=True, help="your opponents' ratings"
    )
    p.add_argument(
        "--results",
        type=number,
        nargs="+",
        required=True,
        help="your result against each: 1 (win), 0 (loss), 0.5 (draw)",
    )
    add_rules_arguments(p)
    p.add_argument("--json", action="store_true", help="print a JSON object")
    p.set_defaults(run=_cmd_performance)


def _cmd_performance(args: argparse.Namespace) -> int:
    divisor = rules_from(args).divisor
    result = performance_rating(args.opponents, args.results, divisor=divisor)
    if args.json:
        payload = {
            "performance_rating": result.rating,
            "finite": result.finite,
            "kind": result.kind,
            "score": result.score,
            "games": result.games,
            "divisor": result.divisor,
            "average_opponent": result.average_opponent,
        }
        print(json.dumps(payload, indent=2))
        return 0
    print(f"Score {result.score:g} of {result.games} under ÷{result.divisor:g}")
    if result.finite:
        print(f"Performance rating: {result.rating:.1f}")
    else:
        side = "best opponent +" if result.kind == "all_wins" else "worst opponent −"
        print(
            f"No finite performance rating ({result.kind.replace('_', ' ')});"
            f" by convention ({side} {result.divisor:g}): {result.rating:.0f}"
        )
    return 0
