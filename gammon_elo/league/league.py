"""A league: players at named levels, a schedule of single games over some weeks, every game
played by the engine as a Dask task in batches (:func:`~gammon_elo.parallel.run_tasks`: a
``LocalCluster`` by default, an existing cluster by address, or serial). A game's seed is the
league's seed and the game's number, so the league is the same bit for bit whoever plays it.

The schedule: each player has an activity (log-normal) and each week a burst of its own
(exponential), so a few players play heavy weeks (50 ranked games or more in 7 days) and most do
not; a game's time is uniform in its week. Pairing ``random`` (the default: games independent of
results, one pass) draws both players by that week's activity; ``rating`` pairs, week by week,
players of neighbouring ratings under the current rules after the weeks before (as matchmaking
does), so each week waits for the one before.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, Final

import numpy as np
import pandas as pd

from .._core import checks
from .._core.errors import InvalidInput
from .game import play_game
from .players import DEFAULT_LEVELS, assign_levels, parse_levels

__all__ = [
    "BATCH",
    "LEAGUE_COLUMNS",
    "MAX_GAMES",
    "MAX_PLAYERS",
    "MAX_WEEKS",
    "PAIRINGS",
    "PLAYER_COLUMNS",
    "START",
    "League",
    "play_batch",
    "play_league",
]

#: Games per Dask task: large enough that a task's overhead is small beside its games.
BATCH: Final = 100
#: The most players, games and weeks a league may have: every player's name, level and weekly
#: weights and every game's plan are drawn at once, before the first game is played.
MAX_PLAYERS: Final = 10_000
MAX_GAMES: Final = 10_000_000
MAX_WEEKS: Final = 10 * 52

#: The history's columns: the replay's own, then each side's level.
LEAGUE_COLUMNS: Final = (
    "time", "winner", "loser", "cube", "type", "ending", "winner_level", "loser_level",
)  # fmt: skip

#: The players table written beside a league.
PLAYER_COLUMNS: Final = ("player", "level", "games", "moves", "measured_pr")

PAIRINGS: Final = ("random", "rating")

#: The league's first moment (a Monday, UTC).
START: Final = pd.Timestamp("2026-10-05T00:00:00Z")

_WEEK: Final = 7 * 24 * 60  # minutes

Progress = Callable[[int, int], object]


@dataclass(frozen=True, slots=True)
class League:
    """A league played: its games (:data:`LEAGUE_COLUMNS`, time order), its players
    (:data:`PLAYER_COLUMNS`) and how it was made."""

    games: pd.DataFrame
    players: pd.DataFrame
    seed: int
    cubeful: bool
    levels: tuple[tuple[str, int], ...]
    pairing: str
    weeks: int


#: One game's outcome as a batch returns it: winning side, cube, ending, each side's equity
#: lost and non-forced moves.
Played = tuple[int, int, str, float, float, int, int]


def play_batch(
    seed: int, cubeful: bool, task: tuple[int, tuple[tuple[str, str], ...]]
) -> list[Played]:
    """A batch of games (the first game's number, each game's two levels), played."""
    first, pairs = task
    outcomes: list[Played] = []
    for offset, levels in enumerate(pairs):
        r = play_game(levels, seed, first + offset, cubeful=cubeful)
        outcomes.append((r.winner, r.cube, r.ending, *r.loss, *r.decisions))
    return outcomes


def _schedule_rng(seed: int) -> np.random.Generator:
    # Game n's generators come from [seed, n]; the schedule's from a key no game has.
    return np.random.Generator(np.random.PCG64(np.random.SeedSequence([seed, 2**63])))


def _weekly_weights(rng: np.random.Generator, players: int, weeks: int) -> np.ndarray:
    """Each player's share of each week's seats: activity × the week's burst."""
    activity = rng.lognormal(0.0, 0.8, players)
    burst = rng.exponential(1.0, (weeks, players))
    weights = activity * burst
    return np.asarray(weights / weights.sum(axis=1, keepdims=True))


def _times(rng: np.random.Generator, games: int, weeks: int) -> np.ndarray:
    """Each game's minute from the start, in order, and so its week."""
    return np.sort(rng.integers(0, weeks * _WEEK, games))


