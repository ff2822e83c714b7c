"""Freeing what a closed tab's session holds (its uploaded files above all) a bounded time after
its websocket closes. Streamlit (1.67) keeps a session whose websocket has closed for
``server.disconnectedSessionTTL`` seconds, so that a reader whose connection dropped gets it
back; the documented promise is only that it *may* then shut the session down, and with it drop
its uploaded files. In fact it looks for such sessions only when it stores another one that
disconnected, so on a quiet server a closed tab's files stay until some other tab closes; its
event loop keeps a reference to the last session it sent a message to until it sends one to
another; a session's objects hold reference cycles, which with ``runner.postScriptGC = false``
only a full collection frees; and glibc keeps the freed pages in its arenas.
:class:`ClosedSessions` bounds that time. :meth:`ClosedSessions.closed` is told of each closed
websocket (by :class:`server.held_uploads.HeldUploads`, which sees them pass); ``REAP_AFTER``
seconds after that tab's session may be shut down, and at most every ``REAP_EVERY`` seconds, it
opens one connection of its own to Streamlit's websocket route, in this process and through the
app's own routes (no network, no internal module). The connection runs no script: it sends the
keep-alive message every Streamlit page sends (``app_heartbeat``), waits for Streamlit's answer,
so that the last session messaged is its own, and closes; Streamlit stores it, and shuts down
every session whose time has passed. A full garbage collection then frees their cycles, and
``malloc_trim`` returns the pages. A closed tab's files are so freed within
``server.disconnectedSessionTTL`` + ``FREED_WITHIN`` seconds of its websocket closing
(tests/browser/test_held_uploads_browser.py measures it on a real server).
"""

from __future__ import annotations

import asyncio
import collections
import contextlib
import gc
import logging
from typing import Final

import streamlit as st

from .asgi import App, Message, Scope
from .memory import return_memory

_log = logging.getLogger(__name__)

#: Seconds past the session's time-to-live before it is looked for (it must have passed).
REAP_AFTER: Final = 1.0
#: The fewest seconds between two reaps (closes that come closer together share one).
REAP_EVERY: Final = 5.0
#: What :data:`REAP_AFTER` and :data:`REAP_EVERY` add up to, with room for the reap's own work:
#: the bound the documentation gives past ``server.disconnectedSessionTTL``.
FREED_WITHIN: Final = 10
#: Streamlit's keep-alive message from a page, ``BackMsg(app_heartbeat=True)`` as protobuf:
#: field 17, a varint, 1. Streamlit answers it with a message of its own.
HEARTBEAT: Final = b"\x88\x01\x01"
#: Seconds the connection waits for that answer before it closes anyway.
ANSWER_TIMEOUT: Final = 10.0


class ClosedSessions:
    """Reaps the sessions of closed websockets for the app ``app`` (Streamlit's own routes)."""

    def __init__(self, app: App) -> None:
        self.app = app
        self._due: collections.deque[float] = collections.deque()
        self._timer: asyncio.TimerHandle | None = None
        self._task: asyncio.Task[None] | None = None
        self._scope: Scope | None = None

    def closed(self, scope: Scope) -> None:
        """A websocket of ``scope`` (as it came in) has closed: reap its session once Streamlit
        may shut it down."""
        loop = asyncio.get_running_loop()
        ttl = float(st.get_option("server.disconnectedSessionTTL"))
        self._due.append(loop.time() + ttl + REAP_AFTER)
        self._scope = _own_connection(scope)
        if self._timer is None and self._task is None:
            self._arm(loop)

    def _arm(self, loop: asyncio.AbstractEventLoop) -> None:
        def start() -> None:
            self._timer = None
            self._task = loop.create_task(self._reap())

        self._timer = loop.call_at(self._due[0], start)

    async def _reap(self) -> None:
        loop = asyncio.get_running_loop()
        started = loop.time()  # every session due by now is shut down by this reap
        try:
            if self._scope is not None:
                await self._connect_and_close(self._scope)
            await asyncio.to_thread(_collect)
        except Exception:  # a reap that failed leaves the sessions to Streamlit, as before
            _log.exception("Reaping closed sessions failed")
        finally:
            self._task = None
            while self._due and self._due[0] <= started:
                self._due.popleft()
            if self._due:
                self._due[0] = max(self._due[0], loop.time() + REAP_EVERY)
                self._arm(loop)

    async def _connect_and_close(self, scope: Scope) -> None:
        """One connection to Streamlit's websocket route: a heartbeat, its answer, a close."""
        answered = asyncio.Event()
        said = iter(
            ({"type": "websocket.connect"}, {"type": "websocket.receive", "bytes": HEARTBEAT})
        )

        async def receive() -> Message:
            following = next(said, None)
            if following is not None:
                return following
            with contextlib.suppress(TimeoutError):  # unanswered: close all the same
                await asyncio.wait_for(answered.wait(), ANSWER_TIMEOUT)
            return {"type": "websocket.disconnect", "code": 1000}

        async def send(message: Message) -> None:
            if message["type"] in ("websocket.send", "websocket.close"):
                answered.set()

        await self.app(dict(scope), receive, send)


def _own_connection(scope: Scope) -> Scope:
    """A connection like the closed one, to the same route, with none of its reader's headers
    but the host (no cookie: no one's identity; no subprotocol: no session id to resume)."""
    headers = [(name, value) for name, value in scope.get("headers", ()) if name == b"host"]
    return {**scope, "headers": headers, "subprotocols": []}


def _collect() -> None:
    """Free the shut-down sessions' cycles, and give their pages back to the system."""
    gc.collect()
    return_memory()
