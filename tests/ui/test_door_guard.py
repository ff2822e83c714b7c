"""The guard on the cache-clearing message and the metrics (:mod:`server.door_guard`), as an ASGI
middleware in front of a stand-in for Streamlit's routes, with BackMsgs forged by Streamlit's
own protobuf classes (and by hand, where the frame is one no encoder writes). The real server is
tested in tests/browser/test_door_guard_browser.py."""

from __future__ import annotations

import ast
import asyncio
import sys
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from streamlit.proto.BackMsg_pb2 import BackMsg

from server import door_guard
from server.door_guard import MAX_TAGS, DoorGuard, carries_field

CLEAR = BackMsg(clear_cache=True).SerializeToString()
RERUN = BackMsg(rerun_script={"query_string": "rating=1500"}).SerializeToString()
HEARTBEAT = BackMsg(app_heartbeat=True).SerializeToString()


class Streamlit:
    """Records each websocket message it receives until the disconnect; answers 200 over HTTP."""

    def __init__(self) -> None:
        self.received: list[dict[str, Any]] = []
        self.calls = 0

    async def __call__(self, scope: dict[str, Any], receive: Any, send: Any) -> None:
        self.calls += 1
        if scope["type"] == "websocket":
            while (message := await receive())["type"] != "websocket.disconnect":
                self.received.append(message)
            return
        await send({"type": "http.response.start", "status": 200, "headers": []})
        await send({"type": "http.response.body", "body": b"metrics"})


def run(coroutine: Any) -> None:
    # In a thread of its own: Playwright's sync API (the browser tests, in the same process)
    # keeps an event loop running in this one, where asyncio.run() refuses to start.
    with ThreadPoolExecutor(1) as thread:
        thread.submit(asyncio.run, coroutine).result()


