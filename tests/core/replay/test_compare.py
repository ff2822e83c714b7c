"""Comparing rule sets on one history: the spread figures worked out by hand, and the ratings side
by side, each rule set's result the same as its own replay.
"""

from __future__ import annotations

import pandas as pd
import pytest
from replay_support import (
    T0,
    history,
)

from gammon_elo import RULES, InvalidInput, compare_rules, sample_history
from gammon_elo.replay import replay


def test_compare_rules_spread_by_hand() -> None:
    start = {"A": 1400, "B": 1490, "C": 1500, "D": 1510, "E": 1600, "F": 1700}
    rows = [(T0, "A", "B", 1, "boosted", ""), (T0, "C", "D", 1, "boosted", "")]
    rows += [(T0, "E", "F", 1, "boosted", "")]
    spread = compare_rules(history(rows), ["1.3.1"], initial_ratings=start, active_games=0).spread
    row = spread.iloc[0]
    # Sorted: 1400 1490 1500 1510 1600 1700. Half = 3 players; the narrowest three are
    # 1490–1510 (20). Quartiles at positions 1.25 and 3.75: 1492.5 and 1577.5, IQR 85.
    assert (row.players, row.top_to_bottom, row.iqr) == (6, 300, 85.0)
    assert (row.half_within, row.half_from, row.half_to) == (20, 1490, 1510)
    none_active = compare_rules(history(rows), ["1.3.1"], initial_ratings=start).spread
    assert none_active.players.tolist() == [0]


def test_compare_rules_side_by_side() -> None:
    comparison = compare_rules(sample_history(), ["1.3.1", "1.2.0", RULES["1.0.5"]])
    assert list(comparison.ratings.columns) == ["player", "ranked_games", "1.3.1", "1.2.0", "1.0.5"]
    for label, result in comparison.results.items():
        pd.testing.assert_frame_equal(result.games, replay(sample_history(), rules=label).games)
        finals = result.players.set_index("player").final
        assert comparison.ratings.set_index("player")[label].equals(
            finals.loc[comparison.ratings.player]
        )
    assert comparison.ratings["1.3.1"].is_monotonic_decreasing
    with pytest.raises(InvalidInput, match="more than once"):
        compare_rules(sample_history(), ["1.3.1", RULES["1.3.1"]])
    with pytest.raises(InvalidInput, match="at least one"):
        compare_rules(sample_history(), [])


@pytest.mark.parametrize("compiled_from", [0, 2**62], ids=["compiled", "plain"])
def test_without_the_games_table_the_rest_is_the_same_and_the_table_keeps_its_columns(
    monkeypatch: pytest.MonkeyPatch, compiled_from: int
) -> None:
    from gammon_elo.replay import engine

    monkeypatch.setattr(engine, "COMPILED_FROM", compiled_from)
    frame = sample_history().assign(note="kept")  # a column of the input's own, carried
    frame = frame.sample(frac=1.0, random_state=3)  # rows out of time order
    rules = ["1.3.1", "1.0.5"]
    full = compare_rules(frame, rules)
    bare = compare_rules(frame, rules, games_table=False)
    pd.testing.assert_frame_equal(bare.ratings, full.ratings)
    pd.testing.assert_frame_equal(bare.spread, full.spread)
    for label, result in full.results.items():
        games = bare.results[label].games
        assert len(games) == 0 and len(result.games) == len(frame)
        pd.testing.assert_series_equal(games.dtypes, result.games.dtypes)
        pd.testing.assert_frame_equal(bare.results[label].players, result.players)
        assert bare.results[label].rows_read == result.rows_read
