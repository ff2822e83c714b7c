"""How well one rule set predicted a history: every ranked game's expected score at the moment it
was played (from the history replay, :func:`~gammon_elo.replay`) taken as a prediction, and
scored by log-loss, Brier score, a calibration table and the article's top-tenth check.

A player's first ``burn_in`` ranked games are left out (a game counts once both players have
that many ranked games behind them): until then their rating mostly says where everyone starts.
"""

from __future__ import annotations

import bisect
import math
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Final

import numpy as np
import numpy.typing as npt
import pandas as pd

from .._core import checks
from .._core.arrays import Indices
from .._core.errors import InvalidInput
from ..replay import replay
from ..replay.api import checked_history
from ..replay.engine import new_state, rate
from ..replay.results import per_game
from ..replay.validate import RANKED, History
from ..rules import Rules, get_rules

__all__ = [
    "BINS",
    "CALIBRATION_COLUMNS",
    "DEFAULT_BURN_IN",
    "Margin",
    "PreparedHistory",
    "ReplayTask",
    "Scores",
    "TopTenth",
    "earlier_games",
    "paired_margin",
    "predictions",
    "prepare_history",
    "quick_score",
    "replay_task",
    "score",
    "wilson",
]

#: Each player's first ranked games left out by default: ten games move a newcomer's rating
#: at most 10 × K × 1.67 (cube 16) from the start; before that it says little about them.
DEFAULT_BURN_IN: Final = 10

#: Edges of the calibration table's bins of the favourite's expected score (the last includes 1).
BINS: Final = (0.5, 0.55, 0.6, 0.65, 0.7, 0.75, 0.8, 0.85, 0.9, 0.95, 1.0)

#: One row per non-empty bin.
CALIBRATION_COLUMNS: Final = ("bin_from", "bin_to", "games", "expected", "actual", "low", "high")

#: z of a two-sided 95 % interval.
_Z95: Final = 1.959963984540054


@dataclass(frozen=True, slots=True)
class TopTenth:
    """The article's check: the games of the players in the top tenth by rating at the moment
    each game was played (of the players with a ranked game so far), their expected score and
    their actual win rate. A game of two top-tenth players counts for both."""

    games: int
    expected: float
    actual: float


@dataclass(frozen=True, slots=True)
class Scores:
    """One rule set's predictions of one history, scored."""

    rules: Rules
    burn_in: int
    #: Ranked games scored (after the burn-in).
    games: int
    #: Mean of −ln(winner's expected score), natural log (NaN without games).
    log_loss: float
    #: Mean of (1 − winner's expected score)².
    brier: float
    #: Games binned by the favourite's expected score (see :data:`CALIBRATION_COLUMNS`).
    calibration: pd.DataFrame
    top_tenth: TopTenth
    #: Each scored game's log-loss, −ln(winner's expected score), in rating order: every rule
    #: set scores the same games of a history in the same order (the burn-in counts games, not
    #: ratings), so two rule sets' losses pair game by game (:func:`paired_margin`).
    losses: npt.NDArray[np.float64] = field(default_factory=lambda: np.empty(0))


@dataclass(frozen=True, slots=True)
class Margin:
    """How much more log-loss a game costs one rule set than another, over the same games."""

    #: Games compared.
    games: int
    #: Mean of the per-game differences (positive: the second rule set predicted better).
    mean: float
    #: Standard error of that mean (NaN with fewer than two games).
    se: float

    @property
    def clear(self) -> bool:
        """Whether the margin is outside the noise: at least two standard errors from zero
        (about a 95 % two-sided test), and not zero itself."""
        return math.isfinite(self.se) and self.mean != 0 and abs(self.mean) >= 2 * self.se


def paired_margin(losses_a: npt.ArrayLike, losses_b: npt.ArrayLike) -> Margin:
    """The paired difference of two rule sets' per-game log-losses on the same games.

    With dᵢ = aᵢ − bᵢ over the n games (a's loss minus b's on game i), the margin is
    d̄ = Σ dᵢ / n, the difference of the two log-losses, and its standard error is
    s / √n with s² = Σ (dᵢ − d̄)² / (n − 1), the sample variance of the differences. Pairing
    removes what the games share (an upset costs both rule sets), so the error is far smaller
    than the two log-losses' own. A positive margin says b predicted better.

    >>> m = paired_margin([0.6, 0.8, 0.7], [0.5, 0.6, 0.7])
    >>> round(m.mean, 4), round(m.se, 4), m.clear
    (0.1, 0.0577, False)
    """
    a = np.asarray(losses_a, dtype=np.float64).ravel()
    b = np.asarray(losses_b, dtype=np.float64).ravel()
    if a.shape != b.shape:
        raise InvalidInput(
            "losses_b", f"{b.size} games", f"must pair with losses_a's {a.size} games"
        )
    n = int(a.size)
    if not n:
        return Margin(0, math.nan, math.nan)
    d = a - b
    mean = float(d.mean())
    se = float(d.std(ddof=1) / math.sqrt(n)) if n > 1 else math.nan
    return Margin(n, mean, se)


