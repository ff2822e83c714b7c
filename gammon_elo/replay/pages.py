"""What a Parquet file's pages say they decompress to, read from the pages' own headers.

A reader decompresses each page whole, into as many bytes as its header states (Arrow refuses a
page that decompresses to any other size), so the sum of those sizes is what reading a column
costs before a value is decoded; the file's footer only repeats a claim the writer made, and
may lie. The headers are Thrift's compact encoding of Parquet's ``PageHeader``: a page's type,
its sizes and, for a data page, its value count and encoding
(https://github.com/apache/parquet-format/blob/master/src/main/thrift/parquet.thrift).
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import IO, Any, Final

#: Parquet's page types that hold values: ``DATA_PAGE`` and ``DATA_PAGE_V2``.
_DATA_PAGE, _DATA_PAGE_V2 = 0, 3
#: Thrift compact types: booleans (no payload), 1-byte, varint, 8-byte, binary, list/set, map,
#: struct.
_BOOLS, _BYTE, _VARINTS, _DOUBLE, _BINARY = (1, 2), 3, (4, 5, 6), 7, 8
_LISTS, _MAP, _STRUCT = (9, 10), 11, 12
#: Nesting past this is no page header (Parquet's statistics are two levels down).
_DEEPEST: Final = 8


class PageHeaderError(ValueError):
    """A page header that cannot be read where the file's metadata puts it."""


@dataclass(frozen=True, slots=True)
class Page:
    """One page's header: its type, its size once decompressed, its size in the file, the
    values it holds and their encoding (a data page's; None for other pages)."""

    kind: int
    uncompressed: int
    compressed: int
    values: int
    encoding: int | None


def column_pages(source: IO[bytes], chunk: Any) -> Iterator[Page]:
    """The pages of one column chunk (pyarrow's ``ColumnChunkMetaData``), as a reader walks
    them: from the dictionary page (or the first data page) until the chunk's values are all
    held, within the chunk's bytes."""
    start = chunk.data_page_offset
    if chunk.has_dictionary_page and 0 < chunk.dictionary_page_offset < start:
        start = chunk.dictionary_page_offset
    source.seek(start)
    data = source.read(chunk.total_compressed_size)
    at, held = 0, 0
    while at < len(data) and (held < chunk.num_values or chunk.num_values == 0):
        at, page = _page_header(data, at)
        if page.compressed < 0 or page.uncompressed < 0:
            raise PageHeaderError(f"a page of {page.compressed} bytes at {start + at}")
        at += page.compressed
        held += page.values
        yield page
    if held < chunk.num_values:
        raise PageHeaderError(f"pages hold {held:,} of the column's {chunk.num_values:,} values")


def _page_header(data: bytes, at: int) -> tuple[int, Page]:
    """The page header at ``at``: where it ends, and what it says."""
    fields: dict[int, Any] = {}
    try:
        at = _struct(data, at, fields, 0)
    except IndexError:
        raise PageHeaderError(f"a page header past the column's end, at byte {at}") from None
    kind, uncompressed, compressed = (fields.get(n) for n in (1, 2, 3))
    if not (
        isinstance(kind, int) and isinstance(uncompressed, int) and isinstance(compressed, int)
    ):
        raise PageHeaderError(f"a page header without its type or sizes, at byte {at}")
    if kind not in (_DATA_PAGE, _DATA_PAGE_V2):
        return at, Page(kind, uncompressed, compressed, 0, None)
    # A data page's own header: version 1's (field 5) or version 2's (field 8).
    version_2 = kind == _DATA_PAGE_V2
    header = fields.get(8 if version_2 else 5)
    values = header.get(1) if isinstance(header, dict) else None
    if not isinstance(header, dict) or not isinstance(values, int):
        raise PageHeaderError(f"a data page header without its value count, at byte {at}")
    return at, Page(kind, uncompressed, compressed, values, header.get(4 if version_2 else 2))


def _struct(data: bytes, at: int, fields: dict[int, Any] | None, depth: int) -> int:
    """Read a struct from ``at``, keeping its integer fields and its structs' integer fields
    in ``fields`` (None: skipped); where it ends."""
    if depth > _DEEPEST:
        raise PageHeaderError("a page header nested too deep")
    number = 0
    while True:
        head = data[at]
        at += 1
        kind = head & 0x0F
        if kind == 0:
            return at
        if head >> 4:
            number += head >> 4
        else:
            raw, at = _varint(data, at)
            number = _zigzag(raw)
        inner: dict[int, Any] | None = {} if fields is not None and kind == _STRUCT else None
        value, at = _value(data, at, kind, inner, depth)
        if fields is not None:
            fields[number] = inner if kind == _STRUCT else value
    return at  # pragma: no cover (the loop returns)


def _value(
    data: bytes, at: int, kind: int, fields: dict[int, Any] | None, depth: int
) -> tuple[int | None, int]:
    """A value of the compact ``kind`` at ``at`` (an integer, else None) and where it ends."""
    if kind in _BOOLS:
        return None, at
    if kind == _BYTE:
        return data[at], at + 1
    if kind in _VARINTS:
        raw, at = _varint(data, at)
        return _zigzag(raw), at
    if kind == _DOUBLE:
        return None, at + 8
    if kind == _BINARY:
        size, at = _varint(data, at)
        return None, at + size
    if kind == _STRUCT:
        return None, _struct(data, at, fields, depth + 1)
    if kind in _LISTS:
        head = data[at]
        at += 1
        size, element = head >> 4, head & 0x0F
        if size == 15:
            size, at = _varint(data, at)
        for _ in range(size):
            at = at + 1 if element in _BOOLS else _value(data, at, element, None, depth + 1)[1]
        return None, at
    if kind == _MAP:
        size, at = _varint(data, at)
        if size:
            types = data[at]
            at += 1
            for _ in range(size):
                for element in (types >> 4, types & 0x0F):
                    at = at + 1 if element in _BOOLS else _value(data, at, element, None, depth)[1]
        return None, at
    raise PageHeaderError(f"a page header with a field of unknown type {kind}")


def _varint(data: bytes, at: int) -> tuple[int, int]:
    """An unsigned LEB128 integer at ``at`` (at most ten bytes) and where it ends."""
    value = shift = 0
    for _ in range(10):
        byte = data[at]
        at += 1
        value |= (byte & 0x7F) << shift
        if byte < 0x80:
            return value, at
        shift += 7
    raise PageHeaderError("a page header with an integer of more than ten bytes")


def _zigzag(raw: int) -> int:
    return (raw >> 1) ^ -(raw & 1)
