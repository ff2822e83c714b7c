"""Oracles: the rules applied one game at a time with the scalar ``rating_change``, written as
plain loops a reader can check by eye. The tests compare the array engines (``replay``,
``simulate``) against them number for number; the benchmarks time them as the baseline the
engines are measured against (``benchmarks/core/bench_replay.py``, ``bench_simulate.py``).

Run the benchmarks from the project root (``python -m benchmarks.core.bench_replay``) so that
``tests.oracles`` imports; pytest finds it through ``pythonpath = ["."]``.
"""

from __future__ import annotations

import math
from collections import defaultdict, deque
from collections.abc import Mapping
from typing import Any, NamedTuple

import numpy as np
import pandas as pd

from gammon_elo import CURRENT, Rules, rating_change

#: Per input row: winner's and loser's rating before, their changes, and their ranked games in
#: the 7 days before (None where the row has no such figure).
Row = tuple[Any, ...]


class GameByGame(NamedTuple):
    rows: list[Row]  #: per input row, in input order (see ``Row``)
    ratings: dict[str, int]  #: every player's rating after the last row


def replay_game_by_game(
    frame: pd.DataFrame, rules: Rules = CURRENT, initial: Mapping[str, int] | None = None
) -> GameByGame:
    """A history (columns time, winner, loser, cube, type, prize; already valid) rated row by
    row in time order, rows at the same time in input order, with ``rating_change`` for each
    ranked game and each player's 7-day window kept in a deque.

    Per row: a podium row adds its prize to the winner, (before, None, prize, None, None, None);
    a boosted or tournament row changes nothing, (winner before, loser before, 0, 0, None,
    None); a ranked game gives (winner before, loser before, winner change, loser change,
    winner's and loser's ranked games in the window).
    """
    times = pd.to_datetime(frame["time"], utc=True)
    order = np.argsort(times.dt.tz_localize(None).to_numpy(), kind="stable")
    columns = [times.tolist()] + [frame[c].tolist() for c in ("winner", "loser", "cube")]
    when, winners, losers, cubes = columns
    kinds, prizes = frame["type"].tolist(), frame["prize"].tolist()
    window = rules.window
    rating: defaultdict[str, int] = defaultdict(lambda: rules.starting, initial or {})
    recent: defaultdict[str, deque[pd.Timestamp]] = defaultdict(deque)
    rows: list[Row] = [()] * len(frame)
    for i in order.tolist():
        t, w, lo, kind = when[i], winners[i], losers[i], kinds[i]
        if kind == "podium":
            rows[i] = (rating[w], None, prizes[i], None, None, None)
            rating[w] += prizes[i]
            continue
        if kind != "ranked":
            rows[i] = (rating[w], rating[lo], 0, 0, None, None)
            continue
        week = []
        for player in (w, lo):
            games = recent[player]
            while games and games[0] <= t - window:  # exactly 7 days earlier no longer counts
                games.popleft()
            week.append(len(games))
        change = rating_change(
            rating[w],
            rating[lo],
            cube=int(cubes[i]),
            winner_recent_games=week[0],
            loser_recent_games=week[1],
            rules=rules,
        )
        rows[i] = (rating[w], rating[lo], change.winner, change.loser, *week)
        rating[w] += change.winner
        rating[lo] += change.loser
        recent[w].append(t)
        recent[lo].append(t)
    return GameByGame(rows, dict(rating))


def rate_simulated_games(log: pd.DataFrame, players: int, rules: Rules) -> list[int]:
    """A simulation's recorded games (``simulate(..., record_games=True).log``) rated one at a
    time with ``rating_change``, each player's 7-day count as recorded; the final ratings of
    players 0 … players − 1, all starting at the rule set's starting rating."""
    ratings = [rules.starting] * players
    columns = ("winner", "loser", "cube", "winner_recent_games", "loser_recent_games")
    for w, lo, cube, w_games, l_games in zip(*(log[c].tolist() for c in columns), strict=True):
        change = rating_change(
            ratings[w],
            ratings[lo],
            cube=cube,
            winner_recent_games=w_games,
            loser_recent_games=l_games,
            rules=rules,
        )
        ratings[w] += change.winner
        ratings[lo] += change.loser
    return ratings


