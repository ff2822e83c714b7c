"""A typed history's rows checked and coded in one compiled pass, where the checks of
:func:`~.validate.prepare` would make a dozen passes over every row, each with its own
temporary array (80 MB apiece at 10 M rows).

The columns are coded first, each by what its type gives for nothing: a categorical column by
its own codes, whole numbers in a short span by their distance from the lowest, anything else by
pandas' factorize. Each distinct cell is then checked once, by the tables
:func:`~.validate.prepare` builds (:func:`~.cells.player_tables`, :func:`~.cells.cube_table` and
the others), and :func:`~.compiled.code_rows`, in the module built ahead of time
(:mod:`.ahead`), looks every row up in them. It is taken from :data:`FAST_FROM` rows where that
module is built. A row that fails a check, or a name with a control character, sends the table
back to :func:`~.validate.prepare`'s own checks, which report every problem: a table with a bad
row pays for both. The history is the same either way.
"""

from __future__ import annotations

from typing import Any, Final

import numpy as np
import numpy.typing as npt
import pandas as pd

from .._core.arrays import Ints
from .ahead import row_coder
from .cells import Columns, cube_table, has_control, player_tables, prize_table, type_table

__all__ = ["FAST_FROM", "coded"]

#: Rows from which a history is checked and coded in one compiled pass: below, NumPy's passes
#: take a few milliseconds at most.
FAST_FROM: Final = 20_000

#: The widest span of whole numbers coded by their distance from the lowest: each number in it
#: is checked once, in Python (a millisecond for a thousand).
_SPAN: Final = 1_024

Codes = npt.NDArray[np.int32]

#: What :func:`coded` gives: the rows' codes in input order, the players' names, and whether
#: the times are in input order.
Coded = tuple[Columns, npt.NDArray[np.object_], bool]


def coded(games: pd.DataFrame, labels: dict[str, Any], ticks: Ints) -> Coded | None:
    """Every row of ``games`` (whose times, ``ticks``, are all good) checked and coded in one
    compiled pass; None when it cannot be (too few rows, no module built) or a row fails a
    check, for :func:`~.validate.prepare` to check them its own way."""
    coder = row_coder() if len(games) >= FAST_FROM else None
    if coder is None:
        return None
    mark_used, code_rows = coder
    players = _players(games[labels["winner"]], games[labels["loser"]], mark_used)
    if players is None:
        return None
    winner_codes, loser_codes, winner_players, loser_players, names = players
    cube_codes, cube_cells = _optional(games, labels, "cube")
    type_codes, type_cells = _optional(games, labels, "type")
    prize_codes, prize_cells = _optional(games, labels, "prize")
    n = len(games)
    winner, loser = (np.empty(n, dtype=np.int64) for _ in range(2))
    cube, kind = (np.empty(n, dtype=np.int8) for _ in range(2))
    prize = np.zeros(n, dtype=np.int64)  # written on podium rows only
    status = code_rows(
        np.ascontiguousarray(ticks, dtype=np.int64), winner_codes, loser_codes,
        winner_players, loser_players, cube_codes, cube_table(cube_cells)[0], type_codes,
        type_table(type_cells), prize_codes, prize_table(prize_cells)[0],
        winner, loser, cube, kind, prize,
    )  # fmt: skip
    if status < 0:
        return None
    return (winner, loser, cube, kind, prize), names, status == 1


def _players(
    winners: pd.Series, losers: pd.Series, mark_used: Any
) -> tuple[Codes, Codes, Ints, Ints, npt.NDArray[np.object_]] | None:
    """Both name columns' codes, their tables from code to player (as
    :func:`~.cells.player_tables` numbers the players, the cells in no row left out) and the
    names; None when a name holds a control character."""
    winner_codes, winner_cells = _codes(winners, spans=False)
    loser_codes, loser_cells = _codes(losers, spans=False)
    winner_used = np.zeros(len(winner_cells), dtype=bool)
    loser_used = np.zeros(len(loser_cells), dtype=bool)
    mark_used(winner_codes, loser_codes, winner_used, loser_used)
    cleaned, to_winner, to_loser, names = player_tables(
        [winner_cells[i] for i in np.flatnonzero(winner_used)],
        [loser_cells[i] for i in np.flatnonzero(loser_used)],
    )
    if has_control(cleaned):
        return None
    tables = []
    for used, to_player in ((winner_used, to_winner), (loser_used, to_loser)):
        table = np.full(len(used) + 1, -1, dtype=np.int64)  # its last entry: an empty cell
        table[:-1][used] = to_player[:-1]
        tables.append(table)
    return winner_codes, loser_codes, tables[0], tables[1], names


def _optional(games: pd.DataFrame, labels: dict[str, Any], name: str) -> tuple[Codes, list[Any]]:
    """An optional column's codes and cells; no code and no cell where the table lacks it."""
    if name not in labels:
        return np.zeros(0, dtype=np.int32), []
    return _codes(games[labels[name]], spans=True)


def _codes(values: pd.Series, *, spans: bool) -> tuple[Codes, list[Any]]:
    """Codes of a column's cells as int32 (-1 for an empty cell) and the cells they stand for,
    some perhaps in no row: a categorical column's own codes; whole numbers in a short span by
    their distance from the lowest where ``spans``; else pandas' factorize, in the order the
    cells first come."""
    dtype = values.dtype
    if isinstance(dtype, pd.CategoricalDtype):
        codes = np.asarray(values.cat.codes).astype(np.int32, copy=False)
        return np.ascontiguousarray(codes), list(dtype.categories)
    spanned = _spanned(values) if spans else None
    if spanned is not None:
        return spanned
    factorized, uniques = pd.factorize(values, use_na_sentinel=True)
    return np.asarray(factorized).astype(np.int32), list(uniques)


def _spanned(values: pd.Series) -> tuple[Codes, list[Any]] | None:
    """Whole numbers, nullable or not, in a span of at most :data:`_SPAN`, coded by their
    distance from the lowest (a pass, no hashing); None for any other column."""
    dtype = values.dtype
    if isinstance(values.array, pd.arrays.IntegerArray) and dtype != "UInt64":
        lowest, highest = values.min(), values.max()  # of the cells that are not empty
        if pd.isna(lowest):
            return np.full(len(values), -1, dtype=np.int32), []
        low, high = int(lowest), int(highest)
        if high - low >= _SPAN or low == np.iinfo(np.int64).min:
            return None
        numbers = values.to_numpy(dtype=np.int64, na_value=low - 1)  # an empty cell: code -1
        np.subtract(numbers, low, out=numbers)
        return numbers.astype(np.int32), list(range(low, high + 1))
    if not (isinstance(dtype, np.dtype) and dtype.kind in "iu" and dtype != np.uint64):
        return None
    numbers = values.to_numpy()
    low, high = int(numbers.min()), int(numbers.max())
    if high - low >= _SPAN:
        return None
    if dtype.itemsize < 4 or dtype == np.int32:  # every number, and so the lowest, fits int32
        codes = np.subtract(numbers, low, dtype=np.int32)
    else:
        codes = (numbers - low).astype(np.int32)
    return np.ascontiguousarray(codes), list(range(low, high + 1))
