"""``gammon-elo systems``: the rule sets, a fitted divisor, Glicko-2 and Weng-Lin Bradley-Terry
compared on the same games of a CSV or Parquet history (or the shipped league, ``--league``),
ranked by log-loss beside a coin toss and, where players' levels are known, the floor; then the
verdict in words. Bad files are refused as ``replay`` refuses them."""

from __future__ import annotations

import argparse
import json
import math
import textwrap
from typing import TYPE_CHECKING, Any

from .._core.errors import InvalidHistory
from ..calibrate.scores import DEFAULT_BURN_IN
from ..extras import require
from .options import Subparsers, counted, whole
from .replay import add_budget_arguments, add_invalid_arguments, budget_from, refused

if TYPE_CHECKING:
    import pandas as pd

    from ..systems import SystemsComparison

__all__ = ["build_systems"]

#: The width the verdict is wrapped to.
WIDTH = 100


def build_systems(sub: Subparsers) -> None:
    p = sub.add_parser(
        "systems",
        help="the rule sets, a fitted divisor, Glicko-2 and Weng-Lin Bradley-Terry scored on the"
        " same games of a history, with a verdict",
        description="Every system predicts each ranked game from the ratings before it; all are"
        " scored on the same games by log-loss, Brier score and calibration slope, and each"
        " paired game by game with the current rules.",
    )
    source = p.add_mutually_exclusive_group(required=True)
    source.add_argument("history", nargs="?", help="the CSV or Parquet file of games")
    source.add_argument(
        "--league",
        action="store_true",
        help="the shipped engine league, with its players' true levels (the floor, Spearman)",
    )
    p.add_argument(
        "--systems",
        nargs="+",
        metavar="SYSTEM",
        help="systems to compare (default: 1.0.5 1.2.0 1.3.1 fit glicko2"
        " glicko2:period=1h,rd=50|100|200|350,volatility=0.01|0.06 weng-lin"
        " weng-lin:beta=1x|2x|4x|8x,tau=0|1x): a rule set or DIVISOR/K[/HEAVY_K@GAMES], fit,"
        " glicko2[:period=1h,rd=…,volatility=…,tau=…,rating=…],"
        " weng-lin[:beta=…,tau=…,sigma=…,mu=…,kappa=…]; 4x is 4 × the default, a|b are"
        " candidates chosen on the games",
    )
    p.add_argument(
        "--burn-in",
        type=whole,
        default=DEFAULT_BURN_IN,
        metavar="N",
        help=f"leave out each player's first N ranked games (default {DEFAULT_BURN_IN})",
    )
    p.add_argument(
        "--fit-on",
        choices=("half", "all"),
        default="half",
        help="choose fitted settings on the first half of the games by time and score every"
        " system on the second (half, the default), or choose and score on all of them",
    )
    add_invalid_arguments(p, "score")
    p.add_argument("--json", action="store_true", help="print a JSON object")
    add_budget_arguments(p)
    p.set_defaults(run=_cmd_systems)


def _cmd_systems(args: argparse.Namespace) -> int:
    from ..replay import read_history
    from ..systems import DEFAULT_SYSTEMS, compare_systems, parse_system
    from ..systems.measures import history_levels

    systems = DEFAULT_SYSTEMS if args.systems is None else [parse_system(s) for s in args.systems]
    if args.league:
        require("pyarrow", "parquet", "gammon-elo systems --league")
        from ..league import SHIPPED_HISTORY

        path = SHIPPED_HISTORY
    else:
        path = args.history
    games = read_history(path, budget=budget_from(args))
    try:
        result = compare_systems(
            games,
            systems,
            burn_in=args.burn_in,
            fit_on=args.fit_on,
            levels=history_levels(games),
            skip_invalid=args.skip_invalid,
        )
    except InvalidHistory as error:
        return refused(error, args)
    name = "the shipped league" if args.league else args.history
    if args.json:
        print(json.dumps(_payload(name, result), ensure_ascii=False, indent=2))
    else:
        _print(name, result)
    return 0


def _number(value: Any) -> Any:
    """A figure for JSON: NaN and infinities as null."""
    if isinstance(value, float) and not math.isfinite(value):
        return None
    return value


def _payload(name: str, result: SystemsComparison) -> dict[str, Any]:
    from ..systems import verdict_text

    levels = result.rows["spearman_level"].notna().any()
    rows = []
    for record in result.rows.to_dict("records"):
        row = {key: _number(value) for key, value in record.items()}
        if not levels:
            del row["spearman_level"]
        rows.append(row)
    return {
        "history": name,
        "games": result.games,
        "burn_in": result.burn_in,
        "fit_on": result.fit_on,
        "fit_games": result.fit_games,
        "verdict": verdict_text(result.verdict),
        "systems": rows,
    }


def _print(name: str, result: SystemsComparison) -> None:
    from ..systems import verdict_text

    where = (
        f"settings chosen on the first half by time ({result.fit_games:,} games),"
        " every system scored on the second"
        if result.fit_on == "half"
        else "settings chosen on the games scored"
    )
    print(
        f"{name}: {counted(result.games, 'game')} scored, each player's first"
        f" {result.burn_in} ranked games left out;"
    )
    print(where)
    print()
    print(_table(result.rows, result.verdict.current).to_string(index=False))
    print()
    print(textwrap.fill(verdict_text(result.verdict), WIDTH, break_on_hyphens=False))


def _table(rows: pd.DataFrame, current: str) -> pd.DataFrame:
    """The rows as the command prints them: the margin per 1,000 games with its error."""
    import pandas as pd

    def figure(spec: str) -> Any:
        return lambda x: "" if not math.isfinite(x) else format(x, spec)

    levels = rows["spearman_level"].notna().any()
    width = int(rows["system"].str.len().max())
    shown = pd.DataFrame(
        {
            "system".ljust(width): rows["system"].str.ljust(width),
            "log-loss": rows["log_loss"].map(figure(".5f")),
            "Brier": rows["brier"].map(figure(".5f")),
            "slope": rows["slope"].map(figure(".3f")),
            f"vs {current}, per 1,000 games": [
                "" if s == current else f"{m * 1000:+.2f} ± {e * 1000:.2f}"
                for s, m, e in zip(rows["system"], rows["margin"], rows["margin_se"], strict=True)
            ],
            "clear": [
                "" if s == current else ("yes" if c else "no")
                for s, c in zip(rows["system"], rows["clear"], strict=True)
            ],
            "fitted": rows["fitted"].map({True: "yes", False: "no"}),
        }
    )
    if levels:
        shown["Spearman"] = rows["spearman_level"].map(figure(".3f"))
    shown["seconds"] = rows["seconds"].map(figure(".2f"))
    return shown
