"""The guard on uploads (:mod:`server.held_uploads`), as an ASGI middleware in front of a stand-in
for Streamlit's upload route: whose PUTs it takes (browsers the lab admitted, by their XSRF
token), what it counts (from the moment a PUT starts), frees and refuses. The real server is
tested in tests/browser/test_held_uploads_browser.py."""

from __future__ import annotations

import asyncio
import re
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import pytest

from server import held_uploads
from server.held_uploads import Browsers, HeldUploads, browser_token
from ui.catalogs import EL, EN
from ui.i18n import http_words

ROUTE = re.compile(r".*/_stcore/upload_file/[^/]+/[^/]+$")
#: One browser's XSRF cookie, masked two ways (as Streamlit writes it on two page loads), and
#: another browser's.
TOKEN = "0123456789abcdef0123456789abcdef"
COOKIE = "2|00000000|" + TOKEN + "|1790000000"
REMASKED = "2|ffffffff|" + bytes(b ^ 0xFF for b in bytes.fromhex(TOKEN)).hex() + "|1790000100"
STRANGER = "2|00000000|" + "f" * 32 + "|1790000000"


class Streamlit:
    """Answers 204 to a PUT or DELETE of its upload route (400 to a PUT of a file named
    ``bad``, as Streamlit refuses an unknown session), 200 to anything else; counts calls. A PUT
    waits for ``gate`` (when set) before it answers: a body still on its way."""

    def __init__(self) -> None:
        self.calls = 0
        self.gate: asyncio.Event | None = None

    async def __call__(self, scope: dict[str, Any], receive: Any, send: Any) -> None:
        self.calls += 1
        status = 200
        if ROUTE.match(scope["path"]):
            status = 400 if scope["path"].endswith("/bad") else 204
            if scope["method"] == "PUT" and self.gate is not None:
                await self.gate.wait()
        await send({"type": "http.response.start", "status": status, "headers": []})
        await send({"type": "http.response.body", "body": b""})


async def acall(app: Any, method: str, path: str, cookie: str | None, language: str) -> Any:
    sent: list[dict[str, Any]] = []

    async def receive() -> dict[str, Any]:
        return {"type": "http.request", "body": b"", "more_body": False}

    async def send(message: dict[str, Any]) -> None:
        sent.append(message)

    headers = [(b"accept-language", language.encode())] if language else []
    if cookie is not None:
        headers.append((b"cookie", f"{held_uploads.XSRF_COOKIE}={cookie}".encode()))
    scope = {"type": "http", "method": method, "path": path, "headers": headers}
    await app(scope, receive, send)
    body = b"".join(m.get("body", b"") for m in sent if m["type"] == "http.response.body")
    return sent[0]["status"], body.decode()


def call(
    app: Any, method: str, path: str, cookie: str | None = COOKIE, language: str = ""
) -> tuple[int, str]:
    # In a thread of its own: Playwright's sync API (the browser tests, in the same process)
    # keeps an event loop running in this one, where asyncio.run() refuses to start.
    with ThreadPoolExecutor(1) as thread:
        coroutine = acall(app, method, path, cookie, language)
        return thread.submit(asyncio.run, coroutine).result()  # type: ignore[arg-type]


@pytest.fixture(autouse=True)
def admitted(monkeypatch: pytest.MonkeyPatch) -> Iterator[Browsers]:
    """A registry of this test's own, in which COOKIE's browser is admitted."""
    browsers = Browsers()
    monkeypatch.setattr(held_uploads, "BROWSERS", browsers)
    browsers.note(COOKIE, admitted=True)
    yield browsers


def test_a_session_is_held_to_its_files_and_a_delete_makes_room() -> None:
    streamlit = Streamlit()
    guard = HeldUploads(streamlit, words=http_words, files=2)
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
    guard = HeldUploads(streamlit, words=http_words, files=1)
    assert call(guard, "PUT", "/_stcore/upload_file/s1/bad")[0] == 400
    assert call(guard, "PUT", "/_stcore/upload_file/s1/a")[0] == 204
    assert call(guard, "GET", "/_stcore/health")[0] == 200
    assert call(guard, "GET", "/_stcore/upload_file/s1/b")[0] == 204  # not a PUT: not counted
    assert call(guard, "PUT", "/_stcore/upload_file/s1/b")[0] == 413