def wilson(successes: float, trials: int) -> tuple[float, float]:
    """The Wilson score 95 % interval of a win rate (a half win counts half).

    >>> [round(x, 3) for x in wilson(5, 10)]
    [0.237, 0.763]
    """
    if trials <= 0:
        return math.nan, math.nan
    p, z2 = successes / trials, _Z95**2
    centre = (p + z2 / (2 * trials)) / (1 + z2 / trials)
    half = _Z95 * math.sqrt(p * (1 - p) / trials + z2 / (4 * trials**2)) / (1 + z2 / trials)
    return max(0.0, centre - half), min(1.0, centre + half)


@dataclass(frozen=True, slots=True)
class PreparedHistory:
    """A history checked once, for many replays (what a fit sends each worker)."""

    history: History


def prepare_history(history: pd.DataFrame, *, skip_invalid: bool = False) -> PreparedHistory:
    """Every row checked (:class:`~gammon_elo.InvalidHistory` on a bad one unless
    ``skip_invalid``), as the replay does before rating."""
    return PreparedHistory(checked_history(history, skip_invalid=skip_invalid))


def earlier_games(winner: Indices, loser: Indices) -> tuple[Indices, Indices]:
    """Each game's winner's and loser's ranked games before it (games in rating order)."""
    pairs = np.column_stack([winner, loser]).ravel()
    earlier: Indices = np.asarray(
        pd.Series(pairs).groupby(pairs, sort=False).cumcount().to_numpy(), dtype=np.intp
    )
    return earlier[0::2], earlier[1::2]


def quick_score(
    prepared: PreparedHistory, rules: Rules | str, *, burn_in: int = DEFAULT_BURN_IN
) -> tuple[int, float, float]:
    """Games scored, log-loss and Brier score of ``rules`` on a prepared history: the same
    numbers as :func:`score`, from the replay's pass without its tables."""
    rules = get_rules(rules)
    burn_in = checks.integer("burn_in", burn_in, low=0)
    h = prepared.history
    state = new_state(np.full(len(h.names), rules.starting, dtype=np.int64))
    rated, _ = rate(h, rules, state, h.winner, h.loser)
    figures = rated.figures.astype(np.int64, copy=False)
    ranked = h.kind == RANKED
    winner_games, loser_games = earlier_games(h.winner[ranked], h.loser[ranked])
    keep = (winner_games >= burn_in) & (loser_games >= burn_in)
    e = per_game(h, rated, figures)["expected_winner"][ranked][keep]
    if e.size and not np.all(e > 0):
        raise InvalidInput("rules", rules.label, "gives a winner an expected score of 0")
    if not e.size:
        return 0, math.nan, math.nan
    return int(e.size), float(-np.log(e).mean()), float(((1.0 - e) ** 2).mean())


@dataclass(frozen=True, slots=True)
class ReplayTask:
    """One rule set's replay of a prepared history, for :func:`replay_task` on a worker."""

    rules: Rules
    burn_in: int


def replay_task(history: PreparedHistory, task: ReplayTask) -> dict[str, float]:
    """The history's ranked games predicted under the task's rule set, scored."""
    games, log_loss, brier = quick_score(history, task.rules, burn_in=task.burn_in)
    return {"history_games": float(games), "log_loss": log_loss, "brier": brier}


def predictions(
    history: pd.DataFrame,
    rules: Rules | str,
    *,
    burn_in: int = DEFAULT_BURN_IN,
    skip_invalid: bool = False,
    initial_ratings: Mapping[str, int] | pd.Series | None = None,
) -> pd.DataFrame:
    """Every ranked game in rating order with its prediction under ``rules``: ``row``,
    ``winner``, ``loser``, both ratings before and after, ``expected_winner`` (as the
    replay computes it, podium prizes included), each player's ranked games before this one
    (``winner_games``, ``loser_games``) and ``scored`` (both past the burn-in)."""
    burn_in = checks.integer("burn_in", burn_in, low=0)
    result = replay(
        history, rules=get_rules(rules), skip_invalid=skip_invalid, initial_ratings=initial_ratings
    )
    games = result.games
    # Rating order is time order, equal times in input order (the frame is in input order).
    order = np.argsort(games["time"].to_numpy(), kind="stable")
    games = games.iloc[order]
    ranked = games[games["type"] == "ranked"]
    winner_games, loser_games = earlier_games(
        ranked["winner"].to_numpy(), ranked["loser"].to_numpy()
    )
    frame = pd.DataFrame(
        {
            "row": ranked["row"].to_numpy(),
            "winner": ranked["winner"].to_numpy(),
            "loser": ranked["loser"].to_numpy(),
            "winner_before": ranked["winner_before"].to_numpy(dtype=np.int64),
            "loser_before": ranked["loser_before"].to_numpy(dtype=np.int64),
            "winner_after": ranked["winner_after"].to_numpy(dtype=np.int64),
            "loser_after": ranked["loser_after"].to_numpy(dtype=np.int64),
            "expected_winner": ranked["expected_winner"].to_numpy(dtype=np.float64),
            "winner_games": winner_games,
            "loser_games": loser_games,
        }
    )
    frame["scored"] = (frame["winner_games"] >= burn_in) & (frame["loser_games"] >= burn_in)
    return frame


