"""Reading a history within a budget: a small file that would inflate past it (a compressed
Parquet file of millions of rows, a long text repeated) is refused before it is decoded, in a
process whose memory stays small; a file at the budget's edge is read, one row past it refused;
CSV files are counted as they are read; Parquet columns of lists, structs or maps are refused by
name and type, budget or not."""

from __future__ import annotations

import gzip
import io
import os
import re
import subprocess
import sys
from pathlib import Path

import numpy as np
import pyarrow as pa
import pyarrow.parquet as pq
import pytest

from gammon_elo import InvalidInput
from gammon_elo.replay import history_chunks, read_history
from gammon_elo.replay.budget import Budget, OverBudget

ROOT = Path(__file__).resolve().parents[3]
TIME, WINNER, LOSER = "2026-10-01T10:00:00Z", "Eleni", "Nikos"
NAMES = ("upload_rows", "upload_cell_bytes", "upload_cell_length", "upload_pages")
#: The server's default budget (server/settings.py), named as the server names it.
SERVER = Budget(rows=600_000, cell_bytes=256 * 2**20, cell_length=200, names=NAMES)


def repeated(rows: int, value: str) -> pa.DictionaryArray:
    """``value`` in every row, as a dictionary: the test never holds the decoded text."""
    return pa.DictionaryArray.from_arrays(
        pa.array(np.zeros(rows, dtype=np.int32)), pa.array([value])
    )


def games_parquet(rows: int, compression: str = "zstd", **extra: pa.Array) -> bytes:
    columns = {"time": repeated(rows, TIME), "winner": repeated(rows, WINNER)}
    columns |= {"loser": repeated(rows, LOSER), **extra}
    out = io.BytesIO()
    pq.write_table(pa.table(columns), out, compression=compression)
    return out.getvalue()


def games_csv(rows: int) -> bytes:
    return b"time,winner,loser\n" + f"{TIME},{WINNER},{LOSER}\n".encode() * rows


#: The child does what the History page does, read and replay, under the server's budget, and
#: prints the refusal and its peak resident memory: a file over the budget must be refused
#: before its rows are decoded, which only the peak shows.
CHILD = """
import sys
from gammon_elo.replay import replay
from gammon_elo.replay import read_history
from gammon_elo.replay.budget import Budget
budget = Budget(rows=600_000, cell_bytes=256 * 2**20, cell_length=int(sys.argv[2]) or None,
                names=("upload_rows", "upload_cell_bytes", "upload_cell_length", "upload_pages"))
try:
    replay(read_history(sys.argv[1], budget=budget), skip_invalid=True)
    print("read")
except Exception as error:
    print(type(error).__name__, error)
# The peak of this program's own memory: ru_maxrss would keep the forking parent's (Linux keeps
# it across exec), VmHWM belongs to the new program's address space.
with open("/proc/self/status") as status:
    print(next(line.split()[1] for line in status if line.startswith("VmHWM:")))
"""


def read_in_a_process(path: Path, cell_length: int) -> tuple[str, float]:
    """The child's one line (the refusal, or "read") and its peak memory in MB."""
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    done = subprocess.run(
        [sys.executable, "-c", CHILD, str(path), str(cell_length)],
        capture_output=True,
        text=True,
        env=env,
        timeout=120,
        check=True,
    )
    said, peak = done.stdout.strip().splitlines()
    return said, int(peak) / 1024  # kilobytes


@pytest.mark.parametrize("compression", ["zstd", "snappy"])
def test_millions_of_compressed_rows_are_refused_from_the_metadata(
    tmp_path: Path, compression: str
) -> None:
    path = tmp_path / "games.parquet"
    path.write_bytes(games_parquet(2_000_000, compression))
    assert path.stat().st_size < 100_000  # small on disk, millions of rows once decoded
    said, peak = read_in_a_process(path, 200)
    assert said == (
        "OverBudget history has 2,000,000 rows, more than the limit of 600,000 (upload_rows)"
    )
    # Below what decoding 2 M rows of three text columns as Python objects would take.
    assert peak < 300, peak


def test_a_long_text_in_every_row_is_refused_at_its_first_cell(tmp_path: Path) -> None:
    path = tmp_path / "games.parquet"
    path.write_bytes(games_parquet(500_000, note=repeated(500_000, "x" * 2048)))
    assert path.stat().st_size < 200_000
    said, peak = read_in_a_process(path, 200)
    assert said == (
        "OverBudget history's row 2, column 'note', has a cell of 2,048 characters, more than"
        " the limit of 200 (upload_cell_length)"
    )
    assert peak < 300, peak


def test_a_long_text_in_every_row_is_refused_for_its_bytes(tmp_path: Path) -> None:
    # 500,000 rows × 2,048 bytes = 1,024,000,000 bytes of one column alone.
    path = tmp_path / "games.parquet"
    path.write_bytes(games_parquet(500_000, note=repeated(500_000, "x" * 2048)))
    said, peak = read_in_a_process(path, 0)  # no limit on a cell: the bytes decide
    assert said.startswith("OverBudget history has at least ")
    assert said.endswith(
        "bytes of cells once decoded, more than the limit of 268,435,456 (upload_cell_bytes)"
    )
    assert peak < 300, peak


