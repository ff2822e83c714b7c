"""A corpus of malformed history files, as users really send them: each gets a clear report
naming the problem, never a traceback, and whatever is read is accounted for: rated rows plus
rejected rows always equal the rows read (nothing is silently dropped)."""

from __future__ import annotations

import io

import pyarrow as pa
import pyarrow.parquet as pq
import pytest

from gammon_elo import InvalidInput
from gammon_elo.replay import read_history, replay

GOOD = "2026-10-01T10:00:00Z,Eleni,Nikos,1\n"


def _parquet_with(name: str, values: pa.Array) -> bytes:
    """A Parquet file of one game with one more column, ``values``."""
    table = pa.table(
        {"time": ["2026-10-01T10:00:00Z"], "winner": ["Eleni"], "loser": ["Nikos"], name: values}
    )
    out = io.BytesIO()
    pq.write_table(table, out)
    return out.getvalue()


#: name → (file bytes, words the report must contain). Files a reader must refuse as a whole.
UNREADABLE = {
    "empty file": (b"", "is empty"),
    "wrong delimiter": (b"time;winner;loser\n2026-10-01T10:00:00Z;Eleni;Nikos\n", "winner"),
    "latin-1 bytes": ("time,winner,loser\n2026-10-01T10:00:00Z,Zoë,Nikos\n".encode("latin-1"),
                      "UTF-8"),
    "missing columns": (b"time,player\n2026-10-01T10:00:00Z,Eleni\n", "loser"),
    "a row longer than the header": (b"time,winner,loser\n2026-10-01T10:00:00Z,Eleni,Nikos,4,x\n",
                                     "more cells"),
    "twenty thousand extra columns": (
        ("time,winner,loser," + ",".join(f"c{i}" for i in range(20_000)) + "\n"
         + "2026-10-01T10:00:00Z,Eleni,Nikos" + "," * 20_000 + "\n").encode(),
        "at most 100 besides time, winner, loser, cube, type, prize (this file has 20000)"),
    "cube twice": (b"time,winner,loser,cube,cube\n2026-10-01T10:00:00Z,Eleni,Nikos,1,4\n",
                   "columns must each be named once (this one is twice), got 'cube'"),
    "a parquet column of lists": (
        _parquet_with("tags", pa.array([["a", "b"]])),
        "column 'tags' must hold one value a cell (a text, a number or a time), not a list, a"
        " struct or a map, got 'list<element: string>'"),
    "a parquet column of structs named like a history's": (
        _parquet_with("cube", pa.array([{"value": 2}])), "got 'struct<value: int64>'"),
    "an extra column twice": (
        b"time,winner,loser,note,note\n2026-10-01T10:00:00Z,Eleni,Nikos,a,b\n", "got 'note'"),
}  # fmt: skip


@pytest.mark.parametrize("name", list(UNREADABLE))
def test_files_that_cannot_be_read_say_why(name: str) -> None:
    data, words = UNREADABLE[name]
    with pytest.raises(InvalidInput) as caught:
        replay(read_history(data))
    assert words in str(caught.value), str(caught.value)


def rows(*lines: str, header: str = "time,winner,loser,cube") -> bytes:
    return (header + "\n" + "".join(lines)).encode()


#: name → (file bytes, rows read, rows rejected, columns the report must name).
READABLE = {
    "header only": (rows(), 0, 0, set()),
    "utf-8 with a byte-order mark": (b"\xef\xbb\xbf" + rows(GOOD), 1, 0, set()),
    "quoted newline inside a name": (
        rows('2026-10-01T10:00:00Z,"Ele\nni",Nikos,1\n', GOOD), 2, 0, set()
    ),
    "duplicated rows": (rows(GOOD, GOOD, GOOD), 3, 0, set()),
    "formulas and html in names": (
        rows('2026-10-01T10:00:00Z,=HYPERLINK("x"),<b>Nikos</b>,1\n', GOOD), 2, 0, set()
    ),
    "huge cube values": (
        rows("2026-10-01T10:00:00Z,Eleni,Nikos,128\n", "2026-10-01T10:00:00Z,Eleni,Nikos,1e308\n",
             "2026-10-01T10:00:00Z,Eleni,Nikos,99999999999999999999999\n", GOOD),
        4, 3, {"cube"},
    ),
    "negative and missing prizes": (
        rows("2026-10-02T10:00:00Z,Eleni,,,podium,-50\n",
             "2026-10-02T10:00:00Z,Maria,,,podium,\n",
             "2026-10-01T10:00:00Z,Eleni,Nikos,1,ranked,\n",
             header="time,winner,loser,cube,type,prize"),
        3, 2, {"prize"},
    ),
    "unparsable times and empty names": (
        rows("yesterday,Eleni,Nikos,1\n", "2026-10-01T10:00:00Z,,Nikos,1\n", GOOD), 3, 2,
        {"time", "winner"},
    ),
    "now and today as times": (
        rows("now,Eleni,Nikos,1\n", "today,Eleni,Nikos,1\n", GOOD), 3, 2, {"time"}
    ),
    "excel's sep line": (b"sep=,\r\n" + rows(GOOD, GOOD), 2, 0, set()),
    "excel's sep line naming a semicolon": (
        b"\xef\xbb\xbfsep=;\n" + rows(GOOD.replace(",", ";"), header="time;winner;loser;cube"),
        1, 0, set(),
    ),
    "a NUL and an escape in names": (
        rows("2026-10-01T10:00:00Z,Ele\x00ni,Nikos,1\n",
             "2026-10-01T10:00:00Z,Eleni,\x1b[31mNikos,1\n", GOOD),
        3, 2, {"winner", "loser"},
    ),
    "winner equals loser and unknown type": (
        rows("2026-10-01T10:00:00Z,Eleni,Eleni,1,ranked\n",
             "2026-10-01T10:00:00Z,Eleni,Nikos,1,friendly\n", header="time,winner,loser,cube,type"),
        2, 2, {"loser", "type"},
    ),
}  # fmt: skip