def score(
    history: pd.DataFrame,
    rules: Rules | str,
    *,
    burn_in: int = DEFAULT_BURN_IN,
    skip_invalid: bool = False,
    details: bool = True,
) -> Scores:
    """``rules``' predictions of ``history`` scored. ``details=False`` leaves the calibration
    table and the top-tenth check empty (a fit needs only the two scores).

    >>> history = pd.DataFrame({"time": ["2026-10-05T20:00:00Z", "2026-10-05T20:30:00Z"],
    ...                         "winner": ["Eleni", "Eleni"], "loser": ["Nikos", "Nikos"]})
    >>> s = score(history, "1.3.1", burn_in=0)
    >>> s.games, round(s.log_loss, 4), round(s.brier, 4)  # E 0.5, then 1516 v 1484 at ÷1200
    (2, 0.678, 0.2424)
    """
    rules = get_rules(rules)
    frame = predictions(history, rules, burn_in=burn_in, skip_invalid=skip_invalid)
    return scored(frame, rules, burn_in, details=details)


def scored(frame: pd.DataFrame, rules: Rules, burn_in: int, *, details: bool = True) -> Scores:
    """:class:`Scores` from a :func:`predictions` frame."""
    e = frame.loc[frame["scored"], "expected_winner"].to_numpy(dtype=np.float64)
    count = int(e.size)
    if count and not np.all(e > 0):
        raise InvalidInput("rules", rules.label, "gives a winner an expected score of 0")
    log_loss = float(-np.log(e).mean()) if count else math.nan
    brier = float(((1.0 - e) ** 2).mean()) if count else math.nan
    if details:
        table, top = calibration_table(e), top_tenth(frame)
    else:
        table, top = (
            pd.DataFrame(columns=list(CALIBRATION_COLUMNS)),
            TopTenth(0, math.nan, math.nan),
        )
    return Scores(rules, burn_in, count, log_loss, brier, table, top, -np.log(e) if count else e)


def calibration_table(expected_winner: np.ndarray) -> pd.DataFrame:
    """Games binned by the favourite's expected score: the bin, its games, the mean expected
    score of the favourite, its actual win rate (an even game, 0.5 each, counts half a win)
    and the Wilson 95 % interval of that rate. Empty bins are left out."""
    e = np.asarray(expected_winner, dtype=np.float64)
    favourite = np.maximum(e, 1.0 - e)
    won = np.where(e > 0.5, 1.0, np.where(e < 0.5, 0.0, 0.5))
    edges = np.array(BINS)
    which = np.clip(np.searchsorted(edges, favourite, side="right") - 1, 0, len(BINS) - 2)
    rows = []
    for b in range(len(BINS) - 1):
        inside = which == b
        n = int(inside.sum())
        if not n:
            continue
        wins = float(won[inside].sum())
        low, high = wilson(wins, n)
        rows.append(
            {
                "bin_from": BINS[b],
                "bin_to": BINS[b + 1],
                "games": n,
                "expected": float(favourite[inside].mean()),
                "actual": wins / n,
                "low": low,
                "high": high,
            }
        )
    return pd.DataFrame(rows, columns=list(CALIBRATION_COLUMNS))


def top_tenth(frame: pd.DataFrame) -> TopTenth:
    """The article's check on a :func:`predictions` frame (see :class:`TopTenth`): a player is
    in the top tenth when fewer than max(1, players // 10) of the players with a ranked game so
    far (themselves included) hold a higher rating just before the game."""
    current: dict[str, int] = {}
    ordered: list[int] = []

    def move(name: str, rating: int) -> None:
        old = current.get(name)
        if old != rating:
            if old is not None:
                del ordered[bisect.bisect_left(ordered, old)]
            bisect.insort(ordered, rating)
            current[name] = rating

    games = 0
    expected = wins = 0.0
    rows = zip(
        frame["winner"].tolist(),
        frame["loser"].tolist(),
        frame["winner_before"].tolist(),
        frame["loser_before"].tolist(),
        frame["winner_after"].tolist(),
        frame["loser_after"].tolist(),
        frame["expected_winner"].tolist(),
        frame["scored"].tolist(),
        strict=True,
    )
    for w, l, rw, rl, aw, al, e, counted in rows:  # noqa: E741
        move(w, rw)  # a podium prize may have moved a rating since the player's last game
        move(l, rl)
        if counted:
            top = max(1, len(ordered) // 10)
            for rating, expected_score, won in ((rw, e, 1.0), (rl, 1.0 - e, 0.0)):
                if len(ordered) - bisect.bisect_right(ordered, rating) < top:
                    games += 1
                    expected += expected_score
                    wins += won
        move(w, aw)
        move(l, al)
    if not games:
        return TopTenth(0, math.nan, math.nan)
    return TopTenth(games, expected / games, wins / games)
