"""Glicko-2, from Glickman's "Example of the Glicko-2 system": one player's rating period
(:func:`glicko2_period`, the paper's steps 1–8, in scalars) and its array twin
(:func:`glicko2_history`), which rates a whole history period by period, every player of a
period at once, and predicts each game from its players' ratings at the start of its period.

The paper's example: a player at 1500, RD 200, volatility 0.06 beats a 1400 (RD 30) and loses
to a 1550 (RD 100) and a 1700 (RD 300), τ = 0.5. The paper writes 1464.06, 151.52 and 0.05999
from its rounded steps (μ′ = −0.2069, φ′ = 0.8722):

>>> new = glicko2_period(1500, 200, 0.06, [(1400, 30, 1), (1550, 100, 0), (1700, 300, 0)],
...                      tau=0.5)
>>> [round(x, 4) for x in new]
[1464.0507, 151.5165, 0.06]
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from datetime import timedelta
from typing import Final

import numpy as np
import numpy.typing as npt

from .._core import checks
from .._core.arrays import Floats
from .._core.errors import InvalidInput

__all__ = [
    "CENTRE",
    "EPSILON",
    "SCALE",
    "Glicko2Rating",
    "Glicko2Run",
    "glicko2_candidates",
    "glicko2_history",
    "glicko2_period",
    "rating_periods",
]

#: The paper's factor between the Glicko scale and Glicko-2's: 400 / ln 10, to four decimals.
SCALE: Final = 173.7178
#: The rating at the centre of the Glicko-2 scale (μ = 0).
CENTRE: Final = 1500.0
#: The paper's tolerance on the volatility's iteration (step 5).
EPSILON: Final = 0.000001
#: A bound on the Illinois steps, so that no history keeps the loop going; the steps converge
#: superlinearly, far inside it.
_MAX_STEPS: Final = 100


@dataclass(frozen=True, slots=True)
class Glicko2Rating:
    """A player's rating, rating deviation (RD) and volatility, on the Glicko scale; unpacks as
    that tuple."""

    rating: float
    deviation: float
    volatility: float

    def __iter__(self) -> Iterator[float]:
        return iter((self.rating, self.deviation, self.volatility))


def _g(phi: float) -> float:
    """g(φ) = 1 / √(1 + 3φ² / π²) — the paper's step 3."""
    return 1.0 / math.sqrt(1.0 + 3.0 * phi * phi / (math.pi * math.pi))


def _volatility(phi: float, sigma: float, v: float, delta: float, tau: float) -> float:
    """σ′ by the Illinois algorithm on f(x) = eˣ(Δ² − φ² − v − eˣ) / (2(φ² + v + eˣ)²)
    − (x − a) / τ², a = ln σ² — the paper's step 5."""
    a = math.log(sigma * sigma)

    def f(x: float) -> float:
        ex = math.exp(x)
        return ex * (delta * delta - phi * phi - v - ex) / (2.0 * (phi * phi + v + ex) ** 2) - (
            x - a
        ) / (tau * tau)

    big_a = a
    if delta * delta > phi * phi + v:
        big_b = math.log(delta * delta - phi * phi - v)
    else:
        k = 1
        while f(a - k * tau) < 0:
            k += 1
        big_b = a - k * tau
    f_a, f_b = f(big_a), f(big_b)
    steps = 0
    while abs(big_b - big_a) > EPSILON and steps < _MAX_STEPS:
        big_c = big_a + (big_a - big_b) * f_a / (f_b - f_a)
        f_c = f(big_c)
        # ≤ rather than <: where f(C) is exactly 0, C is the root and A must move to it.
        if f_c * f_b <= 0:
            big_a, f_a = big_b, f_b
        else:
            f_a /= 2.0
        big_b, f_b = big_c, f_c
        steps += 1
    return math.exp(big_a / 2.0)


def _checked(rating: float, deviation: float, volatility: float, tau: float) -> None:
    checks.finite("rating", rating)
    checks.positive("deviation", deviation)
    checks.positive("volatility", volatility)
    checks.positive("tau", tau)


