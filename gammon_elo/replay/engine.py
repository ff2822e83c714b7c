"""The rating engine of the history replay: every ranked game rated exactly as
:func:`~gammon_elo.rating_change` rates it, in rating order.

Only the ratings are sequential, so everything else is done for all games at once: K depends
only on game counts, so every K is known before the first rating moves; the changes come from
the change tables (:func:`gammon_elo._core.lookup.lookup`, one entry per rating difference, K
and cube); and the games are rated in waves, a wave being every game whose players' earlier
games are all rated: it shares no player, so a few numpy calls rate all of it. The number of
waves is the longest chain of games each needing the one before, at least the busiest player's
ranked games; where the chains are long, a plain loop over the tables is faster, with the same
numbers. From COMPILED_FROM ranked games on, that plain loop runs compiled (:mod:`.compiled`):
it copies table entries exactly as the others do, and leaves a game outside the tables to the
exact Python path.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any, Final

import numpy as np
import numpy.typing as npt
import pandas as pd

from .._core import checks
from .._core.arrays import Flags, Floats, Indices, Ints, expected_winner
from .._core.errors import InvalidInput
from .._core.lookup import ChangeLookup, lookup
from ..formulas import rating_change
from ..rules import Rules
from . import compiled
from .chains import Chains
from .compiled import compiled_loop, compiled_replay, rate_compiled
from .validate import PODIUM, RANKED, History

__all__ = [
    "BUILT_FROM",
    "COMPILED_FROM",
    "Ranked",
    "Rated",
    "check_room",
    "initial_ratings",
    "ranked_games",
    "rate",
    "use_compiled",
    "use_one_pass",
]

#: A wave costs about 9 µs plus 0.2 µs a game, the plain loop over the tables 0.7 µs a game
#: (measured): waves win from about 20 games a wave, that is while the busiest player, whose
#: games make the longest chain, has less than this share of the ranked games. Both give the
#: same numbers.
_SMALL_WAVES: Final = 1 / 24

#: Ranked games from which a history is replayed by compiled code instead of the NumPy paths
#: below: in one pass (:mod:`.onepass`), or, in a chunked replay, by the compiled loop
#: (:mod:`.compiled`) and a compiled week count. Compiled code is several times as fast, but
#: its first use in a process costs 1–2 s (importing Numba, loading the cached code; more the
#: very first time on a machine, to compile it), which the NumPy paths take for about half a
#: million games (measured on the shared 2-core machine); it is also where the one pass is
#: first built ahead of time (:mod:`.ahead`). All paths give the same numbers.
COMPILED_FROM = 500_000

#: Ranked games from which a history is replayed in one pass by the module built ahead of
#: time, once it is built (it loads in about a millisecond): the pass beats the NumPy paths from
#: about a thousand games (``replay`` in one process, load 8: 11 ms against 14 ms at 1,000 games,
#: 17 against 40 ms at 20,000, 25 against 126 ms at 100,000); below this the NumPy paths take
#: a few tens of milliseconds, and the small histories of everyday use stay on them.
BUILT_FROM = 20_000

#: Games from which the plain loop reads the change tables as lists rather than arrays.
_LIST_TABLES_FROM: Final = 2_000

#: Ratings stay in int64, and any difference of two within rating_change's range, below this.
_SAFE_RATING: Final = 2**60


def initial_ratings(
    names: npt.NDArray[np.object_], initial: Mapping[str, int] | pd.Series | None, rules: Rules
) -> Ints:
    """Every player's first rating: ``initial`` where it names them, else the rule set's."""
    ratings = np.full(len(names), rules.starting, dtype=np.int64)
    if initial is None:
        return ratings
    given = initial.to_dict() if isinstance(initial, pd.Series) else initial
    if not isinstance(given, Mapping):
        raise InvalidInput(
            "initial_ratings", type(initial).__name__, "must map player names to ratings"
        )
    index = {name: i for i, name in enumerate(names.tolist())}
    for name, value in given.items():
        rating = checks.rating(f"initial_ratings[{name!r}]", value)
        i = index.get(str(name).strip())
        if i is not None:
            ratings[i] = rating
    return ratings


@dataclass(frozen=True, slots=True)
class Ranked:
    """The ranked games in rating order, with everything known before any rating moves.

    Per-game arrays have one extra entry at the end: a game nobody reaches, whose "player" (one
    past the last) is never ready, so the waves need no test for "no next game".
    """

    winner: Indices
    loser: Indices
    #: Both players' ranked games this week, and whether that is a heavy week.
    recent_winner: Ints
    recent_loser: Ints
    heavy_winner: Flags
    heavy_loser: Flags
    #: log2 of the cube.
    cube: npt.NDArray[np.int8]
    #: Each player's first ranked game (the sentinel game for players with none).
    first: Indices
    #: The next ranked game of each game's winner and of its loser.
    next_winner: Indices
    next_loser: Indices
    #: Table index of each game's winner and loser change, before adding d.
    base_winner: Ints
    base_loser: Ints
    #: Loser's podium prizes so far minus the winner's (ratings in the loop leave prizes out).
    prize_difference: Ints
    #: The busiest player's ranked games.
    busiest: int


def ranked_games(
    h: History, chains: Chains, positions: Indices, recent: Ints, rules: Rules, tables: ChangeLookup
) -> Ranked:
    """The ranked games at ``positions`` (in rating order) with their players, next games,
    recent games, K and where their changes are in ``tables``."""
    count, players = len(positions), len(h.names)
    everything = count == len(h.time)
    slot = chains.ranked_slot
    if everything:
        game, game_slot = slot >> 1, slot
    else:
        game = (np.cumsum(h.kind == RANKED) - 1)[slot >> 1]
        game_slot = 2 * game + (slot & 1)
    following, recent_game, runs, first = _next_games(chains, game, game_slot, recent, count)
    first_game = np.full(players + 1, count, dtype=np.int64)
    first_game[first] = game[runs]

    recent_w, recent_l = recent_game[0::2], recent_game[1::2]
    if rules.heavy_games is None:
        heavy_w = heavy_l = np.zeros(count, dtype=bool)
    else:
        heavy_w, heavy_l = recent_w >= rules.heavy_games, recent_l >= rules.heavy_games
    prize_difference = _prize_differences(h, chains, game_slot, runs, count)

    cube = h.cube if everything else h.cube[positions]
    winner = np.empty(count + 1, dtype=np.intp)
    loser = np.empty(count + 1, dtype=np.intp)
    winner[count] = loser[count] = players
    if everything:
        winner[:count], loser[:count] = h.winner, h.loser
    else:
        np.take(h.winner, positions, out=winner[:count])
        np.take(h.loser, positions, out=loser[:count])
    lengths = np.diff(np.append(runs, len(slot)))
    return Ranked(
        winner=winner,
        loser=loser,
        recent_winner=recent_w,
        recent_loser=recent_l,
        heavy_winner=heavy_w,
        heavy_loser=heavy_l,
        cube=cube,
        first=first_game,
        next_winner=following[0::2].copy(),
        next_loser=following[1::2].copy(),
        base_winner=_table_base(heavy_w, cube, prize_difference, tables),
        base_loser=_table_base(heavy_l, cube, prize_difference, tables),
        prize_difference=prize_difference,
        busiest=int(lengths.max(initial=0)),
    )


def _next_games(
    chains: Chains, game: Ints, game_slot: Ints, recent: Ints, count: int
) -> tuple[Ints, Ints, Indices, Indices]:
    """Per game slot (winner, loser, …): the player's next ranked game (``count``: none) and
    ranked games this week; where each player's run of ranked appearances begins, and whose."""
    slot, player = chains.ranked_slot, chains.ranked_player
    # Each appearance's next ranked game of the same player, and its count this week: packed
    # into one number so that one scatter puts both in game order.
    same = player[1:] == player[:-1]
    packed = np.empty(len(slot), dtype=np.int64)
    np.copyto(packed[:-1], np.where(same, game[1:], count))
    packed[-1:] = count
    packed <<= 32
    packed |= recent
    by_game = np.full(2 * count + 2, count << 32, dtype=np.int64)
    by_game[game_slot] = packed
    following = by_game >> 32
    recent_game = by_game[: 2 * count] & 0xFFFFFFFF
    runs = np.flatnonzero(np.concatenate((np.ones(min(len(slot), 1), dtype=bool), ~same)))
    return following, recent_game, runs, player[runs]


