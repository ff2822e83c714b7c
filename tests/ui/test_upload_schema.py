"""An upload's decoded size from its Parquet schema and its pages' headers, before a cell is
decoded: a few kilobytes that say 600,000 cells of thousands of bytes each, or a footer that
understates its pages, are refused naming the limit, in a process that stays small; too many
row groups or pages are refused by their number; only the history's own columns of an upload
are read; a CSV file's long rows and cells are refused by row, never skipped."""

from __future__ import annotations

import io
import os
import subprocess
import sys
from pathlib import Path

import numpy as np
import pyarrow as pa
import pyarrow.parquet as pq
import pytest

from gammon_elo import InvalidInput
from server import settings
from ui.lab import uploads

ROOT = Path(__file__).resolve().parents[2]
ROWS = 600_000  # the default upload_rows: the most rows an upload may have
TIME, WINNER, LOSER = "2026-10-01T10:00:00Z", "Eleni", "Nikos"


#: Bytes of wide cells the test itself holds at once while it writes the file.
BATCH_BYTES = 125_000_000


def repeated(values: list[object], kind: pa.DataType, rows: int) -> pa.DictionaryArray:
    """``values`` in turn down ``rows`` rows, as a dictionary."""
    indices = pa.array(np.arange(rows, dtype=np.int32) % len(values))
    return pa.DictionaryArray.from_arrays(indices, pa.array(values, kind))


