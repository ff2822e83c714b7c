"""A sweep's grid: divisors × K × heavy-week K × heavy-week threshold, times seeds, each
combination one rule set, each (rule set, seed) one task. Checked field by field."""

from __future__ import annotations

import itertools
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any, Final

from .._core import checks
from .._core.errors import InvalidInput
from ..rules import Rules
from ..simulate import Population

__all__ = ["MAX_TASKS", "Grid"]

#: The most tasks one sweep may have.
MAX_TASKS: Final = 10_000


def _values(field: str, values: Any, check: Any) -> tuple[Any, ...]:
    if isinstance(values, str | bytes) or not isinstance(values, Iterable):
        raise InvalidInput(field, values, "must be a list of values")
    checked = tuple(check(field, v) for v in values)
    if len(set(checked)) != len(checked):
        raise InvalidInput(field, list(values), "must not repeat a value")
    return checked


@dataclass(frozen=True, slots=True)
class Grid:
    """Every combination of the lists is one rule set; every rule set runs under ``seeds``
    seeds (``first_seed`` … ``first_seed + seeds − 1``), each a population of ``players``
    playing ``weeks`` weeks. Without ``heavy_ks`` and ``heavy_games`` no rule set has a
    heavy-week K; with them, every rule set has one (both lists are then needed).

    >>> grid = Grid(divisors=(800, 1200), ks=(16, 32), seeds=3)
    >>> len(grid.rule_sets()), grid.tasks
    (4, 12)
    >>> Grid(divisors=(800, -1), ks=(32,))
    Traceback (most recent call last):
    ...
    gammon_elo._core.errors.InvalidInput: divisors must be a positive number, got -1
    """

    divisors: tuple[float, ...]
    ks: tuple[int, ...]
    heavy_ks: tuple[int, ...] = ()
    heavy_games: tuple[int, ...] = ()
    seeds: int = 1
    first_seed: int = 0
    players: int = 200
    weeks: int = 8

    def __post_init__(self) -> None:
        divisors = _values("divisors", self.divisors, checks.positive)
        object.__setattr__(self, "divisors", divisors)
        object.__setattr__(self, "ks", _values("k", self.ks, checks.k))
        object.__setattr__(self, "heavy_ks", _values("heavy_k", self.heavy_ks, checks.k))
        heavy_games = _values("heavy_games", self.heavy_games, checks.games)
        object.__setattr__(self, "heavy_games", heavy_games)
        if not divisors:
            raise InvalidInput("divisors", [], "must list at least one divisor")
        if not self.ks:
            raise InvalidInput("k", [], "must list at least one K")
        if bool(self.heavy_ks) != bool(self.heavy_games):
            field = "heavy_games" if self.heavy_ks else "heavy_k"
            raise InvalidInput(field, [], "must be given too when heavy-week K or games are")
        object.__setattr__(self, "seeds", checks.integer("seeds", self.seeds, low=1))
        object.__setattr__(self, "first_seed", checks.integer("seed", self.first_seed, low=0))
        # The population checks players and weeks, naming them.
        Population(players=self.players, weeks=self.weeks, seed=self.first_seed)
        object.__setattr__(self, "players", int(self.players))
        object.__setattr__(self, "weeks", int(self.weeks))
        if self.tasks > MAX_TASKS:
            raise InvalidInput(
                "grid",
                f"{self.tasks} tasks",
                f"must have at most {MAX_TASKS:,} tasks (rule sets × seeds)",
            )

    def rule_sets(self) -> list[Rules]:
        """Every combination, divisors slowest, then K, heavy-week K and threshold."""
        heavy: list[tuple[int | None, int | None]] = list(
            itertools.product(self.heavy_ks, self.heavy_games)
        ) or [(None, None)]
        return [
            Rules.custom(d, k, heavy_k=hk, heavy_games=hg)
            for d, k, (hk, hg) in itertools.product(self.divisors, self.ks, heavy)
        ]

    @property
    def seed_list(self) -> list[int]:
        return list(range(self.first_seed, self.first_seed + self.seeds))

    @property
    def tasks(self) -> int:
        """Rule sets × seeds."""
        heavy = max(1, len(self.heavy_ks) * len(self.heavy_games))
        return len(self.divisors) * len(self.ks) * heavy * self.seeds
