"""History replay: real games in, every rating after every game out, each ranked game's changes
exactly :func:`~gammon_elo.rating_change`'s. The modules, in a history's order: :mod:`.read`
(with :mod:`.budget`), :mod:`.validate` (with :mod:`.isotimes`), :mod:`.engine` (the one pass,
plain or compiled by Numba), :mod:`.results`, :mod:`.api`; :mod:`.export` (CSV files
spreadsheets open safely) and :mod:`.chunked` (a history larger than memory, chunk by chunk).
"""

from .api import SPREAD_COLUMNS, checked_history, compare_rules, replay
from .chunked import ChunkedReplay, replay_chunks
from .export import neutralize_formulas
from .read import SAMPLE_HISTORY, history_chunks, read_history, sample_history
from .results import (
    GAME_COLUMNS,
    PLAYER_COLUMNS,
    TRAJECTORY_COLUMNS,
    ReplayResult,
    RulesComparison,
    trajectories,
)
from .validate import HISTORY_COLUMNS, REJECTED_COLUMNS

__all__ = [
    "GAME_COLUMNS",
    "HISTORY_COLUMNS",
    "PLAYER_COLUMNS",
    "REJECTED_COLUMNS",
    "SAMPLE_HISTORY",
    "SPREAD_COLUMNS",
    "TRAJECTORY_COLUMNS",
    "ChunkedReplay",
    "ReplayResult",
    "RulesComparison",
    "checked_history",
    "compare_rules",
    "history_chunks",
    "neutralize_formulas",
    "read_history",
    "replay",
    "replay_chunks",
    "sample_history",
    "trajectories",
]
