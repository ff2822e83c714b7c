"""How many uploaded files one session of the lab may have the server hold.

Streamlit keeps every file a browser PUTs to ``/_stcore/upload_file/<session>/<file_id>`` in
memory, under that session, until the browser DELETEs it (a reader removes or replaces the
uploader's file) or the session ends (its websocket gone for ``server.disconnectedSessionTTL``
seconds, 120 by default). The file id is the browser's to choose and nothing asks whether a
widget holds the file: one session could PUT twenty files of ``server.maxUploadSize`` each
under new ids and have all of them held. Streamlit 1.67 offers no option to bound that.

:class:`HeldUploads` is an ASGI middleware for :class:`streamlit.App` (public API: ``st.App``
takes Starlette middleware) in front of Streamlit's own routes. It counts the files each
session has had accepted and not deleted, and refuses a PUT of a new file id past
``upload_files`` (:mod:`ui.settings`) with 413 and a line naming that setting. The lab's
uploaders each hold one file and a reader replaces it (the browser then DELETEs the old one),
so a session needs one file per uploader it has used; the default leaves room for them all.
"""

from __future__ import annotations

import re
import threading
from collections import OrderedDict
from collections.abc import Awaitable, Callable, MutableMapping
from typing import Any, Final

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
App = Callable[[Scope, Receive, Send], Awaitable[None]]

#: Streamlit's upload route, under any base URL path.
_UPLOAD: Final = re.compile(r"/_stcore/upload_file/(?P<session>[^/]+)/(?P<file>[^/]+)/?$")
#: Sessions whose files are counted; the oldest is forgotten past this (an ended session's ids
#: are random and never come back, so forgetting it frees nothing and blocks nobody).
SESSIONS_KEPT: Final = 10_000


class HeldUploads:
    """The middleware: ``files`` a session may have held at once (None: read ``upload_files``
    from the server's settings at the first upload); a refusal says the catalog's ``refusal``
    line (the calculator, which has no uploader, holds none: ``files=0``, ``upload.none``)."""

    def __init__(self, app: App, files: int | None = None, refusal: str = "upload.held") -> None:
        self.app = app
        self._files = files
        self._refusal = refusal
        self._held: OrderedDict[str, set[str]] = OrderedDict()
        self._lock = threading.Lock()

    @property
    def files(self) -> int:
        if self._files is None:
            from . import settings

            self._files = settings.current().upload_files
        return self._files

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        found = _UPLOAD.search(scope.get("path", "")) if scope.get("type") == "http" else None
        method = scope.get("method")
        if found is None or method not in ("PUT", "DELETE"):
            await self.app(scope, receive, send)
            return
        session, file_id = found["session"], found["file"]
        if method == "PUT" and not self._room(session, file_id):
            await _refuse(scope, send, self._refusal, self.files)
            return
        status = 0

        async def noted(message: Message) -> None:
            nonlocal status
            if message["type"] == "http.response.start":
                status = int(message["status"])
            await send(message)

        await self.app(scope, receive, noted)
        if 200 <= status < 300:
            self._note(session, file_id, held=method == "PUT")

    def _room(self, session: str, file_id: str) -> bool:
        with self._lock:
            files = self._held.get(session, set())
            return file_id in files or len(files) < self.files

    def _note(self, session: str, file_id: str, *, held: bool) -> None:
        with self._lock:
            files = self._held.setdefault(session, set())
            (files.add if held else files.discard)(file_id)
            self._held.move_to_end(session)
            if not files:
                del self._held[session]
            while len(self._held) > SESSIONS_KEPT:
                self._held.popitem(last=False)


async def _refuse(scope: Scope, send: Send, refusal: str, files: int) -> None:
    """413 and the catalog's ``refusal`` line, in the browser's language where the app has it
    (an HTTP answer has no session to take the language from)."""
    from .catalogs import EL, EN

    wanted = dict(scope.get("headers") or ()).get(b"accept-language", b"").decode("latin-1")
    catalog = EL if wanted.strip().lower().startswith("el") else EN
    body = (catalog[refusal].format(files=files) + "\n").encode("utf-8")
    headers = [
        (b"content-type", b"text/plain; charset=utf-8"),
        (b"content-length", str(len(body)).encode("ascii")),
    ]
    await send({"type": "http.response.start", "status": 413, "headers": headers})
    await send({"type": "http.response.body", "body": body})