def _prize_differences(
    h: History, chains: Chains, game_slot: Ints, runs: Indices, count: int
) -> Ints:
    """Per ranked game: the loser's podium prizes so far minus the winner's."""
    slot, player = chains.ranked_slot, chains.ranked_player
    podium = np.flatnonzero(h.kind == PODIUM)
    podium = podium[h.prize[podium] != 0]
    if not podium.size:
        return np.zeros(count, dtype=np.int64)
    # Prizes won before each ranked appearance: a prize adds from the player's next ranked
    # appearance on, to the end of their run (a sum over the few podium rows).
    champion = h.winner[podium]
    where = np.searchsorted(chains.ranked_key, (champion << chains.shift) | (podium << 3))
    later = where < len(slot)
    later[later] = player[where[later]] == champion[later]  # none later: nothing to add
    where, prizes = where[later], h.prize[podium[later]]
    ends = np.append(runs[1:], len(slot))[np.searchsorted(runs, where, side="right") - 1]
    steps = np.zeros(len(slot) + 1, dtype=np.int64)
    np.add.at(steps, where, prizes)
    np.add.at(steps, ends, -prizes)
    won = np.cumsum(steps[:-1])
    some = np.flatnonzero(won)
    by_slot = np.zeros(2 * count, dtype=np.int64)
    by_slot[game_slot[some]] = won[some]
    difference: Ints = by_slot[1::2] - by_slot[0::2]
    return difference


