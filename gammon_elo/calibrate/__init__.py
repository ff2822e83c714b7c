"""Calibration: how well each rule set's expected scores predicted a real history of games
(:func:`score`: log-loss, Brier score, a calibration table, the article's top-tenth check), and
the divisor (and K) that would have predicted it best (:func:`fit`, every candidate a full
replay, run in parallel by :mod:`gammon_elo.sweep`).
"""

from .fit import FIT_KS, FitResult, fit, simulated_history
from .scores import (
    BINS,
    CALIBRATION_COLUMNS,
    DEFAULT_BURN_IN,
    Margin,
    Scores,
    TopTenth,
    paired_margin,
    predictions,
    score,
    wilson,
)

__all__ = [
    "BINS",
    "CALIBRATION_COLUMNS",
    "DEFAULT_BURN_IN",
    "FIT_KS",
    "FitResult",
    "Margin",
    "Scores",
    "TopTenth",
    "fit",
    "paired_margin",
    "predictions",
    "score",
    "simulated_history",
    "wilson",
]
