"""``gammon-elo calibrate``: how well each rule set predicted a CSV history of games
(log-loss, Brier score, a calibration table, the top tenth's win rate), and with ``--fit`` the
divisor (and K) that would have predicted it best."""

from __future__ import annotations

import argparse
import json
import math
from typing import Any

from ..calibrate import DEFAULT_BURN_IN, FitResult, Scores, fit, score
from ..extras import require
from ..replay import read_history
from ..rules import RULES, Rules
from .options import WORKERS, Subparsers, counted, whole
from .replay import add_budget_arguments, budget_from

__all__ = ["build_calibrate", "scores_line"]


def _number(value: float) -> float | None:
    return value if math.isfinite(value) else None


def scores_line(label: str, scores: Scores) -> str:
    """A rule set's scores in one line, as ``calibrate`` and ``league`` print them."""
    top = scores.top_tenth
    return (
        f"{label}: {counted(scores.games, 'game')}, log-loss {scores.log_loss:.4f},"
        f" Brier {scores.brier:.4f}; top tenth {counted(top.games, 'game')},"
        f" expected {top.expected:.1%}, won {top.actual:.1%}"
    )


def _scores_json(scores: Scores) -> dict[str, Any]:
    return {
        "divisor": scores.rules.divisor,
        "k": scores.rules.k,
        "heavy_k": scores.rules.heavy_k,
        "heavy_games": scores.rules.heavy_games,
        "games": scores.games,
        "log_loss": _number(scores.log_loss),
        "brier": _number(scores.brier),
        "calibration": scores.calibration.to_dict("records"),
        "top_tenth": {
            "games": scores.top_tenth.games,
            "expected": _number(scores.top_tenth.expected),
            "actual": _number(scores.top_tenth.actual),
        },
    }


def _fit_json(result: FitResult) -> dict[str, Any]:
    return {
        "what": result.what,
        "divisor": result.divisor,
        "k": result.k,
        "log_loss": result.log_loss,
        "base": result.base.label,
        "base_log_loss": result.base_log_loss,
        "at_edge": result.at_edge,
        "sentence": result.sentence(),
        "candidates": [
            {
                key: (None if value is None or value != value else value)
                for key, value in row.items()
            }
            for row in result.candidates.astype(object).to_dict("records")
        ],
    }


def _cmd_calibrate(args: argparse.Namespace) -> int:
    if args.fit:  # said before the history is read and scored
        require("distributed", "dask", "gammon-elo calibrate --fit")
    rules = [Rules.parse(text) for text in args.rules]
    games = read_history(args.history, budget=budget_from(args))
    scored = {r.label: score(games, r, burn_in=args.burn_in) for r in rules}
    fitted = None
    if args.fit:
        fitted = fit(
            games,
            what=args.fit,
            base=rules[-1],
            burn_in=args.burn_in,
            scheduler=args.scheduler,
            workers=args.workers,
        )
    if args.json:
        payload: dict[str, Any] = {
            "history": args.history,
            "burn_in": args.burn_in,
            "rule_sets": {label: _scores_json(s) for label, s in scored.items()},
        }
        if fitted is not None:
            payload["fit"] = _fit_json(fitted)
        print(json.dumps(payload, ensure_ascii=False, indent=2))
        return 0
    print(f"{args.history}: each player's first {args.burn_in} ranked games left out")
    for label, s in scored.items():
        print()
        print(scores_line(label, s))
        if len(s.calibration):
            print(s.calibration.to_string(index=False, float_format=lambda x: f"{x:.3f}"))
    if fitted is not None:
        print()
        print(fitted.sentence())
    return 0


def build_calibrate(sub: Subparsers) -> None:
    p = sub.add_parser(
        "calibrate",
        help="how well each rule set predicted a CSV or Parquet history; --fit finds the best"
        " divisor",
    )
    p.add_argument("history", help="the CSV or Parquet file of games (as replay reads it)")
    p.add_argument(
        "--rules",
        nargs="+",
        default=list(RULES),
        metavar="RULES",
        help="rule sets to score: " + ", ".join(RULES) + ", or DIVISOR/K[/HEAVY_K@GAMES]"
        " (the last one is the fit's base)",
    )
    p.add_argument(
        "--burn-in",
        type=whole,
        default=DEFAULT_BURN_IN,
        metavar="N",
        help=f"leave out each player's first N ranked games (default {DEFAULT_BURN_IN};"
        " 0 keeps every ranked game)",
    )
    p.add_argument(
        "--fit",
        choices=("divisor", "divisor,k"),
        help="find the divisor (and K) with the lowest log-loss, each candidate a full replay",
    )
    p.add_argument("--scheduler", help="run the fit on this Dask scheduler (tcp://HOST:PORT)")
    p.add_argument("--workers", type=WORKERS, default=2, help="local worker processes (default 2)")
    p.add_argument("--json", action="store_true", help="print a JSON object")
    add_budget_arguments(p)
    p.set_defaults(run=_cmd_calibrate)