def _table_base(
    heavy: Flags, cube: npt.NDArray[np.int8], prize_difference: Ints, tables: ChangeLookup
) -> Ints:
    """Each game's index into a side's table, before adding d (its K, its cube, the prizes)."""
    base = heavy * len(checks.CUBES) + cube
    base *= tables.width
    base += prize_difference
    base += tables.reach
    result: Ints = base
    return result


def _rate_waves(games: Ranked, ratings: Ints, tables: ChangeLookup) -> Ints | None:
    """d = loser − winner (prizes left out) of every ranked game, rated in waves; None if a
    difference left the tables, for the exact loop to redo.

    A wave is every game whose players have no earlier game left unrated: it shares no player,
    so one numpy call rates all of it. The first wave is each player's first game where both
    players are at their first; after a wave, a game is ready when it is the current game of
    both its players.
    """
    winner, loser = games.winner, games.loser
    next_w, next_l = games.next_winner, games.next_loser
    base_w, base_l = games.base_winner, games.base_loser
    table_w, table_l = tables.winner, tables.loser
    count = len(winner) - 1
    r = np.append(ratings, 0)
    current = games.first.copy()
    current[-1] = -1  # the sentinel player is never at any game
    rated: list[Indices] = []
    found: list[Ints] = []
    stamp = np.zeros(count + 1, dtype=np.intp)
    counter = np.arange(2 * count + 2, dtype=np.intp)
    everyone = np.arange(count)
    ready = np.flatnonzero(
        (current[winner[:count]] == everyone) & (current[loser[:count]] == everyone)
    )
    try:
        while ready.size:
            w = winner[ready]
            l = loser[ready]  # noqa: E741 (the loser, as in the server's code)
            rw = r[w]
            rl = r[l]
            d = rl - rw
            rated.append(ready)
            found.append(d)
            r[w] = rw + table_w[base_w[ready] + d]
            r[l] = rl + table_l[base_l[ready] + d]
            nw = next_w[ready]
            nl = next_l[ready]
            current[w] = nw
            current[l] = nl
            c = np.concatenate((nw, nl))
            c = c[(current[winner[c]] == c) & (current[loser[c]] == c)]
            # A game whose two players were both freed by this wave is in c twice: keep one.
            k = c.size
            stamp[c] = counter[:k]
            ready = c[stamp[c] == counter[:k]]
    except IndexError:  # a difference far past the tables
        return None
    differences = np.zeros(count, dtype=np.int64)
    if rated:
        differences[np.concatenate(rated)] = np.concatenate(found)
    # An index below a table's start lands in another table silently: check every game.
    if np.any(np.abs(differences + games.prize_difference) > tables.reach):
        return None
    return differences


def _rate_loop(
    games: Ranked, ratings: Ints, tables: ChangeLookup, exact: Any
) -> tuple[Ints, Ints, Ints]:
    """d and both changes of every ranked game, one game at a time in rating order; a
    difference outside the tables goes to ``exact(game, d with prizes)``."""
    r = ratings.tolist()
    count = len(games.base_winner)
    # Lists are faster to index, but making them costs as much as ~2,000 games (chunks are small).
    table_w: Any = tables.winner.tolist() if count > _LIST_TABLES_FROM else tables.winner
    table_l: Any = tables.loser.tolist() if count > _LIST_TABLES_FROM else tables.loser
    reach = tables.reach
    differences = [0] * count
    changes_w = [0] * count
    changes_l = [0] * count
    rows = zip(
        games.winner[:count].tolist(),
        games.loser[:count].tolist(),
        games.base_winner.tolist(),
        games.base_loser.tolist(),
        games.prize_difference.tolist(),
        strict=True,
    )
    for i, (w, l, bw, bl, prizes) in enumerate(rows):  # noqa: E741
        rw = r[w]
        rl = r[l]
        d = rl - rw
        differences[i] = d
        if -reach <= d + prizes <= reach:
            cw = table_w[bw + d]
            cl = table_l[bl + d]
        else:
            cw, cl = exact(i, d + prizes)
        changes_w[i] = cw
        changes_l[i] = cl
        r[w] = rw + int(cw)
        r[l] = rl + int(cl)
    return (
        np.array(differences, dtype=np.int64),
        np.array(changes_w, dtype=np.int64),
        np.array(changes_l, dtype=np.int64),
    )


