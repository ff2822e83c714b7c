"""Uploads on a real server (``streamlit run lab.py``, sign-in off: loopback readers only).
Streamlit keeps every file PUT to ``/_stcore/upload_file/<session>/<file_id>`` until it is
deleted or the session ends, under any file id the browser makes up, from any session. The
lab's guard takes PUTs only from a browser the lab has admitted, holds a session to
``upload_files`` (4 by default) files at once, counting each PUT from its start, and frees a
closed tab's files a bounded time after its websocket closes: a reader replacing the uploader's
file is never refused (the browser deletes the old one), a script PUTting new files under new ids
is refused past the limit (one at a time or all at once), deleting one makes room again, a
refused reader has nothing taken, and the server's resident memory comes back down once a tab
that held files is closed.

The server keeps a closed tab's session ``TTL`` seconds (Streamlit's
``server.disconnectedSessionTTL``, 120 by default; short here, so that the test is)."""

from __future__ import annotations

import contextlib
import socket
import time
import uuid
from collections.abc import Iterator
from pathlib import Path

import pytest
from browser_support import DESKTOP, ROOT, Server, open_page, streamlit_process, wait_idle
from playwright.sync_api import Browser, BrowserContext, Page, Request, expect
from streamlit.proto.ForwardMsg_pb2 import ForwardMsg

from server import settings
from server.closed_sessions import FREED_WITHIN
from server.held_uploads import ADMISSION_LIFE
from ui.catalogs import EN

pytestmark = pytest.mark.browser

LIMIT = settings.Settings().upload_files
GAMES = b"time,winner,loser\n2026-10-01T20:00:00Z,Eleni,Nikos\n"
#: How long an upload and the rerun it starts may take on a loaded 2-core machine.
SLOW_MS = 60_000
#: What a script PUTs: 1 MiB of a file each (the attack PUT 18.6 MiB twenty times).
BLOB = b"x" * 2**20
#: Seconds a closed tab's session is kept for its reader to come back.
TTL = 5
#: Seconds the machine may add to the documented bound when it is loaded (2 shared cores).
LOADED = 15
#: A documentation address (RFC 5737), as a reverse proxy on this machine reports a reader's.
ELSEWHERE = {"X-Forwarded-For": "203.0.113.7"}
CLOSED_REMOTE = "This lab serves readers on its own machine only."


@pytest.fixture
def page(browser: Browser) -> Iterator[Page]:
    """A tab in a browser of its own (a new context): the lab admits a browser by its cookie,
    and these tests count what one browser holds."""
    context = browser.new_context(viewport=DESKTOP, locale="en-GB")
    try:
        yield context.new_page()
    finally:
        context.close()


@pytest.fixture(scope="module")
def lab(tmp_path_factory: pytest.TempPathFactory, browser: Browser) -> Iterator[Server]:
    """The lab with sign-in off (an empty secrets file of its own), warmed by a first page."""
    secrets = tmp_path_factory.mktemp("held_uploads") / "secrets.toml"
    secrets.write_text("", encoding="utf-8")
    options = ("--secrets.files", str(secrets), "--server.disconnectedSessionTTL", str(TTL))
    with streamlit_process(ROOT / "lab.py", options=options) as server:
        first = browser.new_page()
        first.set_default_timeout(120_000)  # the cold lab's imports on a loaded machine
        try:
            open_page(first, server.url)
        finally:
            first.close()
        yield server


def _is_upload(request: Request) -> bool:
    return request.method == "PUT" and "/_stcore/upload_file/" in request.url


def upload_in_the_page(page: Page, name: str) -> str:
    """Upload ``name`` with the History page's uploader as a reader does, once the page's run
    is over (a file chosen while it is drawn again can be lost); the PUT's URL."""
    wait_idle(page)
    chooser = page.get_by_test_id("stFileUploader").locator("input[type=file]")
    with page.expect_request(_is_upload, timeout=SLOW_MS) as sent:
        chooser.set_input_files({"name": name, "mimeType": "text/csv", "buffer": GAMES})
    expect(page.get_by_text(name, exact=True)).to_be_visible(timeout=SLOW_MS)
    return sent.value.url


def xsrf(context: BrowserContext) -> str:
    """The browser's XSRF cookie, which a script in its pages can read and send."""
    return next(c["value"] for c in context.cookies() if c["name"] == "_streamlit_xsrf")


