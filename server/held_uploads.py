"""Which uploads the server takes and holds. Streamlit (1.67) keeps every file PUT to
``/_stcore/upload_file/<session>/<file_id>`` in memory under that session, for any live session
(one whose reader the lab refused, or whose websocket never ran the lab's script) and under any
file id, and tells the script no session id. :class:`HeldUploads`, an ASGI middleware for
``st.App`` (public API) in front of Streamlit's routes, takes a PUT only from a browser the lab
has admitted (:class:`Browsers`), holds at most ``upload_files`` files a session, counted from
each PUT's start, and passes each closed websocket to :class:`.closed_sessions.ClosedSessions`.
The lab admits a browser rather than a session because the browser's XSRF token is the one thing
both sides see: the script reads Streamlit's ``_streamlit_xsrf`` cookie from
``st.context.cookies``, and Streamlit refuses a PUT whose ``X-Xsrftoken`` header does not match
that cookie, so every PUT carries it. A refused reader may send any cookie, but cannot know an
admitted browser's token (16 random bytes, readable by the lab's own pages only); Streamlit
masks the cookie anew on each page load, so the unmasked token is compared; all tabs of a
browser share it, so any admitted page run vouches for all of them and any refused one (a
sign-out, an ended sign-in) revokes it; and an admission lapses ``ADMISSION_LIFE`` seconds after
the browser's last admitted run, so that a client keeping a cookie whose sign-in has ended, and
loading no page, gets no longer. Without XSRF protection there is no token, and no upload. The
calculator, which has no uploader, uses the middleware with ``files=0``: every PUT refused.
"""

from __future__ import annotations

import binascii
import contextlib
import re
import threading
import time
from collections import OrderedDict
from collections.abc import Callable, Iterator, Mapping
from typing import Final

from starlette.requests import HTTPConnection

from .asgi import App, Message, Receive, Scope, Send
from .closed_sessions import ClosedSessions
from .words import Words

#: Streamlit's upload route and its websocket route, under any base URL path.
_UPLOAD: Final = re.compile(r"/_stcore/upload_file/(?P<session>[^/]+)/(?P<file>[^/]+)/?$")
_STREAM: Final = re.compile(r"/_stcore/stream/?$")
#: Streamlit's XSRF cookie: ``2|mask|masked token|time`` (hexadecimal), or the token alone.
XSRF_COOKIE: Final = "_streamlit_xsrf"
#: Seconds one admitted page run vouches for its browser's uploads.
ADMISSION_LIFE: Final = 3600.0
#: Sessions whose files are counted, and browsers admitted, kept at most; the oldest is
#: forgotten past this (an ended session's id is random and never comes back; a forgotten
#: browser loads a page again).
SESSIONS_KEPT: Final = 10_000


def browser_token(cookie: str | None) -> bytes | None:
    """The token of an XSRF cookie, unmasked; None for no cookie or one that is not a token.

    >>> browser_token("2|01020304|03050707|1700000000") == bytes([2, 7, 4, 3])
    True
    >>> browser_token("0a0b"), browser_token("2|zz|00|1"), browser_token(None)
    (b'\\n\\x0b', None, None)
    """
    value = (cookie or "").strip("\"'")
    try:
        if value.startswith("2|"):
            _, mask, masked, _ = value.split("|")
            key, hidden = binascii.a2b_hex(mask), binascii.a2b_hex(masked)
            return bytes(b ^ key[i % len(key)] for i, b in enumerate(hidden)) or None
        return binascii.a2b_hex(value) or None
    except (ValueError, binascii.Error, ZeroDivisionError):
        return None


class Browsers:
    """The browsers the lab has admitted, by their XSRF token, each until ``life`` seconds after
    its last admitted page run or until a run of it is refused."""

    def __init__(self, life: float = ADMISSION_LIFE, clock: Callable[[], float] = time.monotonic):
        self.life = life
        self._clock = clock
        self._seen: OrderedDict[bytes, float] = OrderedDict()
        self._lock = threading.Lock()

    def note(self, cookie: str | None, *, admitted: bool) -> None:
        token = browser_token(cookie)
        if token is None:
            return
        with self._lock:
            self._seen.pop(token, None)
            if admitted:
                self._seen[token] = self._clock()
                while len(self._seen) > SESSIONS_KEPT:
                    self._seen.popitem(last=False)

    def admitted(self, cookie: str | None) -> bool:
        token = browser_token(cookie)
        with self._lock:
            since = self._seen.get(token) if token is not None else None
        return since is not None and self._clock() - since <= self.life


#: This server's admitted browsers (one process, one lab).
BROWSERS = Browsers()


@contextlib.contextmanager
def admission(cookies: Mapping[str, str]) -> Iterator[None]:
    """Around the lab's admission of a page run: the browser (``st.context.cookies``) is
    admitted if the block ends, and forgotten if it raises (the refusal ends the run)."""
    cookie = cookies.get(XSRF_COOKIE)
    try:
        yield
    except BaseException:
        BROWSERS.note(cookie, admitted=False)
        raise
    BROWSERS.note(cookie, admitted=True)


