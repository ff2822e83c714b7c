"""Rating systems compared on the same games in time order (:func:`compare_systems`): every
system's probability that each ranked game's winner wins, from the ratings before the game,
scored on the same games by log-loss, Brier score and calibration slope, each paired game by
game with the current rules; beside a coin toss and, where every player's true level is known,
the floor and each system's Spearman with the levels. Settings chosen on the games (a fitted
divisor, a :class:`~gammon_elo.systems.Chosen` candidate) are chosen by default on the first
half of the ranked games by time and every row is scored on the second half.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Final

import numpy as np
import numpy.typing as npt
import pandas as pd

from .._core import checks
from .._core.arrays import Floats
from .._core.errors import InvalidInput
from ..calibrate.fit import COARSE_DIVISORS, divisor_search
from ..calibrate.scores import DEFAULT_BURN_IN, earlier_games, paired_margin
from ..replay.api import checked_history
from ..replay.engine import COMPILED_FROM, RATING, compiled_pass, new_state, rate
from ..replay.results import per_game
from ..replay.validate import RANKED, History
from ..rules import CURRENT, Rules
from ..stats import spearman
from . import weng_lin
from .glicko2 import Glicko2Run, glicko2_candidates, rating_periods
from .measures import calibration_slope, floor_probabilities, level_codes
from .specs import (
    DEFAULT_SYSTEMS,
    Chosen,
    FittedDivisor,
    Glicko2,
    Setting,
    System,
    WengLin,
    parse_system,
    system_label,
)
from .verdict import COIN_TOSS, FLOOR, Verdict, judge

__all__ = ["FIT_ON", "KINDS", "ROW_COLUMNS", "SystemsComparison", "compare_systems"]

#: Where settings are chosen: the first half of the ranked games by time, or all of them.
FIT_ON: Final = ("half", "all")

#: Each row's kind: a rule set, a fitted divisor, the two systems with uncertainty, and the
#: two references.
KINDS: Final = ("rules", "divisor", "glicko2", "weng-lin", "coin toss", "floor")

#: The rows' columns: ``margin`` is the current rules' log-loss a game minus the row's (positive:
#: the row predicts better), ``margin_se`` its standard error, ``clear`` beyond two of them;
#: ``fitted``: chosen on the games it is scored on; ``chosen``: its settings chosen on this
#: history at all; ``share``: the share of the distance from a coin toss to the floor it
#: covers; ``seconds``: its runs, candidates included.
ROW_COLUMNS: Final = (
    "system", "kind", "fitted", "chosen", "games", "log_loss", "brier", "slope", "margin",
    "margin_se", "clear", "share", "spearman_level", "seconds",
)  # fmt: skip


#: Glicko-2 candidates of one rating period rated in one pass: a pass costs little more for
#: several, and its arrays grow with each.
_TOGETHER: Final = 8


@dataclass(frozen=True, slots=True)
class SystemsComparison:
    """Every system scored on the same games: ``rows`` (:data:`ROW_COLUMNS`, best log-loss
    first, the coin toss and the floor among them), the ``verdict``, the games scored and those
    settings were chosen on, and each system row's settings as used (a fitted row's as chosen)."""

    rows: pd.DataFrame
    verdict: Verdict
    games: int
    fit_games: int
    burn_in: int
    fit_on: str
    settings: Mapping[str, Setting]


@dataclass(frozen=True, slots=True)
class _Games:
    """A checked history's ranked games, coded: rows of ``h`` and their players."""

    h: History
    rows: npt.NDArray[np.intp]
    winner: npt.NDArray[np.intp]
    loser: npt.NDArray[np.intp]
    fast: bool

    @property
    def players(self) -> int:
        return len(self.h.names)

    def prefix(self, games: int) -> History:
        """The history's rows up to its ``games``-th ranked game."""
        if games >= len(self.rows):
            return self.h
        cut = int(self.rows[games])
        h = self.h
        return replace(
            h, time=h.time[:cut], winner=h.winner[:cut], loser=h.loser[:cut], cube=h.cube[:cut],
            kind=h.kind[:cut], prize=h.prize[:cut],
        )  # fmt: skip