def put(page: Page, endpoint: str, session: str, blob: bytes = BLOB) -> tuple[int, str, str]:
    """A script in ``page`` PUTs ``blob`` under a new file id: the answer's status and text."""
    url = f"{endpoint}/{session}/{uuid.uuid4()}"
    file = {"name": "x.csv", "mimeType": "text/csv", "buffer": blob}
    token = xsrf(page.context)
    answer = page.request.put(url, multipart={"file": file}, headers={"X-Xsrftoken": token})
    return answer.status, answer.text(), url


def test_a_session_holds_at_most_upload_files_files(page: Page, lab: Server) -> None:
    open_page(page, f"{lab.url}/history?source=upload")
    page.get_by_test_id("stFileUploader").wait_for()
    # A reader replacing the file more times than the limit: each replaced file is deleted.
    for i in range(LIMIT + 2):
        url = upload_in_the_page(page, f"games{i}.csv")
        expect(page.get_by_text("1 row read", exact=False)).to_be_visible(timeout=SLOW_MS)
    endpoint, session, _ = url.rsplit("/", 2)
    # A script in the same session, with its cookie and Streamlit's XSRF token, as the page has.
    answers = [put(page, endpoint, session) for _ in range(20)]
    statuses = [status for status, _, _ in answers]
    # The uploader holds one file: LIMIT − 1 more are held, every later one refused.
    assert statuses == [204] * (LIMIT - 1) + [413] * (21 - LIMIT), statuses
    assert answers[-1][1].strip() == EN["upload.held"].format(files=LIMIT)
    # Deleting one of them makes room for one more, and only one.
    token = xsrf(page.context)
    gone = page.request.delete(answers[0][2], headers={"X-Xsrftoken": token})
    assert gone.status == 204
    assert [put(page, endpoint, session)[0] for _ in range(2)] == [204, 413]
    # At the limit, the reader can still replace the uploader's file: the browser deletes the
    # old one before it sends the new one.
    with page.expect_response(lambda r: _is_upload(r.request), timeout=SLOW_MS) as answer:
        upload_in_the_page(page, "again.csv")
    assert answer.value.status == 204
    expect(page.get_by_text("1 row read", exact=False)).to_be_visible(timeout=SLOW_MS)


def puts_at_once(url: str, session: str, cookie: str, count: int) -> list[int]:
    """``count`` PUTs of BLOB under new ids, each on its own connection: every request and all
    of its body but the last bytes sent first, then the last bytes of each; the statuses."""
    host, port = url.removeprefix("http://").split(":")
    boundary = "g42boundary"
    head = (
        f'--{boundary}\r\nContent-Disposition: form-data; name="file"; filename="x.csv"\r\n'
        "Content-Type: text/csv\r\n\r\n"
    ).encode()
    body = head + BLOB + f"\r\n--{boundary}--\r\n".encode()
    sockets = []
    for _ in range(count):
        request = (
            f"PUT /_stcore/upload_file/{session}/{uuid.uuid4()} HTTP/1.1\r\nHost: {host}\r\n"
            f"Content-Type: multipart/form-data; boundary={boundary}\r\n"
            f"Content-Length: {len(body)}\r\nX-Xsrftoken: {cookie}\r\n"
            f"Cookie: _streamlit_xsrf={cookie}\r\nConnection: close\r\n\r\n"
        ).encode()
        sock = socket.create_connection((host, int(port)), timeout=SLOW_MS / 1000)
        sock.sendall(request + body[:-16])
        sockets.append(sock)
    statuses = []
    for sock in sockets:
        with contextlib.suppress(OSError):  # refused early and closed: its answer waits
            sock.sendall(body[-16:])
        answer = b""
        while b"\r\n" not in answer and (chunk := sock.recv(4096)):
            answer += chunk
        sock.close()
        statuses.append(int(answer.split(b" ", 2)[1]))
    return statuses


def test_puts_sent_at_once_are_counted_as_they_start(page: Page, lab: Server) -> None:
    """Thirty PUTs on thirty connections, none finished before all have started: the uploader
    holds one file, LIMIT − 1 are held, and the rest refused."""
    open_page(page, f"{lab.url}/history?source=upload")
    session = upload_in_the_page(page, "games.csv").rsplit("/", 2)[1]
    statuses = puts_at_once(lab.url, session, xsrf(page.context), 30)
    assert sorted(statuses) == [204] * (LIMIT - 1) + [413] * (31 - LIMIT), statuses