def stream(path: str, messages: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """What Streamlit receives when ``messages`` arrive on a websocket at ``path``."""
    streamlit = Streamlit()
    queue = [*messages, {"type": "websocket.disconnect", "code": 1000}]

    async def receive() -> dict[str, Any]:
        return queue.pop(0)

    async def send(message: dict[str, Any]) -> None:
        raise AssertionError("nothing is sent")

    run(DoorGuard(streamlit)({"type": "websocket", "path": path}, receive, send))
    return streamlit.received


def frames(*payloads: bytes | str) -> list[dict[str, Any]]:
    kind = {bytes: "bytes", str: "text"}
    return [{"type": "websocket.receive", kind[type(p)]: p} for p in payloads]


def test_the_clear_cache_frame_is_dropped_and_every_other_passes_as_it_came() -> None:
    sent = [{"type": "websocket.connect"}, *frames(RERUN, CLEAR, "text", HEARTBEAT, b"\xff")]
    received = stream("/_stcore/stream", sent)
    assert [m.get("bytes", m.get("text")) for m in received] == [
        None, RERUN, "text", HEARTBEAT, b"\xff"
    ]  # fmt: skip
    assert all(any(m is s for s in sent) for m in received)  # the same messages, untouched
    # Under a base URL path too; elsewhere (no such websocket in Streamlit) nothing is read.
    assert stream("/gammon/_stcore/stream", frames(CLEAR, HEARTBEAT)) == frames(HEARTBEAT)
    assert stream("/elsewhere", frames(CLEAR)) == frames(CLEAR)


@pytest.mark.parametrize(
    ("frame", "why"),
    [
        (b"\x28\x00", "clear_cache = false is still the clear_cache message"),
        (b"\xa8\x00\x01", "the tag written in two bytes"),
        (RERUN + CLEAR, "the last field of a oneof wins"),
        (b"\x98\x06\x01" + CLEAR, "an unknown varint field first"),
        (b"\x0b\x08\x01\x0c" + CLEAR, "an unknown group first"),
        (b"\x11" + bytes(8) + b"\x1d" + bytes(4) + CLEAR, "unknown fixed-size fields first"),
        (b"\x28" + b"\xff" * 9 + b"\x01", "a ten-byte value"),
        (b"\x08\x01" * (MAX_TAGS - 1) + CLEAR, "the field as the last tag read"),
    ],
)
def test_every_frame_streamlit_takes_for_clear_cache_is_dropped(frame: bytes, why: str) -> None:
    assert BackMsg.FromString(frame).WhichOneof("type") == "clear_cache", why
    assert carries_field(frame, 5), why


def test_a_frame_of_more_tags_than_a_browser_sends_is_dropped_unread() -> None:
    assert not carries_field(b"\x08\x01" * MAX_TAGS, 5)
    assert carries_field(b"\x08\x01" * (MAX_TAGS + 1), 5)
    # 25 MB (Streamlit's largest frame) of two-byte fields costs the guard nothing.
    huge = b"\x08\x01" * (25 * 2**20 // 2)
    start = time.process_time()
    assert carries_field(huge, 5)
    assert time.process_time() - start < 0.5


#: A top-level field: its number, and its wire type with a payload of that type.
fields = st.one_of(
    st.tuples(st.integers(1, 40), st.just(0), st.integers(0, 2**64 - 1)),
    st.tuples(st.integers(1, 40), st.just(1), st.binary(min_size=8, max_size=8)),
    st.tuples(st.integers(1, 40), st.just(2), st.binary(max_size=20)),
    st.tuples(st.integers(1, 40), st.just(5), st.binary(min_size=4, max_size=4)),
    st.tuples(st.integers(1, 40), st.just(3), st.lists(st.integers(0, 2**64 - 1), max_size=3)),
)


def varint(value: int) -> bytes:
    out = bytearray()
    while True:
        out.append(value & 0x7F | (0x80 if value > 0x7F else 0))
        value >>= 7
        if not value:
            return bytes(out)


def encoded(number: int, wire: int, payload: Any) -> bytes:
    tag = varint(number << 3 | wire)
    if wire == 0:
        return tag + varint(payload)
    if wire == 2:
        return tag + varint(len(payload)) + payload
    if wire == 3:  # a group of varint fields 1, 2, …, then its end
        inner = b"".join(varint((i + 1) << 3) + varint(v) for i, v in enumerate(payload))
        return tag + inner + varint(number << 3 | 4)
    return tag + payload


@settings(max_examples=400, deadline=None)
@given(st.lists(fields, max_size=8))
def test_whatever_streamlit_parses_is_dropped_exactly_when_it_carries_clear_cache(
    message: list[tuple[int, int, Any]],
) -> None:
    frame = b"".join(encoded(*field) for field in message)
    try:
        parsed = BackMsg.FromString(frame)
    except Exception:  # not a BackMsg Streamlit would take (a nested field it cannot parse)
        return
    has_field = any(number == 5 for number, _, _ in message)
    assert carries_field(frame, 5) == has_field
    if parsed.WhichOneof("type") == "clear_cache":
        assert carries_field(frame, 5)


def call(path: str, client: tuple[str, int] | None, headers: list[tuple[bytes, bytes]]) -> int:
    """The status answered to a GET of ``path`` from ``client`` with ``headers``."""
    streamlit = Streamlit()
    sent: list[dict[str, Any]] = []

    async def receive() -> dict[str, Any]:
        return {"type": "http.request", "body": b"", "more_body": False}

    async def send(message: dict[str, Any]) -> None:
        sent.append(message)

    scope = {"type": "http", "method": "GET", "path": path, "client": client, "headers": headers}
    run(DoorGuard(streamlit)(scope, receive, send))
    assert streamlit.calls == (sent[0]["status"] == 200)  # a refusal never reaches Streamlit
    return int(sent[0]["status"])


LOOPBACK = ("127.0.0.1", 50000)


@pytest.mark.parametrize(
    ("client", "headers", "status"),
    [
        (LOOPBACK, [], 200),
        (("::1", 50000), [], 200),
        (("::ffff:127.0.0.1", 50000), [], 200),
        (("127.8.9.10", 50000), [], 200),
        (("203.0.113.7", 50000), [], 404),
        (("10.0.0.2", 50000), [], 404),
        (("::ffff:203.0.113.7", 50000), [], 404),
        (None, [], 404),
        (("testclient", 50000), [], 404),
        (LOOPBACK, [(b"x-forwarded-for", b"203.0.113.7")], 404),
        (LOOPBACK, [(b"X-Forwarded-For", b"127.0.0.1")], 404),
        (LOOPBACK, [(b"forwarded", b"for=203.0.113.7")], 404),
        (LOOPBACK, [(b"x-real-ip", b"203.0.113.7")], 404),
    ],
)
def test_the_metrics_answer_only_a_direct_reader_on_this_machine(
    client: tuple[str, int] | None, headers: list[tuple[bytes, bytes]], status: int
) -> None:
    for path in ("/_stcore/metrics", "/_stcore/metrics/", "/gammon/_stcore/metrics"):
        assert call(path, client, headers) == status, path
    # Every other route passes, from anywhere.
    assert call("/_stcore/health", ("203.0.113.7", 1), headers) == 200


def test_the_guard_imports_only_the_standard_library() -> None:
    """Server machinery, beside the routes it guards: nothing of the app, nor Streamlit's, also
    through the server's modules it imports (its ASGI types)."""
    folder = Path(door_guard.__file__).parent
    imported, read, to_read = set(), set(), ["door_guard"]
    while to_read:
        module = to_read.pop()
        read.add(module)
        source = (folder / f"{module}.py").read_text(encoding="utf-8")
        for node in ast.walk(ast.parse(source)):
            if isinstance(node, ast.Import):
                imported |= {alias.name.split(".")[0] for alias in node.names}
            elif isinstance(node, ast.ImportFrom) and node.level:
                assert node.level == 1 and node.module, f"beyond server/: {ast.unparse(node)}"
                to_read += [] if node.module in read else [node.module]
            elif isinstance(node, ast.ImportFrom):
                imported.add((node.module or "").split(".")[0])
    assert read == {"door_guard", "asgi"}, read
    assert imported and imported <= sys.stdlib_module_names | {"__future__"}, imported