def glicko2_period(
    rating: float,
    deviation: float,
    volatility: float,
    opponents: Iterable[tuple[float, float, float]],
    *,
    tau: float,
) -> Glicko2Rating:
    """A player's rating after one rating period — Glickman, "Example of the Glicko-2 system",
    steps 1–8. ``opponents``: each game's (opponent's rating, opponent's RD, score: 1 a win,
    0 a loss, ½ a draw), all at the period's start. Without games only step 6 applies: the RD
    grows to √(RD² + (173.7178 σ)²), the rating and volatility stay.

    >>> glicko2_period(1500, 200, 0.06, [], tau=0.5).deviation  # √(200² + (173.7178 × 0.06)²)
    200.27...
    """
    _checked(rating, deviation, volatility, tau)
    games = [
        (
            checks.finite("opponent's rating", r),
            checks.positive("opponent's deviation", rd),
            checks.probability("score", s),
        )
        for r, rd, s in opponents
    ]
    mu, phi = (rating - CENTRE) / SCALE, deviation / SCALE  # step 2
    if not games:  # step 6 alone
        return Glicko2Rating(rating, SCALE * math.sqrt(phi * phi + volatility**2), volatility)
    inverse_v = improvement = 0.0
    for r, rd, s in games:  # steps 3 and 4
        g = _g(rd / SCALE)
        e = 1.0 / (1.0 + math.exp(-g * (mu - (r - CENTRE) / SCALE)))
        inverse_v += g * g * e * (1.0 - e)
        improvement += g * (s - e)
    v = 1.0 / inverse_v
    sigma = _volatility(phi, volatility, v, v * improvement, tau)  # step 5
    phi_star = math.sqrt(phi * phi + sigma * sigma)  # step 6
    phi_new = 1.0 / math.sqrt(1.0 / (phi_star * phi_star) + 1.0 / v)  # step 7
    mu_new = mu + phi_new * phi_new * improvement
    return Glicko2Rating(SCALE * mu_new + CENTRE, SCALE * phi_new, sigma)  # step 8


@dataclass(frozen=True, slots=True)
class Glicko2Run:
    """A history rated by :func:`glicko2_history`: each game's probability that its winner
    wins, and every player's rating, RD and volatility after the last period (players who never
    played keep the starting ones)."""

    expected_winner: Floats
    rating: Floats
    deviation: Floats
    volatility: Floats


def _g_array(phi2: Floats) -> Floats:
    """g of each φ, from φ²."""
    out: Floats = 1.0 / np.sqrt(1.0 + 3.0 * phi2 / (math.pi * math.pi))
    return out


def _volatility_array(phi2: Floats, sigma: Floats, v: Floats, delta: Floats, tau: Floats) -> Floats:
    """:func:`_volatility` for every player of a period at once (τ broadcast against them);
    the players still iterating are kept together, apart from those whose A has converged."""
    shape = np.broadcast_shapes(phi2.shape, tau.shape)
    a = np.log(sigma * sigma).ravel()
    rest = (delta * delta - phi2 - v).ravel()  # Δ² − φ² − v
    width = (phi2 + v).ravel()  # φ² + v
    t2 = np.broadcast_to(tau * tau, shape).ravel()

    def f(x: Floats, i: npt.NDArray[np.intp] | slice) -> Floats:
        ex = np.exp(x)
        out: Floats = ex * (rest[i] - ex) / (2.0 * (width[i] + ex) ** 2) - (x - a[i]) / t2[i]
        return out

    every = slice(None)
    tau_flat = np.sqrt(t2)
    big = rest > 0
    k = np.ones_like(a)
    while (more := ~big & (f(a - k * tau_flat, every) < 0)).any():
        k += more
    big_a = a.copy()
    big_b = np.where(big, np.log(np.where(big, rest, 1.0)), a - k * tau_flat)
    f_a, f_b = f(big_a, every), f(big_b, every)
    i = np.flatnonzero(np.abs(big_b - big_a) > EPSILON)  # the players still iterating
    ia, ib, fa, fb = big_a[i], big_b[i], f_a[i], f_b[i]
    steps = 0
    while i.size and steps < _MAX_STEPS:
        c = ia + (ia - ib) * fa / (fb - fa)
        fc = f(c, i)
        swap = fc * fb <= 0  # as in the scalar step
        ia, fa = np.where(swap, ib, ia), np.where(swap, fb, fa / 2.0)
        ib, fb = c, fc
        big_a[i] = ia
        going = np.abs(ib - ia) > EPSILON
        if not going.all():
            i, ia, ib, fa, fb = i[going], ia[going], ib[going], fa[going], fb[going]
        steps += 1
    out: Floats = np.exp(big_a / 2.0).reshape(shape)
    return out


