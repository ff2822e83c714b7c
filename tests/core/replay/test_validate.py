"""Checking a history before it is rated: every kind of bad row reported with its row number,
column, value and reason (or skipped, and counted); values that are fine in other spellings;
column names, typed columns, and the initial ratings.
"""

from __future__ import annotations

from typing import Any

import numpy as np
import pandas as pd
import pytest
from replay_support import (
    MINUTE,
    T0,
    history,
)

from gammon_elo import InvalidHistory, InvalidInput, sample_history
from gammon_elo.replay import replay

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


def test_row_numbers_come_from_a_row_index_or_the_position() -> None:
    frame = history([(T0, "A", "B", 3)])
    assert replay(frame, skip_invalid=True).rejected.row.tolist() == [2]
    frame.index = pd.Index([41], name="row")
    assert replay(frame, skip_invalid=True).rejected.row.tolist() == [41]


# ---------------------------------------------------------------------------------------------
# Values that are fine, columns, initial ratings


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


#: The same cube, type and prize cells typed as a table built in code may type them: each column
#: gives the same rows, rejections (row, column, value, reason) and ratings as its text.
CUBES = [1, 2, 3, -128, 64, 1]
TYPED_COLUMNS = {
    "int8 cubes": ("cube", np.array(CUBES, dtype=np.int8)),
    "uint8 cubes": ("cube", np.array([1, 2, 3, 255, 64, 1], dtype=np.uint8)),
    "int64 cubes, far apart": ("cube", np.array([1, 2, 3, 10**15, 64, 1])),
    "uint64 cubes": ("cube", np.array([1, 2, 3, 2**64 - 1, 64, 1], dtype=np.uint64)),
    "nullable cubes": ("cube", pd.array([1, 2, 3, None, -128, 64], dtype="Int64")),
    "categorical types": (
        "type",
        pd.Categorical(
            ["ranked", "boosted", "ranked", "nonsense", "ranked", "ranked"],
            categories=["ranked", "boosted", "unused", "nonsense", "podium"],
        ),
    ),
    "categorical types, each used": (
        "type",
        pd.Categorical(["ranked", "boosted", "ranked", "nonsense", "ranked", "ranked"]),
    ),
    "categorical cubes, each used": ("cube", pd.Categorical(["1", "2", "3", "-128", "64", "1"])),
    "nullable prizes": ("prize", pd.array([None, None, 5, None, None, 0], dtype="Int64")),
    "int16 prizes": ("prize", np.array([0, 0, -3, 0, 0, 0], dtype=np.int16)),
}


@pytest.mark.parametrize("column, values", TYPED_COLUMNS.values(), ids=list(TYPED_COLUMNS))
def test_typed_cube_type_and_prize_columns_read_as_their_text(column: str, values: Any) -> None:
    frame = history(
        [(T0 + i * MINUTE, "A", "B") if i % 2 else (T0 + i * MINUTE, "B", "A") for i in range(6)]
    )
    typed = frame.assign(**{column: values})
    as_text = frame.assign(**{column: [("" if pd.isna(v) else str(v)) for v in values]})
    ours, theirs = (replay(f, skip_invalid=True) for f in (typed, as_text))
    assert len(ours.rejected) > 0
    got = ours.rejected.assign(value=ours.rejected.value.astype(str))
    want = theirs.rejected.assign(value=theirs.rejected.value.astype(str))
    pd.testing.assert_frame_equal(got, want)
    pd.testing.assert_frame_equal(ours.players, theirs.players)
    assert ours.games.row.tolist() == theirs.games.row.tolist()


@pytest.mark.parametrize("unused", [[], ["Zoe"]], ids=["each name used", "an unused name"])
def test_categorical_names_replay_as_their_text(unused: list[str]) -> None:
    frame = sample_history()
    frame.loc[frame.index[3], "winner"] = " Eleni\x07"  # refused, as text is
    names = sorted({*frame.winner, *frame.loser}) + unused
    typed = frame.assign(
        **{c: pd.Categorical(frame[c], categories=names) for c in ("winner", "loser")}
    )
    ours, theirs = (replay(f, skip_invalid=True) for f in (typed, frame))
    assert "Zoe" not in ours.players.player.tolist()
    pd.testing.assert_frame_equal(ours.players, theirs.players)
    pd.testing.assert_frame_equal(ours.rejected, theirs.rejected, check_dtype=False)
    assert ours.rows_rejected == 1


def test_an_empty_history_with_an_unused_bad_category_replays_no_row() -> None:
    empty = pd.Series([], dtype=object)
    cube = pd.Categorical([], categories=["3"])  # no such cube, and no row uses it
    frame = pd.DataFrame({"time": empty, "winner": empty, "loser": empty, "cube": cube})
    result = replay(frame, skip_invalid=True)
    assert (result.rows_read, result.rows_rejected, len(result.games)) == (0, 0, 0)


def test_initial_ratings_are_checked() -> None:
    frame = history([(T0, "A", "B")])
    with pytest.raises(InvalidInput, match="initial_ratings"):
        replay(frame, initial_ratings={"A": "lots"})
    with pytest.raises(InvalidInput, match="initial_ratings"):
        replay(frame, initial_ratings=[1500])  # type: ignore[arg-type]
    games = replay(frame, initial_ratings=pd.Series({"A": 1600, "Nobody": 1})).games
    assert games.winner_before.tolist() == [1600]


@pytest.mark.parametrize(
    ("rows", "read", "said"),
    [
        ([2], 1, "1 of 1 row is invalid (1 problem)"),
        ([2, 3], 20_000, "2 of 20,000 rows are invalid (2 problems)"),
        ([5], 1_234_567, "1 of 1,234,567 rows is invalid (1 problem)"),
    ],
)
def test_a_rejection_counts_agree_with_their_nouns(rows: list[int], read: int, said: str) -> None:
    report = pd.DataFrame(
        {"row": rows, "column": "cube", "value": "3", "reason": "must be a power of two"}
    )
    assert str(InvalidHistory(report, read).args[0]).startswith(said)