def _predict(games: _Games, system: Setting, upto: int) -> tuple[Floats, Floats]:
    """The first ``upto`` ranked games' probabilities that the winner wins under ``system``,
    and every player's rating after them."""
    if isinstance(system, Rules):
        h = games.prefix(upto)
        state = new_state(np.full(games.players, system.starting, dtype=np.int64))
        rated, _ = rate(h, system, state, h.winner, h.loser, compiled=games.fast)
        expected = per_game(h, rated, rated.figures)["expected_winner"][h.kind == RANKED]
        return expected.astype(np.float64), state[:, RATING].astype(np.float64)
    w, l = games.winner[:upto], games.loser[:upto]  # noqa: E741
    if isinstance(system, Glicko2):
        run = _glicko2(games, [system], upto)[0]
        return run.expected_winner, run.rating
    wl = weng_lin.weng_lin_history(
        w, l, games.players, mu=system.mu, sigma=system.sigma, beta=system.beta,
        tau=system.tau, kappa=system.kappa, compiled=games.fast,
    )  # fmt: skip
    return wl.expected_winner, wl.mu


def _glicko2(games: _Games, systems: Sequence[Glicko2], upto: int) -> list[Glicko2Run]:
    """Glicko-2 runs of the first ``upto`` ranked games under settings of one rating period,
    all in one pass."""
    time_ranked = games.h.time[games.rows[:upto]]
    periods = rating_periods(time_ranked, games.h.unit, systems[0].period)
    return glicko2_candidates(
        periods, games.winner[:upto], games.loser[:upto], games.players,
        [(s.rating, s.deviation, s.volatility, s.tau) for s in systems],
    )  # fmt: skip


def _log_loss(expected: Floats, mask: npt.NDArray[np.bool_]) -> float:
    chosen = expected[mask[: len(expected)]]
    with np.errstate(divide="ignore"):
        return float(-np.log(chosen).mean()) if chosen.size else math.nan


def _fit_divisor(
    games: _Games, spec: FittedDivisor, fit: npt.NDArray[np.bool_], upto: int
) -> Rules:
    """The calibration's divisor search, each candidate's log-loss on the fitting games."""
    tried: dict[tuple[float, int], Rules] = {}

    def run(rule_sets: list[Rules]) -> list[dict[str, float]]:
        tried.update({(r.divisor, r.k): r for r in rule_sets})
        return [{"log_loss": _log_loss(_predict(games, r, upto)[0], fit)} for r in rule_sets]

    results, _, _ = divisor_search(run, spec.base, sorted(COARSE_DIVISORS), [spec.base.k])
    # As the calibration's fit picks: the lowest log-loss, the smallest divisor of equals.
    best = min(sorted(results), key=lambda key: _or_inf(results[key]["log_loss"]))
    return tried[best]


def _or_inf(value: float) -> float:
    """A log-loss to rank by: NaN (no game to score) last."""
    return math.inf if math.isnan(value) else value


def _choose(games: _Games, spec: Chosen, fit: npt.NDArray[np.bool_], upto: int) -> Setting:
    """The candidate with the lowest log-loss on the fitting games; Glicko-2's of one rating
    period rated together, a few at a time."""
    scored = [math.nan] * len(spec.candidates)
    together: dict[object, list[int]] = {}
    for i, c in enumerate(spec.candidates):
        if isinstance(c, Glicko2):
            together.setdefault(c.period, []).append(i)
        else:
            scored[i] = _log_loss(_predict(games, c, upto)[0], fit)
    for members in together.values():
        for at in range(0, len(members), _TOGETHER):
            batch = members[at : at + _TOGETHER]
            runs = _glicko2(games, [spec.candidates[i] for i in batch], upto)  # type: ignore[misc]
            for i, run in zip(batch, runs, strict=True):
                scored[i] = _log_loss(run.expected_winner, fit)
    return spec.candidates[min(range(len(scored)), key=lambda i: _or_inf(scored[i]))]


def _label(system: System, setting: Setting) -> str:
    if isinstance(system, FittedDivisor):
        base = "" if system.base == CURRENT else f" (K as {system.base.label})"
        return f"fitted ÷{setting.divisor:g}{base}" if isinstance(setting, Rules) else ""
    if isinstance(system, Chosen):
        return f"{system_label(setting)}, best of {len(system.candidates)}"
    return system_label(system)


