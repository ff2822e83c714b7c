"""A typed history's rows checked and coded in one compiled pass
(:mod:`gammon_elo.replay.fastcheck`) against NumPy's checks of the same table
(:func:`~gammon_elo.replay.validate.prepare` with the pass switched off): the same history,
field by field, for every way a table may type its columns; a table with any bad row sent back
to NumPy's checks, which report it; and the pass taken from ``FAST_FROM`` rows where the module
is built.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import numpy as np
import pandas as pd
import pytest

from gammon_elo.replay import ahead, fastcheck, validate
from gammon_elo.replay.validate import History

#: Keeps the drawn tables the same from run to run.
SEED = 20261202
ROWS = 400


@pytest.fixture(autouse=True)
def built(monkeypatch: pytest.MonkeyPatch) -> None:
    """The module built (where the compiled pass keeps it), and the pass taken at any size."""
    assert ahead.load_kernel() is not None, "the replay's module could not be built here"
    monkeypatch.setattr(fastcheck, "FAST_FROM", 0)


def drawn(seed: int = SEED) -> pd.DataFrame:
    """A history of ROWS rows as text and plain numbers: 30 players (one also written with
    spaces around the name), every cube, some boosted, tournament and podium rows, times out of
    order and some equal."""
    rng = np.random.default_rng(seed)
    names = [f"player{i:02d}" for i in range(30)]
    a = rng.integers(0, 30, ROWS)
    b = (a + rng.integers(1, 30, ROWS)) % 30
    kind = rng.choice(["ranked", "boosted", "tournament", "podium"], ROWS, p=[0.8, 0.1, 0.05, 0.05])
    kind[1] = "ranked"  # the row the bad cells go in
    podium = kind == "podium"
    seconds = rng.integers(0, 30 * 86_400, ROWS)
    seconds[10:20] = seconds[9]  # equal times keep their order
    frame = pd.DataFrame(
        {
            "time": pd.to_datetime(1_790_000_000 + seconds, unit="s", utc=True),
            "winner": [names[i] for i in a],
            "loser": [None if p else names[i] for i, p in zip(b, podium, strict=True)],
            "cube": 2 ** rng.integers(0, 7, ROWS),
            "type": kind,
            "prize": pd.array(np.where(podium, rng.choice([50, 25, 15], ROWS), 0), dtype="Int64"),
        }
    )
    frame.loc[~podium, "prize"] = pd.NA
    frame.loc[frame.index[::17], "winner"] = "  player03 "  # the same player as player03
    return frame


def categorical(values: pd.Series, extra: tuple[Any, ...] = ("nobody", " unused ")) -> Any:
    """The column as a categorical with categories no row holds, before and after its own."""
    present = [v for v in pd.unique(values) if not pd.isna(v)]
    return pd.Categorical(values, categories=[extra[0], *present, *extra[1:]])


#: Ways a table built in code, or read from a file, types its columns.
TYPINGS: dict[str, Callable[[pd.DataFrame], pd.DataFrame]] = {
    "text and numbers": lambda f: f,
    "categorical names": lambda f: f.assign(
        winner=categorical(f.winner), loser=categorical(f.loser)
    ),
    "names sharing their categories": lambda f: f.assign(
        winner=pd.Categorical(f.winner, categories=sorted(set(f.winner) | set(f.loser.dropna()))),
        loser=pd.Categorical(f.loser, categories=sorted(set(f.winner) | set(f.loser.dropna()))),
    ),
    "names of more than 32,767 categories (int32 codes)": lambda f: f.assign(
        winner=categorical(f.winner, tuple(f"nobody{i}" for i in range(40_000))),
        loser=categorical(f.loser),
    ),
    "arrow strings": lambda f: f.astype({"winner": "string[pyarrow]", "loser": "string[pyarrow]"}),
    "whole numbers as names": lambda f: f.assign(
        winner=f.winner.str.strip().str[6:].astype(int) * 7,
        loser=pd.array(f.loser.str[6:].astype(float) * 7, dtype="Int64"),
    ),
    "int8 cubes, categorical types": lambda f: f.assign(
        cube=f.cube.astype(np.int8), type=categorical(f.type, ("friendly", "casual"))
    ),
    "uint16 cubes, types in other cases": lambda f: f.assign(
        cube=f.cube.astype(np.uint16), type=f.type.str.upper().str.replace("BOOSTED", " Casual ")
    ),
    "nullable cubes with empty cells": lambda f: f.assign(
        cube=pd.array([None if i % 5 == 0 else c for i, c in enumerate(f.cube)], dtype="Int64")
    ),
    "categorical cubes": lambda f: f.assign(
        cube=pd.Categorical(f.cube, categories=[3, 1, 2, 4, 8, 16, 32, 64, 5])
    ),
    "cubes as text": lambda f: f.assign(cube=f.cube.astype(str).str.pad(3)),
    "float prizes": lambda f: f.assign(prize=f.prize.astype(float)),
    "prizes far apart": lambda f: f.assign(prize=f.prize.where(f.index % 2 == 0, f.prize * 40)),
    "int16 prizes with zeros": lambda f: f.assign(prize=f.prize.fillna(0).astype(np.int16)),
    "prizes as text": lambda f: f.assign(prize=f.prize.astype(object).where(f.prize.notna(), "")),
    "no cube, no type, no prize": lambda f: f.loc[f.type == "ranked", ["time", "winner", "loser"]],
    "naive times, in order": lambda f: f.sort_values("time").assign(
        time=lambda g: g.time.dt.tz_localize(None)
    ),
    "times as text": lambda f: f.assign(time=f.time.dt.strftime("%Y-%m-%dT%H:%M:%SZ")),
    "a row index": lambda f: f.set_axis(pd.Index(np.arange(ROWS) + 40, name="row")),
    "an extra column": lambda f: f.assign(note=np.arange(ROWS)),
}


def numpy_only(frame: pd.DataFrame, monkeypatch: pytest.MonkeyPatch) -> History:
    with monkeypatch.context() as patch:
        patch.setattr(fastcheck, "row_coder", lambda **_: None)
        return validate.prepare(frame)


def assert_same(ours: History, theirs: History) -> None:
    for field in History.__dataclass_fields__:
        a, b = getattr(ours, field), getattr(theirs, field)
        if isinstance(a, np.ndarray):
            assert a.dtype == b.dtype, field
            np.testing.assert_array_equal(a, b, err_msg=field)
        elif isinstance(a, pd.DataFrame):
            pd.testing.assert_frame_equal(a, b)
        else:
            assert a is b or a == b, field


def spy(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """The statuses the compiled pass returns from now on (one per table it checks)."""
    statuses: list[int] = []
    row_coder = ahead.row_coder

    def counting(*, wide: bool = False) -> tuple[Callable[..., int], Callable[..., int]]:
        coder = row_coder(wide=wide)
        assert coder is not None
        mark_used, code_rows = coder

        def counted(*arguments: Any) -> int:
            statuses.append(code_rows(*arguments))
            return statuses[-1]

        return mark_used, counted

    monkeypatch.setattr(fastcheck, "row_coder", counting)
    return statuses


@pytest.mark.parametrize("typing", list(TYPINGS))
def test_a_typed_table_is_coded_as_numpys_checks_code_it(
    typing: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    frame = TYPINGS[typing](drawn())
    statuses = spy(monkeypatch)
    ours = validate.prepare(frame)
    assert len(statuses) == 1 and statuses[0] >= 0, "the compiled pass did not code the table"
    assert statuses[0] == (1 if frame.time.is_monotonic_increasing else 0)
    assert len(ours.report) == 0 and len(ours.source) == len(frame)
    assert_same(ours, numpy_only(frame, monkeypatch))


def test_a_nullable_columns_numbers_and_gaps_are_read_without_pandas_private_arrays_too() -> None:
    values = pd.array([5, None, -3, None, 70000], dtype="Int32")

    class Public:
        """Only what any pandas extension array offers."""

        def __len__(self) -> int:
            return len(values)

        def to_numpy(self, **options: Any) -> Any:
            return values.to_numpy(**options)

        def isna(self) -> Any:
            return values.isna()

    for array in (values, Public()):
        numbers, empty = fastcheck._numbers_and_gaps(array)
        assert empty.tolist() == [False, True, False, True, False]
        assert numbers[~empty].tolist() == [5, -3, 70000]


def test_names_differing_by_spaces_are_one_player_and_unused_categories_no_player(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    frame = TYPINGS["categorical names"](drawn())
    h = validate.prepare(frame)
    assert "nobody" not in set(h.names) and "unused" not in set(h.names)
    assert "  player03 " not in set(h.names) and "player03" in set(h.names)
    assert len(h.names) == len(set(h.names)) == 30


#: One bad cell each (row 3 of the drawn table, as a person counts rows).
BAD_CELLS = {
    "an empty winner": {"winner": None},
    "an empty loser": {"loser": ""},
    "a loser on a podium row": {"type": "podium", "loser": "player07", "prize": 5},
    "the winner as loser": {"winner": "player05", "loser": " player05"},
    "cube 3": {"cube": 3},
    "cube 128": {"cube": 128},
    "an unknown type": {"type": "friendly"},
    "a podium row with no prize": {"type": "podium", "loser": None, "prize": pd.NA},
    "a negative prize": {"type": "podium", "loser": None, "prize": -5},
    "a prize on a ranked row": {"type": "ranked", "loser": "player08", "prize": 50},
    "a control character in a name": {"loser": "play\x1ber08"},
}


@pytest.mark.parametrize("cell", list(BAD_CELLS))
@pytest.mark.parametrize("typing", ["text and numbers", "categorical names", "int16 cubes"])
def test_a_bad_row_sends_the_table_to_numpys_checks_which_report_it(
    cell: str, typing: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    frame = drawn()
    for column, value in BAD_CELLS[cell].items():
        frame[column] = frame[column].astype(object)
        frame.loc[1, column] = value
    if typing == "categorical names":
        frame = TYPINGS[typing](frame)
    elif typing == "int16 cubes":
        frame = frame.assign(cube=frame.cube.astype(np.int16))
    ours = validate.prepare(frame)
    theirs = numpy_only(frame, monkeypatch)
    assert set(ours.report.row) == {3}
    assert_same(ours, theirs)


def test_a_table_with_a_bad_time_is_not_coded_twice(monkeypatch: pytest.MonkeyPatch) -> None:
    frame = drawn().astype({"time": object})
    frame.loc[1, "time"] = "soon"
    statuses = spy(monkeypatch)
    assert validate.prepare(frame).report.row.tolist() == [3]
    assert statuses == []  # the times are checked first


@pytest.mark.parametrize(
    "typing", ["int8 cubes, categorical types", "nullable cubes with empty cells"]
)
def test_a_bad_value_no_row_holds_stops_nothing(
    typing: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Categories no row holds (cube 3, type "friendly") and numbers missing from a span are
    never a row's problem."""
    frame = TYPINGS[typing](drawn())
    statuses = spy(monkeypatch)
    assert len(validate.prepare(frame).report) == 0
    assert statuses and statuses[0] >= 0


def test_the_pass_is_taken_from_fast_from_rows_where_the_module_is_built(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    frame = drawn()
    statuses = spy(monkeypatch)
    monkeypatch.setattr(fastcheck, "FAST_FROM", ROWS + 1)
    validate.prepare(frame)
    assert statuses == []
    monkeypatch.setattr(fastcheck, "FAST_FROM", ROWS)
    validate.prepare(frame)
    assert len(statuses) == 1
    monkeypatch.setattr(fastcheck, "row_coder", lambda **_: None)  # no module built
    assert fastcheck.coded(frame, validate.column_labels(frame), np.zeros(ROWS, np.int64)) is None
