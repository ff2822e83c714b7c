"""``gammon-elo explain``: every K, cube and outcome that gives exactly the change you
got, the most likely first, as text or JSON."""

from __future__ import annotations

import argparse
import json
from typing import Any

from ..player.explain import Cause, change_causes
from .options import Subparsers, add_rules_arguments, rules_from, whole

__all__ = ["build_explain"]


def build_explain(sub: Subparsers) -> None:
    p = sub.add_parser("explain", help="which K, cube and outcome give the change you got")
    p.add_argument("--rating", type=whole, required=True, help="your rating before the game")
    p.add_argument("--opponent", type=whole, required=True, help="your opponent's rating")
    p.add_argument("--change", type=whole, required=True, help="the change you got (+12, -9 …)")
    p.add_argument("--cube", type=whole, help="the cube at the end, if you know it")
    p.add_argument("--after", action="store_true", help="--rating is your rating after the game")
    add_rules_arguments(p)
    p.add_argument("--json", action="store_true", help="print a JSON object")
    p.set_defaults(run=_cmd_explain)


def _item(e: Cause) -> dict[str, Any]:
    return {
        "k": e.k,
        "cube": e.cube,
        "outcome": e.outcome,
        "change": e.change,
        "heavy_week": e.heavy,
        "expected_score": e.expected,
        "likelihood": e.likelihood,
        "other_rules": dict(e.other_rules),
        "reasons": list(e.reasons),
    }


def _cmd_explain(args: argparse.Namespace) -> int:
    found = change_causes(
        args.rating,
        args.change,
        args.opponent,
        cube=args.cube,
        after=args.after,
        rules=rules_from(args),
    )
    if args.json:
        payload = {
            "rating_before": found.before,
            "opponent": found.opponent,
            "change": found.change,
            "rules": found.rules.label,
            "exact": found.exact,
            "explanations": [_item(e) for e in found.causes],
            "nearest": [_item(e) for e in found.nearest],
            "other_explanations": [
                {"kind": o.kind, "detail": o.detail, "reason": o.reason} for o in found.others
            ],
        }
        print(json.dumps(payload, ensure_ascii=False, indent=2))
        return 0
    print(
        f"{found.change:+d} at {found.before} against {found.opponent} under {found.rules.label}:"
    )
    if not found.exact:
        print("No K, cube and outcome gives exactly this change.")
        for other in found.others:
            print(f"  It could be {other.reason}.")
        print("Nearest:")
    for e in found.causes or found.nearest:
        off = e.change - found.change
        share = f"{_share(e.likelihood)} of these" if found.exact else f"{off:+d}"
        print(f"  {e.outcome:4}  K {e.k:<3} cube {e.cube:<3} → {e.change:+d}  ({share})")
        for reason in e.reasons:
            print(f"        {reason}")
    if found.exact:
        for other in found.others:
            print(f"It could also be {other.reason}.")
    return 0


def _share(likelihood: float) -> str:
    return f"{likelihood:.0%}" if likelihood >= 0.005 else "under 1%"
