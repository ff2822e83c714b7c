"""History replay: the window's edges, the article's numbers inside a history, podium rows, bad
rows, reading CSV files, the command line, and a property test against rating_change applied
game by game.

Expected values come from the article and from hand calculations written out beside them. Two
calculations recur, so they are done once here:

* **A win–loss pair at equal ratings ends where it began.** Two players at 1500, both K 32: the
  winner gets 32 × 0.5 = +16, the loser −16 (1516 / 1484). In the rematch the 1484 player wins:
  E = 1 / (1 + 10^(32/1200)) = 0.48465, so +round(32 × 0.51535 = 16.49) = +16 and −16 for the
  other: both are back at 1500. With the first player at K 16: +8 / −16 (1508 / 1484), then
  E = 1 / (1 + 10^(24/1200)) = 0.48850: +round(32 × 0.51150 = 16.37) = +16 and
  round(16 × −0.51150 = −8.18) = −8: both back at 1500 again.
* So a player who has played n pairs this week is at 1500 with 2n ranked games this week.
"""

from __future__ import annotations

import dataclasses
import importlib
import importlib.util
import io
import pickle
from collections import defaultdict
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any
from unittest import mock

import numpy as np
import pandas as pd
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import gammon_elo
from gammon_elo import (
    CURRENT,
    RULES,
    InvalidHistory,
    InvalidInput,
    compare_rules,
    expected_score,
    neutralize_formulas,
    rating_change,
    read_history,
    replay,
    sample_history,
    trajectories,
)
from gammon_elo._kernel import change_tables
from gammon_elo.cli import main
from gammon_elo.replay import GAME_COLUMNS, PLAYER_COLUMNS, REJECTED_COLUMNS

#: The module itself (``gammon_elo.replay`` is the function, as the package exports it).
replay_module = importlib.import_module("gammon_elo.replay")

T0 = datetime(2026, 10, 5, tzinfo=UTC)
MINUTE = timedelta(minutes=1)
WEEK = timedelta(days=7)
Row = tuple[Any, ...]


def history(rows: list[Row]) -> pd.DataFrame:
    """Rows of (time, winner, loser[, cube[, type[, prize]]]) as the input table."""
    filled = [row + (1, "ranked", "")[len(row) - 3 :] for row in rows]
    return pd.DataFrame(
        [
            {
                "time": t.isoformat() if isinstance(t, datetime) else t,
                "winner": w,
                "loser": lo,
                "cube": c,
                "type": k,
                "prize": p,
            }
            for t, w, lo, c, k, p in filled
        ]
    )


def pairs(player: str, fillers: list[str], start: datetime) -> tuple[list[Row], datetime]:
    """Win–loss pairs of ``player`` against fresh fillers, a minute apart (see the module's
    docstring: everyone ends each pair at 1500)."""
    rows: list[Row] = []
    t = start
    for filler in fillers:
        rows += [(t, player, filler), (t + MINUTE, filler, player)]
        t += 2 * MINUTE
    return rows, t


def fillers(prefix: str, count: int) -> list[str]:
    return [f"{prefix}{i}" for i in range(count)]


def last(result: gammon_elo.ReplayResult) -> pd.Series:
    return result.games.iloc[-1]


# ---------------------------------------------------------------------------------------------
# The rolling 7-day window


@pytest.mark.parametrize(
    ("key_time", "recent", "k", "changes"),
    [
        # The first of 50 games is exactly 7 × 24 h before: it no longer counts, 49 → K 32.
        (T0 + WEEK, 49, 32, (16, -16)),
        # A microsecond earlier it still counts: 50 → K 16 (Step 3), +8 for a win at 1500.
        (T0 + WEEK - timedelta(microseconds=1), 50, 16, (8, -16)),
    ],
)
def test_a_game_exactly_seven_days_earlier_no_longer_counts(
    key_time: datetime, recent: int, k: int, changes: tuple[int, int]
) -> None:
    rows, _ = pairs("You", fillers("F", 25), T0)
    result = replay(history([*rows, (key_time, "You", "Them")]))
    key = last(result)
    assert (key.winner_before, key.loser_before) == (1500, 1500)
    assert (key.winner_recent_games, key.winner_k, key.loser_k) == (recent, k, 32)
    assert (key.winner_change, key.loser_change) == changes