def first_session(page: Page, url: str) -> str:
    """Open ``url`` and read the session id Streamlit gives the page (its first message holds
    it): what a script of the page, or any client of the websocket, learns."""
    frames: list[bytes] = []
    page.on("websocket", lambda ws: ws.on("framereceived", lambda f: frames.append(bytes(f))))
    page.goto(url)
    expect(page.get_by_test_id("stMain")).to_contain_text(CLOSED_REMOTE, timeout=SLOW_MS)
    first = ForwardMsg()
    first.ParseFromString(frames[0])
    return first.new_session.initialize.session_id


def test_a_reader_the_lab_refused_has_no_upload_taken(page: Page, lab: Server) -> None:
    """A reader from another address gets only the page saying how to open the lab; a script
    of that page PUTs under its session, with its own cookie and token: nothing is taken. A
    browser the lab admitted, refused on its next page (its sign-in ended, say), is refused
    from then on."""
    page.context.set_extra_http_headers(ELSEWHERE)
    session = first_session(page, f"{lab.url}/history?source=upload")
    status, text, _ = put(page, f"{lab.url}/_stcore/upload_file", session)
    assert status == 403, (status, text)
    assert text.strip() == EN["upload.not_admitted"].format(minutes=round(ADMISSION_LIFE / 60))
    # The same browser admitted: its uploads are taken, until a page of it is refused.
    page.context.set_extra_http_headers({})
    open_page(page, f"{lab.url}/history?source=upload")
    endpoint, admitted, _ = upload_in_the_page(page, "games.csv").rsplit("/", 2)
    assert put(page, endpoint, admitted)[0] == 204
    page.context.set_extra_http_headers(ELSEWHERE)
    refused = first_session(page, f"{lab.url}/history?source=upload")
    assert put(page, endpoint, refused)[0] == 403


def resident_mb(pid: int) -> float:
    """The server's resident memory (VmRSS), in MB."""
    status = Path(f"/proc/{pid}/status").read_text(encoding="ascii")
    return int(next(line.split()[1] for line in status.splitlines() if line[:6] == "VmRSS:")) / 1024


def shut_down_older_sessions(page: Page, since: float) -> None:
    """Have Streamlit itself shut down every session closed before ``since`` (monotonic): it
    does so when it stores a session that disconnected, once their TTL has passed. A script of
    ``page`` opens a websocket of its own to the server and closes it."""
    while time.monotonic() < since + TTL + 1:  # until their TTL has passed
        time.sleep(0.2)
    page.evaluate(
        """async () => {
            const ws = new WebSocket(location.origin.replace('http', 'ws') + '/_stcore/stream',
                                     ['streamlit']);
            await new Promise((done) => { ws.onopen = done; });
            ws.close();
            await new Promise((done) => { ws.onclose = done; });
        }"""
    )


def test_a_closed_tabs_files_are_freed(browser: Browser, lab: Server) -> None:
    """A reader uploads through the page and a script of it PUTs three files of 19 MiB; once
    the tab closes, the server's resident memory comes back down within TTL + FREED_WITHIN
    seconds (the documented bound), without any other reader's help. Other tests' tabs, closed
    before, are shut down first, so that freeing theirs cannot pass for freeing this one's."""
    started = time.monotonic()
    context = browser.new_context()
    page = context.new_page()
    open_page(page, f"{lab.url}/history?source=upload")
    endpoint, session, _ = upload_in_the_page(page, "games.csv").rsplit("/", 2)
    expect(page.get_by_text("1 row read", exact=False)).to_be_visible(timeout=SLOW_MS)
    wait_idle(page)
    shut_down_older_sessions(page, started)
    before = resident_mb(lab.pid)
    big = b"x" * (19 * 2**20)
    assert [put(page, endpoint, session, big)[0] for _ in range(LIMIT - 1)] == [204] * (LIMIT - 1)
    # The server's pages hold them (some fill pages the server had already, and freed).
    held = resident_mb(lab.pid) - before
    assert held > 2 * 19, held
    context.close()
    closed = time.monotonic()
    deadline = closed + TTL + FREED_WITHIN + LOADED
    while (now := resident_mb(lab.pid)) > before + held / 4 and time.monotonic() < deadline:
        time.sleep(0.5)
    took = time.monotonic() - closed
    assert now <= before + held / 4, f"{now - before:.0f} of {held:.0f} MB held after {took:.0f} s"