@pytest.mark.parametrize("kind", ["parquet", "csv"])
def test_the_budgets_edge_is_read_and_one_row_more_refused(kind: str) -> None:
    make = games_parquet if kind == "parquet" else games_csv
    budget = Budget(rows=5, names=NAMES)
    assert read_history(make(5), budget=budget).index.tolist() == [2, 3, 4, 5, 6]
    assert sum(len(c) for c in history_chunks(make(5), 2, budget=budget)) == 5
    # Parquet says its rows; a CSV file is read one row past the limit and no further.
    figure = "6 rows" if kind == "parquet" else "at least 6 rows"
    for read in (
        lambda: read_history(make(6), budget=budget),
        lambda: list(history_chunks(make(6), 2, budget=budget)),
    ):
        with pytest.raises(OverBudget) as refused:
            read()
        assert str(refused.value) == (
            f"history has {figure}, more than the limit of 5 (upload_rows)"
        )
        assert refused.value.field == "upload_rows"


def test_a_long_csv_cell_is_refused_with_its_row_and_column() -> None:
    data = games_csv(2) + f"{TIME},{'E' * 201},{LOSER}\n".encode()  # the header is row 1
    budget = Budget(cell_length=200, names=NAMES)
    message = (
        "history's row 4, column 'winner', has a cell of 201 characters, more than the limit of"
        " 200 (upload_cell_length)"
    )
    with pytest.raises(OverBudget, match=re.escape(message)):
        read_history(data, budget=budget)
    with pytest.raises(OverBudget, match=re.escape(message)):
        list(history_chunks(data, 1, budget=budget))
    exactly = games_csv(2) + f"{TIME},{'E' * 200},{LOSER}\n".encode()
    assert read_history(exactly, budget=budget).loc[4, "winner"] == "E" * 200


def test_a_csv_files_size_is_checked_before_it_is_read() -> None:
    data = games_csv(10)  # 18 + 10 × 33 = 348 bytes, the header's 18 among them
    assert len(data) == 348
    with pytest.raises(OverBudget, match=r"history is 348 bytes of text, more than the limit"):
        read_history(data, budget=Budget(cell_bytes=347))
    assert len(read_history(data, budget=Budget(cell_bytes=348))) == 10


def test_a_parquet_files_uncompressed_size_is_checked_from_its_metadata() -> None:
    out = io.BytesIO()
    table = pa.table({"time": [TIME] * 1000, "winner": ["x" * 100] * 1000, "loser": ["y"] * 1000})
    pq.write_table(table, out, compression="zstd", use_dictionary=False)
    group = pq.ParquetFile(io.BytesIO(out.getvalue())).metadata.row_group(0)
    stored = sum(group.column(i).total_uncompressed_size for i in range(3))
    assert stored > 100 * 1000  # the winner column alone holds 100,000 bytes
    with pytest.raises(OverBudget) as refused:
        read_history(out.getvalue(), budget=Budget(cell_bytes=50_000))
    assert str(refused.value) == (
        f"history is {stored:,} bytes uncompressed, more than the limit of 50,000 (cell_bytes)"
    )


NESTED = {
    "list": (pa.array([["a", "b"]]), "list<element: string>"),
    "struct": (pa.array([{"name": "x"}]), "struct<name: string>"),
    "map": (pa.array([[("k", 1)]], type=pa.map_(pa.string(), pa.int64())), "map<string, int64"),
}


@pytest.mark.parametrize("kind", list(NESTED))
def test_nested_parquet_columns_are_refused_by_name_and_type(kind: str) -> None:
    values, type_name = NESTED[kind]
    out = io.BytesIO()
    pq.write_table(
        pa.table({"time": [TIME], "winner": [WINNER], "loser": [LOSER], "tags": values}), out
    )
    for read in (
        lambda: read_history(out.getvalue()),
        lambda: read_history(out.getvalue(), budget=SERVER),
        lambda: list(history_chunks(out.getvalue(), 10)),
    ):
        with pytest.raises(InvalidInput) as refused:
            read()
        assert refused.value.field == "column 'tags'"
        assert type_name in str(refused.value.value)
        assert "not a list, a struct or a map" in str(refused.value)


def test_a_compressed_csv_file_is_still_refused() -> None:
    with pytest.raises(InvalidInput, match="must be UTF-8 text"):
        read_history(gzip.compress(games_csv(3)), budget=SERVER)


@pytest.mark.parametrize("value", [0, -1, 2.5, True])
def test_a_budget_of_nothing_is_refused_by_its_name(value: object) -> None:
    with pytest.raises(InvalidInput, match="upload_rows must be a whole number, at least 1"):
        Budget(rows=value, names=NAMES)  # type: ignore[arg-type]


def test_a_long_column_name_is_refused_as_a_cell_of_row_one() -> None:
    data = b"time,winner,loser," + b"n" * 50 + b"\n" + f"{TIME},{WINNER},{LOSER},x\n".encode()
    with pytest.raises(OverBudget) as refused:
        read_history(data, budget=Budget(cell_length=30))
    assert str(refused.value) == (
        f"history's row 1, column '{'n' * 40}…', has a cell of 50 characters, more than the"
        " limit of 30 (cell_length)"
    )