def test_49_or_50_ranked_games_this_week() -> None:
    # 24 pairs + one game = 49 games: K 32. 25 pairs = 50 games: K 16 (Step 3: "50 or more").
    rows49, t = pairs("You", fillers("F", 24), T0)
    rows49 += [(t, "You", "F24")]  # You 1516, F24 1484
    result49 = replay(history([*rows49, (t + MINUTE, "You", "Them")]))
    key = last(result49)
    assert (key.winner_recent_games, key.winner_k) == (49, 32)
    # You 1516 beats Them 1500: E = 1 / (1 + 10^(−16/1200)) = 0.50767; 32 × 0.49233 = 15.75.
    assert (key.winner_before, key.winner_change, key.loser_change) == (1516, 16, -16)

    rows50, t = pairs("You", fillers("F", 25), T0)
    key = last(replay(history([*rows50, (t, "You", "Them")])))
    assert (key.winner_recent_games, key.winner_k, key.loser_k) == (50, 16, 32)
    assert (key.winner_change, key.loser_change) == (8, -16)


@pytest.mark.parametrize("kind", ["boosted", "tournament"])
def test_boosted_and_tournament_games_change_nothing_and_do_not_count(kind: str) -> None:
    rows, t = pairs("You", fillers("F", 24), T0)  # 48 ranked games, back at 1500
    rows += [(t, "You", "B1", 64, kind, ""), (t + MINUTE, "B2", "You", 2, kind, "")]
    rows += [(t + 2 * MINUTE, "You", "Them")]
    result = replay(history(rows))
    unrated = result.games.iloc[-3:-1]
    assert (unrated.winner_change == 0).all() and (unrated.loser_change == 0).all()
    assert (unrated.winner_before == unrated.winner_after).all()
    assert unrated.winner_k.isna().all() and unrated.expected_winner.isna().all()
    key = last(result)
    # Counting the two unrated games would make 50 and K 16 (+8); they do not count: +16.
    assert (key.winner_recent_games, key.winner_k, key.winner_change) == (48, 32, 16)
    you = result.players.set_index("player").loc["You"]
    assert (you.ranked_games, you.unrated_games, you.final) == (49, 2, 1516)


@pytest.mark.parametrize(
    ("key_first", "recent", "changes"), [(False, 50, (8, -16)), (True, 49, (16, -16))]
)
def test_two_games_at_the_same_time_keep_file_order(
    key_first: bool, recent: int, changes: tuple[int, int]
) -> None:
    rows, t = pairs("You", fillers("F", 24), T0)  # 48 games
    same_time = t + MINUTE
    first_half = (t, "You", "F24")  # game 49: You 1516
    second_half = (same_time, "F24", "You")  # game 50, same time as the key game: You 1500
    key = (same_time, "You", "Them")
    rows += [first_half, key, second_half] if key_first else [first_half, second_half, key]
    result = replay(history(rows))
    row = result.games.loc[result.games.loser == "Them"].iloc[0]
    # After the rematch (listed first): an earlier row at the same time counts, 50 → K 16 and
    # You is back at 1500: +8 / −16. Listed after it: 49 → K 32, You at 1516 beats 1500:
    # E = 0.50767, 32 × 0.49233 = 15.75 → +16 / −16.
    assert row.winner_recent_games == recent
    assert (row.winner_change, row.loser_change) == changes


def test_games_are_rated_in_time_order_and_reported_in_input_order() -> None:
    later, earlier = (T0 + timedelta(hours=1), "A", "B"), (T0, "B", "A")
    result = replay(history([later, earlier]))
    # B beats A first (+16 / −16); then A at 1484 beats B at 1516: E = 0.48465, +16 / −16.
    assert result.games.row.tolist() == [2, 3]
    assert result.games[["winner_before", "loser_before", "winner_change"]].values.tolist() == [
        [1484, 1516, 16],
        [1500, 1500, 16],
    ]
    assert result.games.winner_recent_games.tolist() == [1, 0]


# ---------------------------------------------------------------------------------------------
# The article's numbers inside a history


@pytest.mark.parametrize(("you_win", "you", "them"), [(True, 8, -16), (False, -8, 16)])
def test_the_articles_60_against_10(you_win: bool, you: int, them: int) -> None:
    # "If you have played 60 ranked games this week and your opponent, at the same rating, 10,
    # a win gives you +8 while they lose −16. If they win, they get +16 and you lose −8."
    yours, _ = pairs("You", fillers("F", 30), T0)
    theirs, _ = pairs("Them", fillers("G", 5), T0 + timedelta(days=1))
    key_time = T0 + timedelta(days=6)
    key = (key_time, "You", "Them") if you_win else (key_time, "Them", "You")
    row = last(replay(history([*yours, *theirs, key])))
    side = {"winner": "You", "loser": "Them"} if you_win else {"winner": "Them", "loser": "You"}
    recent = {"You": 60, "Them": 10}
    assert (row.winner_before, row.loser_before) == (1500, 1500)
    assert row.winner_recent_games == recent[side["winner"]]
    assert row.loser_recent_games == recent[side["loser"]]
    changes = {side["winner"]: row.winner_change, side["loser"]: row.loser_change}
    assert (changes["You"], changes["Them"]) == (you, them)


