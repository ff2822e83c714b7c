"""What each distinct cell of a history means, checked once however many rows hold it: a name
(surrounding spaces gone; no control characters), a cube, a type, a prize. :mod:`.validate`
looks its rows up in these tables.
"""

from __future__ import annotations

import re
from typing import Any, Final

import numpy as np
import numpy.typing as npt
import pandas as pd

from .._core import checks
from .._core.arrays import Indices, Ints
from .._core.errors import InvalidInput

__all__ = [
    "BOOSTED",
    "CONTROL",
    "GAME_TYPES",
    "PODIUM",
    "RANKED",
    "TOURNAMENT",
    "TYPE_NAMES",
    "Columns",
    "control_reason",
    "cube_table",
    "has_control",
    "is_missing",
    "player_tables",
    "prize_table",
    "type_table",
]

#: The game types, in the order of their codes.
GAME_TYPES: Final = ("ranked", "boosted", "tournament", "podium")
RANKED, BOOSTED, TOURNAMENT, PODIUM = range(4)
#: Boosted games were called Casual before 1.3.0; old exports may still say so.
TYPE_NAMES: Final = {name: code for code, name in enumerate(GAME_TYPES)} | {"casual": BOOSTED}

#: Control characters (C0, DEL, C1) but the tab and line breaks a spreadsheet cell may hold:
#: never part of a name, often the sign of a broken export (a NUL, an escape).
CONTROL: Final = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f]")

#: A history's rows as :class:`~.validate.History` codes them, in input order: winner, loser,
#: cube, type and prize.
Columns = tuple[Indices, Indices, npt.NDArray[np.int8], npt.NDArray[np.int8], Ints]


_CUBE_CODES: Final = {cube: code for code, cube in enumerate(checks.CUBES)}


def is_missing(value: Any) -> bool:
    """Whether a cell holds nothing: empty or blank text, None, NaN, NA or NaT."""
    if isinstance(value, str):
        return not value.strip()
    if value is None:
        return True
    try:
        return bool(pd.isna(value))
    except (TypeError, ValueError):  # a list or an array in a cell: something, at least
        return False


def player_tables(
    winner_names: list[Any], loser_names: list[Any]
) -> tuple[list[str | None], Indices, Indices, npt.NDArray[np.object_]]:
    """Both columns' distinct cells as names (surrounding spaces gone, None for an empty one),
    each column's table from its cells' codes to players (its last entry, -1: no player, for a
    code of -1) and the players' names, in the order the cells come."""
    # Text, the usual cell, without a call per name (tens of thousands of players).
    cleaned = [
        (v.strip() or None) if type(v) is str else _name(v) for v in winner_names + loser_names
    ]
    merged, names = pd.factorize(pd.Series(cleaned, dtype=object), use_na_sentinel=True)
    merged = np.asarray(merged, dtype=np.intp)
    to_winner = np.append(merged[: len(winner_names)], -1)
    to_loser = np.append(merged[len(winner_names) :], -1)
    return cleaned, to_winner, to_loser, np.asarray(names, dtype=object)


def has_control(cleaned: list[str | None]) -> bool:
    """Whether any name holds a control character (one search over them all: "\\n" is none of
    those the names are refused for)."""
    return CONTROL.search("\n".join(n for n in cleaned if n is not None)) is not None


def control_reason(name: str) -> str:
    found = CONTROL.search(name)
    assert found is not None
    return (
        f"must not contain control characters (U+{ord(found.group()):04X} at character"
        f" {found.start() + 1})"
    )


def _name(value: Any) -> str | None:
    if is_missing(value):
        return None
    return value.strip() if isinstance(value, str) else str(value)


def _number(value: Any) -> Any:
    """A cell's number: text is read as an integer or a decimal, anything else is kept."""
    if not isinstance(value, str):
        return value
    text = value.strip()
    for kind in (int, float):
        try:
            return kind(text)
        except ValueError:
            pass
    return value


def cube_table(uniques: list[Any]) -> tuple[npt.NDArray[np.int8], dict[int, str]]:
    """log2 of each distinct cube cell (-1 for a bad one), an empty cell's (cube 1) last, and
    why each bad one is, by its code."""
    log2 = np.zeros(len(uniques) + 1, dtype=np.int8)
    reasons: dict[int, str] = {}
    for i, value in enumerate(uniques):
        if not is_missing(value):
            try:
                log2[i] = _CUBE_CODES[checks.cube(_number(value), "cube")]
            except InvalidInput as error:
                log2[i] = -1
                reasons[i] = error.reason
    return log2, reasons


def type_table(uniques: list[Any]) -> npt.NDArray[np.int8]:
    """Each distinct type cell's code (-1 for an unknown type), an empty cell's (ranked) last."""
    kinds = np.zeros(len(uniques) + 1, dtype=np.int8)
    for i, value in enumerate(uniques):
        if not is_missing(value):
            kinds[i] = TYPE_NAMES.get(str(value).strip().lower(), -1)
    return kinds


def prize_table(uniques: list[Any]) -> tuple[Ints, dict[int, str]]:
    """Each distinct prize cell's points (-1 for an empty cell, -2 for a bad one), an empty
    cell's last, and why each bad one is, by its code."""
    points = np.full(len(uniques) + 1, -1, dtype=np.int64)
    reasons: dict[int, str] = {}
    for i, value in enumerate(uniques):
        if not is_missing(value):
            try:
                points[i] = checks.integer("prize", _number(value), low=0, high=checks.K_LIMIT)
            except InvalidInput as error:
                points[i] = -2
                reasons[i] = error.reason
    return points, reasons