def test_puts_under_way_hold_their_places() -> None:
    """Ten PUTs of new files sent at once, none answered yet: two are let through, the other
    eight refused at once. The place of a PUT that fails is given back (the test above)."""
    streamlit = Streamlit()
    guard = HeldUploads(streamlit, words=http_words, files=2)

    async def at_once() -> list[int]:
        streamlit.gate = asyncio.Event()
        puts = [
            asyncio.create_task(acall(guard, "PUT", f"/_stcore/upload_file/s1/f{i}", COOKIE, ""))
            for i in range(10)
        ]
        refused = [await puts[i] for i in range(2, 10)]  # answered while two are under way
        streamlit.gate.set()
        answered = [await puts[i] for i in range(2)]
        return [status for status, _ in answered + refused]

    with ThreadPoolExecutor(1) as thread:
        statuses = thread.submit(asyncio.run, at_once()).result()
    assert statuses == [204, 204] + [413] * 8
    assert streamlit.calls == 2


def test_a_browser_the_lab_has_not_admitted_has_no_put_taken(admitted: Browsers) -> None:
    streamlit = Streamlit()
    guard = HeldUploads(streamlit, words=http_words, files=4)
    put = "/_stcore/upload_file/s1/a"
    minutes = round(admitted.life / 60)
    assert call(guard, "PUT", put, STRANGER) == (
        403,
        EN["upload.not_admitted"].format(minutes=minutes) + "\n",
    )
    assert "60 minutes" in EN["upload.not_admitted"].format(minutes=minutes)
    assert call(guard, "PUT", put, None) == (403, EN["upload.no_xsrf"] + "\n")
    assert "server.enableXsrfProtection" in EN["upload.no_xsrf"]
    assert streamlit.calls == 0  # refused before Streamlit reads a byte
    # The same browser with its cookie masked anew is the same browser.
    assert call(guard, "PUT", put, REMASKED)[0] == 204
    # A refused run of that browser (a sign-out, say) revokes it, for every tab.
    admitted.note(REMASKED, admitted=False)
    assert call(guard, "PUT", "/_stcore/upload_file/s2/a", COOKIE)[0] == 403
    # The calculator takes nothing from anyone.
    assert (
        call(HeldUploads(streamlit, words=http_words, files=0, refusal="upload.none"), "PUT", put)[
            0
        ]
        == 413
    )


def test_an_admission_lasts_its_life_from_the_last_admitted_run() -> None:
    now = [1000.0]
    browsers = Browsers(life=60, clock=lambda: now[0])
    browsers.note(COOKIE, admitted=True)
    now[0] += 60
    assert browsers.admitted(COOKIE)
    now[0] += 1
    assert not browsers.admitted(COOKIE)
    browsers.note(REMASKED, admitted=True)  # another page run of that browser
    assert browsers.admitted(COOKIE)
    assert not browsers.admitted(STRANGER) and not browsers.admitted(None)
    browsers.note("not a token", admitted=True)  # nothing to note
    assert not browsers.admitted("not a token")


def test_a_cookie_is_unmasked_as_streamlit_masks_it() -> None:
    """Version 2: ``2|mask|token XOR mask (repeated)|time``, hexadecimal; version 1: the token."""
    assert browser_token(COOKIE) == browser_token(REMASKED) == bytes.fromhex(TOKEN)
    assert browser_token('"' + COOKIE + '"') == bytes.fromhex(TOKEN)  # quoted, as it may come
    assert browser_token(TOKEN) == bytes.fromhex(TOKEN)
    assert browser_token("2|00|zz|1") is None and browser_token("") is None
