"""What the replay tests share: a history built from short rows, and win–loss pairs that leave a
player at 1500 with any number of ranked games this week.

Two hand calculations recur in the replay tests, so they are done once here:

* **A win–loss pair at equal ratings ends where it began.** Two players at 1500, both K 32: the
  winner gets 32 × 0.5 = +16, the loser −16 (1516 / 1484). In the rematch the 1484 player wins:
  E = 1 / (1 + 10^(32/1200)) = 0.48465, so +round(32 × 0.51535 = 16.49) = +16 and −16 for the
  other: both are back at 1500. With the first player at K 16: +8 / −16 (1508 / 1484), then
  E = 1 / (1 + 10^(24/1200)) = 0.48850: +round(32 × 0.51150 = 16.37) = +16 and
  round(16 × −0.51150 = −8.18) = −8: both back at 1500 again.
* So a player who has played n pairs this week is at 1500 with 2n ranked games this week.
"""

from __future__ import annotations

import importlib
from datetime import UTC, datetime, timedelta
from typing import Any

import pandas as pd

import gammon_elo

#: The module itself (``gammon_elo.replay`` is the function, as the package exports it).
replay_module = importlib.import_module("gammon_elo.replay")

T0 = datetime(2026, 10, 5, tzinfo=UTC)
MINUTE = timedelta(minutes=1)
WEEK = timedelta(days=7)
Row = tuple[Any, ...]


def history(rows: list[Row]) -> pd.DataFrame:
    """Rows of (time, winner, loser[, cube[, type[, prize]]]) as the input table."""
    filled = [row + (1, "ranked", "")[len(row) - 3 :] for row in rows]
    return pd.DataFrame(
        [
            {
                "time": t.isoformat() if isinstance(t, datetime) else t,
                "winner": w,
                "loser": lo,
                "cube": c,
                "type": k,
                "prize": p,
            }
            for t, w, lo, c, k, p in filled
        ]
    )


def pairs(player: str, fillers: list[str], start: datetime) -> tuple[list[Row], datetime]:
    """Win–loss pairs of ``player`` against fresh fillers, a minute apart (see the module's
    docstring: everyone ends each pair at 1500)."""
    rows: list[Row] = []
    t = start
    for filler in fillers:
        rows += [(t, player, filler), (t + MINUTE, filler, player)]
        t += 2 * MINUTE
    return rows, t


def fillers(prefix: str, count: int) -> list[str]:
    return [f"{prefix}{i}" for i in range(count)]


def last(result: gammon_elo.ReplayResult) -> pd.Series:
    return result.games.iloc[-1]
