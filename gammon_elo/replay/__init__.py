"""History replay: real games in, every rating after every game out, each ranked game's changes
exactly :func:`~gammon_elo.rating_change`'s (docs/layout.md names the modules' parts).
"""

from .api import (
    SPREAD_COLUMNS,
    ChunkedReplay,
    checked_history,
    compare_rules,
    replay,
    replay_chunks,
)
from .read import SAMPLE_HISTORY, history_chunks, read_history, sample_history
from .results import (
    GAME_COLUMNS,
    PLAYER_COLUMNS,
    TRAJECTORY_COLUMNS,
    ReplayResult,
    RulesComparison,
    neutralize_formulas,
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