def plan_paths_game_by_game(
    rating: int,
    opponent: int,
    win_rate: float,
    games_per_week: float,
    cubes: tuple[tuple[int, float], ...],
    paths: int,
    games: int,
    seed: int,
    rules: Rules = CURRENT,
) -> np.ndarray:
    """The Planner's walk one game at a time with ``rating_change``: the same random numbers as
    ``gammon_elo.plan`` draws (all the wins, then all the cubes), your K from the games less than
    a week back when ``games_per_week`` are spread evenly. (games + 1) × paths ratings."""
    rng = np.random.default_rng(seed)
    wins = rng.random((games, paths)) < win_rate
    weights = np.array([w for _, w in cubes])
    drawn = rng.choice(len(cubes), size=(games, paths), p=weights / weights.sum())
    out = np.empty((games + 1, paths), dtype=np.int64)
    out[0] = rating
    for path in range(paths):
        r = rating
        for game in range(games):
            # Game g (from 0) is played at g / games_per_week weeks: those after g − per week.
            recent = game - max(0, int(np.floor(game - games_per_week)) + 1)
            cube = cubes[drawn[game, path]][0]
            if wins[game, path]:
                r += rating_change(
                    r, opponent, cube=cube, winner_recent_games=recent, rules=rules
                ).winner
            else:
                r += rating_change(
                    opponent, r, cube=cube, loser_recent_games=recent, rules=rules
                ).loser
            out[game + 1, path] = r
    return out


def glicko2_player_by_player(
    periods: list[int], winner: list[int], loser: list[int], players: int, **start: float
) -> tuple[list[float], list[tuple[float, float, float]]]:
    """Glicko-2 over a history, one player at a time with :func:`~gammon_elo.glicko2_period`:
    each game's probability that its winner wins from the ratings at its period's start,
    1 / (1 + exp(−g(√(φw² + φl²))(μw − μl))); then every player of the period rated against
    their opponents, and each period a player sits out after their first game by
    ``glicko2_period`` without games, once per period. ``start``: rating, deviation,
    volatility, tau. Returns the probabilities and every player's (rating, RD, volatility)."""
    from gammon_elo.systems import glicko2_period

    tau = start["tau"]
    state = [(start["rating"], start["deviation"], start["volatility"])] * players
    last: list[int | None] = [None] * players
    expected: list[float] = []
    for period in sorted(set(periods)):
        games = [i for i, p in enumerate(periods) if p == period]
        present = sorted({winner[i] for i in games} | {loser[i] for i in games})
        for q in present:
            for _ in range(period - last[q] - 1 if last[q] is not None else 0):
                state[q] = tuple(glicko2_period(*state[q], [], tau=tau))  # type: ignore[assignment]
        for i in games:
            (rw, dw, _), (rl, dl, _) = state[winner[i]], state[loser[i]]
            phi2 = (dw / 173.7178) ** 2 + (dl / 173.7178) ** 2
            g = 1 / math.sqrt(1 + 3 * phi2 / math.pi**2)
            expected.append(1 / (1 + math.exp(-g * (rw - rl) / 173.7178)))
        new = {}
        for q in present:
            opponents = [(*state[loser[i]][:2], 1.0) for i in games if winner[i] == q]
            opponents += [(*state[winner[i]][:2], 0.0) for i in games if loser[i] == q]
            new[q] = tuple(glicko2_period(*state[q], opponents, tau=tau))
        for q, rated in new.items():
            state[q] = rated  # type: ignore[assignment]
            last[q] = period
    return expected, state


def weng_lin_by_openskill(
    winner: list[int], loser: list[int], players: int, **settings: float
) -> tuple[list[float], list[tuple[float, float]]]:
    """Weng-Lin Bradley-Terry over a history with openskill's own ``BradleyTerryFull.rate``,
    game by game (``settings``: its mu, sigma, beta, tau, kappa): each game's probability that
    its winner wins, the model's logistic 1 / (1 + exp(−(μw − μl) / c)),
    c = √(2β² + σw² + σl²), from the ratings before it; and every player's (μ, σ) after."""
    from openskill.models import BradleyTerryFull

    model = BradleyTerryFull(**settings)
    ratings = [model.rating() for _ in range(players)]
    expected = []
    for w, l in zip(winner, loser, strict=True):  # noqa: E741
        a, b = ratings[w], ratings[l]
        c = math.sqrt(2 * model.beta**2 + a.sigma**2 + b.sigma**2)
        expected.append(1 / (1 + math.exp(-(a.mu - b.mu) / c)))
        [[ratings[w]], [ratings[l]]] = model.rate([[a], [b]])
    return expected, [(r.mu, r.sigma) for r in ratings]