def test_cube_table_of_the_article_inside_a_history() -> None:
    # Two players at 1500, K 32: ±16/19/21/24/27/29/32 for cube 1 … 64. Fresh pairs each time.
    rows = [(T0 + i * MINUTE, f"W{i}", f"L{i}", 2**i) for i in range(7)]
    games = replay(history(rows)).games
    assert games.winner_change.tolist() == [16, 19, 21, 24, 27, 29, 32]
    assert games.loser_change.tolist() == [-16, -19, -21, -24, -27, -29, -32]
    assert games.cube_multiplier.round(2).tolist() == [1.0, 1.17, 1.33, 1.5, 1.67, 1.83, 2.0]


def test_divisors_of_the_article_inside_a_history() -> None:
    # Favourite by 300 (1800 against 1500): ÷400 +5 / −27, ÷800 +9 / −23, ÷1200 +12 / −20.
    rows = [(T0, "Fav", "Dog"), (T0 + MINUTE, "Dog2", "Fav2")]
    start = {"Fav": 1800, "Dog": 1500, "Fav2": 1800, "Dog2": 1500}
    for name, win, loss in (("1.0.5", 5, -27), ("1.2.0", 9, -23), ("1.3.1", 12, -20)):
        games = replay(history(rows), rules=name, initial_ratings=start).games
        assert games.winner_change.tolist()[0] == win
        assert games.loser_change.tolist()[1] == loss


# ---------------------------------------------------------------------------------------------
# Podium rows


def test_podium_rows_add_the_prize_and_do_not_count_as_games() -> None:
    rows = [
        (T0, "You", "", 1, "podium", 50),
        (T0 + timedelta(hours=1), "You", "Them"),
        (T0 + timedelta(hours=2), "Other", "", 1, "podium", "15"),
    ]
    result = replay(history(rows))
    podium, game, _ = (result.games.iloc[i] for i in range(3))
    assert (podium.winner_before, podium.winner_change, podium.winner_after) == (1500, 50, 1550)
    assert pd.isna(podium.loser) and pd.isna(podium.loser_change) and pd.isna(podium.winner_k)
    # You at 1550 beats 1500: E = 1 / (1 + 10^(−50/1200)) = 0.52397 (the article: 52.4 %);
    # 32 × 0.47603 = 15.23 → +15 / −15. The podium row is no ranked game: 0 this week.
    assert (game.winner_before, game.winner_change, game.loser_change) == (1550, 15, -15)
    assert game.winner_recent_games == 0
    players = result.players.set_index("player")
    assert players.loc["You", ["final", "peak", "prizes", "ranked_games"]].tolist() == [
        1565,
        1565,
        50,
        1,
    ]
    assert players.loc["Other", ["final", "prizes", "ranked_games"]].tolist() == [1515, 15, 0]


def test_ratings_far_apart_are_rated_exactly_too() -> None:
    # 18 500 points apart, beyond the tables: E of the underdog ≈ 3 × 10^-16, so the underdog
    # wins the full K (+32 / −32) and the favourite's win is worth round(32 × 3e-16) = 0.
    rows = [(T0, "Low", "High"), (T0 + MINUTE, "High", "Low")]
    games = replay(history(rows), initial_ratings={"Low": 1500, "High": 20000}).games
    assert games[["winner_change", "loser_change"]].values.tolist() == [[32, -32], [0, 0]]
    assert games.expected_winner.iloc[1] == pytest.approx(1.0)


# ---------------------------------------------------------------------------------------------
# Determinism, conservation, results' shape


def test_replay_is_deterministic() -> None:
    first, second = replay(sample_history()), replay(sample_history())
    pd.testing.assert_frame_equal(first.games, second.games)
    pd.testing.assert_frame_equal(first.players, second.players)


def test_results_survive_pickling() -> None:
    # The app caches results with st.cache_data, which pickles them.
    comparison = compare_rules(sample_history(), ["1.3.1", "1.2.0"])
    copy = pickle.loads(pickle.dumps(comparison))
    pd.testing.assert_frame_equal(copy.results["1.2.0"].games, comparison.results["1.2.0"].games)
    assert copy.results["1.3.1"].rules == CURRENT