class HeldUploads:
    """The middleware: ``files`` a session may have held at once (None: ``upload_files`` from
    the server's settings at the first upload; 0: no uploads at all, every PUT refused with the
    ``refusal`` line), each refusal written by ``words`` in the browser's language.

    A PUT from a browser not admitted is answered 403, one past the limit 413, each with a line
    saying why and its body unread. A PUT holds its place from its start, so that PUTs sent at
    once cannot all pass one check, and gives it back if it fails; a DELETE frees one. The lab's
    uploaders hold one file each and the browser DELETEs a replaced one."""

    def __init__(
        self, app: App, *, words: Words, files: int | None = None, refusal: str = "upload.held"
    ) -> None:
        self.app = app
        self._words = words
        self._files = files
        self._refusal = refusal
        # Per session, per file id: [PUTs under way, held].
        self._held: OrderedDict[str, dict[str, list[int]]] = OrderedDict()
        self._lock = threading.Lock()
        self._closed = ClosedSessions(app)

    @property
    def files(self) -> int:
        if self._files is None:
            from . import settings

            self._files = settings.current().upload_files
        return self._files

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        kind, path = scope.get("type"), scope.get("path", "")
        if kind == "websocket" and self._files != 0 and _STREAM.search(path):
            arrived = dict(scope)  # Starlette adds to the scope as it routes
            try:
                await self.app(scope, receive, send)
            finally:
                self._closed.closed(arrived)
            return
        found = _UPLOAD.search(path) if kind == "http" else None
        method = scope.get("method")
        if found is None or method not in ("PUT", "DELETE"):
            await self.app(scope, receive, send)
            return
        session, file_id = found["session"], found["file"]
        if method == "DELETE":
            if await _answered(self.app, scope, receive, send):
                self._settle(session, file_id, putting=0, held=False)
            return
        _, catalog = self._words(_wanted(scope))
        if self.files == 0:
            await _refuse(send, 413, catalog[self._refusal], files=0)
            return
        cookie = HTTPConnection(scope).cookies.get(XSRF_COOKIE)
        if not BROWSERS.admitted(cookie):
            line = catalog["upload.not_admitted" if cookie else "upload.no_xsrf"]
            await _refuse(send, 403, line, minutes=round(BROWSERS.life / 60))
            return
        if not self._reserve(session, file_id):
            await _refuse(send, 413, catalog[self._refusal], files=self.files)
            return
        ok = False
        try:
            ok = await _answered(self.app, scope, receive, send)
        finally:
            self._settle(session, file_id, putting=-1, held=ok)

    def _reserve(self, session: str, file_id: str) -> bool:
        """A place for the file, counted now (a PUT under way holds it)."""
        with self._lock:
            files = self._held.setdefault(session, {})
            self._held.move_to_end(session)
            while len(self._held) > SESSIONS_KEPT:
                self._held.popitem(last=False)
            if file_id not in files:
                if len(files) >= self.files:
                    return False
                files[file_id] = [0, 0]
            files[file_id][0] += 1
            return True

    def _settle(self, session: str, file_id: str, *, putting: int, held: bool) -> None:
        """A PUT ended (``putting`` -1; ``held``: Streamlit took the file) or a DELETE succeeded
        (the file no longer held); a place no PUT holds and no file fills is given back."""
        with self._lock:
            files = self._held.get(session, {})
            place = files.get(file_id)
            if place is None:
                return
            place[0] += putting
            if held or putting == 0:
                place[1] = int(held)
            if place == [0, 0]:
                del files[file_id]
            if not files:
                self._held.pop(session, None)


async def _answered(app: App, scope: Scope, receive: Receive, send: Send) -> bool:
    """Pass the request on; whether Streamlit answered it with success (2xx)."""
    status = 0

    async def noted(message: Message) -> None:
        nonlocal status
        if message["type"] == "http.response.start":
            status = int(message["status"])
        await send(message)

    await app(scope, receive, noted)
    return 200 <= status < 300


def _wanted(scope: Scope) -> str:
    """The languages the request asks for (its Accept-Language header): an HTTP answer has no
    session to take the reader's language from."""
    return dict(scope.get("headers") or ()).get(b"accept-language", b"").decode("latin-1")


async def _refuse(send: Send, status: int, refusal: str, **fields: int) -> None:
    """``status`` and the ``refusal`` line, its fields filled in."""
    body = (refusal.format(**fields) + "\n").encode("utf-8")
    headers = [
        (b"content-type", b"text/plain; charset=utf-8"),
        (b"content-length", str(len(body)).encode("ascii")),
    ]
    await send({"type": "http.response.start", "status": status, "headers": headers})
    await send({"type": "http.response.body", "body": body})
