"""Real dice: single money games played by a backgammon engine (the Sage engine, ``bgsage``:
the ``engine`` extra) at GNU Backgammon's skill levels, and leagues of them on Dask, written as
histories the replay and the calibration read.

- :mod:`.board`: positions and the rules of a move, checked by our own hand;
- :mod:`.players`: the levels (noise on the network's outputs) and a league's shares of them;
- :mod:`.engine`: the engine, loaded lazily, once per process;
- :mod:`.game`: :func:`play_game`, one seeded game with the cube (or cubeless);
- :mod:`.league`: :func:`play_league`, a schedule of games played in batches of Dask tasks;
- :mod:`.shipped`: the league history shipped in ``gammon_elo/data`` and its provenance;
- :mod:`.table`: :func:`win_rates`, every pair of levels' win rate with its Wilson interval and
  the rating gap it implies under each divisor.
"""

from .engine import ENGINE, engine_version
from .game import MAX_CUBE, GameResult, play_game
from .league import LEAGUE_COLUMNS, PAIRINGS, PLAYER_COLUMNS, League, play_league
from .players import DEFAULT_LEVELS, LEVELS, parse_levels
from .shipped import (
    SHIPPED_CUBELESS,
    SHIPPED_HISTORY,
    SHIPPED_PLAYERS,
    SHIPPED_PROVENANCE,
    shipped_cubeless,
    shipped_league,
    shipped_players,
    shipped_provenance,
)

__all__ = [
    "DEFAULT_LEVELS",
    "ENGINE",
    "LEAGUE_COLUMNS",
    "LEVELS",
    "MAX_CUBE",
    "PAIRINGS",
    "PLAYER_COLUMNS",
    "SHIPPED_CUBELESS",
    "SHIPPED_HISTORY",
    "SHIPPED_PLAYERS",
    "SHIPPED_PROVENANCE",
    "GameResult",
    "League",
    "engine_version",
    "parse_levels",
    "play_game",
    "play_league",
    "shipped_cubeless",
    "shipped_league",
    "shipped_players",
    "shipped_provenance",
]
