"""Running a simulation: every rule set's ratings side by side in one array, the weeks played
slot by slot, each slot's games rated at once from the change tables, and the measurements taken
at each week's end.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass

import numpy as np
import pandas as pd

from .._core.arrays import Flags, Floats, Ints, changes, cube_multipliers, expected_winner
from .._core.errors import InvalidInput
from .._core.lookup import TABLE_REACH, build_lookup
from ..rules import RULES, Rules, get_rules
from .measure import WeekEnd, WeeklyStats
from .population import Population, draw_players
from .result import Simulation
from .schedule import random_pairs, week_schedule

__all__ = ["Progress", "simulate"]

Progress = Callable[[float], object]


def _rule_sets(rules: Sequence[Rules | str]) -> tuple[Rules, ...]:
    if isinstance(rules, str | Rules):
        rules = [rules]
    resolved = tuple(get_rules(r) for r in rules)
    if not resolved:
        raise InvalidInput("rules", list(rules), "must name at least one rule set")
    labels = [r.label for r in resolved]
    if len(set(labels)) != len(labels):
        raise InvalidInput("rules", labels, "must not name the same rule set twice")
    return resolved


def simulate(
    population: Population | None = None,
    *,
    rules: Sequence[Rules | str] = tuple(RULES),
    progress: Progress | None = None,
    record_games: bool = False,
) -> Simulation:
    """Play ``population.weeks`` weeks of ranked games and rate them under every rule set.

    ``progress``, if given, is called after each week with the share of the run done (0 … 1].
    ``record_games`` keeps every game in ``Simulation.log`` (large: one row per game).

    >>> run = simulate(Population(players=200, weeks=2, slots_per_week=60, heavy_share=0),
    ...                rules=["1.2.0", "1.3.1"])
    >>> run.names, run.games > 0
    (('1.2.0', '1.3.1'), True)
    >>> float(run.ratings["1.2.0"].mean())  # one K for all: every game zero-sum
    1500.0
    """
    population = population or Population()
    run = _Run(population, _rule_sets(rules), record_games=record_games)
    for week in range(population.weeks):
        run.play_week(week)
        if progress is not None:
            progress((week + 1) / population.weeks)
    return run.result()


@dataclass(frozen=True, slots=True)
class _Week:
    """One week's draws, and where each slot's games go.

    Each slot's players side by side, winners then losers: slot t's h games fill the places
    2 × game_starts[t] … 2 × game_starts[t + 1] of ``players``.
    """

    #: Who plays, slot by slot, and where each slot's players begin.
    order: Ints
    starts: Ints
    luck: Floats
    cube_index: Ints
    #: Band pairing's random offsets per player of ``order`` (None: random pairing).
    jitter: Floats | None
    game_starts: Ints
    slot_of: Ints
    at_winner: Ints
    at_loser: Ints
    #: Filled as the slots are paired under band pairing, before them under random pairing.
    players: Ints
    #: Where each place's change is in the tables, but for the rule set, K and difference.
    cube_places: Ints

    @property
    def played(self) -> int:
        return int(self.game_starts[-1])


class _Run:
    """One simulation's state: the players, every rule set's ratings side by side in one array
    (rule set s at s × players …), each player's ranked games in the 7-day window, the stats."""

    def __init__(
        self, population: Population, rules: tuple[Rules, ...], *, record_games: bool
    ) -> None:
        self.population = population
        self.rules = rules
        players_rng, self.schedule_rng, self.pairing_rng, self.games_rng = (
            np.random.default_rng(s) for s in np.random.SeedSequence(population.seed).spawn(4)
        )
        self.strength, self.rate, self.newcomer = draw_players(population, players_rng)
        self.total = total = self.strength.size
        self.cube_values = np.array([c for c, _ in population.cubes], dtype=np.int64)
        weights = np.array([w for _, w in population.cubes], dtype=np.float64)
        self.cube_cumulative = np.cumsum(weights[:-1]) / weights.sum()
        self.tables = _RuleSetTables(rules, cube_multipliers(self.cube_values.tolist()))
        starting = np.array([r.starting for r in rules], dtype=np.int64)
        self.ratings = np.repeat(starting, total)
        self.rows = (np.arange(len(rules), dtype=np.int64) * total)[:, None]
        no_heavy_week = np.iinfo(np.int64).max
        self.threshold = np.array(
            [no_heavy_week if r.heavy_games is None else r.heavy_games for r in rules],
            dtype=np.int64,
        )[:, None]
        # Per heavy-week threshold, how far each rule set's heavy-K tables are (0: not its own).
        self.heavy_levels = [
            (level, np.where(self.threshold == level, tables_stride, 0)[:, :, None])
            for level in sorted({r.heavy_games for r in rules if r.heavy_games is not None})
            for tables_stride in [self.tables.heavy_stride]
        ]
        self.luck_scale = population.true_divisor / math.log(10)
        self.recent = np.zeros(total, dtype=np.int64)  # ranked games in the last 7 days
        self.window: list[Ints | None] = [None] * population.slots_per_week
        self.played = np.zeros(total, dtype=np.int64)
        self.games = 0
        self.stats = WeeklyStats(population, rules, self.strength, self.newcomer)
        self.log: list[pd.DataFrame] | None = [] if record_games else None

    def play_week(self, week: int) -> None:
        joined = week >= self.population.join_week
        games = self._draw_week(joined)
        start_ratings = self.ratings.copy()
        differences, exact, recent_at_game = self._rate_slots(games)
        self._tally(week, games, differences, exact, recent_at_game, start_ratings, joined)

    def _draw_week(self, joined: bool) -> _Week:
        """Who plays in which slot, their luck and cubes; under random pairing, who won."""
        population, tables = self.population, self.tables
        slots = population.slots_per_week
        chance = np.where(self.newcomer & ~joined, 0.0, self.rate / slots)
        order, starts = week_schedule(self.schedule_rng, chance, slots)
        capacity = order.size // 2
        luck = self.games_rng.logistic(0.0, self.luck_scale, capacity)
        cube_index = np.searchsorted(self.cube_cumulative, self.games_rng.random(capacity))
        jitter = None
        if population.pairing == "band":
            jitter = self.pairing_rng.random(order.size) * population.band
            game_starts = np.concatenate(([0], np.cumsum(np.diff(starts) // 2)))
        else:
            a, b, game_starts = random_pairs(order, starts)
            winner, loser = self._play(a, b, luck)
        played = int(game_starts[-1])
        per_slot = np.diff(game_starts)
        slot_of = np.repeat(np.arange(slots), per_slot)
        at_winner = np.arange(played) + game_starts[slot_of]
        at_loser = at_winner + per_slot[slot_of]
        players = np.empty(2 * played, dtype=np.int64)
        if jitter is None:
            players[at_winner], players[at_loser] = winner, loser
        cube_places = np.empty(2 * played, dtype=np.int64)
        cube_places[at_winner] = cube_index[:played] * tables.width
        cube_places[at_loser] = cube_places[at_winner] + tables.loser_offset
        return _Week(
            order, starts, luck, cube_index, jitter, game_starts, slot_of, at_winner, at_loser,
            players, cube_places,
        )  # fmt: skip

    def _rate_slots(self, games: _Week) -> tuple[Ints, list[tuple[int, int, Floats]], Ints | None]:
        """Rate the week slot by slot: the loser − winner differences of every game under every
        rule set, the slots rated exactly (beyond the tables), and with record_games both
        players' recent games at each game.

        The hot loop of the simulator, kept in one piece with its arrays in locals: a slot's
        games depend on the ratings the previous slot left, so the slots run one by one.
        """
        tables, rows, slots = self.tables, self.rows, self.population.slots_per_week
        order, starts, luck, jitter = games.order, games.starts, games.luck, games.jitter
        players, cube_places, cube_index = games.players, games.cube_places, games.cube_index
        played = games.played
        differences = np.empty((len(self.rules), played), dtype=np.int64)
        exact: list[tuple[int, int, Floats]] = []
        recent_at_game = np.empty(2 * played, dtype=np.int64) if self.log is not None else None
        ratings, recent, window = self.ratings, self.recent, self.window
        table_rows = tables.rows[:, :, None]
        heavy_levels, table, reach = self.heavy_levels, tables.changes, TABLE_REACH
        bounds = games.game_starts.tolist()
        for t in range(slots):
            g0, g1 = bounds[t], bounds[t + 1]
            both = players[2 * g0 : 2 * g1]
            if g1 > g0:
                h = g1 - g0
                if jitter is not None:
                    act = order[starts[t] : starts[t + 1]]
                    key = ratings[act] + jitter[starts[t] : starts[t + 1]]
                    paired = act[np.argsort(key, kind="stable")]
                    both[:h], both[h:] = self._play(paired[0::2][:h], paired[1::2], luck[g0:g1])
                at = rows + both
                r = ratings[at]
                difference = differences[:, g0:g1]
                np.subtract(r[:, h:], r[:, :h], out=difference)
                counted = recent[both]
                if recent_at_game is not None:
                    recent_at_game[2 * g0 : 2 * g1] = counted
                if difference.min() >= -reach and difference.max() <= reach:
                    # (rule set, 1, 1) + (1, side, game) + (rule set, 1, game)
                    index = table_rows + cube_places[2 * g0 : 2 * g1].reshape(2, h)
                    index += difference[:, None, :]
                    for threshold, stride in heavy_levels:
                        index += (counted >= threshold).reshape(2, h) * stride
                    ratings[at] = r + table[index].reshape(r.shape)
                else:
                    heavy = counted >= self.threshold
                    change, e = tables.exact(difference, heavy, cube_index[g0:g1])
                    ratings[at] = r + change
                    exact.append((g0, g1, e))
                recent[both] += 1
            window[t] = both
            # The games of the slot 7 days before the next one leave the window.
            leaving = window[(t + 1) % slots]
            if leaving is not None:
                recent[leaving] -= 1
        return differences, exact, recent_at_game

    def _tally(
        self,
        week: int,
        games: _Week,
        differences: Ints,
        exact: list[tuple[int, int, Floats]],
        recent_at_game: Ints | None,
        start_ratings: Ints,
        joined: bool,
    ) -> None:
        """Count the week's games and wins, their expected scores, and measure the week."""
        population, tables, played = self.population, self.tables, games.played
        winner, loser = games.players[games.at_winner], games.players[games.at_loser]
        self.games += played
        wins = np.bincount(winner, minlength=self.total)
        played_now = wins + np.bincount(loser, minlength=self.total)
        self.played += played_now
        # Slots beyond the tables' reach were rated exactly; clip here only to index safely,
        # their expected scores are overwritten just below.
        reachable = np.clip(differences, -TABLE_REACH, TABLE_REACH)
        expected_w = tables.expected_winner[tables.expected_rows + reachable]
        for g0, g1, e in exact:
            expected_w[:, g0:g1] = e
        expected = np.stack(
            [
                np.bincount(winner, weights=e, minlength=self.total)
                + np.bincount(loser, weights=1 - e, minlength=self.total)
                for e in expected_w
            ]
        )
        if self.log is not None and recent_at_game is not None:
            self.log.append(
                pd.DataFrame(
                    {
                        "slot": week * population.slots_per_week + games.slot_of,
                        "winner": winner,
                        "loser": loser,
                        "cube": self.cube_values[games.cube_index[:played]],
                        "winner_recent_games": recent_at_game[games.at_winner],
                        "loser_recent_games": recent_at_game[games.at_loser],
                    }
                )
            )
        shape = (len(self.rules), self.total)
        self.stats.week(
            week + 1,
            WeekEnd(
                self.ratings.reshape(shape),
                start_ratings.reshape(shape),
                expected,
                wins,
                played_now,
            ),
            scheduled=np.bincount(games.order, minlength=self.total) > 0,
            played_so_far=self.played,
            joined=joined,
            first_week=week - population.join_week + 1,
        )

    def _play(self, a: Ints, b: Ints, luck: Floats) -> tuple[Ints, Ints]:
        """Who wins: A beats B when the strength gap beats the dice (logistic luck, so that
        P(A wins) = 1 / (1 + 10^(−gap / true_divisor)))."""
        a_wins = self.strength[a] - self.strength[b] > luck[: a.size]
        winner = np.where(a_wins, a, b)
        return winner, a + b - winner

    def result(self) -> Simulation:
        final = self.ratings.reshape(len(self.rules), self.total)
        players = pd.DataFrame(
            {
                "player": np.arange(self.total),
                "strength": self.strength,
                "games_per_week": self.rate,
                "newcomer": self.newcomer,
                **{r.label: final[s] for s, r in enumerate(self.rules)},
            }
        )
        log = pd.concat(self.log, ignore_index=True) if self.log is not None else None
        return Simulation(
            population=self.population,
            rules=self.rules,
            games=self.games,
            weekly=self.stats.weekly_frame(),
            volatility=self.stats.volatility_frame(),
            heavy_weeks=self.stats.heavy_frame(),
            newcomers=self.stats.newcomer_frame(),
            ratings=players,
            log=log,
        )


class _RuleSetTables:
    """Every rule set's rounded changes and expected scores, looked up by rating difference.

    The server's change depends only on loser − winner, each side's K and the cube, so tables
    over differences within ±TABLE_REACH (:func:`~gammon_elo._core.lookup.build_lookup`)
    rate a whole slot of games by one lookup. Layout of ``changes``: the winners' half then the
    losers' half (``loser_offset`` further); in each, per rule set, per K (K, then the
    heavy-week K if the rule set has one), per cube, the differences.
    """

    def __init__(self, rules: Sequence[Rules], multipliers: Floats) -> None:
        self.rules = rules
        self.multipliers = multipliers
        per_rule_set = [
            build_lookup(r.divisor, r.k, r.heavy_k, multipliers.tolist()) for r in rules
        ]
        self.width = width = 2 * TABLE_REACH + 1
        sizes = np.array([t.winner.size for t in per_rule_set], dtype=np.int64)
        starts = np.concatenate(([0], np.cumsum(sizes)[:-1]))
        self.changes = np.concatenate(
            [t.winner for t in per_rule_set] + [t.loser for t in per_rule_set]
        )
        self.loser_offset = int(sizes.sum())
        self.expected_winner = np.concatenate([t.expected for t in per_rule_set])
        #: Where each rule set's tables start (shifted by the reach, so a difference indexes).
        self.rows = (starts + TABLE_REACH)[:, None]
        #: How far the heavy-week K's tables are from the K's (0: the rule set has none).
        heavy = [0 if r.heavy_k is None else len(multipliers) * width for r in rules]
        self.heavy_stride = np.array(heavy, dtype=np.int64)[:, None]
        self.expected_rows = (np.arange(len(rules), dtype=np.int64) * width + TABLE_REACH)[:, None]

    def exact(self, difference: Ints, heavy: Flags, cube: Ints) -> tuple[Ints, Floats]:
        """The same as the tables, game by game, for a slot with differences beyond their reach:
        the changes of winners then losers, and the winners' expected scores."""
        games = difference.shape[1]
        result = np.empty((len(self.rules), 2 * games), dtype=np.int64)
        expected = np.empty(difference.shape)
        m = self.multipliers[cube]
        for s, r in enumerate(self.rules):
            heavy_k = r.k if r.heavy_k is None else r.heavy_k
            k = np.where(heavy[s], heavy_k, r.k)
            expected[s] = e = expected_winner(difference[s], r.divisor)
            result[s, :games], result[s, games:] = changes(
                difference[s], e, r.divisor, k[:games], k[games:], m
            )
        return result, expected
