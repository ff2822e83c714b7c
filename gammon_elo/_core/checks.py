"""Argument checks shared by every public function: each returns the clean value or raises
:class:`InvalidInput` naming the field and the value."""

from __future__ import annotations

import math
import numbers
from collections.abc import Callable
from typing import Any

from .errors import InvalidInput

#: Ratings are Go ``int`` on the server; within ±(2**62 − 1) the difference of two ratings never
#: overflows an int64 (2**62 − (−2**62) = 2**63 would wrap to −2**63 in Go), so every accepted
#: pair is one the server itself could rate.
RATING_LIMIT = 2**62 - 1

#: K is a Go ``int``; this bound keeps ``K × 2`` (the largest change) far inside int64.
K_LIMIT = 2**40

#: The cube's values: 1, 2, 4 … 64, so the multiplier ``1 + log2(cube) / 6`` runs 1.00 … 2.00.
CUBES = tuple(2**n for n in range(7))


def integer(field: str, value: Any, *, low: int | None = None, high: int | None = None) -> int:
    """``value`` as an ``int``: ints, and floats or numpy numbers with an integral value."""
    if type(value) is int:  # the common case, checked first: it is on every rating's path
        result = value
    elif isinstance(value, bool) or value is None:
        raise InvalidInput(field, value, "must be a whole number")
    elif isinstance(value, numbers.Integral):
        result = int(value)
    elif isinstance(value, numbers.Real):
        as_float = float(value)
        if not math.isfinite(as_float):
            raise InvalidInput(field, value, "must be a finite whole number")
        if not as_float.is_integer():
            raise InvalidInput(field, value, "must be a whole number")
        result = int(as_float)
    else:
        raise InvalidInput(field, value, "must be a whole number")
    if low is not None and result < low:
        raise InvalidInput(field, value, f"must be at least {low}")
    if high is not None and result > high:
        raise InvalidInput(field, value, f"must be at most {high}")
    return result


def rating(field: str, value: Any) -> int:
    return integer(field, value, low=-RATING_LIMIT, high=RATING_LIMIT)


def games(field: str, value: Any) -> int:
    """A count of ranked games: a whole number, zero or more."""
    return integer(field, value, low=0)


def k(field: str, value: Any) -> int:
    return integer(field, value, low=1, high=K_LIMIT)


def _real(field: str, value: Any, holds: Callable[[float], bool], must: str) -> float:
    """``value`` as a float, where it is a real number (not a bool) that ``holds``; else
    :class:`InvalidInput` saying what it ``must`` be."""
    if isinstance(value, bool) or not isinstance(value, numbers.Real):
        raise InvalidInput(field, value, must)
    as_float = float(value)
    if not holds(as_float):
        raise InvalidInput(field, value, must)
    return as_float


def _is_cube(value: float) -> bool:
    return math.isfinite(value) and value.is_integer() and int(value) in CUBES


def cube(value: Any, field: str = "cube") -> int:
    return int(_real(field, value, _is_cube, "must be a power of two from 1 to 64"))


def finite(field: str, value: Any) -> float:
    """Any finite real number (a rating or K of the classic and FIBS calculators)."""
    return _real(field, value, math.isfinite, "must be a finite number")


def positive(field: str, value: Any) -> float:
    """A positive finite number (a divisor)."""
    return _real(field, value, lambda x: math.isfinite(x) and x > 0, "must be a positive number")


def probability(field: str, value: Any) -> float:
    return _real(field, value, lambda x: 0.0 <= x <= 1.0, "must be a number from 0 to 1")


def plain_number(text: str) -> str:
    """``text`` without its surrounding blanks, where it writes a number as the app reads one:
    ASCII only and no ``_`` (Python's ``int()`` and ``float()`` would also take "１５００",
    "١٥٠٠" or "1_500"); ValueError otherwise.

    >>> plain_number(" 1500 "), float(plain_number("-2.5e3"))
    ('1500', -2500.0)
    >>> plain_number("１５００")
    Traceback (most recent call last):
    ...
    ValueError: '１５００' is not written in ASCII digits
    """
    stripped = text.strip()
    if not stripped.isascii() or "_" in stripped:
        raise ValueError(f"{text!r} is not written in ASCII digits")
    return stripped
