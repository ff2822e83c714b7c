"""Uploads held per session, on a real server (``streamlit run lab.py``): Streamlit keeps
every file PUT to ``/_stcore/upload_file/<session>/<file_id>`` until it is deleted or the session
ends, under any file id the browser makes up. The lab's guard holds a session to
``upload_files`` (4 by default) files at once: a reader replacing the uploader's file is never
refused (the browser deletes the old one), a script PUTting new files under new ids is refused
past the limit, and deleting one makes room again."""

from __future__ import annotations

import uuid
from collections.abc import Iterator

import pytest
from browser_support import ROOT, open_page, streamlit_server, wait_idle
from playwright.sync_api import Page, Request, expect

from ui import settings
from ui.catalogs import EN

pytestmark = pytest.mark.browser

LIMIT = settings.Settings().upload_files
GAMES = b"time,winner,loser\n2026-10-01T20:00:00Z,Eleni,Nikos\n"
#: How long an upload and the rerun it starts may take on a loaded 2-core machine.
SLOW_MS = 60_000
#: What a script PUTs: 1 MiB of a file each (the attack PUT 18.6 MiB twenty times).
BLOB = b"x" * 2**20


@pytest.fixture(scope="module")
def lab_url() -> Iterator[str]:
    with streamlit_server(ROOT / "lab.py") as url:
        yield url


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


def test_a_session_holds_at_most_upload_files_files(page: Page, lab_url: str) -> None:
    open_page(page, f"{lab_url}/history?source=upload")
    page.get_by_test_id("stFileUploader").wait_for()
    # A reader replacing the file more times than the limit: each replaced file is deleted.
    for i in range(LIMIT + 2):
        put = upload_in_the_page(page, f"games{i}.csv")
        expect(page.get_by_text("1 row read", exact=False)).to_be_visible(timeout=SLOW_MS)
    endpoint, session, _ = put.rsplit("/", 2)
    # A script in the same session, with its cookie and Streamlit's XSRF token, as the page has.
    xsrf = next(c["value"] for c in page.context.cookies() if c["name"] == "_streamlit_xsrf")

    def put_new() -> tuple[int, str, str]:
        url = f"{endpoint}/{session}/{uuid.uuid4()}"
        file = {"name": "x.csv", "mimeType": "text/csv", "buffer": BLOB}
        answer = page.request.put(url, multipart={"file": file}, headers={"X-Xsrftoken": xsrf})
        return answer.status, answer.text(), url

    answers = [put_new() for _ in range(20)]
    statuses = [status for status, _, _ in answers]
    # The uploader holds one file: LIMIT − 1 more are held, every later one refused.
    assert statuses == [204] * (LIMIT - 1) + [413] * (21 - LIMIT), statuses
    assert answers[-1][1].strip() == EN["upload.held"].format(files=LIMIT)
    # Deleting one of them makes room for one more, and only one.
    gone = page.request.delete(answers[0][2], headers={"X-Xsrftoken": xsrf})
    assert gone.status == 204
    assert [put_new()[0] for _ in range(2)] == [204, 413]
    # At the limit, the reader can still replace the uploader's file: the browser deletes the
    # old one before it sends the new one.
    with page.expect_response(lambda r: _is_upload(r.request), timeout=SLOW_MS) as answer:
        upload_in_the_page(page, "again.csv")
    assert answer.value.status == 204
    expect(page.get_by_text("1 row read", exact=False)).to_be_visible(timeout=SLOW_MS)