def test_the_columns_are_pinned() -> None:
    result = replay(sample_history())
    columns = list(result.games.columns)
    assert columns[:7] == ["row", "time", "winner", "loser", "cube", "type", "prize"]
    assert columns[7:19] == list(GAME_COLUMNS)
    assert columns[19:] == ["ending"]  # the sample's own column, carried through
    assert list(result.players.columns) == list(PLAYER_COLUMNS)
    assert list(result.rejected.columns) == list(REJECTED_COLUMNS)


def test_rows_rated_plus_rows_rejected_equal_rows_read() -> None:
    frame = sample_history()
    frame.loc[frame.index[::7], "cube"] = "3"
    frame.loc[frame.index[::11], "winner"] = ""
    frame.loc[frame.index[::13], "time"] = "soon"
    result = replay(frame, skip_invalid=True)
    assert result.rows_read == len(frame) == 346
    assert len(result.games) + result.rows_rejected == result.rows_read
    assert set(result.games.row) | set(result.rejected.row) == set(frame.index)
    assert not set(result.games.row) & set(result.rejected.row)
    with pytest.raises(InvalidHistory) as raised:
        replay(frame)
    assert raised.value.rows_read == 346
    assert raised.value.rows_rejected == result.rows_rejected
    pd.testing.assert_frame_equal(raised.value.report, result.rejected)


def test_the_sample_history_is_what_its_script_writes() -> None:
    script = Path(__file__).resolve().parents[2] / "benchmarks" / "make_sample_history.py"
    spec = importlib.util.spec_from_file_location("make_sample_history", script)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    shipped = Path(replay_module.SAMPLE_HISTORY).read_text(encoding="utf-8")
    assert shipped == module.sample_history()


def test_the_sample_history_has_what_the_page_shows() -> None:
    result = replay(sample_history())
    games, players = result.games, result.players
    assert len(players) == 12 and 300 <= len(games) <= 500
    assert games.time.max() - games.time.min() < timedelta(days=21)
    assert set(games.type) == {"ranked", "boosted", "tournament", "podium"}
    assert set(games.cube) == {1, 2, 4, 8, 16, 32, 64}
    assert (players.games_at_heavy_k > 0).sum() == 1  # Nikos's heavy week
    assert players.set_index("player").loc["Nikos", "games_at_heavy_k"] > 0


def test_row_numbers_come_from_a_row_index_or_the_position() -> None:
    frame = history([(T0, "A", "B", 3)])
    assert replay(frame, skip_invalid=True).rejected.row.tolist() == [2]
    frame.index = pd.Index([41], name="row")
    assert replay(frame, skip_invalid=True).rejected.row.tolist() == [41]


# ---------------------------------------------------------------------------------------------
# Bad rows


BAD_ROWS = [
    ({"time": ""}, "time", "is missing"),
    ({"time": None}, "time", "is missing"),
    ({"time": "   "}, "time", "is missing"),
    ({"time": "yesterday"}, "time", "ISO 8601"),
    ({"time": "2026-13-01T00:00:00Z"}, "time", "ISO 8601"),
    ({"winner": ""}, "winner", "is missing"),
    ({"winner": None}, "winner", "is missing"),
    ({"loser": ""}, "loser", "is missing"),
    ({"loser": "Eleni"}, "loser", "must differ from the winner"),
    ({"loser": " Eleni "}, "loser", "must differ from the winner"),
    ({"cube": 3}, "cube", "power of two from 1 to 64"),
    ({"cube": 0}, "cube", "power of two from 1 to 64"),
    ({"cube": 128}, "cube", "power of two from 1 to 64"),
    ({"cube": -2}, "cube", "power of two from 1 to 64"),
    ({"cube": 2.5}, "cube", "power of two from 1 to 64"),
    ({"cube": "two"}, "cube", "power of two from 1 to 64"),
    ({"type": "friendly"}, "type", "must be one of ranked, boosted, tournament, podium"),
    ({"type": "podium", "loser": ""}, "prize", "is missing on a podium row"),
    ({"type": "podium", "prize": 50}, "loser", "must be empty on a podium row"),
    ({"type": "podium", "loser": "", "prize": "lots"}, "prize", "whole number"),
    ({"type": "podium", "loser": "", "prize": -5}, "prize", "at least 0"),
    ({"prize": 50}, "prize", "must be empty (or 0) except on a podium row"),
]


def _two_rows(change: dict[str, Any]) -> pd.DataFrame:
    good = {"time": "2026-10-05T20:00:00Z", "winner": "Eleni", "loser": "Nikos", "cube": 1}
    good |= {"type": "ranked", "prize": ""}
    return pd.DataFrame([good, good | change], dtype=object)


