"""What one task of a sweep computes, on whichever worker runs it: one rule set over one
simulated population (:func:`simulate_task`), or one rule set's replay of a history
(:func:`replay_task`). A task's result depends only on its arguments."""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any, Final

import numpy as np

from ..calibrate.scores import PreparedHistory, ReplayTask, replay_task
from ..rules import Rules
from ..simulate import HEADLINE_FIGURES, Population, simulate

__all__ = [
    "REPLAY_METRICS",
    "SIMULATION_METRICS",
    "ReplayTask",
    "SimulationTask",
    "replay_task",
    "run_task",
    "simulate_task",
]

#: What a simulation task measures (last week's distribution and accuracy, the top tenth's
#: win rates over the last quarter of the weeks, the weekly volatility).
SIMULATION_METRICS: Final = ("games", *HEADLINE_FIGURES, "weekly_volatility")

#: What a replay task measures on the history.
REPLAY_METRICS: Final = ("history_games", "log_loss", "brier")


@dataclass(frozen=True, slots=True)
class SimulationTask:
    """One rule set over one population. Pairing is random, so the games depend only on the
    seed: every rule set of a seed is rated on the very same games."""

    rules: Rules
    seed: int
    players: int
    weeks: int


def _number(value: Any) -> float:
    return float(value) if value is not None else math.nan


def simulate_task(task: SimulationTask) -> dict[str, float]:
    """The task's population simulated under its rule set, measured.

    ``weekly_volatility`` is the root mean square of an active player's rating change over a
    week, over every player-week with games.
    """
    population = Population(players=task.players, weeks=task.weeks, seed=task.seed)
    run = simulate(population, rules=[task.rules])
    row = run.summary().iloc[0]
    volatility = run.volatility
    n = volatility["player_weeks"].to_numpy(dtype=np.float64)
    used = n > 0
    mean = volatility["mean_change"].to_numpy(dtype=np.float64)[used]
    sd = volatility["sd_change"].to_numpy(dtype=np.float64)[used]
    squares = float((n[used] * (sd**2 + mean**2)).sum())
    return {
        "games": float(run.games),
        **{m: _number(row[m]) for m in HEADLINE_FIGURES},
        "weekly_volatility": math.sqrt(squares / n.sum()) if n.sum() else math.nan,
    }


def run_task(
    history: PreparedHistory | None, task: SimulationTask | ReplayTask
) -> dict[str, float]:
    """Either kind of task (a replay task needs the history)."""
    if isinstance(task, SimulationTask):
        return simulate_task(task)
    if history is None:
        raise ValueError("a replay task needs the history")
    return replay_task(history, task)
