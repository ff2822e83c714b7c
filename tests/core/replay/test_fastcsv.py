"""pyarrow's reader for plain CSV files (in :mod:`gammon_elo.replay.read`) against pandas'
reader, the one whose cells, row numbers and refusals the other tests pin: for every plain file
the same cells, the same row numbers, and the same replay, rejected rows and report included;
every other file left to pandas' reader (None)."""

from __future__ import annotations

from pathlib import Path

import pandas as pd
import pytest

from gammon_elo import InvalidHistory, InvalidInput, read_history
from gammon_elo.replay import read as read_module
from gammon_elo.replay import replay
from gammon_elo.replay.read import read_plain_csv

HEAD = "time,winner,loser,cube,type,prize\n"

#: Plain files (every line one row), each with something the readers must agree on.
PLAIN = {
    "every column": HEAD
    + "2026-10-05T20:00:00Z,Eleni,Nikos,2,ranked,\n"
    + "2026-10-05T20:30:00Z,Nikos,Eleni,64,,\n"
    + "2026-10-06T09:00:00Z,Eleni,,1,podium,50\n",
    "crlf": (HEAD + "2026-10-05T20:00:00Z,Eleni,Nikos,2,ranked,\n").replace("\n", "\r\n"),
    "blank rows kept out, numbers kept": HEAD
    + ",,,,,\n"
    + "2026-10-05T20:00:00Z,Eleni,Nikos,1,,\n"
    + ",,,,,\n"
    + "2026-10-05T21:00:00Z,Nikos,Maria,1,,\n"
    + ",,,,,",
    "empty lines": HEAD
    + "\n"
    + "2026-10-05T20:00:00Z,Eleni,Nikos,1,,\n"
    + "\n\n"
    + "2026-10-05T21:00:00Z,Nikos,Maria,1,,\n"
    + "\n",
    "empty lines, crlf": (HEAD + "2026-10-05T20:00:00Z,Eleni,Nikos,1,,\n\n" * 3).replace(
        "\n", "\r\n"
    ),
    "no final line break": HEAD + "2026-10-05T20:00:00Z,Eleni,Nikos,1,,",
    "names with spaces and Greek": HEAD
    + "2026-10-05T20:00:00Z,  Ελένη ,Νίκος,1,,\n"
    + "2026-10-05T21:00:00Z,Ελένη,Νίκος ,1,,\n",
    "bad cells": HEAD
    + "2026-10-05T20:00:00Z,Eleni,Nikos,3,ranked,\n"
    + "soon,Eleni,Nikos,1,ranked,\n"
    + "now,Eleni,Nikos,1,ranked,\n"
    + "2026-10-05T20:00:00Z,,Nikos,1,friendly,\n"
    + "2026-10-05T20:00:00Z,Eleni,Eleni,1,podium,\n"
    + "2026-10-05T20:00:00Z,El\x01eni,Nikos,1,,7\n"
    + "2026-02-30T20:00:00Z,Eleni,Nikos,1,,\n",
    "other time spellings": HEAD
    + "2026-10-05T20:00:00+02:00,Eleni,Nikos,1,,\n"
    + "2026-10-05 21:00:00,Nikos,Eleni,1,,\n"
    + "2026-10-06,Eleni,Nikos,1,,\n"
    + "2026-10-06T10:00:00.250Z,Eleni,Nikos,1,,\n",
    "times without Z, out of order": HEAD
    + "2026-10-06T20:00:00,Eleni,Nikos,1,,\n"
    + "2026-10-05T20:00:00,Nikos,Eleni,4,,\n",
    "extra columns, other case": " Time ,WINNER,loser,Cube,note,table\n"
    + "2026-10-05T20:00:00Z,Eleni,Nikos,2,first,7\n"
    + "2026-10-05T21:00:00Z,Nikos,Eleni,1,,8\n",
    "excel's sep line": "sep=;\ntime;winner;loser\n2026-10-05T20:00:00Z;Eleni;Nikos\n",
    "tabs": "sep=\t\ntime\twinner\tloser\n2026-10-05T20:00:00Z\tEleni\tNikos\n",
    "a missing column": "time,winner,cube\n2026-10-05T20:00:00Z,Eleni,1\n",
}

#: Files pyarrow's reader leaves to pandas' (each breaks one of the conditions).
NOT_PLAIN = {
    "quotes": HEAD + '2026-10-05T20:00:00Z,"Eleni, the first",Nikos,1,,\n',
    "a row of more cells": HEAD + "2026-10-05T20:00:00Z,Eleni,Nikos,1,,,x\n",
    "a row of fewer cells": HEAD + "2026-10-05T20:00:00Z,Eleni,Nikos\n",
    "a lone carriage return": HEAD + "2026-10-05T20:00:00Z,Eleni,Nikos,1,,\r",
    "an unnamed column": "time,winner,loser,\n2026-10-05T20:00:00Z,Eleni,Nikos,x\n",
    "the header alone": HEAD,
    "a NUL": HEAD + "2026-10-05T20:00:00Z,Ele\x00ni,Nikos,1,,\n",
}