#: Rating periods are counted from a Monday at midnight UTC: a day is a calendar day (UTC), a
#: week runs Monday to Sunday, an hour starts on the hour.
_MONDAY: Final = np.datetime64("1970-01-05T00:00:00", "us")
#: Ticks of a history's times (as the replay codes them) in a microsecond.
_TICKS: Final = {"us": 1, "ns": 1000}


def rating_periods(
    time: npt.NDArray[np.int64], unit: str, length: timedelta
) -> npt.NDArray[np.int64]:
    """Each time's rating period (a number, counted from a Monday at midnight UTC), for times
    in ticks of ``unit`` since 1970 (UTC).

    >>> t = np.array(["2026-10-05T00:00", "2026-10-05T23:59", "2026-10-06T00:00"],
    ...              dtype="datetime64[us]").view(np.int64)
    >>> rating_periods(t, "us", timedelta(days=1)).tolist()
    [20727, 20727, 20728]
    """
    if not isinstance(length, timedelta) or length <= timedelta(0):
        raise InvalidInput("period", length, "must be a positive length of time")
    if unit not in _TICKS:
        raise InvalidInput("unit", unit, "must be " + " or ".join(_TICKS))
    ticks = length // timedelta(microseconds=1) * _TICKS[unit]
    if ticks < 1:
        raise InvalidInput("period", length, "must be at least a microsecond")
    origin = int(_MONDAY.astype(f"datetime64[{unit}]").view(np.int64))
    out: npt.NDArray[np.int64] = (np.asarray(time, dtype=np.int64) - origin) // ticks
    return out


def glicko2_history(
    period: Sequence[int] | npt.NDArray[np.int64],
    winner: Sequence[int] | npt.NDArray[np.intp],
    loser: Sequence[int] | npt.NDArray[np.intp],
    players: int,
    *,
    rating: float = CENTRE,
    deviation: float = 350.0,
    volatility: float = 0.06,
    tau: float = 0.5,
) -> Glicko2Run:
    """Games rated by Glicko-2, period by period: game i, won by player ``winner[i]`` against
    ``loser[i]`` (codes below ``players``), in rating period ``period[i]`` (non-decreasing).

    Each game's probability that its winner wins comes from both players' ratings at the start
    of its period: 1 / (1 + exp(−g(√(φw² + φl²)) (μw − μl))), Glickman's own answer for the
    chance that one player's strength exceeds another's, g of the two deviations combined.
    The paper's E(μ, μj, φj) uses the opponent's deviation only, from one player's side: the
    two sides' chances of one game would then not add up to 1.

    Every player of a period is updated by :func:`glicko2_period`'s steps at once, against
    their opponents' ratings at the period's start. A player enters at their first game with
    the starting rating, RD and volatility; each period without a game after that grows their
    RD (step 6 alone), applied when they next play.
    """
    settings = [(rating, deviation, volatility, tau)]
    return glicko2_candidates(period, winner, loser, players, settings)[0]


