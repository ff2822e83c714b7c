"""``gammon-elo change``: the change of one ranked game, step by step, as text or JSON."""

from __future__ import annotations

import argparse
import json
from typing import Any

from .._core.text import signed
from ..formulas import change_steps
from .options import Subparsers, add_rules_arguments, rules_from, whole

__all__ = ["build_change"]


def build_change(sub: Subparsers) -> None:
    p = sub.add_parser("change", help="the change of one ranked game")
    p.add_argument("--winner", type=whole, required=True, help="the winner's rating")
    p.add_argument("--loser", type=whole, required=True, help="the loser's rating")
    p.add_argument(
        "--cube", type=whole, default=1, help="the cube's value at the end (1, 2, 4 … 64)"
    )
    p.add_argument(
        "--winner-games", type=whole, default=0, help="winner's ranked games in the last 7 days"
    )
    p.add_argument(
        "--loser-games", type=whole, default=0, help="loser's ranked games in the last 7 days"
    )
    add_rules_arguments(p)
    p.add_argument("--json", action="store_true", help="print a JSON object")
    p.set_defaults(run=_cmd_change)


def _cmd_change(args: argparse.Namespace) -> int:
    rules = rules_from(args)
    steps = change_steps(
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
        print(f"{side:6}  {rating} → {rating + change}  ({signed(change)})   K = {k.k}: {k.reason}")
    return 0