def pandas_read(data: bytes | Path, monkeypatch: pytest.MonkeyPatch) -> pd.DataFrame:
    """The file as pandas' reader reads it (pyarrow's switched off)."""
    with monkeypatch.context() as patch:
        patch.setattr(read_module, "read_plain_csv", lambda data, delimiter: None)
        return read_history(data)


def outcome(frame: pd.DataFrame) -> tuple[object, ...]:
    """What a replay makes of the frame: its games and rejected rows, or its refusal."""
    try:
        strict = replay(frame)
    except InvalidHistory as error:
        strict_part: object = error.report
    else:
        strict_part = strict.games
    lenient = replay(frame, skip_invalid=True)
    return strict_part, lenient.games, lenient.rejected, lenient.players


@pytest.mark.parametrize("name", [n for n in PLAIN if n != "a missing column"])
def test_a_plain_file_reads_and_replays_as_pandas_reads_it(
    name: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    data = PLAIN[name].encode("utf-8")
    body = data.split(b"\n", 1)[1] if data.startswith(b"sep=") else data
    delimiter = ";" if b"sep=;" in data else "\t" if b"sep=\t" in data else ","
    assert read_plain_csv(body, delimiter) is not None, "pyarrow's reader should take it"
    fast, slow = read_history(data), pandas_read(data, monkeypatch)
    assert list(fast.columns) == list(slow.columns)
    assert fast.index.tolist() == slow.index.tolist()
    assert fast.index.name == slow.index.name == "row"
    assert fast.astype(object).to_numpy().tolist() == slow.to_numpy().tolist()
    for ours, theirs in zip(outcome(fast), outcome(slow), strict=True):
        pd.testing.assert_frame_equal(ours, theirs, check_dtype=False)


def test_blank_rows_are_dropped_and_the_others_keep_their_numbers() -> None:
    # Row 1 is the header; rows 2, 4 and 6 are only commas, or empty.
    frame = read_history(PLAIN["blank rows kept out, numbers kept"].encode())
    assert frame.index.tolist() == [3, 5]
    frame = read_history(PLAIN["empty lines"].encode())
    assert frame.index.tolist() == [3, 6]


def test_a_missing_column_is_refused_alike(monkeypatch: pytest.MonkeyPatch) -> None:
    data = PLAIN["a missing column"].encode()
    with pytest.raises(InvalidInput) as fast:
        read_history(data)
    with pytest.raises(InvalidInput) as slow:
        pandas_read(data, monkeypatch)
    assert str(fast.value) == str(slow.value)
    assert "missing loser" in str(fast.value)


@pytest.mark.parametrize("name", list(NOT_PLAIN))
def test_other_files_are_left_to_pandas_reader(name: str, monkeypatch: pytest.MonkeyPatch) -> None:
    data = NOT_PLAIN[name].encode("utf-8")
    assert read_plain_csv(data, ",") is None
    try:
        slow: object = pandas_read(data, monkeypatch)
    except InvalidInput as error:
        with pytest.raises(InvalidInput) as raised:
            read_history(data)
        assert str(raised.value) == str(error)
        return
    fast = read_history(data)
    assert isinstance(slow, pd.DataFrame)
    pd.testing.assert_frame_equal(fast, slow)


def test_bytes_that_are_not_utf8_are_left_to_pandas_reader() -> None:
    data = (HEAD + "2026-10-05T20:00:00Z,Ele\xffni,Nikos,1,,\n").encode("latin-1")
    assert read_plain_csv(data, ",") is None
    with pytest.raises(InvalidInput, match="must be UTF-8 text"):
        read_history(data)


#: Plain files pyarrow's reader reads too: Windows line breaks, a name beyond ASCII.
NOT_ASCII = {
    "windows line breaks": HEAD.replace("\n", "\r\n") + "2026-10-05T20:00:00Z,Eleni,Nikos,1,,\r\n",
    "a name beyond ascii": HEAD + "2026-10-05T20:00:00Z,Eléni,Nikos,1,,\n",
}


@pytest.mark.parametrize("name", [*PLAIN, *NOT_PLAIN, *NOT_ASCII])
def test_a_file_on_disk_reads_as_pandas_reads_it(
    name: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    text = {**PLAIN, **NOT_PLAIN, **NOT_ASCII}[name]
    path = tmp_path / "games.csv"
    path.write_bytes(text.encode("utf-8"))
    try:
        fast: object = read_history(path)
    except InvalidInput as error:
        with pytest.raises(InvalidInput) as raised:
            pandas_read(path, monkeypatch)
        assert str(raised.value) == str(error)
        return
    slow = pandas_read(path, monkeypatch)
    assert isinstance(fast, pd.DataFrame)
    pd.testing.assert_frame_equal(fast.astype(object), slow.astype(object))
