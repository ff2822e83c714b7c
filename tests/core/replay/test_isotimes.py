"""Times read by :func:`gammon_elo.replay.validate.whole_seconds` against Python's own calendar
(``datetime``): the same microseconds for every real time, None for a column with any cell that
is not a real time so written (pandas' parser then reads it and reports the bad cells)."""

from __future__ import annotations

import random
from datetime import UTC, datetime, timedelta

import pandas as pd
import pytest

from gammon_elo.replay.validate import whole_seconds

EPOCH = datetime(1970, 1, 1, tzinfo=UTC)


#: Keeps the drawn times the same from run to run.
SEED = 20261201


def micros(when: datetime) -> int:
    return (when - EPOCH) // timedelta(microseconds=1)


def text(cells: list[str]) -> pd.Series:
    return pd.Series(cells, dtype="str")


@pytest.mark.parametrize("zulu", ["Z", ""])
def test_drawn_times_are_the_calendars(zulu: str) -> None:
    rng = random.Random(SEED)
    first, last = datetime(1900, 1, 1, tzinfo=UTC), datetime(2199, 12, 31, 23, 59, 59, tzinfo=UTC)
    span = int((last - first).total_seconds())
    times = [first + timedelta(seconds=rng.randrange(span + 1)) for _ in range(5_000)]
    times += [first, last]
    cells = [f"{t:%Y-%m-%dT%H:%M:%S}{zulu}" for t in times]
    assert whole_seconds(text(cells)).tolist() == [micros(t) for t in times]  # type: ignore[union-attr]


@pytest.mark.parametrize(
    "day",
    ["2024-02-29", "2000-02-29", "2026-12-31", "2026-01-01", "1970-01-01", "1969-12-31"],
)
def test_month_ends_and_leap_days(day: str) -> None:
    cell = f"{day}T23:59:59Z"
    expected = micros(datetime.fromisoformat(cell.replace("Z", "+00:00")))
    assert whole_seconds(text([cell])).tolist() == [expected]  # type: ignore[union-attr]


@pytest.mark.parametrize(
    "cell",
    [
        "2027-02-29T10:00:00Z",  # no such day
        "1900-02-29T10:00:00Z",  # 1900 was no leap year
        "2026-04-31T10:00:00Z",
        "2026-13-01T10:00:00Z",
        "2026-00-10T10:00:00Z",
        "2026-10-00T10:00:00Z",
        "2026-10-05T24:00:00Z",
        "2026-10-05T23:60:00Z",
        "2026-10-05T23:59:60Z",  # a leap second
        "1899-12-31T23:59:59Z",  # outside the years read here
        "2026-10-05 20:00:00Z",  # a space for the T
        "2026-10-05T20:00:00z",
        "2026-10-05T20:00:0AZ",
        "2026-10-05T20:00:00.5",
        "2026-10-05T20:00+02",
        "",
    ],
)
def test_a_column_with_any_other_cell_is_left_to_pandas(cell: str) -> None:
    assert whole_seconds(text(["2026-10-05T20:00:00Z", cell])) is None


def test_z_and_no_z_in_one_column_and_other_kinds_of_column_are_left_to_pandas() -> None:
    assert whole_seconds(text(["2026-10-05T20:00:00Z", "2026-10-05T20:00:00"])) is None
    assert whole_seconds(pd.Series(["2026-10-05T20:00:00Z"], dtype=object)) is None
    assert whole_seconds(pd.Series(["2026-10-05T20:00:00Z", None], dtype="str")) is None
    assert whole_seconds(text([])) is None


def test_a_slice_of_a_column_is_read_from_its_own_cells() -> None:
    column = text(["2026-10-05T20:00:00Z", "2026-10-06T20:00:00Z", "2026-10-07T20:00:00Z"])
    got = whole_seconds(column.iloc[1:])
    assert got is not None
    assert got.tolist() == [micros(datetime(2026, 10, day, 20, tzinfo=UTC)) for day in (6, 7)]
