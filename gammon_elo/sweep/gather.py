"""The sweep: the grid's tasks built, run (:func:`~gammon_elo.parallel.run_tasks`) and gathered
into one tidy DataFrame, one row per (rule set, seed)."""

from __future__ import annotations

from typing import Any, Final

import pandas as pd

from .._core import checks
from .._core.errors import InvalidInput
from ..calibrate.scores import DEFAULT_BURN_IN, prepare_history
from ..parallel import DEFAULT_WORKERS, Progress, run_tasks
from .grid import MAX_TASKS, Grid
from .tasks import (
    REPLAY_METRICS,
    SIMULATION_METRICS,
    ReplayTask,
    SimulationTask,
    run_task,
)

__all__ = ["RESULT_COLUMNS", "sweep"]

#: A sweep's columns (the replay's metrics only with a history).
RESULT_COLUMNS: Final = (
    "rules",
    "divisor",
    "k",
    "heavy_k",
    "heavy_games",
    "seed",
    *SIMULATION_METRICS,
    *REPLAY_METRICS,
)


def sweep(
    grid: Grid,
    *,
    history: pd.DataFrame | None = None,
    burn_in: int = DEFAULT_BURN_IN,
    scheduler: str | None = None,
    workers: int = DEFAULT_WORKERS,
    serial: bool = False,
    progress: Progress | None = None,
    client: Any = None,
) -> pd.DataFrame:
    """Every rule set of ``grid`` under every seed: one row per (rule set, seed), rule sets in
    grid order, then seeds. With ``history``, each rule set also replays it once (its
    log-loss, Brier score and games scored repeat on each seed's row).

    Runs on a LocalCluster of ``workers`` processes, or on the cluster at ``scheduler``, or
    through an open ``client`` (a ``distributed.Client``, left open), or in this process with
    ``serial=True``; the numbers are the same. ``progress(finished, total)``
    is called as tasks finish.

    >>> table = sweep(Grid(divisors=(800,), ks=(32,), players=40, weeks=1), serial=True)
    >>> table[["rules", "seed"]].values.tolist()
    [['custom (÷800, K 32)', 0]]
    """
    burn_in = checks.integer("burn_in", burn_in, low=0)
    rule_sets = grid.rule_sets()
    simulation = [
        SimulationTask(rules, seed, grid.players, grid.weeks)
        for rules in rule_sets
        for seed in grid.seed_list
    ]
    replays = [ReplayTask(rules, burn_in) for rules in rule_sets] if history is not None else []
    if len(simulation) + len(replays) > MAX_TASKS:
        grid_tasks = len(simulation) + len(replays)
        raise InvalidInput("grid", f"{grid_tasks} tasks", f"must have at most {MAX_TASKS:,} tasks")
    # Checked here, once, so that a bad row is reported before any worker starts.
    prepared = prepare_history(history) if history is not None else None
    tasks: list[SimulationTask | ReplayTask] = [*simulation, *replays]
    results = run_tasks(
        run_task,
        tasks,
        shared=(prepared,),
        scheduler=scheduler,
        workers=workers,
        serial=serial,
        progress=progress,
        client=client,
    )
    measured, scored = results[: len(simulation)], results[len(simulation) :]
    return _table(simulation, measured, replays, scored)


def _table(
    simulation: list[SimulationTask],
    measured: list[dict[str, float]],
    replays: list[ReplayTask],
    scored: list[dict[str, float]],
) -> pd.DataFrame:
    """One row per simulation task with its figures, and each rule set's replay scores (if a
    history was replayed) repeated on its rows."""
    rows = [
        {
            "rules": task.rules.label,
            "divisor": task.rules.divisor,
            "k": task.rules.k,
            "heavy_k": task.rules.heavy_k,
            "heavy_games": task.rules.heavy_games,
            "seed": task.seed,
            **figures,
        }
        for task, figures in zip(simulation, measured, strict=True)
    ]
    columns = list(RESULT_COLUMNS[: 6 + len(SIMULATION_METRICS)])
    table = pd.DataFrame(rows, columns=columns)
    if replays:
        by_rules = pd.DataFrame(scored, index=[t.rules.label for t in replays])
        for metric in REPLAY_METRICS:
            table[metric] = table["rules"].map(by_rules[metric]).to_numpy(dtype="float64")
    table["heavy_k"] = table["heavy_k"].astype("Int64")
    table["heavy_games"] = table["heavy_games"].astype("Int64")
    table["games"] = table["games"].astype("int64")
    if "history_games" in table:
        table["history_games"] = table["history_games"].astype("int64")
    return table