@pytest.mark.parametrize(("change", "column", "reason"), BAD_ROWS)
def test_every_kind_of_bad_row_is_reported(
    change: dict[str, Any], column: str, reason: str
) -> None:
    frame = _two_rows(change)
    with pytest.raises(InvalidHistory) as raised:
        replay(frame)
    report = raised.value.report
    assert report.row.tolist() == [3]  # the header is row 1, the good row is row 2
    assert report.column.tolist() == [column]
    assert reason in report.reason.iloc[0]
    written = frame[column].iloc[1]  # the cell as the file has it
    assert report.value.iloc[0] == ("" if written is None else str(written))
    assert "row 3" in str(raised.value) and column in str(raised.value)

    result = replay(frame, skip_invalid=True)
    assert result.games.row.tolist() == [2]
    pd.testing.assert_frame_equal(result.rejected, report)


def test_a_row_with_several_problems_reports_each_once_counted_once() -> None:
    frame = _two_rows({"time": "never", "cube": 5, "type": "friendly"})
    result = replay(frame, skip_invalid=True)
    assert result.rejected.column.tolist() == ["time", "cube", "type"]
    assert result.rows_rejected == 1 and len(result.games) == 1


@pytest.mark.parametrize(
    ("change", "column", "value"),
    [
        ({"cube": ""}, "cube", 1),
        ({"cube": "4"}, "cube", 4),
        ({"cube": 8.0}, "cube", 8),
        ({"type": ""}, "type", "ranked"),
        ({"type": " Boosted "}, "type", "boosted"),
        ({"type": "casual"}, "type", "boosted"),  # Boosted's name before 1.3.0
        ({"prize": 0}, "prize", None),
        ({"winner": "  Eleni  "}, "winner", "Eleni"),
        ({"time": "2026-10-05T23:00:00+03:00"}, "time", pd.Timestamp("2026-10-05T20:00Z")),
        ({"time": "2026-10-05 20:00"}, "time", pd.Timestamp("2026-10-05T20:00Z")),
    ],
)
def test_values_that_are_fine(change: dict[str, Any], column: str, value: Any) -> None:
    games = replay(_two_rows(change)).games
    got = games[column].iloc[1]
    assert pd.isna(got) if value is None else got == value


def test_column_names_are_matched_without_case_or_spaces() -> None:
    frame = pd.DataFrame({" Time ": ["2026-10-05T20:00:00Z"], "WINNER": ["A"], "Loser": ["B"]})
    assert replay(frame).games.winner_change.tolist() == [16]


def test_missing_or_doubled_columns_are_the_tables_problem() -> None:
    with pytest.raises(InvalidInput, match="loser") as raised:
        replay(pd.DataFrame({"time": [], "winner": []}))
    assert not isinstance(raised.value, InvalidHistory)
    frame = pd.DataFrame({"time": [], "Time": [], "winner": [], "loser": []})
    with pytest.raises(InvalidInput, match="twice"):
        replay(frame)
    with pytest.raises(InvalidInput, match="DataFrame"):
        replay([("2026-10-05", "A", "B")])  # type: ignore[arg-type]


def test_numbers_are_no_times() -> None:
    frame = pd.DataFrame({"time": [1_760_000_000], "winner": ["A"], "loser": ["B"]})
    assert "ISO 8601" in replay(frame, skip_invalid=True).rejected.reason.iloc[0]


def test_typed_columns_work_as_well_as_text() -> None:
    frame = pd.DataFrame(
        {
            "time": pd.to_datetime(["2026-10-05 23:00", "2026-10-05 22:00"]).tz_localize(
                "Europe/Athens"
            ),
            "winner": ["A", "B"],
            "loser": ["B", "A"],
            "cube": np.array([1, 2], dtype=np.int8),
        }
    )
    games = replay(frame).games
    # 22:00 in Athens (EEST, UTC+3) is 19:00 UTC: B's win comes first.
    assert games.time.tolist() == [
        pd.Timestamp("2026-10-05T20:00Z"),
        pd.Timestamp("2026-10-05T19:00Z"),
    ]
    assert games.winner_before.tolist() == [1481, 1500]


def test_initial_ratings_are_checked() -> None:
    frame = history([(T0, "A", "B")])
    with pytest.raises(InvalidInput, match="initial_ratings"):
        replay(frame, initial_ratings={"A": "lots"})
    with pytest.raises(InvalidInput, match="initial_ratings"):
        replay(frame, initial_ratings=[1500])  # type: ignore[arg-type]
    games = replay(frame, initial_ratings=pd.Series({"A": 1600, "Nobody": 1})).games
    assert games.winner_before.tolist() == [1600]


