"""The league history shipped with the package (made by ``scripts/make_league_history.py`` with a
fixed seed): its games in the replay's history format plus each side's level, its players table
and its provenance (engine and version, levels, seed, date). Reading them needs no engine."""

from __future__ import annotations

import json
import os
from typing import Any, Final

import pandas as pd

__all__ = [
    "SHIPPED_CUBELESS",
    "SHIPPED_HISTORY",
    "SHIPPED_PLAYERS",
    "SHIPPED_PROVENANCE",
    "shipped_cubeless",
    "shipped_league",
    "shipped_players",
    "shipped_provenance",
]

_DATA: Final = os.path.join(os.path.dirname(os.path.dirname(__file__)), "data")

#: The shipped league's games (the Rule designer calibrates on it by default).
SHIPPED_HISTORY: Final = os.path.join(_DATA, "league_history.parquet")
#: Its players: player, level, games, moves, measured PR.
SHIPPED_PLAYERS: Final = os.path.join(_DATA, "league_players.parquet")
#: Its cubeless companion: the same players and seed, single games played without the cube.
SHIPPED_CUBELESS: Final = os.path.join(_DATA, "league_cubeless.parquet")
#: How it was made, as JSON.
SHIPPED_PROVENANCE: Final = os.path.join(_DATA, "league_history.json")


def shipped_league() -> pd.DataFrame:
    """The shipped league's games, read as any history is
    (:func:`~gammon_elo.replay.read_history`)."""
    from ..replay import read_history

    return read_history(SHIPPED_HISTORY)


def shipped_cubeless() -> pd.DataFrame:
    """The cubeless companion's games (the same players, levels and seed, no cube), read as any
    history is: the win rate of each pair of levels without the cube, beside the cubeful one."""
    from ..replay import read_history

    return read_history(SHIPPED_CUBELESS)


def shipped_players() -> pd.DataFrame:
    """The shipped league's players table."""
    return pd.read_parquet(SHIPPED_PLAYERS)


def shipped_provenance() -> dict[str, Any]:
    """The shipped league's provenance: engine, engine_version, levels, seed, made, …"""
    with open(SHIPPED_PROVENANCE, encoding="utf-8") as file:
        return dict(json.load(file))
