"""Write ``gammon_elo/data/sample_history.csv``: the small history the History page opens on.

Twelve players over three weeks of October 2026 (rule set 1.3.1): ranked games every day, a few
boosted ones, a Saturday tournament with its podium, cubes from 1 to 64, and one player — Nikos
— who plays a heavy second week, passing 50 ranked games in 7 days so his K drops to 16.

Deterministic: the same file on every machine (Python's own ``random.Random`` with a fixed
seed, whose sequence Python keeps stable). Run ``python scripts/make_sample_history.py`` after
changing it; a test checks the shipped file is what this script writes.
"""

from __future__ import annotations

import math
import random
import sys
from datetime import UTC, datetime, timedelta
from pathlib import Path

SEED = 20261005
START = datetime(2026, 10, 5, tzinfo=UTC)  # a Monday, after 1.3.1 came out
DAYS = 21
#: Names and hidden strengths (rating points above or below the field).
PLAYERS = {
    "Eleni": 180,
    "Nikos": 60,
    "Maria": 120,
    "Giorgos": -40,
    "Katerina": 20,
    "Dimitris": -120,
    "Sofia": 90,
    "Kostas": -80,
    "Anna": 0,
    "Yannis": -160,
    "Despina": 40,
    "Petros": -20,
}
HEAVY = "Nikos"
#: Ranked games a day: Nikos plays 12 a day in week 2 (84 in 7 days), everyone else a few.
HEAVY_WEEK = range(7, 14)
GAMES_A_DAY = 12
HEAVY_A_DAY = 12
#: How often each cube value ends a game (a cube of 64 is rare).
CUBE_WEIGHTS = {1: 40, 2: 25, 4: 15, 8: 10, 16: 5, 32: 3, 64: 2}
ENDINGS = {"normal": 70, "gammon": 15, "backgammon": 3, "resigned": 10, "timed_out": 2}
TOURNAMENT_DAY = 12  # Saturday 17 October
PODIUM = (50, 25, 15)
HEADER = "time,winner,loser,cube,type,prize,ending"
OUT = Path(__file__).resolve().parent.parent / "gammon_elo" / "data" / "sample_history.csv"


def _pick(rng: random.Random, weights: dict[str, int] | dict[int, int]) -> object:
    return rng.choices(list(weights), weights=list(weights.values()))[0]


def _play(rng: random.Random, a: str, b: str) -> tuple[str, str]:
    """The winner and loser: a's chance from the strength gap (a little dice in it)."""
    p = 1 / (1 + math.pow(10, (PLAYERS[b] - PLAYERS[a]) / 1200))
    return (a, b) if rng.random() < p else (b, a)


def _moment(rng: random.Random, day: int) -> datetime:
    return START + timedelta(days=day, minutes=rng.randrange(8 * 60, 24 * 60))


def _row(
    when: datetime, winner: str, loser: str, cube: int, kind: str, prize: str, end: str
) -> str:
    return f"{when:%Y-%m-%dT%H:%M:%SZ},{winner},{loser},{cube},{kind},{prize},{end}"


def sample_history() -> str:
    """The sample file's text."""
    rng = random.Random(SEED)
    names = list(PLAYERS)
    others = [name for name in names if name != HEAVY]
    rows: list[tuple[datetime, int, str]] = []

    def add(when: datetime, line: str) -> None:
        rows.append((when, len(rows), line))

    for day in range(DAYS):
        for _ in range(GAMES_A_DAY):
            a, b = rng.sample(others if day in HEAVY_WEEK else names, 2)
            winner, loser = _play(rng, a, b)
            kind = "boosted" if rng.random() < 0.08 else "ranked"
            when = _moment(rng, day)
            cube = int(str(_pick(rng, CUBE_WEIGHTS)))
            add(when, _row(when, winner, loser, cube, kind, "", str(_pick(rng, ENDINGS))))
        if day in HEAVY_WEEK:
            for _ in range(HEAVY_A_DAY):
                winner, loser = _play(rng, HEAVY, rng.choice(others))
                when = _moment(rng, day)
                cube = int(str(_pick(rng, CUBE_WEIGHTS)))
                add(when, _row(when, winner, loser, cube, "ranked", "", str(_pick(rng, ENDINGS))))

    # Saturday's public tournament: eight players, knock-out, then the podium's prizes.
    evening = START + timedelta(days=TOURNAMENT_DAY, hours=18)
    field = rng.sample(names, 8)
    eliminated: list[str] = []
    minute = 0
    while len(field) > 1:
        survivors = []
        for a, b in zip(field[0::2], field[1::2], strict=True):
            winner, loser = _play(rng, a, b)
            when = evening + timedelta(minutes=minute)
            minute += 25
            add(when, _row(when, winner, loser, 1, "tournament", "", "normal"))
            survivors.append(winner)
            eliminated.append(loser)
        field = survivors
    places = [field[0], eliminated[-1], eliminated[-2]]  # champion, finalist, a semi-finalist
    when = evening + timedelta(minutes=minute + 5)
    for player, prize in zip(places, PODIUM, strict=True):
        add(when, _row(when, player, "", 1, "podium", str(prize), ""))

    rows.sort()
    return "\n".join([HEADER, *(line for _, _, line in rows)]) + "\n"


def main() -> int:
    OUT.parent.mkdir(parents=True, exist_ok=True)
    OUT.write_text(sample_history(), encoding="utf-8", newline="\n")
    print(f"wrote {OUT.relative_to(Path.cwd()) if OUT.is_relative_to(Path.cwd()) else OUT}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
