"""What a lab run costs, in one unit: games rated, counted before the run starts.

Every run of the lab (a simulation, a sweep, a fit, a live league) is priced here, by
:func:`games` and the few lines that say what its games are, and the price is checked against
the one cap the operator sets (``run_games`` in :mod:`server.settings`) by
:meth:`server.runs.Runner.slot` before the run takes a place in the queue:

- a **simulation**: players × weeks × games a player plays a week ÷ 2 (two players a game) ×
  rule sets; every rule set rates every game.
- a **sweep**: the same for each task's population (one rule set, one seed each), × rule sets
  × seeds; with the history, each rule set's replay of its games as well.
- a **fit**: each candidate is a full replay of the history, so candidates × the history's games
  (the most the search runs, :func:`gammon_elo.calibrate.fit.fit_tasks`), and one replay more
  for the best one's margin. A replayed game costs a few times a simulated one; the largest fit
  the upload limits allow stays far inside the cap.
- a **live league**: its games, each played move by move by the engine and counted as
  :data:`ENGINE_GAME` rated games, which is about what one takes beside rating a game.
- a **replay** of a history in the server's process (History's table, the Rule designer's
  calibration, page loads included): the history's games × its rule sets, every rule set
  replaying every game.
- a **comparison of rating systems** in the server's process (the Rule designer's ranking, on
  page load): the history's games × the passes its systems take over them, each system one, a
  fitted divisor its search's candidates (as a fit's) and its scoring, a system chosen among
  candidates each candidate and the chosen one's scoring (the current rules count, as they are
  always compared).

A simulated player's games a week are the population's own: the ordinary players' lognormal
median, its mean being ``median × exp(σ² ÷ 2)`` (at most a game a slot), and the heavy players'
uniform range; the newcomers (one in forty) are counted as players for every week. That is what
:func:`gammon_elo.simulate.simulate` plays to within a few percent either way (a player may find
no opponent in a slot; the tests compare the two).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from statistics import NormalDist
from typing import Final

from gammon_elo import CURRENT, Rules
from gammon_elo.calibrate.fit import fit_tasks
from gammon_elo.simulate import Population
from gammon_elo.sweep import Grid
from gammon_elo.systems import Chosen, FittedDivisor, System

__all__ = [
    "ENGINE_GAME", "Cost", "fit", "games", "league", "replay", "simulation", "sweep", "systems",
]  # fmt: skip

#: Rated games one game played by the engine counts as: an engine game takes tens of
#: thousands of times as long as rating one game under one rule set.
ENGINE_GAME: Final = 50_000


@dataclass(frozen=True, slots=True)
class Cost:
    """A run's price: ``games`` rated (the unit of ``run_games``), in ``tasks`` Dask tasks
    (``tasks_per_run``; 1 for a run in the server's own process), and which run it is
    (``simulation``, ``sweep``, ``fit``, ``league``, ``replay``: the refusal says how to make it
    smaller)."""

    games: int
    tasks: int
    kind: str


def games(*, players: float, weeks: int, per_week: float, rule_sets: int, seeds: int = 1) -> int:
    """The one cost model: ``players`` playing ``per_week`` games each a week (two players a
    game) for ``weeks`` weeks, every game rated under ``rule_sets`` rule sets, ``seeds`` times.

    >>> games(players=2000, weeks=26, per_week=15, rule_sets=3)
    1170000
    >>> games(players=20000, weeks=104, per_week=350, rule_sets=5)
    1820000000
    """
    return math.ceil(players * per_week / 2 * weeks) * rule_sets * seeds


def per_week(population: Population) -> float:
    """The games a player of ``population`` plays in a week, on average.

    >>> round(per_week(Population(heavy_share=0, games_spread=0)), 2)
    15.0
    >>> round(per_week(Population(heavy_share=1)), 2)
    350.0
    """
    median, sigma = population.games_per_week, population.games_spread
    slots = population.slots_per_week
    if sigma == 0:
        ordinary = min(median, slots)
    else:
        # E[min(median × X, slots)] for X lognormal(0, σ): the capped lognormal's mean.
        unit = NormalDist()
        cut = math.log(slots / median) / sigma
        ordinary = median * math.exp(sigma**2 / 2) * unit.cdf(cut - sigma)
        ordinary += slots * (1 - unit.cdf(cut))
    low, high = population.heavy_games_per_week
    heavy = min((low + high) / 2, slots)
    return (1 - population.heavy_share) * ordinary + population.heavy_share * heavy


def _players(population: Population) -> int:
    return population.players + population.cohort


def simulation(population: Population, rules: Sequence[Rules]) -> Cost:
    """A simulation's games: every rule set rates the population's games (run in the server's
    process: one task)."""
    rated = games(
        players=_players(population),
        weeks=population.weeks,
        per_week=per_week(population),
        rule_sets=len(rules),
    )
    return Cost(rated, 1, "simulation")


def sweep(grid: Grid, history_games: int | None = None) -> Cost:
    """A sweep's games: each task's population under its one rule set, for every rule set and
    seed; with a history (its games given), each rule set's replay of it, one task each."""
    population = Population(players=grid.players, weeks=grid.weeks)
    rule_sets = len(grid.rule_sets())
    rated = games(
        players=_players(population),
        weeks=grid.weeks,
        per_week=per_week(population),
        rule_sets=rule_sets,
        seeds=grid.seeds,
    )
    tasks = grid.tasks
    if history_games is not None:
        rated += history_games * rule_sets
        tasks += rule_sets
    return Cost(rated, tasks, "sweep")


def fit(what: str, history_games: int) -> Cost:
    """A fit's games: each candidate replays the whole history (the most candidates the search
    may run), and the best is scored once more for its margin over the base rule set."""
    candidates = fit_tasks(what)
    return Cost((candidates + 1) * history_games, candidates, "fit")


def league(games_played: int, batch: int) -> Cost:
    """A live league's games, each counted as :data:`ENGINE_GAME`, in tasks of ``batch``."""
    return Cost(games_played * ENGINE_GAME, -(-games_played // batch), "league")


def replay(history_games: int, rule_sets: int) -> Cost:
    """A history's replay under each of ``rule_sets`` rule sets, in the server's process.

    >>> replay(48_576, 3)
    Cost(games=145728, tasks=1, kind='replay')
    """
    return Cost(history_games * rule_sets, 1, "replay")


def systems(history_games: int, compared: Sequence[System]) -> Cost:
    """A comparison of ``compared`` on a history, in the server's process: its games × every
    pass over them (the current rules' one where ``compared`` leaves them out).

    >>> from gammon_elo.systems import DEFAULT_SYSTEMS
    >>> systems(1000, DEFAULT_SYSTEMS)
    Cost(games=49000, tasks=1, kind='systems')
    """
    passes = 0 if CURRENT in compared else 1
    for system in compared:
        if isinstance(system, FittedDivisor):
            passes += fit_tasks("divisor") + 1
        elif isinstance(system, Chosen):
            passes += len(system.candidates) + 1
        else:
            passes += 1
    return Cost(history_games * passes, 1, "systems")