def wide_parquet(width: int, column: str) -> bytes:
    """``ROWS`` rows of the history's three columns, and ``column`` (one of them, or another)
    holding two distinct values of ``fixed_size_binary[width]``, dictionary-encoded and
    compressed. Written a batch at a time: Arrow writes a dictionary of fixed-width values
    through its dense form, so the whole table at once would take this process to 3 GB."""
    rows = BATCH_BYTES // width
    assert ROWS % rows == 0
    batch = {
        "time": repeated([TIME], pa.string(), rows),
        "winner": repeated([WINNER], pa.string(), rows),
        "loser": repeated([LOSER], pa.string(), rows),
    }
    batch[column] = repeated([b"x" * width, b"y" * width], pa.binary(width), rows)
    table = pa.table(batch)
    out = io.BytesIO()
    with pq.ParquetWriter(out, table.schema, compression="zstd") as writer:
        for _ in range(ROWS // rows):
            writer.write_table(table)
    return out.getvalue()


#: The child reads the file as the lab reads an upload (its default settings), and prints the
#: refusal, then its peak resident memory before and after the read (VmHWM, in kB: the peak of
#: this program's own address space; ru_maxrss would keep the forking parent's).
CHILD = """
import sys
from ui.lab import uploads

def peak():
    with open("/proc/self/status") as status:
        return next(line.split()[1] for line in status if line.startswith("VmHWM:"))

data = open(sys.argv[1], "rb").read()
before = peak()
try:
    frame = uploads.read(data)
    print("read", list(frame.columns))
except Exception as error:
    print(type(error).__name__, error)
print(before)
print(peak())
"""


def read_in_a_process(path: Path) -> tuple[str, float]:
    """The child's line, and how many MB its peak memory grew by while it read the file."""
    env = {k: v for k, v in os.environ.items() if not k.startswith(settings.PREFIX)}
    done = subprocess.run(
        [sys.executable, "-c", CHILD, str(path)],
        capture_output=True,
        text=True,
        env={**env, "PYTHONPATH": str(ROOT)},
        cwd=ROOT,
        timeout=120,
        check=True,
    )
    said, before, after = done.stdout.strip().splitlines()
    return said, (int(after) - int(before)) / 1024


#: The width of the wide cells: read, the file would ask a server for gigabytes from kilobytes.
#: The size is rows × width in Python's integers, from the schema, whatever the width; writing
#: the file costs its decoded size, so one width is tested.
WIDTH = 5_000


@pytest.mark.parametrize("column", ["blob", "winner"])
def test_a_tiny_file_of_wide_binary_cells_is_refused_from_its_schema(
    tmp_path: Path, column: str
) -> None:
    """600,000 × 5,000 = 3,000,000,000 bytes, in a column no history has or in a history's own
    column."""
    width = WIDTH
    data = wide_parquet(width, column)
    assert len(data) < 100_000, len(data)  # kilobytes on the wire
    path = tmp_path / "games.parquet"
    path.write_bytes(data)
    said, grew = read_in_a_process(path)
    size = ROWS * width
    assert said == (
        f"OverBudget history column {column!r} (fixed_size_binary[{width}]) is {size:,} bytes"
        f" once decoded (600,000 rows of {width:,} bytes), more than the limit of 268,435,456"
        " (upload_cell_bytes)"
    )
    assert grew < 200, f"the reader's peak grew by {grew:.0f} MB"


def test_a_narrow_binary_column_is_refused_for_its_cells_width() -> None:
    """Few rows of 300-byte cells come to little, but each cell is over upload_cell_length."""
    out = io.BytesIO()
    schema = pa.schema([(name, pa.string()) for name in ("time", "winner", "loser")])
    schema = schema.append(pa.field("id", pa.binary(300)))
    values = [[TIME] * 3, [WINNER] * 3, [LOSER] * 3, [b"i" * 300] * 3]
    table = pa.table(values, schema=schema)
    pq.write_table(table, out)
    with pytest.raises(InvalidInput) as refused:
        uploads.read(out.getvalue())
    assert str(refused.value) == (
        "history's row 2, column 'id', has a cell of 300 characters, more than the limit of 200"
        " (upload_cell_length)"
    )


def test_a_nested_column_is_refused_naming_the_limit() -> None:
    out = io.BytesIO()
    columns = {"time": [TIME], "winner": [WINNER], "loser": [LOSER], "tags": [["a", "b"]]}
    pq.write_table(pa.table(columns), out)
    with pytest.raises(InvalidInput) as refused:
        uploads.read(out.getvalue())
    assert refused.value.field == "column 'tags'"
    assert str(refused.value).endswith(
        "must hold one value a cell (a text, a number or a time), not a list, a struct or a map"
        " (its decoded size is not known before it is decoded: upload_cell_bytes), got"
        " 'list<element: string>'"
    )


def test_only_the_historys_columns_of_an_upload_are_read() -> None:
    """A note of 300 characters would be over upload_cell_length: in a column the lab does not
    read, it costs nothing and is not refused."""
    note = "n" * 300
    csv = f"time,Winner,loser,note\n{TIME},{WINNER},{LOSER},{note}\n".encode()
    assert list(uploads.read(csv).columns) == ["time", "Winner", "loser"]
    out = io.BytesIO()
    pq.write_table(
        pa.table({"note": [note], "time": [TIME], "winner": [WINNER], "loser": [LOSER]}), out
    )
    frame = uploads.read(out.getvalue())
    assert list(frame.columns) == ["time", "winner", "loser"]
    assert frame.loc[2, "winner"] == WINNER


@pytest.mark.parametrize("header", ["time,winner,loser,note", "time,winner,loser"])
def test_a_row_of_more_cells_than_the_header_is_still_refused(header: str) -> None:
    """Reading some columns only, pandas would drop the extra cell without a word: here an
    unquoted comma in a name would make " Nikos" the loser and lose the real one, whether the
    header has a column the lab does not read or only the history's own."""
    cells = header.count(",") + 1
    good = ",".join([TIME, WINNER, LOSER, "x"][:cells])
    bad = ",".join([TIME, "Eleni", " Nikos", "Maria", "x"][: cells + 1])
    csv = f"{header}\n{good}\n{bad}\n"
    with pytest.raises(InvalidInput) as refused:
        uploads.read(csv.encode())
    assert str(refused.value) == (
        f"file has more cells in row 3 ({cells + 1}) than in its header ({cells}), got 'the"
        " uploaded file'"
    )


#: Python's csv module reads no cell longer than this (its documented default field limit).
CSV_FIELD_LIMIT = 131_072


def test_a_header_cell_past_the_csv_readers_limit_is_refused_by_upload_cell_length() -> None:
    """A 200,000-character column name, then 1,000,001 columns: the header's checks must not
    be skipped because the csv module cannot read the name."""
    header = "time,winner,loser," + "n" * 200_000 + "," * 1_000_001
    csv = f"{header}\n{TIME},{WINNER},{LOSER}\n".encode()
    with pytest.raises(InvalidInput) as refused:
        uploads.read(csv)
    assert str(refused.value) == (
        f"history's row 1 has a cell of more than {CSV_FIELD_LIMIT:,} characters, more than the"
        " limit of 200 (upload_cell_length)"
    )
    # Without the long name, the header's checks meet the million unnamed columns.
    csv = f"time,winner,loser{',' * 1_000_001}\n{TIME},{WINNER},{LOSER}\n".encode()
    with pytest.raises(InvalidInput, match=r"columns must each be named once"):
        uploads.read(csv)


def test_a_cell_past_the_csv_readers_limit_is_refused_in_any_column() -> None:
    """The row check cannot read past such a cell: the file is refused by its row, even where
    the cell lies in a column the lab would not read."""
    note = "x" * (CSV_FIELD_LIMIT + 1)
    csv = f"time,winner,loser,note\n{TIME},{WINNER},{LOSER},y\n{TIME},{WINNER},{LOSER},{note}\n"
    with pytest.raises(InvalidInput) as refused:
        uploads.read(csv.encode())
    assert str(refused.value) == (
        f"history's row 3 has a cell of more than {CSV_FIELD_LIMIT:,} characters, more than the"
        " limit of 200 (upload_cell_length)"
    )


# A Parquet file's pages decide what reading it costs, not its footer.

#: Characters of each long cell: a run of x and the row's number, so that every cell differs
#: (a reader that collects distinct texts keeps them all) and the file stays small.
LONG = 50_000
#: Rows of long cells: 300,000,000 bytes a column, over upload_cell_bytes (268,435,456).
LONG_ROWS = 6_000
#: What the doctored footer says each column chunk of long cells holds, uncompressed.
CLAIM = 4_096


def varint(value: int, width: int = 0) -> bytes:
    """``value`` as Thrift's compact varint (LEB128), padded to ``width`` bytes with
    continuation bytes, which a reader takes for the same number."""
    out = []
    while True:
        out.append(value & 0x7F)
        value >>= 7
        if not value:
            break
    out += [0] * (width - len(out))
    return bytes([byte | 0x80 for byte in out[:-1]] + [out[-1]])


def understated(data: bytes, claim: int) -> bytes:
    """``data`` with each column chunk's total_uncompressed_size over ``claim`` rewritten as
    ``claim`` in the footer, in as many bytes (nothing else of the file moves): a footer that
    lies about what its pages hold."""
    footer = len(data) - 8 - int.from_bytes(data[-8:-4], "little")
    for honest in {size for size in stored_sizes(data) if size > claim}:
        old = varint(honest << 1)  # an i64 is written zigzagged: twice a positive value
        new = varint(claim << 1, len(old))
        data = data[:footer] + data[footer:].replace(old, new)
    return data


def stored_sizes(data: bytes) -> list[int]:
    """What the footer says each column chunk holds, uncompressed."""
    meta = pq.ParquetFile(io.BytesIO(data)).metadata
    return [
        meta.row_group(g).column(c).total_uncompressed_size
        for g in range(meta.num_row_groups)
        for c in range(meta.num_columns)
    ]


def long_texts(columns: tuple[str, ...]) -> bytes:
    """LONG_ROWS games whose ``columns`` hold LONG-character cells, plain (no dictionary),
    compressed; written 1,000 rows at a time."""
    names = ("time", "winner", "loser")
    out = io.BytesIO()
    plain = {"use_dictionary": [n for n in names if n not in columns], "compression": "zstd"}
    schema = pa.schema([(name, pa.string()) for name in names])
    with pq.ParquetWriter(out, schema, **plain) as writer:
        for first in range(0, LONG_ROWS, 1_000):
            cells = {"time": [TIME] * 1_000, "winner": [WINNER] * 1_000, "loser": [LOSER] * 1_000}
            for name in columns:
                cells[name] = ["x" * (LONG - 10) + f"{first + i:010d}" for i in range(1_000)]
            writer.write_table(pa.table(cells, schema=schema))
    return out.getvalue()


@pytest.mark.parametrize("columns", [("winner",), ("winner", "loser")])
def test_a_footer_that_understates_its_pages_is_refused_by_the_pages(
    tmp_path: Path, columns: tuple[str, ...]
) -> None:
    """Each long column decodes to 300,000,000 bytes while the footer claims a few kilobytes:
    the pages' own headers say so, before a page is decompressed."""
    honest = long_texts(columns)
    data = understated(honest, CLAIM)
    assert len(data) < 2_000_000, len(data)
    # The writer's own footer: what the columns hold (page headers included).
    written = stored_sizes(honest)
    assert sum(written) > LONG_ROWS * LONG * len(columns)
    assert max(stored_sizes(data)) == CLAIM  # the doctored footer's every chunk: a few KB
    path = tmp_path / "games.parquet"
    path.write_bytes(data)
    said, grew = read_in_a_process(path)
    assert grew < 200, f"the reader's peak grew by {grew:.0f} MB ({said})"
    limit = settings.Settings().upload_cell_bytes
    head, _, tail = said.partition(" bytes of pages decompressed")
    assert head.startswith("OverBudget history has at least "), said
    assert limit < int(head.rsplit(" ", 1)[1].replace(",", "")) <= sum(written), said
    assert tail == ", more than the limit of 268,435,456 (upload_cell_bytes)", said


def games_in_pieces(rows: int, **options: object) -> bytes:
    table = pa.table({"time": [TIME] * rows, "winner": [WINNER] * rows, "loser": [LOSER] * rows})
    out = io.BytesIO()
    pq.write_table(table, out, write_statistics=False, compression="none", **options)
    return out.getvalue()


def test_many_row_groups_or_pages_are_refused_by_upload_pages() -> None:
    """Each page costs its own work to find and read: 4,000 one-row row groups of three columns
    are 12,000 pages at least; one row group of 10,001 one-row pages a column, 30,003."""
    limit = settings.Settings().upload_pages
    assert limit == 10_000
    with pytest.raises(InvalidInput) as refused:
        uploads.read(games_in_pieces(4_000, row_group_size=1))
    assert str(refused.value) == (
        "history's columns read span at least 12,000 pages (4,000 row groups), more than the"
        " limit of 10,000 (upload_pages)"
    )
    pieces = games_in_pieces(10_001, data_page_size=1, write_batch_size=1, use_dictionary=False)
    with pytest.raises(InvalidInput) as refused:
        uploads.read(pieces)
    # The walk stops at the first page past the limit.
    assert str(refused.value) == (
        "history's columns read span at least 10,001 pages, more than the limit of 10,000"
        " (upload_pages)"
    )


def test_text_written_as_delta_byte_array_is_refused_by_name() -> None:
    """Each value of DELTA_BYTE_ARRAY repeats a prefix of the last: a few bytes of page may
    decode to any length, so its size is not known before it is decoded."""
    out = io.BytesIO()
    table = pa.table({"time": [TIME] * 3, "winner": [WINNER] * 3, "loser": [LOSER] * 3})
    pq.write_table(table, out, use_dictionary=False, column_encoding={"winner": "DELTA_BYTE_ARRAY"})
    with pytest.raises(InvalidInput) as refused:
        uploads.read(out.getvalue())
    assert str(refused.value) == (
        "column 'winner' must not be written as DELTA_BYTE_ARRAY (its text may decode to more"
        " bytes than its pages hold: upload_cell_bytes), got 'DELTA_BYTE_ARRAY'"
    )
