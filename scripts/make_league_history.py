"""Make the shipped league history: single money games with the cube, played by the Sage engine
at GNU Backgammon's skill levels, with its players table and its provenance beside it.

    python -m scripts.make_league_history [--workers 2] [--cubeless-only]

Everything that decides the games is fixed here (the seed above all), so running it again
gives the same file bit for bit; only the date and the time it took change in the provenance.
"""

from __future__ import annotations

import argparse
import json
import platform
import sys
import time
from datetime import UTC, datetime
from pathlib import Path

from gammon_elo.league import ENGINE, engine_version, play_league

HERE = Path(__file__).resolve().parent.parent / "gammon_elo" / "data"

#: The shipped league: who plays, how much, and the seed that fixes every roll.
LEAGUE = {
    "players": 240,
    "games": 50_500,
    "weeks": 4,
    "seed": 20261005,
    "levels": "beginner:40,intermediate:30,advanced:20,expert:10",
    "cubeful": True,
    "pairing": "random",
}
#: Its cubeless companion: the same players, levels and seed, a fifth of the games, no cube (the
#: win rate of each pair of levels without the cube, beside the cubeful one).
CUBELESS = {**LEAGUE, "games": 10_100, "cubeful": False}


def _play(config: dict[str, object], workers: int) -> tuple[object, float]:
    """One league as ``config`` says, with its progress on stderr; the league and its seconds."""
    began = time.perf_counter()
    last = [0.0]

    def progress(played: int, total: int) -> None:
        now = time.perf_counter()
        if now - last[0] > 10 or played == total:
            last[0] = now
            print(f"{played:,} / {total:,} games, {now - began:.0f} s", file=sys.stderr)

    league = play_league(**config, workers=workers, progress=progress)  # type: ignore[arg-type]
    return league, time.perf_counter() - began


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--workers", type=int, default=2, help="local Dask workers (default 2)")
    parser.add_argument("--out", type=Path, default=HERE, help="the folder to write into")
    parser.add_argument(
        "--cubeless-only",
        action="store_true",
        help="make only the cubeless companion (the cubeful league and its provenance kept)",
    )
    args = parser.parse_args()
    args.out.mkdir(parents=True, exist_ok=True)
    record = args.out / "league_history.json"
    command = "python -m scripts.make_league_history --workers " + str(args.workers)
    if args.cubeless_only:
        provenance = json.loads(record.read_text(encoding="utf-8"))
    else:
        league, seconds = _play(LEAGUE, args.workers)
        games, players = args.out / "league_history.parquet", args.out / "league_players.parquet"
        league.games.to_parquet(games, index=False, compression="zstd")  # type: ignore[attr-defined]
        league.players.to_parquet(players, index=False, compression="zstd")  # type: ignore[attr-defined]
        provenance = {
            "engine": ENGINE,
            "engine_version": engine_version(),
            "evaluation": "0-ply network evaluation of every legal move; money cube by Janowski's"
            " formulas (no Jacoby rule, no beavers), cube 1 … 64",
            **LEAGUE,
            "made": datetime.now(UTC).strftime("%Y-%m-%dT%H:%M:%SZ"),
            "command": command,
            "workers": args.workers,
            "wall_seconds": round(seconds, 1),
            "python": platform.python_version(),
            "files": {"games": games.name, "players": players.name},
        }
    companion, seconds = _play(CUBELESS, args.workers)
    cubeless = args.out / "league_cubeless.parquet"
    companion.games.to_parquet(cubeless, index=False, compression="zstd")  # type: ignore[attr-defined]
    provenance["cubeless"] = {
        "games": CUBELESS["games"],
        "made": datetime.now(UTC).strftime("%Y-%m-%dT%H:%M:%SZ"),
        "command": command + (" --cubeless-only" if args.cubeless_only else ""),
        "wall_seconds": round(seconds, 1),
    }
    provenance["files"]["cubeless"] = cubeless.name
    record.write_text(json.dumps(provenance, indent=2) + "\n")
    print(f"written: {', '.join(provenance['files'].values())} and {record.name}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
