"""``gammon-elo classic``: the classic Elo calculator (draws, teams), as text or JSON."""

from __future__ import annotations

import argparse
import dataclasses
import json

from ..classic import classic_team_update, classic_update
from .options import Subparsers, number

__all__ = ["build_classic"]


def build_classic(sub: Subparsers) -> None:
    p = sub.add_parser("classic", help="the classic Elo calculator (draws, teams)")
    p.add_argument(
        "--a", type=number, nargs="+", required=True, help="A's rating, or its team's ratings"
    )
    p.add_argument(
        "--b", type=number, nargs="+", required=True, help="B's rating, or its team's ratings"
    )
    p.add_argument("--score", type=number, required=True, help="A's result: 1, 0.5 or 0")
    p.add_argument("--k", type=number, default=32)
    p.add_argument("--divisor", type=number, default=400)
    p.add_argument("--json", action="store_true")
    p.set_defaults(run=_cmd_classic)


def _cmd_classic(args: argparse.Namespace) -> int:
    a = args.a[0] if len(args.a) == 1 else args.a
    b = args.b[0] if len(args.b) == 1 else args.b
    result = classic_update(a, b, args.score, k=args.k, divisor=args.divisor)
    teams = len(args.a) > 1 or len(args.b) > 1
    # A team plays as one player at its average; every member moves by the team's change.
    members = classic_team_update(args.a, args.b, args.score, k=args.k, divisor=args.divisor)
    if args.json:
        payload = dataclasses.asdict(result)
        if teams:
            payload["members_a"] = list(members.new_a)
            payload["members_b"] = list(members.new_b)
        print(json.dumps(payload, indent=2))
        return 0
    print(f"Expected: A {result.expected_a:.1%}, B {result.expected_b:.1%}")
    print(f"A {result.rating_a:g} → {result.new_a:.1f} ({result.change_a:+.1f})")
    print(f"B {result.rating_b:g} → {result.new_b:.1f} ({result.change_b:+.1f})")
    if teams:
        for side, old, new in (("A", args.a, members.new_a), ("B", args.b, members.new_b)):
            moves = ", ".join(f"{o:g} → {n:.1f}" for o, n in zip(old, new, strict=True))
            print(f"{side}'s players: {moves}")
    return 0