def glicko2_candidates(
    period: Sequence[int] | npt.NDArray[np.int64],
    winner: Sequence[int] | npt.NDArray[np.intp],
    loser: Sequence[int] | npt.NDArray[np.intp],
    players: int,
    settings: Sequence[tuple[float, float, float, float]],
) -> list[Glicko2Run]:
    """:func:`glicko2_history` under each of several settings (rating, RD, volatility, τ) in
    one pass over the periods: the candidates are one more axis of every array."""
    for rating, deviation, volatility, tau in settings:
        _checked(rating, deviation, volatility, tau)
    period = np.asarray(period, dtype=np.int64)
    winner = np.asarray(winner, dtype=np.intp)
    loser = np.asarray(loser, dtype=np.intp)
    if period.size > 1 and not np.all(period[1:] >= period[:-1]):
        raise InvalidInput("period", "periods out of order", "must not decrease from game to game")
    start_rating, start_rd, start_sigma, taus = np.array(settings, dtype=np.float64).T[:, :, None]
    k = len(settings)
    mu = np.repeat((start_rating - CENTRE) / SCALE, players, axis=1)
    phi2 = np.repeat((start_rd / SCALE) ** 2, players, axis=1)
    sigma = np.repeat(start_sigma, players, axis=1)
    never = np.iinfo(np.int64).min
    last = np.full(players, never)  # the last period played, the same for every candidate
    expected: Floats = np.empty((k, len(period)))
    edges = np.flatnonzero(np.diff(period)) + 1
    for start, end in zip(np.r_[0, edges], np.r_[edges, len(period)], strict=True):
        w, l = winner[start:end], loser[start:end]  # noqa: E741 (the loser)
        side = np.concatenate([w, l])
        who, at = np.unique(side, return_inverse=True)
        now = period[start]
        idle = np.where(last[who] != never, now - last[who] - 1, 0)
        phi2[:, who] += idle * sigma[:, who] ** 2  # step 6 for each period without a game
        x = -_g_array(phi2[:, w] + phi2[:, l]) * (mu[:, w] - mu[:, l])
        expected[:, start:end] = 1.0 / (1.0 + np.exp(x))
        _update(mu, phi2, sigma, who, at, side, np.concatenate([l, w]), len(w), taus)
        last[who] = now
    return [
        Glicko2Run(expected[i], SCALE * mu[i] + CENTRE, SCALE * np.sqrt(phi2[i]), sigma[i])
        for i in range(k)
    ]


def _update(
    mu: Floats,
    phi2: Floats,
    sigma: Floats,
    who: npt.NDArray[np.intp],
    at: npt.NDArray[np.intp],
    side: npt.NDArray[np.intp],
    other: npt.NDArray[np.intp],
    wins: int,
    tau: Floats,
) -> None:
    """Steps 3–8 for the players ``who`` of one period, in place, for every candidate (a row
    of ``mu``, ``phi2``, ``sigma``, ``tau``): ``side[j]`` met ``other[j]`` (``at[j]``: side
    j's place in ``who``), the first ``wins`` of them winning."""
    k, m = len(mu), len(who)
    score = np.zeros(len(side))
    score[:wins] = 1.0
    g = _g_array(phi2[:, other])
    e = 1.0 / (1.0 + np.exp(-g * (mu[:, side] - mu[:, other])))
    into = (at + m * np.arange(k)[:, None]).ravel()  # each candidate's sums apart

    def summed(values: Floats) -> Floats:
        total = np.bincount(into, values.ravel(), minlength=k * m)
        return total.reshape(k, m).astype(np.float64, copy=False)

    v = 1.0 / summed(g * g * e * (1.0 - e))  # step 3
    improvement = summed(g * (score - e))  # step 4 (Δ / v)
    new_sigma = _volatility_array(phi2[:, who], sigma[:, who], v, v * improvement, tau)  # step 5
    phi_star2 = phi2[:, who] + new_sigma**2  # step 6
    new_phi2 = 1.0 / (1.0 / phi_star2 + 1.0 / v)  # step 7
    mu[:, who] += new_phi2 * improvement
    phi2[:, who] = new_phi2
    sigma[:, who] = new_sigma
