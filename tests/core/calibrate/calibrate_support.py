"""The calibration tests' small files and their scores computed the long way, shared by the
scores and the command-line tests."""

from __future__ import annotations

import math
from collections import defaultdict

import pandas as pd

from gammon_elo import Rules
from gammon_elo.replay import read_history
from tests.oracles import replay_game_by_game

#: Small files: equal times, cubes, a boosted game, a podium prize moving a rating.
SMALL_FILES = [
    "time,winner,loser\n"
    "2026-10-05T20:00:00Z,Eleni,Nikos\n"
    "2026-10-05T20:30:00Z,Eleni,Nikos\n"
    "2026-10-05T21:00:00Z,Nikos,Eleni\n",
    "time,winner,loser,cube,type,prize\n"
    "2026-10-05T08:00:00Z,Anna,Yannis,4,ranked,\n"
    "2026-10-05T08:00:00Z,Petros,Maria,2,ranked,\n"
    "2026-10-05T09:00:00Z,Anna,Petros,1,ranked,\n"
    "2026-10-05T09:30:00Z,Maria,Anna,8,boosted,\n"
    "2026-10-05T10:00:00Z,Yannis,,,podium,50\n"
    "2026-10-05T11:00:00Z,Yannis,Anna,16,ranked,\n"
    "2026-10-05T12:00:00Z,Maria,Yannis,2,ranked,\n"
    "2026-10-05T12:00:00Z,Petros,Anna,1,ranked,\n"
    "2026-10-06T12:00:00Z,Anna,Maria,1,ranked,\n",
]


def plain_scores(text: str, rules: Rules, burn_in: int) -> tuple[int, float, float]:
    """Log-loss and Brier score the long way: every ranked game's ratings before it from the
    oracle, E = 1 / (1 + 10^((loser − winner) / D)), each player's earlier ranked games
    counted in time order."""
    frame = read_history(text.encode())
    for column, default in (("cube", "1"), ("type", "ranked"), ("prize", "")):
        if column not in frame:
            frame[column] = default
    frame["cube"] = [int(c) if c else 1 for c in frame["cube"]]
    frame["prize"] = [int(p) if p else 0 for p in frame["prize"]]
    frame = frame.reset_index(drop=True)
    rows = replay_game_by_game(frame, rules).rows
    times = pd.to_datetime(frame["time"], utc=True).tolist()
    order = sorted(range(len(frame)), key=lambda i: (times[i], i))
    played: defaultdict[str, int] = defaultdict(int)
    losses, briers = [], []
    for i in order:
        if frame.at[i, "type"] != "ranked":
            continue
        w, lo = frame.at[i, "winner"], frame.at[i, "loser"]
        before_w, before_l = rows[i][0], rows[i][1]
        e = 1 / (1 + 10 ** ((before_l - before_w) / rules.divisor))
        if played[w] >= burn_in and played[lo] >= burn_in:
            losses.append(-math.log(e))
            briers.append((1 - e) ** 2)
        played[w] += 1
        played[lo] += 1
    return len(losses), sum(losses) / len(losses), sum(briers) / len(briers)