def test_an_empty_history() -> None:
    result = replay(pd.DataFrame({"time": [], "winner": [], "loser": []}))
    assert result.games.empty and result.players.empty and result.rows_read == 0
    assert list(result.games.columns)[7:] == list(GAME_COLUMNS)


# ---------------------------------------------------------------------------------------------
# Reading CSV files


GOOD_CSV = "time,winner,loser,cube\n2026-10-05T20:00:00Z,Eleni,Nikos,2\n"


@pytest.mark.parametrize("bom", [b"", b"\xef\xbb\xbf"])
@pytest.mark.parametrize("newline", ["\n", "\r\n"])
def test_read_history_utf8_with_or_without_bom(bom: bytes, newline: str) -> None:
    frame = read_history(bom + GOOD_CSV.replace("\n", newline).encode())
    assert list(frame.columns) == ["time", "winner", "loser", "cube"]
    assert replay(frame).games.winner_change.tolist() == [19]  # cube 2: ±19 (the article)


def test_read_history_from_a_path_or_a_file(tmp_path: Path) -> None:
    path = tmp_path / "games.csv"
    path.write_text(GOOD_CSV, encoding="utf-8")
    for source in (path, str(path), io.BytesIO(GOOD_CSV.encode()), io.StringIO(GOOD_CSV)):
        assert read_history(source).loc[2, "winner"] == "Eleni"


@pytest.mark.parametrize(
    ("data", "message"),
    [
        (b"", "is empty"),
        (b"time,winner\n2026-10-05T20:00:00Z,Eleni\n", "missing loser"),
        (b"time,winner,loser\n2026-10-05T20:00:00Z,\xff\xfe,Nikos\n", "UTF-8"),
        (b"time,winner,loser\n2026-10-05T20:00:00Z,Eleni,Nikos,oops\n", "more cells"),
        (b'time,winner,loser\n2026-10-05T20:00:00Z,"Eleni,Nikos\n', "well-formed"),
    ],
)
def test_read_history_says_what_is_wrong_with_the_file(data: bytes, message: str) -> None:
    with pytest.raises(InvalidInput, match=message) as raised:
        read_history(data)
    assert raised.value.field in ("file", "columns")


def test_read_history_of_a_missing_file(tmp_path: Path) -> None:
    with pytest.raises(InvalidInput, match="cannot be read"):
        read_history(tmp_path / "nothing.csv")


def test_blank_lines_are_not_rows_but_keep_the_numbering() -> None:
    data = (
        "time,winner,loser,cube\n"  # row 1
        "2026-10-05T20:00:00Z,Eleni,Nikos,1\n"  # row 2
        "\n"  # row 3: blank
        ",,,\n"  # row 4: only commas
        '2026-10-05T21:00:00Z,"Maria\nthe second",Nikos,3\n'  # row 5, over two lines
        "2026-10-05T22:00:00Z,Eleni,Maria,2\n"  # row 6
    )
    frame = read_history(data.encode())
    assert frame.index.tolist() == [2, 5, 6]
    result = replay(frame, skip_invalid=True)
    assert result.rows_read == 3
    assert result.rejected[["row", "column", "value"]].values.tolist() == [[5, "cube", "3"]]


def test_header_only() -> None:
    result = replay(read_history(b"time,winner,loser\n"))
    assert result.rows_read == 0 and result.games.empty


# ---------------------------------------------------------------------------------------------
# Comparing rule sets, trajectories, export


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
        compare_rules(sample_history(), ["1.3.1", CURRENT])
    with pytest.raises(InvalidInput, match="at least one"):
        compare_rules(sample_history(), [])


def test_trajectories_in_long_form() -> None:
    rows, _ = pairs("You", fillers("F", 2), T0)
    result = replay(history(rows))
    you = trajectories(result, ["You"])
    assert you[["game", "result", "change", "rating"]].values.tolist() == [
        [1, "win", 16, 1516],
        [2, "loss", -16, 1500],
        [3, "win", 16, 1516],
        [4, "loss", -16, 1500],
    ]
    assert set(you.rules) == {"1.3.1"} and list(you.columns) == list(
        replay_module.TRAJECTORY_COLUMNS
    )
    busiest = trajectories(result, busiest=1)
    assert set(busiest.player) == {"You"}
    comparison = compare_rules(history(rows), ["1.3.1", "1.0.5"])
    both = trajectories(comparison, "You")
    assert both.groupby("rules").size().to_dict() == {"1.0.5": 4, "1.3.1": 4}
    with pytest.raises(InvalidInput, match="Nobody"):
        trajectories(result, ["Nobody"])


