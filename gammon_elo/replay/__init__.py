"""History replay: a table of real games in, every rating after every game out, each player with
their own rolling 7-day K; the same history under several rule sets side by side; the long-form
trajectories a chart needs, and a CSV export that spreadsheets cannot run as formulas.

Every ranked game gets exactly the changes :func:`~gammon_elo.rating_change` gives for it, game
by game. The modules, in the order a history goes through them:

- :mod:`.read`: a CSV file's cells as written (:func:`read_history`, :func:`sample_history`);
- :mod:`.validate`: every row checked, the accepted ones coded in rating order;
- :mod:`.engine`: every row rated in one pass, as the server's loop runs;
- :mod:`.results`: :class:`ReplayResult`, :class:`RulesComparison`, :func:`trajectories`;
- :mod:`.api`: the entry points :func:`replay` and :func:`compare_rules`;
- :mod:`.export`: :func:`neutralize_formulas`, for CSV files spreadsheets open safely;
- :mod:`.chunked`: :func:`replay_chunks`, a history larger than memory replayed chunk by chunk
  (:func:`history_chunks` reads it), its games streamed to a Parquet or CSV file.

From ``engine.COMPILED_FROM`` ranked games on, the pass runs compiled by Numba (the
``compiled`` extra); below, or without Numba, the same pass runs as plain Python. The numbers are
the same.
"""

# Importable from here too, though not in __all__: the errors a replay raises, and its limits.
from .._core.errors import InvalidHistory as InvalidHistory
from .._core.errors import InvalidInput as InvalidInput
from .._core.lookup import TABLE_REACH as TABLE_REACH
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
from .validate import GAME_TYPES as GAME_TYPES
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
