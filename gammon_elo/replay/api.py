"""The replay's entry points: :func:`replay` (one rule set), :func:`compare_rules` (several, side
by side, with their spreads) and :func:`checked_history` (checked once, rated many times).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any, Final

import numpy as np
import pandas as pd

from .._core import checks
from .._core.errors import InvalidHistory, InvalidInput
from ..rules import CURRENT, Rules, get_rules
from ..stats import iqr, narrowest_window
from . import engine
from .results import ReplayResult, RulesComparison
from .results import result as rated_result
from .validate import History, prepare

#: One row per rule set in a comparison.
SPREAD_COLUMNS: Final = (
    "rules", "players", "lowest", "highest", "top_to_bottom", "iqr", "half_within", "half_from",
    "half_to",
)  # fmt: skip


def replay(
    games: pd.DataFrame,
    *,
    rules: Rules | str = CURRENT,
    initial_ratings: Mapping[str, int] | pd.Series | None = None,
    skip_invalid: bool = False,
) -> ReplayResult:
    """Rate a history of games in time order, each ranked game exactly as the server would.

    ``games``: ``time`` (ISO 8601; no offset: UTC), ``winner``, ``loser``, optionally ``cube``
    (1), ``type`` (``ranked``, ``boosted``, ``tournament``, ``podium``) and ``prize`` (podium
    rows, no loser); other columns are carried through. Equal times keep input order. A
    player's K counts their ranked games earlier in that order within the 7 days before (one
    exactly 7 × 24 h earlier no longer counts). Boosted and tournament rows change nothing; a
    podium adds its prize. Strict by default: a bad row raises :class:`InvalidHistory` with
    the full report; ``skip_invalid=True`` rates the valid rows and returns the others.

    >>> history = pd.DataFrame({
    ...     "time": ["2026-10-05T20:00:00Z", "2026-10-05T20:30:00Z"],
    ...     "winner": ["Eleni", "Nikos"],
    ...     "loser": ["Nikos", "Eleni"],
    ...     "cube": [1, 4],
    ... })
    >>> games = replay(history).games
    >>> games[["winner_change", "loser_change", "winner_after", "loser_after"]].values.tolist()
    [[16, -16, 1516, 1484], [22, -22, 1506, 1494]]
    """
    rules = get_rules(rules)
    comparison = compare_rules(
        games, [rules], initial_ratings=initial_ratings, skip_invalid=skip_invalid
    )
    return comparison.results[rules.label]


def compare_rules(
    games: pd.DataFrame | History,
    rules: Iterable[Rules | str],
    *,
    initial_ratings: Mapping[str, int] | pd.Series | None = None,
    skip_invalid: bool = False,
    active_games: int = 1,
    games_table: bool = True,
) -> RulesComparison:
    """The same history under several rule sets: final ratings side by side and each rule set's
    spread over the active players (at least ``active_games`` ranked games): lowest, highest,
    top to bottom, the interquartile range (linear interpolation), and the narrowest window
    [from, to] holding ⌈players / 2⌉ of the final ratings (the lowest of equally narrow ones).

    ``games`` may be a :func:`checked_history`. ``games_table=False``: no games rows kept.

    >>> history = pd.DataFrame({
    ...     "time": ["2026-10-05T20:00:00Z", "2026-10-05T20:30:00Z"],
    ...     "winner": ["Eleni", "Eleni"],
    ...     "loser": ["Nikos", "Maria"],
    ... })
    >>> comparison = compare_rules(history, ["1.0.5", "1.3.1"])
    >>> comparison.ratings.values.tolist()
    [['Eleni', 2, 1531, 1532], ['Maria', 1, 1485, 1484], ['Nikos', 1, 1484, 1484]]
    >>> comparison.spread["top_to_bottom"].tolist()  # ÷400 takes 15 from Maria, ÷1200 16
    [47, 48]
    """
    rule_sets = distinct_rule_sets(rules)
    active_games = checks.games("active_games", active_games)
    h = games if isinstance(games, History) else checked_history(games, skip_invalid=skip_invalid)
    results = {}
    for rule_set in rule_sets:  # each in one pass
        start = engine.initial_ratings(h.names, initial_ratings, rule_set)
        state = engine.new_state(start)
        rated, _ = engine.rate(h, rule_set, state, h.winner, h.loser)
        results[rule_set.label] = rated_result(h, rated, start, state, games_table=games_table)
    first = results[rule_sets[0].label].players
    ratings = first[["player", "ranked_games"]].copy()
    for label, result in results.items():
        finals = result.players.set_index("player")["final"]
        ratings[label] = finals.reindex(ratings["player"]).to_numpy()
    spread = pd.DataFrame(
        [_spread(label, result.players, active_games) for label, result in results.items()],
        columns=list(SPREAD_COLUMNS),
    )
    return RulesComparison(results=results, ratings=ratings, spread=spread)


def distinct_rule_sets(rules: Iterable[Rules | str]) -> list[Rules]:
    """The rule sets named, refused when there is none or one is named twice."""
    rule_sets = [get_rules(r) for r in rules]
    if not rule_sets:
        raise InvalidInput("rules", [], "must name at least one rule set")
    labels = [r.label for r in rule_sets]
    for label in labels:
        if labels.count(label) > 1:
            raise InvalidInput("rules", labels, f"name {label!r} more than once")
    return rule_sets


def checked_history(games: pd.DataFrame, *, skip_invalid: bool = False) -> History:
    """Every row checked (:class:`InvalidHistory` on a bad one unless ``skip_invalid``), the
    accepted ones coded in rating order."""
    h = prepare(games)
    if len(h.report) and not skip_invalid:
        raise InvalidHistory(h.report, h.rows_read)
    return h


def _spread(label: str, players: pd.DataFrame, active_games: int) -> dict[str, Any]:
    active = np.sort(players.loc[players["ranked_games"] >= active_games, "final"].to_numpy())
    count = len(active)
    if count == 0:
        return {"rules": label, "players": 0}
    narrowest, half = narrowest_window(active, 0.5)
    return {
        "rules": label,
        "players": count,
        "lowest": int(active[0]),
        "highest": int(active[-1]),
        "top_to_bottom": int(active[-1] - active[0]),
        "iqr": iqr(active),
        "half_within": int(active[narrowest + half - 1] - active[narrowest]),
        "half_from": int(active[narrowest]),
        "half_to": int(active[narrowest + half - 1]),
    }
