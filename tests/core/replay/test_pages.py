"""A Parquet file's pages read from their own headers, checked against what the writer (pyarrow)
put in the footer of an honest file: a column chunk's bytes are its pages' headers and bodies,
so the header bytes are the same whether counted compressed or not, and the data pages hold
every value of the chunk."""

from __future__ import annotations

import io
from typing import Any

import numpy as np
import pyarrow as pa
import pyarrow.parquet as pq
import pytest

from gammon_elo.replay.pages import PageHeaderError, column_pages

ROWS = 5_000
TABLE = pa.table(
    {
        "time": ["2026-10-01T10:00:00Z"] * ROWS,
        "winner": [f"player {i % 97}" for i in range(ROWS)],
        "loser": [None if i % 3 else "x" * (i % 50) for i in range(ROWS)],
        "cube": np.arange(ROWS, dtype=np.int64),
        "share": np.linspace(0, 1, ROWS),
        "ranked": [i % 2 == 0 for i in range(ROWS)],
    }
)
#: Writers' choices that change the pages: their version, dictionaries, codecs, encodings,
#: statistics, checksums, page indexes and many small pages.
WRITERS: dict[str, dict[str, Any]] = {
    "defaults": {},
    "version 2 pages": {"data_page_version": "2.0"},
    "no dictionary, gzip": {"use_dictionary": False, "compression": "gzip"},
    "snappy, small pages": {"compression": "snappy", "data_page_size": 512},
    "delta encodings": {
        "use_dictionary": False,
        "column_encoding": {"winner": "DELTA_LENGTH_BYTE_ARRAY", "cube": "DELTA_BINARY_PACKED"},
    },
    "checksums and page index": {"write_page_checksum": True, "write_page_index": True},
    "Parquet 1.0, no statistics": {"version": "1.0", "write_statistics": False},
    "row groups of 700": {"row_group_size": 700},
}


@pytest.mark.parametrize("options", list(WRITERS.values()), ids=list(WRITERS))
def test_the_pages_are_what_the_writer_wrote(options: dict[str, Any]) -> None:
    out = io.BytesIO()
    pq.write_table(TABLE, out, **options)
    source = io.BytesIO(out.getvalue())
    meta = pq.ParquetFile(source).metadata
    for g in range(meta.num_row_groups):
        for c in range(meta.num_columns):
            chunk = meta.row_group(g).column(c)
            pages = list(column_pages(source, chunk))
            headers = chunk.total_compressed_size - sum(page.compressed for page in pages)
            assert chunk.total_uncompressed_size - sum(p.uncompressed for p in pages) == headers
            assert 0 < headers < 200 * len(pages)
            assert sum(page.values for page in pages) == chunk.num_values
            data = [page for page in pages if page.encoding is not None]
            assert data and all(page.kind in (0, 3) for page in data)
            assert pages[0].kind == 2 if chunk.has_dictionary_page else pages[0].kind != 2


def test_a_page_header_cut_short_is_refused() -> None:
    out = io.BytesIO()
    pq.write_table(TABLE, out)
    data = out.getvalue()
    chunk = pq.ParquetFile(io.BytesIO(data)).metadata.row_group(0).column(1)
    start = chunk.dictionary_page_offset
    cut = io.BytesIO(data[: start + 3])  # three bytes of the first header, then nothing
    with pytest.raises(PageHeaderError, match="past the column's end"):
        list(column_pages(cut, chunk))
