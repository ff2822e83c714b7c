"""Weng-Lin Bradley-Terry for two players: the update of openskill's ``BradleyTerryFull``
(Weng and Lin 2011, Algorithm 1, with openskill's γ = σ / c and its additive dynamics τ) and the
model's own logistic win probability, over a history game by game (:func:`weng_lin_history`;
one loop, plain Python or compiled by Numba). openskill's ``predict_win`` puts a normal curve,
Φ((μA − μB) / c), on this logistic model (upstream issue 146), so the probability here is the
model's own: P(A beats B) = 1 / (1 + exp(−(μA − μB) / c)), c = √(2β² + σA² + σB²).

>>> run = weng_lin_history([0], [1], 2)
>>> float(run.expected_winner[0])  # two newcomers: an even game
0.5
>>> round(float(run.mu[0]), 4), round(float(run.mu[1]), 4)
(27.6354, 22.3646)
"""

from __future__ import annotations

import functools
import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, Final

import numpy as np
import numpy.typing as npt

from .._core import checks
from .._core.arrays import Floats
from .._core.errors import InvalidInput

__all__ = [
    "BETA",
    "KAPPA",
    "MU",
    "SIGMA",
    "TAU",
    "WengLinRun",
    "compiled_rows",
    "weng_lin_history",
    "win_probability",
]

#: openskill's defaults: the starting mean skill and its standard deviation (μ / 3) …
MU: Final = 25.0
SIGMA: Final = MU / 3
#: … the performance noise of one game (σ / 2) …
BETA: Final = SIGMA / 2
#: … the additive dynamics, added to every player's variance before each of their games …
TAU: Final = MU / 300
#: … and the floor on the factor that shrinks a variance in one game.
KAPPA: Final = 0.0001


def win_probability(mu_a: float, sigma_a: float, mu_b: float, sigma_b: float, beta: float) -> float:
    """P(A beats B) = 1 / (1 + exp(−(μA − μB) / c)), c = √(2β² + σA² + σB²) — the
    Bradley-Terry model's logistic (Weng and Lin 2011), not openskill's ``predict_win``.

    >>> round(win_probability(30, 5, 25, 5, 25 / 6), 4)  # c = √(2 × 17.36 + 25 + 25) = 9.204
    0.6326
    """
    c = math.sqrt(2 * beta * beta + sigma_a * sigma_a + sigma_b * sigma_b)
    return 1.0 / (1.0 + math.exp(-(mu_a - mu_b) / c))


def weng_lin_rows(
    winner: Any, loser: Any, mu: Any, sigma2: Any, beta2: float, tau2: float, kappa: float,
    out: Any,
) -> None:  # fmt: skip
    """Every game rated in place: ``out[i]``, the winner's probability from the ratings before
    game i; then openskill's update. Each player's variance first grows by τ²; with
    c² = 2β² + σw² + σl² and p the winner's probability, q = 1 − p:
    μw += σw² / c · q, μl −= σl² / c · q, and σ² ← σ² · max(1 − (σ / c)(σ² / c²) p q, κ)
    for each side. One function, so Numba compiles one loop."""
    for i in range(len(winner)):
        w = winner[i]
        l = loser[i]  # noqa: E741 (the loser)
        c = math.sqrt(2.0 * beta2 + sigma2[w] + sigma2[l])
        p = 1.0 / (1.0 + math.exp((mu[l] - mu[w]) / c))
        out[i] = p
        sw = sigma2[w] + tau2
        sl = sigma2[l] + tau2
        c2 = 2.0 * beta2 + sw + sl
        c = math.sqrt(c2)
        p = 1.0 / (1.0 + math.exp((mu[l] - mu[w]) / c))
        q = 1.0 - p
        mu[w] += sw / c * q
        mu[l] -= sl / c * q
        sigma2[w] = sw * max(1.0 - math.sqrt(sw) / c * sw / c2 * p * q, kappa)
        sigma2[l] = sl * max(1.0 - math.sqrt(sl) / c * sl / c2 * p * q, kappa)


@functools.cache
def compiled_rows() -> Callable[..., None]:
    """:func:`weng_lin_rows` compiled by Numba (ImportError without it)."""
    import numba

    compiled: Callable[..., None] = numba.njit(cache=True, nogil=True)(weng_lin_rows)
    return compiled


@dataclass(frozen=True, slots=True)
class WengLinRun:
    """A history rated by :func:`weng_lin_history`: each game's probability that its winner
    wins, and every player's μ and σ after the last game."""

    expected_winner: Floats
    mu: Floats
    sigma: Floats


def weng_lin_history(
    winner: Sequence[int] | npt.NDArray[np.intp],
    loser: Sequence[int] | npt.NDArray[np.intp],
    players: int,
    *,
    mu: float = MU,
    sigma: float = SIGMA,
    beta: float = BETA,
    tau: float = TAU,
    kappa: float = KAPPA,
    compiled: bool = False,
) -> WengLinRun:
    """Games rated one after another: game i won by player ``winner[i]`` against ``loser[i]``
    (codes below ``players``), everyone starting at ``mu`` and ``sigma``. ``compiled``: the
    loop compiled by Numba (ImportError without it); the numbers are the same."""
    checks.finite("mu", mu)
    checks.positive("sigma", sigma)
    checks.positive("beta", beta)
    if not (checks.finite("tau", tau) >= 0):
        raise InvalidInput("tau", tau, "must be 0 or more")
    if not (0 < checks.finite("kappa", kappa) <= 1):
        raise InvalidInput("kappa", kappa, "must be above 0 and at most 1")
    # Floats alike, whatever was given: the compiled loop is compiled once, for floats.
    beta2, tau2, kappa = float(beta) ** 2, float(tau) ** 2, float(kappa)
    n = len(winner)
    means = np.full(players, float(mu))
    variances = np.full(players, float(sigma) ** 2)
    out = np.empty(n)
    if compiled:
        compiled_rows()(
            np.asarray(winner, dtype=np.int64), np.asarray(loser, dtype=np.int64), means,
            variances, beta2, tau2, kappa, out,
        )  # fmt: skip
    else:  # on lists, which plain Python indexes faster than arrays
        m, v, o = means.tolist(), variances.tolist(), out.tolist()
        w, l = np.asarray(winner).tolist(), np.asarray(loser).tolist()  # noqa: E741
        weng_lin_rows(w, l, m, v, beta2, tau2, kappa, o)
        means, variances, out = np.array(m), np.array(v), np.array(o)
    return WengLinRun(out, means, np.sqrt(variances))