def _random_pairs(
    rng: np.random.Generator, weights: np.ndarray, count: int
) -> tuple[np.ndarray, np.ndarray]:
    """``count`` games' two players, each drawn by ``weights`` (never a player against itself)."""
    players = len(weights)
    a = rng.choice(players, count, p=weights)
    b = rng.choice(players, count, p=weights)
    for _ in range(1000):  # bounded: a clash is redrawn, rarely more than a few times
        clash = np.flatnonzero(a == b)
        if clash.size == 0:
            break
        b[clash] = rng.choice(players, clash.size, p=weights)
    return a, b


def _rating_pairs(
    rng: np.random.Generator, weights: np.ndarray, count: int, ratings: np.ndarray
) -> tuple[np.ndarray, np.ndarray]:
    """``count`` games whose seats are drawn by ``weights``, each seat paired with its
    neighbour by rating (a little noise breaks ties and varies the opponents)."""
    seats = rng.choice(len(weights), 2 * count, p=weights)
    order = np.argsort(ratings[seats] + rng.normal(0.0, 40.0, seats.size), kind="stable")
    seats = seats[order]
    a, b = seats[0::2].copy(), seats[1::2].copy()
    for _ in range(1000):  # bounded: the same player twice is given another opponent
        clash = np.flatnonzero(a == b)
        if clash.size == 0:
            break
        b[clash] = rng.choice(len(weights), clash.size, p=weights)
    return a, b


@dataclass(frozen=True, slots=True)
class _Plan:
    names: tuple[str, ...]
    levels: tuple[str, ...]
    weights: np.ndarray
    times: np.ndarray


def _plan(
    players: int, shares: tuple[tuple[str, int], ...], games: int, weeks: int, seed: int
) -> tuple[_Plan, np.random.Generator]:
    rng = _schedule_rng(seed)
    levels = assign_levels(players, shares)
    order = rng.permutation(players)  # names do not give the level away
    levels = tuple(levels[i] for i in order)
    width = len(str(players))
    names = tuple(f"bot{i + 1:0{width}d}" for i in range(players))
    return _Plan(
        names, levels, _weekly_weights(rng, players, weeks), _times(rng, games, weeks)
    ), rng


def _checked(players: Any, games: Any, weeks: Any, seed: Any, pairing: str) -> tuple[int, ...]:
    players = checks.integer("players", players, low=2, high=MAX_PLAYERS)
    games = checks.integer("games", games, low=1, high=MAX_GAMES)
    weeks = checks.integer("weeks", weeks, low=1, high=MAX_WEEKS)
    seed = checks.integer("seed", seed, low=0, high=2**63 - 1)
    if pairing not in PAIRINGS:
        raise InvalidInput("pairing", pairing, "must be " + " or ".join(PAIRINGS))
    return players, games, weeks, seed


def play_league(
    *,
    players: int,
    games: int,
    weeks: int,
    seed: int,
    levels: str | tuple[tuple[str, int], ...] = DEFAULT_LEVELS,
    cubeful: bool = True,
    pairing: str = "random",
    workers: int = 2,
    scheduler: str | None = None,
    serial: bool = False,
    client: Any = None,
    progress: Progress | None = None,
) -> League:
    """A league of ``players`` players (``levels``: each level's share, ``LEVEL:PERCENT,…``)
    playing ``games`` single games over ``weeks`` weeks, seeded by ``seed``; the games run as
    :func:`~gammon_elo.parallel.run_tasks` runs tasks (``workers`` local processes, an
    existing ``scheduler`` or ``client``, or ``serial``). ``progress(played, total)`` after each
    batch."""
    from ..parallel import run_tasks

    players, games, weeks, seed = _checked(players, games, weeks, seed, pairing)
    shares = parse_levels(levels) if isinstance(levels, str) else levels
    plan, rng = _plan(players, shares, games, weeks, seed)
    week_of = plan.times // _WEEK
    options: dict[str, Any] = {"workers": workers, "scheduler": scheduler, "serial": serial}
    options["client"] = client
    rounds = (
        [np.arange(games)]
        if pairing == "random"
        else [np.flatnonzero(week_of == w) for w in range(weeks)]
    )
    a_all = np.empty(games, dtype=np.intp)
    b_all = np.empty(games, dtype=np.intp)
    outcomes: list[Played] = []
    ratings = np.full(players, 1500.0)
    for games_now in rounds:
        if games_now.size == 0:
            continue
        if pairing == "random":
            a, b = _pairs_by_week(rng, plan.weights, week_of)
        else:
            a, b = _rating_pairs(rng, plan.weights[week_of[games_now[0]]], games_now.size, ratings)
        a_all[games_now], b_all[games_now] = a, b
        tasks = _tasks(games_now, a, b, plan.levels)
        done = len(outcomes)

        def report(finished: int, _total: int, done: int = done, tasks: Any = tasks) -> None:
            if progress is not None:
                played = sum(len(t[1]) for t in tasks[:finished])
                progress(min(done + played, games), games)

        for batch in run_tasks(
            play_batch, tasks, shared=(seed, cubeful), progress=report, **options
        ):
            outcomes.extend(batch)
        if pairing == "rating":
            ratings = _ratings(plan, a_all, b_all, outcomes)
    return _league(plan, a_all, b_all, outcomes, seed, cubeful, shares, pairing, weeks)