@dataclass(frozen=True, slots=True)
class Rated:
    """Every ranked game of a history rated under one rule set."""

    #: Every player's first rating.
    start: Ints
    #: The ranked rows' positions in rating order.
    positions: Indices
    games: Ranked
    change_winner: Ints
    change_loser: Ints
    expected_winner: Floats
    #: The heavy-week K (K itself where the rule set has none).
    heavy_k: int


def rate(
    h: History,
    chains: Chains,
    recent: Ints,
    rules: Rules,
    initial: Mapping[str, int] | pd.Series | None,
    *,
    compiled: bool | None = None,
) -> Rated:
    """Rate the ranked games of the checked history ``h`` under ``rules`` (by the compiled loop
    if ``compiled``; None: as :func:`use_compiled` says for their number)."""
    start = initial_ratings(h.names, initial, rules)
    positions = np.flatnonzero(h.kind == RANKED)
    heavy_k = rules.k if rules.heavy_k is None else rules.heavy_k
    tables = lookup(rules.divisor, rules.k, heavy_k)
    games = ranked_games(h, chains, positions, recent, rules, tables)
    check_room(start, games.busiest, max(rules.k, heavy_k), h.prize)

    def exact(game: int, difference: int) -> tuple[int, int]:
        change = rating_change(
            0,
            difference,
            cube=checks.CUBES[games.cube[game]],
            winner_recent_games=int(games.recent_winner[game]),
            loser_recent_games=int(games.recent_loser[game]),
            rules=rules,
        )
        return change.winner, change.loser

    count = len(positions)
    if use_compiled(count) if compiled is None else compiled and count > 0:
        differences, change_w, change_l = rate_compiled(
            games.winner, games.loser, games.base_winner, games.base_loser,
            games.prize_difference, tables.reach, tables.winner, tables.loser, start, exact,
        )  # fmt: skip
    else:
        waves = None
        if count and games.busiest <= count * _SMALL_WAVES:
            waves = _rate_waves(games, start, tables)
        if waves is not None:
            differences = waves
            change_w = tables.winner[games.base_winner + differences]
            change_l = tables.loser[games.base_loser + differences]
        else:
            differences, change_w, change_l = _rate_loop(games, start, tables, exact)
    differences += games.prize_difference
    outside = np.flatnonzero(np.abs(differences) > tables.reach)
    expected = tables.expected[np.clip(differences + tables.reach, 0, tables.width - 1)]
    expected[outside] = expected_winner(differences[outside], rules.divisor)
    return Rated(start, positions, games, change_w, change_l, expected, heavy_k)


def use_compiled(count: int, kernel: Callable[[], object] = compiled_loop) -> bool:
    """Whether compiled code replays ``count`` ranked games (see COMPILED_FROM): ``kernel``, the
    compiled code that would, can be had."""
    if count == 0 or count < COMPILED_FROM:
        return False
    try:
        kernel()
    except ImportError:  # Numba missing: the NumPy paths give the same numbers
        return False
    return True


def use_one_pass(count: int) -> bool:
    """Whether the one compiled pass replays ``count`` ranked games: from COMPILED_FROM on
    (built, or loaded by Numba, as :func:`use_compiled` says), or from BUILT_FROM on where the
    module built ahead of time is there already."""
    if use_compiled(count, kernel=compiled_replay):
        return True
    if count < BUILT_FROM or count == 0 or not compiled.AHEAD_OF_TIME:
        return False
    from .ahead import built_kernel

    return built_kernel() is not None


def check_room(start: Ints, busiest: int, k: int, prizes: Ints) -> int:
    """Refuse histories whose ratings could overflow int64 (only absurd K or ratings do); else
    the furthest from 0 a rating could get (a change, or a count of games, gets no further)."""
    furthest = int(np.abs(start).max(initial=0))
    bound = furthest + busiest * 2 * k + int(prizes.sum())
    if bound > _SAFE_RATING:
        raise InvalidInput(
            "initial_ratings",
            furthest,
            f"with this history and K could take a rating past ±{_SAFE_RATING}",
        )
    return bound
