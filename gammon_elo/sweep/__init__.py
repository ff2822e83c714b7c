"""Rule sweeps: a grid of rule sets (divisor × K × heavy-week K and threshold) × seeds, each task
one rule set over one simulated population (or one replay of a history), run on Dask, the
results in one tidy DataFrame. See :func:`sweep`.
"""

from ..parallel import CONNECT_TIMEOUT, DEFAULT_WORKERS, Progress, run_tasks
from .gather import RESULT_COLUMNS, sweep
from .grid import MAX_TASKS, Grid
from .tasks import REPLAY_METRICS, SIMULATION_METRICS

__all__ = [
    "CONNECT_TIMEOUT",
    "DEFAULT_WORKERS",
    "MAX_TASKS",
    "REPLAY_METRICS",
    "RESULT_COLUMNS",
    "SIMULATION_METRICS",
    "Grid",
    "Progress",
    "run_tasks",
    "sweep",
]
