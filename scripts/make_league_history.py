"""Make the shipped league history: single money games with the cube, played by the Sage engine
at GNU Backgammon's skill levels, with its players table and its provenance beside it.

    python -m scripts.make_league_history [--workers 2]

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


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--workers", type=int, default=2, help="local Dask workers (default 2)")
    parser.add_argument("--out", type=Path, default=HERE, help="the folder to write into")
    args = parser.parse_args()
    began, cpu = time.perf_counter(), time.process_time()
    last = [0.0]

    def progress(played: int, total: int) -> None:
        now = time.perf_counter()
        if now - last[0] > 10 or played == total:
            last[0] = now
            print(f"{played:,} / {total:,} games, {now - began:.0f} s", file=sys.stderr)

    league = play_league(**LEAGUE, workers=args.workers, progress=progress)  # type: ignore[arg-type]
    seconds = time.perf_counter() - began
    args.out.mkdir(parents=True, exist_ok=True)
    games, players = args.out / "league_history.parquet", args.out / "league_players.parquet"
    league.games.to_parquet(games, index=False, compression="zstd")
    league.players.to_parquet(players, index=False, compression="zstd")
    provenance = {
        "engine": ENGINE,
        "engine_version": engine_version(),
        "evaluation": "0-ply network evaluation of every legal move; money cube by Janowski's"
        " formulas (no Jacoby rule, no beavers), cube 1 … 64",
        "levels": {
            "beginner": 0.06,
            "casual": 0.05,
            "intermediate": 0.04,
            "advanced": 0.015,
            "expert": 0.0,
        },
        **LEAGUE,
        "made": datetime.now(UTC).strftime("%Y-%m-%dT%H:%M:%SZ"),
        "command": "python -m scripts.make_league_history --workers " + str(args.workers),
        "workers": args.workers,
        "wall_seconds": round(seconds, 1),
        "python": platform.python_version(),
        "files": {"games": games.name, "players": players.name},
    }
    (args.out / "league_history.json").write_text(json.dumps(provenance, indent=2) + "\n")
    print(
        f"{len(league.games):,} games in {seconds:.0f} s ({time.process_time() - cpu:.0f} s"
        f" of this process's CPU) → {games}",
        file=sys.stderr,
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