@pytest.mark.parametrize("name", list(READABLE))
def test_every_row_is_rated_or_reported(name: str) -> None:
    data, read, rejected, columns = READABLE[name]
    frame = read_history(data)
    result = replay(frame, skip_invalid=True)
    assert result.rows_read == read
    assert result.rows_rejected == rejected
    assert len(result.games) + result.rows_rejected == result.rows_read
    assert set(result.rejected["column"]) == columns
    if rejected:
        # Strict by default: nothing rated, the same report raised.
        with pytest.raises(InvalidInput) as caught:
            replay(frame)
        # "1 of 2 rows is invalid", "2 of 2 rows are invalid": the verb agrees with the rows
        # rejected, the noun with the rows read.
        verb = "is" if rejected == 1 else "are"
        noun = "row" if read == 1 else "rows"
        assert f"{rejected} of {read} {noun} {verb} invalid" in str(caught.value)


def test_names_are_kept_exactly_as_written() -> None:
    """Formulas and markup in names are data: kept verbatim (the app shows them as text and
    neutralises formulas only in downloads)."""
    data = READABLE["formulas and html in names"][0]
    players = set(replay(read_history(data)).players["player"])
    assert {'=HYPERLINK("x")', "<b>Nikos</b>", "Eleni", "Nikos"} == players


def test_a_million_rows_are_all_accounted_for() -> None:
    """A million-row file: one bad row in every thousand is reported by its row number, the
    rest rated: 999 000 + 1 000 = 1 000 000."""
    players = [f"p{i}" for i in range(2000)]
    lines = []
    for i in range(1_000_000):
        day, second = divmod(i, 86_400)  # one game a second: about 12 days
        hour, second = divmod(second, 3600)
        time = f"2026-10-{1 + day:02d}T{hour:02d}:{second // 60:02d}:{second % 60:02d}Z"
        cube = "3" if i % 1000 == 999 else "1"
        lines.append(f"{time},{players[i % 2000]},{players[(i * 7 + 1) % 2000]},{cube}\n")
    result = replay(read_history(rows(*lines)), skip_invalid=True)
    assert result.rows_read == 1_000_000
    assert result.rows_rejected == 1000
    assert len(result.games) == 999_000
    # The first bad row is data row 1 000, the file's line 1 001 (the header is line 1).
    assert result.rejected["row"].iloc[0] == 1001


#: Rows and reports the hostile files above must give, written out by hand.
EXPECTED_REPORTS = {
    "a NUL and an escape in names": [
        [2, "winner", "Ele\x00ni", "must not contain control characters (U+0000 at character 4)"],
        [3, "loser", "\x1b[31mNikos",
         "must not contain control characters (U+001B at character 1)"],
    ],
}  # fmt: skip


@pytest.mark.parametrize("name", list(EXPECTED_REPORTS))
def test_hostile_files_get_the_expected_report(name: str) -> None:
    result = replay(read_history(READABLE[name][0]), skip_invalid=True)
    assert result.rejected.values.tolist() == EXPECTED_REPORTS[name]
    with pytest.raises(InvalidInput, match="row 2: winner must not contain control"):
        replay(read_history(READABLE[name][0]))


def test_excel_sep_line_is_not_a_row() -> None:
    """Excel hides its sep= line: the header is row 1 and the first game row 2, as Excel shows."""
    frame = read_history(b"sep=,\n" + rows(GOOD, "yesterday,Eleni,Nikos,1\n"))
    assert frame.index.tolist() == [2, 3]
    assert frame.columns.tolist() == ["time", "winner", "loser", "cube"]
    assert replay(frame, skip_invalid=True).rejected["row"].tolist() == [3]


def test_extra_columns_are_carried_in_their_order_up_to_a_hundred() -> None:
    extra = [f"note{i}" for i in range(100)]
    header = "time,winner,loser,cube," + ",".join(extra)
    line = "2026-10-01T10:00:00Z,Eleni,Nikos,1," + ",".join(f"v{i}" for i in range(100)) + "\n"
    games = replay(
        read_history(rows(line, "bad,Eleni,Nikos,1," + "," * 99 + "\n", line, header=header)),
        skip_invalid=True,
    ).games
    assert games.columns.tolist()[-100:] == extra
    assert games["note99"].tolist() == ["v99", "v99"]
    assert games["row"].tolist() == [2, 4]


def test_a_table_with_too_many_columns_is_refused_too() -> None:
    import pandas as pd

    frame = pd.DataFrame({"time": ["2026-10-01T10:00:00Z"], "winner": ["Eleni"], "loser": ["Nikos"]}
                         | {f"c{i}": [i] for i in range(101)})  # fmt: skip
    with pytest.raises(InvalidInput, match=r"at most 100 .*this table has 101"):
        replay(frame)