def _kind(system: System, setting: Setting) -> str:
    if isinstance(system, FittedDivisor):
        return "divisor"
    return {Rules: "rules", Glicko2: "glicko2", WengLin: "weng-lin"}[type(setting)]


def _use_compiled(work: int) -> bool:
    """Whether the passes run compiled: from COMPILED_FROM games in all, where Numba is there
    (the replay's pass first, which loads Numba the light way)."""
    if work < COMPILED_FROM:
        return False
    try:
        compiled_pass()
        weng_lin.compiled_rows()
    except ImportError:
        return False
    return True


def _passes(systems: Sequence[System]) -> int:
    """About how many passes over the games the systems take (to choose the compiled pass)."""
    count = 0
    for s in systems:
        if isinstance(s, FittedDivisor):
            count += len(COARSE_DIVISORS) + 10
        elif isinstance(s, Chosen):
            count += len(s.candidates) + 1
        else:
            count += 1
    return count


def compare_systems(
    history: pd.DataFrame,
    systems: Sequence[System | str] = DEFAULT_SYSTEMS,
    *,
    burn_in: int = DEFAULT_BURN_IN,
    fit_on: str = "half",
    levels: Mapping[str, object] | None = None,
    skip_invalid: bool = False,
    progress: Callable[[int, int], object] | None = None,
) -> SystemsComparison:
    """Every system of ``systems`` (settings, or text as :func:`parse_system` reads it) and the
    current rules, which every margin is measured against, scored on the same ranked games of
    ``history``, with a coin toss; with ``levels`` (each player's true level: a name of
    :data:`~gammon_elo.league.LEVELS` or a number, larger stronger), the floor and each
    system's Spearman between its final ratings and the levels.

    A game is scored once both players have ``burn_in`` ranked games behind them, and, with
    ``fit_on="half"``, when it lies in the second half of the ranked games by time; settings
    chosen on the games are chosen on the first half's (``"all"``: on the scored games).
    ``progress(done, total)`` is called as each system is scored (the current rules count).
    """
    burn_in = checks.integer("burn_in", burn_in, low=0)
    if fit_on not in FIT_ON:
        raise InvalidInput("fit_on", fit_on, "must be " + " or ".join(FIT_ON))
    specs = [parse_system(s) if isinstance(s, str) else s for s in systems]
    if not any(isinstance(s, Rules) and s == CURRENT for s in specs):
        specs.insert(0, CURRENT)  # the rules every margin is measured against
    twice = [system_label(s) for i, s in enumerate(specs) if s in specs[:i]]
    if twice:
        raise InvalidInput("systems", twice[0], "names one system twice")
    h = checked_history(history, skip_invalid=skip_invalid)
    codes = None if levels is None else level_codes(h.names, levels)
    rows = np.flatnonzero(h.kind == RANKED)
    n = len(rows)
    games = _Games(h, rows, h.winner[rows], h.loser[rows], _use_compiled(n * _passes(specs)))
    half, scored, fit = _split(games, burn_in, fit_on)
    if not scored.any():
        raise InvalidInput("burn_in", burn_in, "leaves no ranked game to score")
    if any(isinstance(s, FittedDivisor | Chosen) for s in specs) and not fit.any():
        raise InvalidInput("fit_on", fit_on, "leaves no ranked game to choose settings on")
    runs: dict[str, _Row] = {}
    settings: dict[str, Setting] = {}
    for done, spec in enumerate(specs, start=1):
        row = _run_system(games, spec, fit, half, fit_on)
        if progress is not None:
            progress(done, len(specs))
        if row.label in runs:
            raise InvalidInput("systems", row.label, "names one system twice")
        runs[row.label] = row
        if row.setting is not None:
            settings[row.label] = row.setting
    references = [_coin(n)] + ([] if codes is None else [_floor(games, codes[0], scored)])
    active = np.unique(np.concatenate([games.winner, games.loser]))  # players with a game
    table, losses = _table(runs, references, scored, codes, active, system_label(CURRENT))
    verdict = judge(table, losses, system_label(CURRENT), int(fit.sum()))
    return SystemsComparison(
        table, verdict, int(scored.sum()), int(fit.sum()), burn_in, fit_on, settings
    )


