"""What each system's predictions are scored by, all on the probability that each game's winner
wins: log-loss, Brier score and the calibration slope; and the floor, each pair of levels'
actual win rate on the same games, where every player's true level is known."""

from __future__ import annotations

import math
from collections.abc import Mapping
from typing import Final

import numpy as np
import numpy.typing as npt
import pandas as pd

from .._core.arrays import Floats
from .._core.errors import InvalidInput
from ..league.players import LEVELS, strength

__all__ = [
    "LEVEL_COLUMNS",
    "calibration_slope",
    "floor_probabilities",
    "history_levels",
    "level_codes",
]


#: The columns of a league's history that give each side's true level.
LEVEL_COLUMNS: Final = ("winner_level", "loser_level")

#: Newton steps of the slope, safeguarded by bisection; it converges in a handful.
_STEPS: Final = 100


def _sum_derivative(b: float, x: Floats) -> tuple[float, float]:
    """Σ x(1 − s) and −Σ x² s(1 − s), s = 1 / (1 + e^(−bx)): the first two derivatives of
    Σ ln s in b."""
    with np.errstate(over="ignore"):
        s = 1.0 / (1.0 + np.exp(-b * x))
    # Sums of products rather than np.dot: BLAS's threads wait on a busy machine.
    return float((x * (1.0 - s)).sum()), -float((x * x * s * (1.0 - s)).sum())


def calibration_slope(expected_winner: npt.ArrayLike) -> float:
    """The calibration slope b: the logistic regression of the outcome on logit(p), p each
    game's probability that its winner wins, each game entered from both sides (so that the
    intercept is 0 by symmetry): b maximises Σ ln(1 / (1 + e^(−b·logit pᵢ))). 1 is calibrated;
    below 1 the predictions are too sure of themselves, above 1 too timid. inf (or −inf) where
    every game's winner was favoured (or every one the underdog); NaN where none was either,
    or where a winner was given no chance at all (that log-loss is infinite). A winner given
    certain victory adds nothing but that b is positive.

    >>> round(calibration_slope([0.6, 0.6, 0.6, 0.4]), 4)  # logit 0.6 = ln 1.5; 3:1 = e^(b ln 1.5)
    2.7095
    """
    p = np.asarray(expected_winner, dtype=np.float64).ravel()
    with np.errstate(divide="ignore"):
        x = np.log(p) - np.log1p(-p)
    if (x == -np.inf).any():
        return math.nan
    x = x[(x != 0) & np.isfinite(x)]
    if not x.size:
        return math.nan
    if (x > 0).all() or (x < 0).all():
        return math.inf if x[0] > 0 else -math.inf
    low, high = -1.0, 1.0
    while _sum_derivative(high, x)[0] > 0:  # the sum's derivative falls with b: a bracket
        low, high = high, high * 2
    while _sum_derivative(low, x)[0] < 0:
        low, high = low * 2, low
    b = 1.0 if low < 1 < high else (low + high) / 2
    for _ in range(_STEPS):
        first, second = _sum_derivative(b, x)
        if first > 0:
            low = b
        else:
            high = b
        step = b - first / second if second < 0 else math.nan
        new = step if low < step < high else (low + high) / 2
        if abs(new - b) <= 1e-12 * max(1.0, abs(b)):
            return new
        b = new
    return b


def level_codes(names: npt.NDArray[np.object_], levels: Mapping[str, object]) -> tuple[
    npt.NDArray[np.intp], Floats
]:  # fmt: skip
    """Each player's level as a code (for the floor's pairs) and a strength (for Spearman): a
    level is one of GNU Backgammon's presets (:data:`~gammon_elo.league.LEVELS`, weakest
    first) or a number (larger: stronger), the same kind for everyone."""
    found = {str(name).strip(): value for name, value in levels.items()}
    values = []
    for name in names.tolist():
        if name not in found:
            raise InvalidInput("levels", name, "names no level for this player")
        values.append(found[name])
    named = [isinstance(v, str) for v in values]
    if any(named):
        unknown = [v for v in values if not isinstance(v, str) or v.strip().lower() not in LEVELS]
        if unknown:
            reason = "must be one of " + ", ".join(LEVELS) + " for every player, or numbers"
            raise InvalidInput("levels", unknown[0], reason)
        order = np.array([strength(str(v).strip().lower()) for v in values], dtype=np.float64)
    else:
        try:
            order = np.array(values, dtype=np.float64)
        except (TypeError, ValueError):
            raise InvalidInput("levels", values[0], "must be level names or numbers") from None
        if not np.isfinite(order).all():
            raise InvalidInput("levels", float(order[~np.isfinite(order)][0]), "must be finite")
    _, codes = np.unique(order, return_inverse=True)
    return np.asarray(codes, dtype=np.intp), order


def floor_probabilities(
    winner_level: npt.NDArray[np.intp], loser_level: npt.NDArray[np.intp]
) -> Floats:
    """Each game's floor: how often its winner's level beat its loser's level over these same
    games (in-sample), wins[w, l] / (wins[w, l] + wins[l, w]); ½ between equal levels.

    >>> floor_probabilities(np.array([1, 1, 1, 0]), np.array([0, 0, 0, 1])).tolist()
    [0.75, 0.75, 0.75, 0.25]
    """
    count = int(max(winner_level.max(initial=0), loser_level.max(initial=0))) + 1
    wins = np.bincount(winner_level * count + loser_level, minlength=count * count).reshape(
        count, count
    )
    met = wins + wins.T
    out: Floats = wins[winner_level, loser_level] / met[winner_level, loser_level]
    return out


def history_levels(games: pd.DataFrame) -> dict[str, object] | None:
    """Each player's true level from a league's history (its ``winner_level`` and
    ``loser_level`` columns, as ``gammon-elo league`` writes them); None without them.

    >>> history_levels(pd.DataFrame({"winner": ["a"], "loser": ["b"],
    ...                              "winner_level": ["expert"], "loser_level": ["beginner"]}))
    {'a': 'expert', 'b': 'beginner'}
    """
    if not all(c in games.columns for c in LEVEL_COLUMNS):
        return None
    frame = pd.DataFrame(
        {
            "player": pd.concat([games["winner"], games["loser"]], ignore_index=True),
            "level": pd.concat([games[c] for c in LEVEL_COLUMNS], ignore_index=True),
        }
    ).dropna()
    frame["player"] = frame["player"].astype(str).str.strip()
    frame["level"] = frame["level"].map(lambda v: v.strip() if isinstance(v, str) else v)
    frame = frame.drop_duplicates()
    twice = frame["player"].duplicated(keep=False)
    if twice.any():
        player = frame.loc[twice, "player"].iloc[0]
        found = frame.loc[frame["player"] == player, "level"].tolist()
        raise InvalidInput("winner_level", found, f"gives player {player!r} two levels")
    return dict(zip(frame["player"], frame["level"], strict=True))
