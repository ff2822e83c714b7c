"""The divisor (and K) that would have predicted a history best: every candidate rule set a full
replay of the history, scored by log-loss, run in parallel by :mod:`gammon_elo.sweep`; a coarse
grid first, then a finer one around its best divisor. And :func:`simulated_history`, a history
of simulated games, on which the true curve is known.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Final, Literal

import numpy as np
import pandas as pd

from .._core import checks
from .._core.errors import InvalidInput
from ..parallel import DEFAULT_WORKERS, Progress, run_tasks
from ..rules import CURRENT, Rules, get_rules
from ..simulate import Simulation
from .scores import DEFAULT_BURN_IN, ReplayTask, prepare_history, replay_task

__all__ = [
    "COARSE_DIVISORS",
    "FIT_KS",
    "FitResult",
    "divisor_search",
    "fit",
    "fit_tasks",
    "simulated_history",
]

#: The coarse grid of divisors: 200 to 6400, three steps per doubling.
COARSE_DIVISORS: Final = tuple(round(200 * 2 ** (i / 3)) for i in range(16))

#: The K tried when fitting K too.
FIT_KS: Final = (8, 12, 16, 24, 32, 48, 64)

#: Divisors of the finer grid, between the coarse best's two neighbours.
_FINE_STEPS: Final = 8

FitWhat = Literal["divisor", "divisor,k"]


@dataclass(frozen=True, slots=True)
class FitResult:
    """The best candidate and every candidate tried (``candidates``: divisor, k, heavy_k,
    heavy_games, games, log_loss, brier; sorted by divisor then K)."""

    what: str
    divisor: float
    k: int
    log_loss: float
    #: The rule set the candidates are built from (its heavy-week rule kept, scaled with K).
    base: Rules
    base_log_loss: float
    candidates: pd.DataFrame
    #: The best divisor lies at the end of the searched range (the true best may lie beyond).
    at_edge: bool

    @property
    def best_per_k(self) -> pd.DataFrame:
        """Per K tried: the best divisor, its log-loss and K/D."""
        picked = self.candidates.groupby("k")["log_loss"].idxmin().to_numpy()
        best = self.candidates.loc[picked]
        return best.assign(k_over_d=best["k"] / best["divisor"])[
            ["k", "divisor", "log_loss", "k_over_d"]
        ].reset_index(drop=True)

    def sentence(self) -> str:
        """What the fit means, in one sentence computed from its numbers (English)."""
        gain = self.base_log_loss - self.log_loss
        start = (
            f"÷{self.divisor:g} with K {self.k} predicts these games best (log-loss"
            f" {self.log_loss:.4f}, {gain:.4f} below {self.base.label}'s {self.base_log_loss:.4f};"
            f" a coin toss scores ln 2 = {math.log(2):.4f})"
        )
        edge = "; it lies at the end of the searched range" if self.at_edge else ""
        per_k = self.best_per_k
        if len(per_k) > 1:
            ratios = per_k["k_over_d"].to_numpy()
            spread = float(ratios.max() / ratios.min())
            loss_range = float(per_k["log_loss"].max() - per_k["log_loss"].min())
            if spread < 1.5:
                return (
                    f"{start}{edge}; for every K the best divisor keeps K/D between"
                    f" {ratios.min():.4f} and {ratios.max():.4f}, so for prediction only K/D"
                    f" matters (the best log-loss per K differs by {loss_range:.4f})."
                )
            return (
                f"{start}{edge}; the best K/D runs from {ratios.min():.4f} to"
                f" {ratios.max():.4f} across K, so K and D matter separately here."
            )
        return f"{start}{edge}; at K {self.k} that is K/D = {self.k / self.divisor:.4f}."


def fit_tasks(
    what: FitWhat | str = "divisor",
    divisors: tuple[float, ...] = COARSE_DIVISORS,
    ks: tuple[int, ...] = FIT_KS,
) -> int:
    """The most replays :func:`fit` runs: every coarse candidate, the base, the finer grid.

    >>> fit_tasks("divisor"), fit_tasks("divisor,k")
    (25, 121)
    """
    per_divisor = len(set(ks)) if what == "divisor,k" else 1
    return len(set(divisors)) * per_divisor + 1 + _FINE_STEPS


def _candidate(base: Rules, divisor: float, k: int) -> Rules:
    heavy_k = None
    if base.heavy_k is not None:
        heavy_k = max(1, round(base.heavy_k * k / base.k))
    return Rules.custom(divisor, k, heavy_k=heavy_k, heavy_games=base.heavy_games)


def fit(
    history: pd.DataFrame,
    *,
    what: FitWhat | str = "divisor",
    base: Rules | str = CURRENT,
    burn_in: int = DEFAULT_BURN_IN,
    divisors: tuple[float, ...] = COARSE_DIVISORS,
    ks: tuple[int, ...] = FIT_KS,
    scheduler: str | None = None,
    workers: int | None = None,
    serial: bool = False,
    client: Any = None,
    progress: Progress | None = None,
) -> FitResult:
    """The divisor (``what="divisor"``, K as ``base``'s) or divisor and K (``"divisor,k"``)
    with the lowest log-loss on ``history``: every candidate on ``divisors`` (× ``ks``) a full
    replay, then a finer grid of divisors between the best's neighbours. Candidates keep
    ``base``'s heavy-week threshold, its heavy-week K scaled with K. Runs as
    :func:`~gammon_elo.sweep.sweep` does: ``scheduler``, an open ``client``, or ``serial``;
    ``progress(finished, total)`` is called as candidates finish, ``total`` the most the search
    can run (:func:`fit_tasks`), and once with ``(total, total)`` at its end."""
    if what not in ("divisor", "divisor,k"):
        raise InvalidInput("fit", what, "must be divisor or divisor,k")
    base = get_rules(base)
    burn_in = checks.integer("burn_in", burn_in, low=0)
    coarse = sorted({checks.positive("divisors", d) for d in divisors})
    k_list = sorted({checks.k("k", k) for k in ks}) if what == "divisor,k" else [base.k]
    if not coarse:
        raise InvalidInput("divisors", list(divisors), "must list at least one divisor")
    prepared = prepare_history(history)  # a bad history is reported once, here
    total = fit_tasks(what, divisors, ks)
    run = _batch_runner(
        burn_in,
        total,
        progress,
        shared=(prepared,),
        scheduler=scheduler,
        workers=DEFAULT_WORKERS if workers is None else workers,
        serial=serial,
        client=client,
    )
    results, base_result, best_d = divisor_search(run, base, coarse, k_list)
    if progress is not None:
        progress(total, total)
    candidates = _candidates(results, base)
    if candidates["log_loss"].isna().all():
        raise InvalidInput("burn_in", burn_in, "leaves no ranked game to score")
    best = candidates.iloc[int(np.nanargmin(candidates["log_loss"].to_numpy()))]
    return FitResult(
        what=what,
        divisor=float(best["divisor"]),
        k=int(best["k"]),
        log_loss=float(best["log_loss"]),
        base=base,
        base_log_loss=float(base_result["log_loss"]),
        candidates=candidates,
        at_edge=best_d in (coarse[0], coarse[-1]) and len(coarse) > 1,
    )


def _batch_runner(
    burn_in: int, total: int, progress: Progress | None, **options: Any
) -> Callable[[list[Rules]], list[dict[str, float]]]:
    """Scores a batch of rule sets by replaying the history (``options``, as
    :func:`~gammon_elo.parallel.run_tasks` takes them), its progress counted on from the batches
    before it: one count of ``total`` over the whole search, not one per batch."""
    finished = 0

    def run(rule_sets: list[Rules]) -> list[dict[str, float]]:
        nonlocal finished
        tasks = [ReplayTask(rules, burn_in) for rules in rule_sets]
        before = finished

        def step(done: int, _batch: int) -> None:
            if progress is not None:
                progress(before + done, total)

        scored = run_tasks(replay_task, tasks, progress=step, **options)
        finished += len(tasks)
        return scored

    return run


_Scored = dict[tuple[float, int], dict[str, float]]


def divisor_search(
    run: Callable[[list[Rules]], list[dict[str, float]]],
    base: Rules,
    coarse: list[float],
    k_list: list[int],
) -> tuple[_Scored, dict[str, float], float]:
    """Every coarse candidate and the base scored by ``run``, then a finer grid of divisors
    between the best's neighbours: the scores by (divisor, K), the base's, the best coarse
    divisor."""
    pairs = [(d, k) for d in coarse for k in k_list]
    # The base rule set itself, as it is, with the first batch.
    first = run([*(_candidate(base, d, k) for d, k in pairs), base])
    results = dict(zip(pairs, first, strict=False))
    base_result = first[-1]
    best_d, best_k = min(results, key=lambda p: (results[p]["log_loss"], p))
    at = coarse.index(best_d)
    low = coarse[max(0, at - 1)]
    high = coarse[min(len(coarse) - 1, at + 1)]
    if high > low:
        fine = np.geomspace(low, high, _FINE_STEPS + 2)[1:-1]
        extra = [(float(round(d, 1)), best_k) for d in fine]
        extra = [p for p in extra if p not in results]
        results.update(zip(extra, run([_candidate(base, d, k) for d, k in extra]), strict=True))
    return results, base_result, best_d


def _candidates(results: _Scored, base: Rules) -> pd.DataFrame:
    """One row per candidate scored, by divisor then K."""
    rows = [
        {
            "divisor": d,
            "k": k,
            "heavy_k": _candidate(base, d, k).heavy_k,
            "heavy_games": base.heavy_games,
            "games": int(r["history_games"]),
            "log_loss": r["log_loss"],
            "brier": r["brier"],
        }
        for (d, k), r in sorted(results.items())
    ]
    return pd.DataFrame(rows).astype({"heavy_k": "Int64", "heavy_games": "Int64"})


def simulated_history(run: Simulation, *, start: str = "2026-10-05T00:00:00Z") -> pd.DataFrame:
    """The games a simulation recorded (``simulate(..., record_games=True)``) as a history the
    replay reads: one row per game, slot t at ``start`` + t × (one week / slots per week),
    players named ``p0``, ``p1`` …

    >>> from gammon_elo.simulate import Population, simulate
    >>> population = Population(players=10, weeks=1, slots_per_week=20, heavy_share=0)
    >>> run = simulate(population, rules=["1.2.0"],
    ...                record_games=True)
    >>> list(simulated_history(run).columns)
    ['time', 'winner', 'loser', 'cube']
    """
    if run.log is None:
        raise InvalidInput("run", "a simulation without its games", "must record its games")
    log = run.log
    slot_length = pd.Timedelta(days=7) / run.population.slots_per_week
    times = pd.Timestamp(start) + pd.to_timedelta(log["slot"].to_numpy() * slot_length)
    return pd.DataFrame(
        {
            "time": pd.DatetimeIndex(times).strftime("%Y-%m-%dT%H:%M:%S.%fZ"),
            "winner": "p" + log["winner"].astype(str),
            "loser": "p" + log["loser"].astype(str),
            "cube": log["cube"].to_numpy(),
        }
    )