def _pairs_by_week(
    rng: np.random.Generator, weights: np.ndarray, week_of: np.ndarray
) -> tuple[np.ndarray, np.ndarray]:
    a = np.empty(week_of.size, dtype=np.intp)
    b = np.empty(week_of.size, dtype=np.intp)
    for w in range(len(weights)):
        at = np.flatnonzero(week_of == w)
        a[at], b[at] = _random_pairs(rng, weights[w], at.size)
    return a, b


def _tasks(
    numbers: np.ndarray, a: np.ndarray, b: np.ndarray, levels: tuple[str, ...]
) -> list[tuple[int, tuple[tuple[str, str], ...]]]:
    """Batches of consecutive games: (first game's number, each game's two levels)."""
    pairs = [(levels[i], levels[j]) for i, j in zip(a.tolist(), b.tolist(), strict=True)]
    return [(int(numbers[s]), tuple(pairs[s : s + BATCH])) for s in range(0, len(pairs), BATCH)]


def _frame(plan: _Plan, a: np.ndarray, b: np.ndarray, outcomes: Sequence[Played]) -> pd.DataFrame:
    n = len(outcomes)
    side = np.array([o[0] for o in outcomes], dtype=np.intp)
    first, second = a[:n], b[:n]
    winner = np.where(side == 0, first, second)
    loser = np.where(side == 0, second, first)
    names = np.asarray(plan.names, dtype=object)
    levels = np.asarray(plan.levels, dtype=object)
    return pd.DataFrame(
        {
            "time": START + pd.to_timedelta(plan.times[:n], unit="min"),
            "winner": names[winner],
            "loser": names[loser],
            "cube": np.array([o[1] for o in outcomes], dtype=np.int64),
            "type": "ranked",
            "ending": [o[2] for o in outcomes],
            "winner_level": levels[winner],
            "loser_level": levels[loser],
        }
    )


def _ratings(plan: _Plan, a: np.ndarray, b: np.ndarray, outcomes: Sequence[Played]) -> np.ndarray:
    """Every player's rating under the current rules after the games so far."""
    from ..replay import replay

    final = replay(_frame(plan, a, b, outcomes)).players.set_index("player")["final"]
    return np.asarray(pd.Series(plan.names).map(final).fillna(1500).to_numpy(dtype=float))


def _league(
    plan: _Plan,
    a: np.ndarray,
    b: np.ndarray,
    outcomes: Sequence[Played],
    seed: int,
    cubeful: bool,
    shares: tuple[tuple[str, int], ...],
    pairing: str,
    weeks: int,
) -> League:
    games = _frame(plan, a, b, outcomes)
    loss = np.zeros(len(plan.names))
    moves = np.zeros(len(plan.names), dtype=np.int64)
    played = np.zeros(len(plan.names), dtype=np.int64)
    for i, j, o in zip(a.tolist(), b.tolist(), outcomes, strict=True):
        loss[i] += o[3]
        loss[j] += o[4]
        moves[i] += o[5]
        moves[j] += o[6]
        played[i] += 1
        played[j] += 1
    with np.errstate(invalid="ignore", divide="ignore"):
        pr = np.where(moves > 0, 500 * loss / np.maximum(moves, 1), np.nan)
    players = pd.DataFrame(
        {
            "player": plan.names,
            "level": plan.levels,
            "games": played,
            "moves": moves,
            "measured_pr": pr,
        }
    )
    return League(games, players, seed, cubeful, shares, pairing, weeks)
