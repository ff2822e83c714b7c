"""A typed history's rows checked and coded in one compiled pass, where the checks of
:func:`~.validate.prepare` would make a dozen passes over every row, each with its own
temporary array (80 MB apiece at 10 M rows).

The columns are coded first, each by what its type gives for nothing: a categorical column by
its own codes, whole numbers in a short span by their distance from the lowest (the cube, type
and prize only: names are numbered as the NumPy checks number them), anything else by pandas'
factorize. Each distinct cell is then checked once, by the tables
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

Codes = npt.NDArray[np.int16] | npt.NDArray[np.int32]

#: What :func:`coded` gives: the rows' codes in input order, the players' names, and whether
#: the times are in input order.
Coded = tuple[Columns, npt.NDArray[np.object_], bool]


def coded(games: pd.DataFrame, labels: dict[str, Any], ticks: Ints) -> Coded | None:
    """Every row of ``games`` (whose times, ``ticks``, are all good) checked and coded in one
    compiled pass; None when it cannot be (too few rows, no module built, a column of more
    than 32,767 distinct cells but for names) or a row fails a check, for
    :func:`~.validate.prepare` to check them its own way."""
    if len(games) < FAST_FROM or row_coder() is None:
        return None
    winner_codes, winner_cells = _codes(games[labels["winner"]])
    loser_codes, loser_cells = _codes(games[labels["loser"]])
    wide = winner_codes.dtype == np.int32 or loser_codes.dtype == np.int32
    if wide:
        winner_codes, loser_codes = (
            c.astype(np.int32, copy=False) for c in (winner_codes, loser_codes)
        )
    coder = row_coder(wide=wide)
    cube_column, type_column, prize_column = (
        _optional(games, labels, name) for name in ("cube", "type", "prize")
    )
    if coder is None or cube_column is None or type_column is None or prize_column is None:
        return None
    mark_used, code_rows = coder
    players = _players(winner_codes, winner_cells, loser_codes, loser_cells, mark_used)
    if players is None:
        return None
    winner_players, loser_players, names = players
    cube_codes, cube_empty, cube_cells = cube_column
    type_codes, _, type_cells = type_column
    prize_codes, prize_empty, prize_cells = prize_column
    n = len(games)
    winner, loser = (np.empty(n, dtype=np.int64) for _ in range(2))
    cube, kind = (np.empty(n, dtype=np.int8) for _ in range(2))
    prize = np.zeros(n, dtype=np.int64)  # written on podium rows only
    status = code_rows(
        np.ascontiguousarray(ticks, dtype=np.int64), winner_codes, loser_codes,
        winner_players, loser_players, cube_codes, cube_empty, cube_table(cube_cells)[0],
        type_codes, type_table(type_cells), prize_codes, prize_empty,
        prize_table(prize_cells)[0], winner, loser, cube, kind, prize,
    )  # fmt: skip
    if status < 0:
        return None
    return (winner, loser, cube, kind, prize), names, status == 1


def _players(
    winner_codes: Codes,
    winner_cells: list[Any],
    loser_codes: Codes,
    loser_cells: list[Any],
    mark_used: Any,
) -> tuple[Ints, Ints, npt.NDArray[np.object_]] | None:
    """Both name columns' tables from code to player (as :func:`~.cells.player_tables` numbers
    the players, the cells in no row left out) and the names; None when a name holds a control
    character."""
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
    return tables[0], tables[1], names


#: A column as the pass takes it: its codes, which of its cells are empty where the codes do
#: not say (no entry at all: the codes say), and the cells the codes stand for.
Column = tuple[Codes, npt.NDArray[np.bool_], list[Any]]


def _optional(games: pd.DataFrame, labels: dict[str, Any], name: str) -> Column | None:
    """An optional column as the pass takes it (no code and no cell where the table lacks
    it); None for a column of more than 32,767 distinct cells."""
    empty = np.zeros(0, dtype=bool)
    if name not in labels:
        return np.zeros(0, dtype=np.int16), empty, []
    values = games[labels[name]]
    spanned = _spanned(values)
    if spanned is not None:
        return spanned
    codes, cells = _codes(values)
    if codes.dtype != np.int16:
        return None
    return codes, empty, cells


def _codes(values: pd.Series) -> tuple[Codes, list[Any]]:
    """Codes of a column's cells (-1 for an empty cell) and the cells they stand for, some
    perhaps in no row: a categorical column's own codes; else pandas' factorize, in the order
    the cells first come. In int16 up to 32,767 distinct cells, else int32."""
    dtype = values.dtype
    if isinstance(dtype, pd.CategoricalDtype):
        codes = np.asarray(values.cat.codes)
        cells = list(dtype.categories)
    else:
        codes, uniques = pd.factorize(values, use_na_sentinel=True)
        cells = list(uniques)
    width = np.int16 if len(cells) <= np.iinfo(np.int16).max else np.int32
    return np.ascontiguousarray(codes.astype(width, copy=False)), cells


def _spanned(values: pd.Series) -> Column | None:
    """Whole numbers, nullable or not, in a span of at most :data:`_SPAN`, coded by their
    distance from the lowest (a pass, no hashing); None for any other column."""
    dtype = values.dtype
    if isinstance(values.array, pd.arrays.IntegerArray) and dtype != "UInt64":
        lowest, highest = values.min(), values.max()  # of the cells that are not empty
        numbers, empty = _numbers_and_gaps(values.array)
        if pd.isna(lowest):
            return np.full(len(values), -1, dtype=np.int16), empty, []
    elif isinstance(dtype, np.dtype) and dtype.kind in "iu" and dtype != np.uint64:
        numbers, empty = values.to_numpy(), np.zeros(0, dtype=bool)
        lowest, highest = numbers.min(), numbers.max()
    else:
        return None
    low, high = int(lowest), int(highest)
    if high - low >= _SPAN:
        return None
    codes = np.empty(len(numbers), dtype=np.int16)
    np.subtract(numbers, np.int64(low), out=codes, casting="unsafe")  # in int64, then stored
    return codes, np.ascontiguousarray(empty), list(range(low, high + 1))


def _numbers_and_gaps(array: Any) -> tuple[npt.NDArray[np.integer[Any]], npt.NDArray[np.bool_]]:
    """A nullable integer column's numbers (anything under an empty cell) and which cells are
    empty: pandas' own two arrays, not copied, where it keeps them as ``_data`` and ``_mask``
    (filling a copy instead took half of this step's time at 10 M rows), else copies."""
    numbers, empty = getattr(array, "_data", None), getattr(array, "_mask", None)
    if (
        isinstance(numbers, np.ndarray)
        and isinstance(empty, np.ndarray)
        and numbers.shape == empty.shape == (len(array),)
        and numbers.dtype.kind in "iu"
        and empty.dtype == bool
    ):
        return numbers, empty
    return array.to_numpy(dtype=np.int64, na_value=0), np.asarray(array.isna(), dtype=bool)
