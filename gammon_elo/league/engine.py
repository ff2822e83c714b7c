"""The Sage engine (``bgsage``, MPL-2.0), loaded once per process and only when a game is
played: its network's 0-ply evaluation of every legal move (``bgsage``'s "1-ply", the static
evaluation of each resulting position, with its exact bear-off database) and its money-cube
formulas (Janowski's cubeful equity, the double / take decision).

The rest of ``gammon_elo`` never imports it; without it, :func:`load` raises the one-line
:class:`~gammon_elo.extras.MissingExtra` that names the ``engine`` extra.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass
from importlib import metadata
from typing import Any, Final, cast

from ..extras import require

__all__ = ["ENGINE", "Engine", "engine_version", "load"]

#: The distribution that plays the games.
ENGINE: Final = "bgsage"


@dataclass(frozen=True, slots=True)
class Engine:
    """The parts of the engine a game uses (the native module and one loaded network)."""

    native: Any
    strategy: Any
    centered: Any
    owners: tuple[Any, Any]  # the mover's, the opponent's
    #: The bear-off database the strategy reads (held here so it lives as long).
    database: Any = None

    def moves(self, board: list[int], die1: int, die2: int) -> list[list[int]]:
        """Every legal resulting board (the engine's own list)."""
        return cast(list[list[int]], self.native.possible_moves(board, die1, die2))

    def probabilities(self, after: list[int], before: list[int]) -> list[float]:
        """The mover's chances after a move: win, win gammon, win backgammon, lose gammon,
        lose backgammon."""
        return list(self.strategy.evaluate_board(after, before)["probs"])

    def cube_life(self, probs: list[float], board: list[int]) -> float:
        """Janowski's cube efficiency x of a position."""
        native = self.native
        mover, opponent = native.pip_counts(board)
        return float(native.cube_efficiency(probs, native.is_race(board), mover, opponent))

    def cubeful(self, probs: list[float], owner: Any, x: float) -> float:
        """Money-game cubeful equity (per cube unit) of the mover's chances, no Jacoby rule."""
        return float(self.native.cl2cf_money(probs, owner, x, jacoby_active=False))

    def cube_decision(self, probs: list[float], cube: int, owner: Any, x: float) -> Any:
        """The money-cube decision (``should_double``, ``should_take``) before the roll."""
        return self.native.cube_decision_1ply(probs, cube, owner, x, jacoby=False)


def engine_version() -> str:
    """The installed engine's version (the ``engine`` extra must be installed)."""
    load()
    return metadata.version(ENGINE)


@functools.cache
def load() -> Engine:
    """The engine, loaded on first use in this process (a Dask worker loads it once)."""
    bgsage = require(ENGINE, "engine", "a game played by the engine")
    native = require("bgbot_cpp", "engine", "a game played by the engine")
    weights = bgsage.default_weights()
    strategy = native.create_strategy(
        weights.strategy_type, weights.weight_paths_list, weights.hidden_sizes_list
    )
    path, database = require("bgsage.weights", "engine", "a game").bearoff_db_path(), None
    if path:
        database = native.BearoffDB()
        if database.load(path):
            # Exact chances once both sides are bearing off, as the engine's analyzer does.
            strategy = native.BearoffStrategy(strategy, database)
    owner = native.CubeOwner
    return Engine(native, strategy, owner.CENTERED, (owner.PLAYER, owner.OPPONENT), database)
