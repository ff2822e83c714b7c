"""``gammon-elo plan``: how many games a climb to a target takes, simulated under the
exact rules, as text or JSON."""

from __future__ import annotations

import argparse
import json
from typing import Any

from ..player.planner import CUBE_MIX, Cubes, plan
from .options import Subparsers, add_rules_arguments, count, counted, number, rules_from, whole

__all__ = ["build_plan"]


#: The simulation's size (its limits are the Planner's).
PATHS = count("gammon_elo.player.planner.MAX_PATHS")
GAMES = count("gammon_elo.player.planner.MAX_GAMES")


def _cube(text: str) -> int | str:
    return text if text == "mix" else whole(text)


def build_plan(sub: Subparsers) -> None:
    p = sub.add_parser("plan", help="how many games to reach a target rating (simulated)")
    p.add_argument("--rating", type=whole, required=True, help="your rating now")
    p.add_argument("--target", type=whole, required=True, help="the rating you want to reach")
    p.add_argument("--opponent", type=whole, required=True, help="your opponents' typical rating")
    p.add_argument(
        "--win-rate",
        type=number,
        help="your share of wins, 0 to 1 (default: your expected score against them)",
    )
    p.add_argument("--games-per-week", type=number, default=20.0, help="ranked games a week")
    p.add_argument(
        "--cube", type=_cube, default=1, help="the typical cube (1 … 64), or 'mix' for a cube mix"
    )
    p.add_argument(
        "--paths",
        type=PATHS,
        default=1000,
        help="simulated paths",
    )
    p.add_argument(
        "--games",
        type=GAMES,
        default=2000,
        help="games simulated on each path",
    )
    p.add_argument("--seed", type=whole, default=0, help="the random seed (a run is reproducible)")
    add_rules_arguments(p)
    p.add_argument("--json", action="store_true", help="print a JSON object")
    p.set_defaults(run=_cmd_plan)


def _cmd_plan(args: argparse.Namespace) -> int:
    cube: Cubes = CUBE_MIX if args.cube == "mix" else args.cube
    result = plan(
        args.rating,
        args.target,
        opponent=args.opponent,
        win_rate=args.win_rate,
        games_per_week=args.games_per_week,
        cube=cube,
        rules=rules_from(args),
        paths=args.paths,
        horizon=args.games,
        seed=args.seed,
    )
    weeks = result.weeks
    if args.json:
        payload: dict[str, Any] = {
            "rating": result.rating,
            "target": result.target,
            "opponent": result.opponent,
            "win_rate": result.win_rate,
            "games_per_week": result.games_per_week,
            "cube": [list(pair) for pair in result.cubes],
            "rules": result.rules.label,
            "paths": result.paths,
            "games": result.horizon,
            "seed": result.seed,
            "games_needed": {
                "p10": result.games_p10,
                "median": result.games_median,
                "p90": result.games_p90,
                "mean": result.mean_games,
            },
            "weeks_needed": {"p10": weeks[0], "median": weeks[1], "p90": weeks[2]},
            "reached_share": result.reached_share,
            "settling_rating": _finite(result.settling),
            "beyond_settling": result.beyond_settling,
            "drift_estimate": result.drift_estimate,
            "heavy_weeks": result.heavy_weeks,
        }
        print(json.dumps(payload, ensure_ascii=False, indent=2))
        return 0
    print(
        f"{result.rating} → {result.target} against {result.opponent}, win rate"
        f" {result.win_rate:.1%}, {result.games_per_week:g} games a week,"
        f" rules {result.rules.label}"
    )
    print(f"Where you settle: {_settling(result.settling)}")
    if result.beyond_settling:
        print("The target is beyond where you settle: reached only by a lucky streak.")
    print(
        f"Reached within {counted(result.horizon, 'game')} on {result.reached_share:.1%} of"
        f" {result.paths:,} simulated paths"
    )
    if result.games_median is not None:
        print(
            f"Games needed: median {result.games_median:g} ({weeks[1]:.1f} weeks); 10th–90th"
            f" percentile {_games(result.games_p10)} – {_games(result.games_p90)}"
        )
    return 0


def _finite(value: float) -> float | None:
    return value if abs(value) != float("inf") else None


def _settling(value: float) -> str:
    return f"{value:.0f}" if abs(value) != float("inf") else "nowhere (you never settle)"


def _games(value: float | None) -> str:
    return "more than the horizon" if value is None else f"{value:g}"
