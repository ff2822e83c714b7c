"""``gammon-elo sweep``: a grid of rule sets × seeds, each (rule set, seed) one
simulated population, run on Dask (a local cluster, or ``--scheduler``), as a table or JSON."""

from __future__ import annotations

import argparse
import json
import math
from typing import Any

import pandas as pd

from .._core.errors import InvalidInput
from ..calibrate import DEFAULT_BURN_IN
from ..extras import require
from ..replay import read_history
from ..sweep import DEFAULT_WORKERS, Grid, sweep
from .options import (
    WORKERS,
    Subparsers,
    add_population_arguments,
    check_writable,
    number,
    whole,
    write_table,
)

__all__ = ["build_sweep", "json_rows"]


def _json_value(value: Any) -> Any:
    if value is None or value is pd.NA:
        return None
    if isinstance(value, float) and not math.isfinite(value):
        return None
    return value.item() if hasattr(value, "item") else value


def json_rows(table: pd.DataFrame) -> list[dict[str, Any]]:
    """The sweep's table as ``--json`` prints it: one object per row, null for a missing figure."""
    return [
        {str(key): _json_value(value) for key, value in row.items()}
        for row in table.astype(object).to_dict("records")
    ]


def _cmd_sweep(args: argparse.Namespace) -> int:
    require("distributed", "dask", "gammon-elo sweep")
    grid = Grid(
        divisors=tuple(args.divisors),
        ks=tuple(args.k),
        heavy_ks=tuple(args.heavy_k or ()),
        heavy_games=tuple(args.heavy_games or ()),
        seeds=args.seeds,
        players=args.players,
        weeks=args.weeks,
    )
    if args.out and not args.out.endswith((".csv", ".parquet")):
        raise InvalidInput("out", args.out, "must end in .csv or .parquet")
    check_writable("--out", args.out)  # before the sweep's minutes, not after them
    if args.out and args.out.endswith(".parquet"):
        require("pyarrow", "parquet", "gammon-elo sweep --out FILE.parquet")
    history = read_history(args.history) if args.history else None
    table = sweep(
        grid,
        history=history,
        burn_in=args.burn_in,
        scheduler=args.scheduler,
        workers=args.workers,
    )
    if args.out:
        write_table(table, args.out, "--out", safe=False)
    if args.json:
        print(json.dumps(json_rows(table), ensure_ascii=False, indent=2))
        return 0
    columns = ["divisor", "k", "heavy_k", "heavy_games", "seed", "iqr", "spearman"]
    columns += ["weekly_volatility"] + (["log_loss"] if history is not None else [])
    print(
        f"{grid.tasks} runs (rule set × seed), each {grid.players} players for {grid.weeks}"
        " week(s)"
        + (f"; {args.history} replayed under each rule set" if history is not None else "")
    )
    shown = table[columns].assign(divisor=[f"{d:g}" for d in table["divisor"]])
    print(shown.to_string(index=False, float_format=lambda x: f"{x:.3f}"))
    return 0


def build_sweep(sub: Subparsers) -> None:
    p = sub.add_parser(
        "sweep",
        help="a grid of rule sets × seeds, each a simulated population, run on Dask",
    )
    defaults = Grid(divisors=(1200,), ks=(32,))
    p.add_argument(
        "--divisors", type=number, nargs="+", required=True, help="divisors D of the grid"
    )
    p.add_argument("--k", type=whole, nargs="+", required=True, help="K values of the grid")
    p.add_argument("--heavy-k", type=whole, nargs="+", help="heavy-week K values (optional)")
    p.add_argument(
        "--heavy-games", type=whole, nargs="+", help="heavy-week thresholds (with --heavy-k)"
    )
    p.add_argument("--seeds", type=whole, default=1, help="seeds per rule set: 0, 1, … (default 1)")
    add_population_arguments(p, players=defaults.players, weeks=defaults.weeks)
    p.add_argument("--history", help="also replay this CSV history under each rule set")
    p.add_argument(
        "--burn-in",
        type=whole,
        default=DEFAULT_BURN_IN,
        metavar="N",
        help=f"with --history: leave out each player's first N ranked games"
        f" (default {DEFAULT_BURN_IN})",
    )
    p.add_argument(
        "--scheduler", help="an existing Dask scheduler, tcp://HOST:PORT (default: a local one)"
    )
    p.add_argument(
        "--workers",
        type=WORKERS,
        default=DEFAULT_WORKERS,
        help=f"worker processes of the local cluster (default {DEFAULT_WORKERS})",
    )
    p.add_argument("--out", help="write the table to a .csv or .parquet file")
    p.add_argument("--json", action="store_true", help="print a JSON list, one object per row")
    p.set_defaults(run=_cmd_sweep)