def _split(
    games: _Games, burn_in: int, fit_on: str
) -> tuple[int, npt.NDArray[np.bool_], npt.NDArray[np.bool_]]:
    """How many games the fitting runs cover, the games scored and those settings are chosen
    on: the games past the burn-in, in the second half and the first (``"half"``), or all."""
    n = len(games.rows)
    winner_games, loser_games = earlier_games(games.winner, games.loser)
    eligible = (winner_games >= burn_in) & (loser_games >= burn_in)
    if fit_on == "all":
        return n, eligible, eligible
    later = np.arange(n) >= n // 2
    return n // 2, eligible & later, eligible & ~later


@dataclass(frozen=True, slots=True)
class _Row:
    """One system's run: every ranked game's probability, every player's final rating."""

    label: str
    kind: str
    setting: Setting | None
    expected: Floats
    final: Floats | None
    fitted: bool
    chosen: bool
    seconds: float


def _run_system(
    games: _Games, spec: System, fit: npt.NDArray[np.bool_], half: int, fit_on: str
) -> _Row:
    started = time.perf_counter()
    setting: Setting
    if isinstance(spec, FittedDivisor):
        setting = _fit_divisor(games, spec, fit, half)
    elif isinstance(spec, Chosen):
        setting = _choose(games, spec, fit, half)
    else:
        setting = spec
    expected, final = _predict(games, setting, len(games.rows))
    chosen = isinstance(spec, FittedDivisor | Chosen)
    return _Row(
        _label(spec, setting), _kind(spec, setting), setting, expected, final,
        chosen and fit_on == "all", chosen, time.perf_counter() - started,
    )  # fmt: skip


def _coin(n: int) -> _Row:
    return _Row(COIN_TOSS, "coin toss", None, np.full(n, 0.5), None, False, False, 0.0)


def _floor(games: _Games, level: npt.NDArray[np.intp], scored: npt.NDArray[np.bool_]) -> _Row:
    """Each scored game's floor, from the scored games themselves (in-sample)."""
    started = time.perf_counter()
    expected = np.full(len(games.rows), np.nan)
    expected[scored] = floor_probabilities(level[games.winner[scored]], level[games.loser[scored]])
    return _Row(FLOOR, "floor", None, expected, None, True, True, time.perf_counter() - started)


def _table(
    runs: Mapping[str, _Row],
    references: list[_Row],
    scored: npt.NDArray[np.bool_],
    codes: tuple[npt.NDArray[np.intp], Floats] | None,
    active: npt.NDArray[np.intp],
    current: str,
) -> tuple[pd.DataFrame, dict[str, Floats]]:
    """The rows, best log-loss first, and each row's per-game losses on the scored games."""
    with np.errstate(divide="ignore"):
        losses = {r.label: -np.log(r.expected[scored]) for r in [*runs.values(), *references]}
    floor = float(losses[FLOOR].mean()) if FLOOR in losses else math.nan
    coin = math.log(2)
    records = []
    for row in [*runs.values(), *references]:
        e = row.expected[scored]
        margin = paired_margin(losses[current], losses[row.label])
        log_loss = float(losses[row.label].mean())
        rho = math.nan
        if codes is not None and row.final is not None:
            rho = spearman(row.final[active], codes[1][active])
        records.append(
            {
                "system": row.label, "kind": row.kind, "fitted": row.fitted,
                "chosen": row.chosen, "games": int(e.size), "log_loss": log_loss,
                "brier": float(((1.0 - e) ** 2).mean()), "slope": calibration_slope(e),
                "margin": margin.mean, "margin_se": margin.se, "clear": margin.clear,
                "share": (coin - log_loss) / (coin - floor) if floor < coin else math.nan,
                "spearman_level": rho, "seconds": row.seconds,
            }
        )  # fmt: skip
    table = pd.DataFrame.from_records(records, columns=list(ROW_COLUMNS))
    table = table.sort_values("log_loss", kind="stable", na_position="last")
    return table.reset_index(drop=True), losses
