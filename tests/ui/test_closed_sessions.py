"""The reaper of closed tabs' sessions (:mod:`server.closed_sessions`) against a stand-in for
Streamlit's websocket route: when its own connection comes, what it carries and what it says.
The real server is tested in tests/browser/test_held_uploads_browser.py (the memory a closed
tab held, given back)."""

from __future__ import annotations

import asyncio
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import pytest
import streamlit as st

from server import closed_sessions
from server.closed_sessions import HEARTBEAT, REAP_AFTER, ClosedSessions


class Stream:
    """Streamlit's websocket route: accepts, answers each message it receives, and notes what
    each connection carried and said until it disconnected."""

    def __init__(self) -> None:
        self.connections: list[tuple[dict[str, Any], list[bytes]]] = []
        self.ended = 0

    async def __call__(self, scope: dict[str, Any], receive: Any, send: Any) -> None:
        said: list[bytes] = []
        self.connections.append((scope, said))
        assert (await receive())["type"] == "websocket.connect"
        await send({"type": "websocket.accept"})
        while (message := await receive())["type"] == "websocket.receive":
            said.append(message["bytes"])
            await send({"type": "websocket.send", "bytes": b"answer"})
        self.ended += 1


def test_the_reapers_connection_carries_nothing_of_a_reader(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Three tabs close at once, their sessions kept 0 s: REAP_AFTER later, one connection of
    the reaper's own, with the host of the closed ones and nothing of their readers (no cookie,
    no session id to resume), which says the page's heartbeat and nothing else."""
    monkeypatch.setattr(st, "get_option", lambda name: 0)
    stream = Stream()
    reaper = ClosedSessions(stream)
    reader = {
        "type": "websocket",
        "path": "/_stcore/stream",
        "headers": [
            (b"host", b"127.0.0.1:8501"),
            (b"cookie", b"_streamlit_xsrf=2|00|00|0; _streamlit_user=someone"),
            (b"sec-websocket-protocol", b"streamlit, token, a-session-id"),
        ],
        "subprotocols": ["streamlit", "token", "a-session-id"],
    }

    async def close_three() -> float:
        loop = asyncio.get_running_loop()
        closed = loop.time()
        for _ in range(3):
            reaper.closed(reader)
        while not stream.ended:
            await asyncio.sleep(0.05)
        return loop.time() - closed

    with ThreadPoolExecutor(1) as thread:
        took = thread.submit(asyncio.run, close_three()).result()
    assert took >= REAP_AFTER
    [(scope, said)] = stream.connections
    assert scope["headers"] == [(b"host", b"127.0.0.1:8501")]
    assert scope["subprotocols"] == [] and scope["path"] == "/_stcore/stream"
    assert said == [HEARTBEAT]
    assert closed_sessions.HEARTBEAT == b"\x88\x01\x01"  # BackMsg field 17 (varint): true
