"""The guard on uploads held per session (:mod:`ui.held_uploads`), as an ASGI middleware in
front of a stand-in for Streamlit's upload route: what it counts, frees and refuses. The real
server is tested in tests/browser/test_held_uploads_browser.py."""

from __future__ import annotations

import asyncio
import re
from concurrent.futures import ThreadPoolExecutor
from typing import Any

from ui.catalogs import EL, EN
from ui.held_uploads import HeldUploads

ROUTE = re.compile(r".*/_stcore/upload_file/[^/]+/[^/]+$")


class Streamlit:
    """Answers 204 to a PUT or DELETE of its upload route (400 to a PUT of a file named
    ``bad``, as Streamlit refuses an unknown session), 200 to anything else; counts calls."""

    def __init__(self) -> None:
        self.calls = 0

    async def __call__(self, scope: dict[str, Any], receive: Any, send: Any) -> None:
        self.calls += 1
        status = 200
        if ROUTE.match(scope["path"]):
            status = 400 if scope["path"].endswith("/bad") else 204
        await send({"type": "http.response.start", "status": status, "headers": []})
        await send({"type": "http.response.body", "body": b""})


def call(app: Any, method: str, path: str, language: str = "") -> tuple[int, str]:
    sent: list[dict[str, Any]] = []

    async def receive() -> dict[str, Any]:
        return {"type": "http.request", "body": b"", "more_body": False}

    async def send(message: dict[str, Any]) -> None:
        sent.append(message)

    headers = [(b"accept-language", language.encode())] if language else []
    scope = {"type": "http", "method": method, "path": path, "headers": headers}
    # In a thread of its own: Playwright's sync API (the browser tests, in the same process)
    # keeps an event loop running in this one, where asyncio.run() refuses to start.
    with ThreadPoolExecutor(1) as thread:
        thread.submit(asyncio.run, app(scope, receive, send)).result()
    body = b"".join(m.get("body", b"") for m in sent if m["type"] == "http.response.body")
    return sent[0]["status"], body.decode()


def test_a_session_is_held_to_its_files_and_a_delete_makes_room() -> None:
    streamlit = Streamlit()
    guard = HeldUploads(streamlit, files=2)
    put = "/_stcore/upload_file/s1/{}"
    assert [call(guard, "PUT", put.format(f))[0] for f in ("a", "b", "c")] == [204, 204, 413]
    assert streamlit.calls == 2  # the refused PUT never reached Streamlit: its body unread
    status, text = call(guard, "PUT", put.format("c"))
    assert (status, text) == (413, EN["upload.held"].format(files=2) + "\n")
    assert "(upload_files)" in text
    assert call(guard, "PUT", put.format("a"))[0] == 204  # the same file again: no new one
    assert call(guard, "DELETE", put.format("a"))[0] == 204
    assert [call(guard, "PUT", put.format(f))[0] for f in ("c", "d")] == [204, 413]
    # Another session has its own count; a base URL path in front changes nothing.
    assert call(guard, "PUT", "/lab/_stcore/upload_file/s2/a")[0] == 204
    # Greek where the browser asks for it.
    status, text = call(guard, "PUT", put.format("e"), language="el-GR,el;q=0.9,en;q=0.5")
    assert (status, text) == (413, EL["upload.held"].format(files=2) + "\n")


def test_a_refused_put_is_not_counted_and_other_requests_pass() -> None:
    streamlit = Streamlit()
    guard = HeldUploads(streamlit, files=1)
    assert call(guard, "PUT", "/_stcore/upload_file/s1/bad")[0] == 400
    assert call(guard, "PUT", "/_stcore/upload_file/s1/a")[0] == 204
    assert call(guard, "GET", "/_stcore/health")[0] == 200
    assert call(guard, "GET", "/_stcore/upload_file/s1/b")[0] == 204  # not a PUT: not counted
    assert call(guard, "PUT", "/_stcore/upload_file/s1/b")[0] == 413
