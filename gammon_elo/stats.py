"""The statistics the replay and the simulator report about a set of ratings: quantiles and the
interquartile range, the narrowest window holding a share of the players (the article's "half of
the active players within about 60 points"), ranks and Spearman's rho.

>>> iqr([1400, 1490, 1500, 1510, 1600, 1700])
85.0
"""

from __future__ import annotations

import math
from typing import Any

import numpy as np
import numpy.typing as npt

from ._core import checks
from ._core.arrays import Floats
from ._core.errors import InvalidInput

__all__ = [
    "half_within",
    "half_within_sorted",
    "iqr",
    "narrowest_window",
    "pearson",
    "quantile",
    "ranks",
    "spearman",
]


def quantile(values: npt.ArrayLike, q: float) -> float:
    """numpy's default (linear) quantile; NaN for no values.

    >>> quantile([1, 2, 3, 4], 0.25), quantile([], 0.5)
    (1.75, nan)
    """
    array = np.asarray(values)
    if array.size == 0:
        return math.nan
    return float(np.quantile(array, q))


def iqr(values: npt.ArrayLike) -> float:
    """The interquartile range: 75th − 25th percentile, linear interpolation; NaN for none."""
    return quantile(values, 0.75) - quantile(values, 0.25)


def narrowest_window(ordered: npt.NDArray[Any], share: float) -> tuple[int, int]:
    """Where the narrowest window of sorted ``ordered`` holding ``share`` of them starts, and
    how many it holds: ⌈share × n⌉ (at least one); the lowest window where several are as
    narrow. Its width is ``ordered[start + count − 1] − ordered[start]``. Needs one value."""
    count = max(1, math.ceil(share * ordered.size))
    widths = ordered[count - 1 :] - ordered[: ordered.size - count + 1]
    return int(np.argmin(widths)), count


def half_within(ratings: npt.ArrayLike, *, share: float = 0.5) -> float:
    """The narrowest window of ratings holding ``share`` of the players (the article's "half of
    the active players within about 60 points"): max − min of the tightest ⌈share × n⌉ ratings.

    >>> half_within([1400, 1490, 1500, 1510, 1600, 1700])
    20.0
    """
    share = checks.probability("share", share)
    return half_within_sorted(np.sort(np.asarray(ratings, dtype=np.float64).ravel()), share)


def half_within_sorted(ordered: npt.NDArray[Any], share: float) -> float:
    """:func:`half_within` of values already sorted (NaN for none)."""
    if ordered.size == 0:
        return math.nan
    start, count = narrowest_window(ordered, share)
    return float(ordered[start + count - 1] - ordered[start])


def ranks(values: npt.NDArray[Any]) -> tuple[Floats, npt.NDArray[Any]]:
    """Ranks 1 … n, ties sharing the average of their ranks, and the values sorted.

    >>> ranks(np.array([30, 10, 20, 10]))[0].tolist()
    [4.0, 1.5, 3.0, 1.5]
    """
    order = np.argsort(values, kind="stable")
    ordered = values[order]
    n = ordered.size
    new = np.empty(n, dtype=bool)
    new[:1] = True
    np.not_equal(ordered[1:], ordered[:-1], out=new[1:])
    starts = np.flatnonzero(new)
    ends = np.append(starts[1:], n)
    result = np.empty(n)
    result[order] = ((starts + ends + 1) / 2.0)[np.cumsum(new) - 1]
    return result, ordered


def pearson(x: Floats, y: Floats) -> float:
    """Pearson's r; NaN where a side is constant."""
    if x.size < 2:
        return math.nan
    dx, dy = x - x.mean(), y - y.mean()
    scale = math.sqrt(float(dx @ dx) * float(dy @ dy))
    return float(dx @ dy) / scale if scale > 0 else math.nan


def spearman(x: npt.ArrayLike, y: npt.ArrayLike) -> float:
    """Spearman's rho: the correlation of the ranks (ties averaged); NaN where a side is constant.

    >>> spearman([1, 2, 3, 4], [10, 20, 30, 40]), spearman([1, 2, 3, 4], [4, 3, 2, 1])
    (1.0, -1.0)
    >>> round(spearman([1, 2, 2, 3], [1, 3, 2, 4]), 4)
    0.9487
    """
    xs, ys = np.asarray(x).ravel(), np.asarray(y).ravel()
    if xs.shape != ys.shape:
        raise InvalidInput("y", f"{ys.size} values", f"must have as many values as x ({xs.size})")
    return pearson(ranks(xs)[0], ranks(ys)[0])