def test_neutralize_formulas() -> None:
    frame = pd.DataFrame(
        {
            "player": ["=1+1", "+1", "-cmd", "@SUM(A1)", "\tx", "Eleni", "a=b"],
            "change": [-16, 8, 0, 1, 2, 3, 4],
            "=bad name": pd.Categorical(["=x", "y", "y", "y", "y", "y", "y"]),
        }
    )
    safe = neutralize_formulas(frame)
    assert safe.player.tolist() == ["'=1+1", "'+1", "'-cmd", "'@SUM(A1)", "'\tx", "Eleni", "a=b"]
    assert safe.change.tolist() == [-16, 8, 0, 1, 2, 3, 4]  # numbers stay numbers
    assert safe["'=bad name"].tolist()[:2] == ["'=x", "y"]
    assert frame.player.iloc[0] == "=1+1"  # the original is untouched
    # Quoting a category must not merge it with another: then the cells are quoted instead.
    clash = pd.DataFrame({"player": pd.Categorical(["=x", "'=x", "y"])})
    assert neutralize_formulas(clash).player.tolist() == ["'=x", "'=x", "y"]


# ---------------------------------------------------------------------------------------------
# The command line


def _write(tmp_path: Path, text: str) -> str:
    path = tmp_path / "games.csv"
    path.write_text(text, encoding="utf-8")
    return str(path)


