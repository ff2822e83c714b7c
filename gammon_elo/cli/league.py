"""``gammon-elo league``: a league of engine players at named skill levels, every game a single
money game (with the cube unless ``--cubeless``) played by the Sage engine on Dask; the history
written in the replay's format with a players table beside it, then what a designer reads: the
win rate of every pair of levels with its implied gap per divisor, each rule set's calibration
on the league, and the divisor that fits it best."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from .._core.errors import InvalidInput
from ..extras import require
from ..rules import CURRENT, RULES
from .options import WORKERS, Subparsers, check_writable, count, whole, write_table

__all__ = ["build_league", "players_path"]

_RULE_SETS = tuple(RULES)


#: A league's size (its limits are in the league's module, imported only when a count is read).
LEAGUE_PLAYERS = count("gammon_elo.league.league.MAX_PLAYERS")
LEAGUE_GAMES = count("gammon_elo.league.league.MAX_GAMES")
LEAGUE_WEEKS = count("gammon_elo.league.league.MAX_WEEKS")


def players_path(out: str) -> Path:
    """Where the players table goes: ``LEAGUE.players.parquet`` beside ``LEAGUE.parquet``."""
    path = Path(out)
    return path.with_name(f"{path.stem}.players{path.suffix}")


def _write(frame: object, path: Path) -> None:
    import pandas as pd

    assert isinstance(frame, pd.DataFrame)
    if path.suffix.lower() == ".parquet":
        require("pyarrow", "parquet", "gammon-elo league --out FILE.parquet")
    write_table(frame, path, "out", safe=False)


def _progress(played: int, total: int) -> None:
    end = "\n" if played == total else "\r"
    print(f"{played:,} / {total:,} games played", end=end, file=sys.stderr, flush=True)


def _cmd_league(args: argparse.Namespace) -> int:
    require("bgsage", "engine", "gammon-elo league")  # said before anything is played
    if not args.serial:
        require("distributed", "dask", "gammon-elo league (--serial needs none)")
    if Path(args.out).suffix.lower() not in (".parquet", ".csv"):
        raise InvalidInput("out", args.out, "must end in .parquet or .csv")
    check_writable("out", args.out)
    from ..calibrate import fit, score
    from ..league import play_league
    from ..league.players import parse_levels
    from ..league.table import sentence, win_rates
    from .calibrate import scores_line

    shares = parse_levels(args.levels)
    league = play_league(
        players=args.players,
        games=args.games,
        weeks=args.weeks,
        seed=args.seed,
        levels=shares,
        cubeful=not args.cubeless,
        pairing=args.pairing,
        workers=args.workers,
        scheduler=args.scheduler,
        serial=args.serial,
        progress=_progress,
    )
    _write(league.games, Path(args.out))
    _write(league.players, players_path(args.out))
    print(f"{len(league.games):,} games → {args.out}; players → {players_path(args.out)}")
    by_level = league.players.groupby("level", sort=False)["measured_pr"].mean()
    print("measured PR: " + ", ".join(f"{lv} {by_level[lv]:.1f}" for lv, _ in shares))
    mode = "cubeless" if args.cubeless else "cubeful"
    table = win_rates({mode: league.games})
    print()
    print(table.to_string(index=False, float_format=lambda x: f"{x:.3f}"))
    print(sentence(table))
    for label in _RULE_SETS:
        print(scores_line(label, score(league.games, label)))
    fitted = fit(league.games, scheduler=args.scheduler, workers=args.workers, serial=args.serial)
    print(fitted.sentence())
    print(
        "The fit is interior: these games pin the divisor down inside the searched range."
        if not fitted.at_edge
        else "The fit is at the edge of the searched range: these games do not pin the"
        " divisor down (the best may lie beyond)."
    )
    return 0


def build_league(sub: Subparsers) -> None:
    from ..league.players import DEFAULT_LEVELS, LEVELS

    p = sub.add_parser(
        "league",
        help="a league of engine players (real dice, the 'engine' extra): its history, the"
        " win rate of every pair of levels, each rule set's calibration and the best divisor",
    )
    p.add_argument(
        "--players",
        type=LEAGUE_PLAYERS,
        required=True,
        metavar="N",
    )
    p.add_argument(
        "--levels",
        default=DEFAULT_LEVELS,
        help="each level's share of the players in percent, summing to 100 (levels: "
        + ", ".join(LEVELS)
        + f"; default {DEFAULT_LEVELS})",
    )
    p.add_argument("--games", type=LEAGUE_GAMES, required=True, metavar="G")
    p.add_argument(
        "--weeks",
        type=LEAGUE_WEEKS,
        default=4,
        metavar="W",
        help="default 4",
    )
    p.add_argument("--seed", type=whole, default=0, metavar="S", help="default 0")
    p.add_argument("--cubeless", action="store_true", help="play without the doubling cube")
    p.add_argument(
        "--pairing",
        choices=("random", "rating"),
        default="random",
        help=f"random (the default) or by rating under {CURRENT.name}, week by week",
    )
    where = p.add_mutually_exclusive_group()
    where.add_argument(
        "--workers", type=WORKERS, default=2, help="local worker processes (default 2)"
    )
    where.add_argument("--scheduler", help="an existing Dask scheduler (tcp://HOST:PORT)")
    where.add_argument("--serial", action="store_true", help="in this process, without Dask")
    p.add_argument("--out", required=True, metavar="LEAGUE.parquet|.csv")
    p.set_defaults(run=_cmd_league)