def test_cli_replay_summary_and_out(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = _write(tmp_path, GOOD_CSV + "2026-10-05T21:00:00Z,=cmd,Nikos,1\n")
    out = tmp_path / "out.csv"
    assert main(["replay", path, "--rules", "1.3.1", "1.0.5", "--out", str(out)]) == 0
    printed = capsys.readouterr().out
    assert "2 rows read, 2 replayed, 0 rejected; 3 players" in printed
    assert "1.0.5" in printed and "half_within" in printed
    written = pd.read_csv(out, dtype=str)
    assert written.rules.tolist() == ["1.3.1", "1.3.1", "1.0.5", "1.0.5"]
    assert "'=cmd" in written.winner.tolist()


def test_cli_replay_is_strict(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = _write(tmp_path, GOOD_CSV + "2026-10-05T21:00:00Z,Eleni,Eleni,3\n")
    assert main(["replay", path]) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    # A row's problems are listed in the order of the columns: loser before cube.
    assert "1 of 2 rows are invalid (2 problems); first, row 3: loser" in captured.err
    assert "must be a power of two from 1 to 64" in captured.err

    rejected = tmp_path / "rejected.csv"
    assert main(["replay", path, "--skip-invalid", "--rejected", str(rejected)]) == 0
    assert "Rejected rows (1)" in capsys.readouterr().out
    assert pd.read_csv(rejected).row.tolist() == [3, 3]


def test_cli_replay_bad_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["replay", str(tmp_path / "missing.csv")]) == 2
    assert "cannot be read" in capsys.readouterr().err
    assert main(["replay", _write(tmp_path, GOOD_CSV), "--rules", "9.9"]) == 2
    assert "rules" in capsys.readouterr().err


# ---------------------------------------------------------------------------------------------
# The tables and the property: replay equals rating_change game by game


@pytest.mark.parametrize(
    "rules", [*RULES.values(), dataclasses.replace(CURRENT, k=1, heavy_k=3, divisor=75)]
)
def test_change_tables_equal_rating_change(rules: gammon_elo.Rules) -> None:
    heavy_k = rules.heavy_k or rules.k
    tables = change_tables(rules.divisor, rules.k, heavy_k)
    heavy_games = rules.heavy_games or 0
    for heavy, games in ((0, 0), (1, heavy_games)):
        for log2 in range(7):
            base = (heavy * 7 + log2) * tables.width + tables.reach
            for d in range(-2500, 2501, 7):
                change = rating_change(
                    1500,
                    1500 + d,
                    cube=2**log2,
                    winner_recent_games=games,
                    loser_recent_games=games,
                    rules=rules,
                )
                assert (tables.winner[base + d], tables.loser[base + d]) == (
                    change.winner,
                    change.loser,
                )


def reference(frame: pd.DataFrame, rules: gammon_elo.Rules, initial: dict[str, int]) -> list[Row]:
    """The issue's rules applied game by game with rating_change: per input row, both ratings
    before, both changes and both counts of ranked games this week."""
    times = [pd.Timestamp(t) for t in frame.time]
    order = sorted(range(len(frame)), key=lambda i: (times[i], i))
    rating: defaultdict[str, int] = defaultdict(lambda: rules.starting, initial)
    ranked_times: defaultdict[str, list[pd.Timestamp]] = defaultdict(list)
    out: list[Row] = [()] * len(frame)
    for i in order:
        t, w, lo = times[i], frame.winner[i], frame.loser[i]
        kind, cube, prize = frame.type[i], int(frame.cube[i]), frame.prize[i]
        if kind == "podium":
            out[i] = (rating[w], None, prize, None, None, None)
            rating[w] += prize
            continue
        if kind != "ranked":
            out[i] = (rating[w], rating[lo], 0, 0, None, None)
            continue
        week = [sum(1 for s in ranked_times[p] if s > t - rules.window) for p in (w, lo)]
        change = rating_change(
            rating[w],
            rating[lo],
            cube=cube,
            winner_recent_games=week[0],
            loser_recent_games=week[1],
            rules=rules,
        )
        out[i] = (rating[w], rating[lo], change.winner, change.loser, *week)
        rating[w] += change.winner
        rating[lo] += change.loser
        ranked_times[w].append(t)
        ranked_times[lo].append(t)
    return out


PLAYERS = ["Ann", "Ben", "Cat", "Dan", "Eve"]
PROPERTY_RULES = [
    CURRENT,
    RULES["1.0.5"],
    dataclasses.replace(CURRENT, heavy_games=2),
    dataclasses.replace(CURRENT, divisor=75, k=7, heavy_k=3, heavy_games=3),
    dataclasses.replace(RULES["1.2.0"], k=1),
]


@st.composite
def histories(draw: st.DrawFn) -> pd.DataFrame:
    rows = []
    for _ in range(draw(st.integers(0, 30))):
        # Whole days and half days apart, and equal times: the window's edges come up often.
        when = T0 + timedelta(
            days=draw(st.integers(0, 9)), minutes=draw(st.sampled_from([0, 1, 720]))
        )
        kind = draw(st.sampled_from(["ranked"] * 6 + ["boosted", "tournament", "podium"]))
        winner, loser = draw(st.permutations(PLAYERS))[:2]
        prize = draw(st.sampled_from([0, 15, 25, 50, 700])) if kind == "podium" else ""
        loser = "" if kind == "podium" else loser
        cube = draw(st.sampled_from([1, 2, 4, 8, 16, 32, 64]))
        rows.append(
            {
                "time": when.isoformat(),
                "winner": winner,
                "loser": loser,
                "cube": cube,
                "type": kind,
                "prize": prize,
            }
        )
    return pd.DataFrame(rows, columns=["time", "winner", "loser", "cube", "type", "prize"])


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    frame=histories(),
    rules=st.sampled_from(PROPERTY_RULES),
    initial=st.dictionaries(st.sampled_from(PLAYERS), st.integers(-20_000, 20_000), max_size=3),
    waves=st.booleans(),
)
def test_replay_equals_rating_change_game_by_game(
    frame: pd.DataFrame, rules: gammon_elo.Rules, initial: dict[str, int], waves: bool
) -> None:
    # Both ways of rating (waves of numpy, and the plain loop) must give the same numbers.
    with mock.patch("gammon_elo.replay.engine._SMALL_WAVES", 1.0 if waves else 0.0):
        games = replay(frame, rules=rules, initial_ratings=initial).games
    expected = reference(frame, rules, initial)
    for row, (wb, lb, wc, lc, wr, lr) in zip(games.itertuples(), expected, strict=True):
        assert (row.winner_before, row.winner_change) == (wb, wc)
        if lb is None:
            assert pd.isna(row.loser_before) and pd.isna(row.loser_change)
        else:
            assert (row.loser_before, row.loser_change) == (lb, lc)
        if wr is not None:
            assert (row.winner_recent_games, row.loser_recent_games) == (wr, lr)
            assert row.winner_after == wb + wc and row.loser_after == lb + lc
            assert row.expected_winner == expected_score(wb, lb, divisor=rules.divisor)


def test_trajectory_of_a_player_who_never_won() -> None:
    """Nikos only loses: his line is his losses alone (16 points each between equals, K 32)."""
    history = pd.DataFrame(
        {
            "time": ["2026-10-05T20:00:00Z", "2026-10-05T21:00:00Z"],
            "winner": ["Eleni", "Maria"],
            "loser": ["Nikos", "Nikos"],
        }
    )
    line = trajectories(replay(history), ["Nikos"])
    # Hand: 1500 − 16 = 1484; then Maria (1500) beats Nikos (1484): E = 1/(1 + 10^(16/1200))
    # = 0.50768, 32 × 0.50768 = 16.25 → −16 → 1468.
    assert line["result"].tolist() == ["loss", "loss"]
    assert line["rating"].tolist() == [1484, 1468]
    assert str(line["time"].dt.tz) == "UTC"
