"""Neither door lets a reader empty the caches other readers' pages are served from, nor read the
server's metrics from elsewhere (server/door_guard.py), on a real ``streamlit run`` of each door.

Each door runs through ``modules_on_signal.py``, which counts the calls of ``gammon_elo.plan``
(the Planner's simulation, behind ``st.cache_data`` in ui/cached.py) and writes the count on
``SIGUSR1``. A first reader opens a Planner link in Chromium: one call. A stranger then opens the
websocket ``/_stcore/stream`` as Streamlit's frontend does and sends BackMsgs forged with
Streamlit's own protobuf classes: ``clear_cache`` (what the developer menu's "Clear cache"
sends), and the same field behind other fields that the parser skips; then a heartbeat, whose
acknowledgement says every frame before it was handled. A second reader opens the same link: the
Planner's page is served from the cache, and the count is still one. (Streamlit handles
``clear_cache`` by emptying every cache of the server: without the guard, the count is two.)

``/_stcore/metrics`` (which names the cached functions, their entries and sizes) answers 404 to
a request carrying ``X-Forwarded-For``, ``Forwarded`` or ``X-Real-IP`` (a proxy on this machine
forwarding a stranger) and answers a plain request from this machine. Requests from other
addresses are refused in tests/ui/test_door_guard.py.
"""

from __future__ import annotations

import os
import signal
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import pytest
from browser_support import Server, streamlit_process
from playwright.sync_api import Browser, expect
from streamlit.proto.BackMsg_pb2 import BackMsg
from streamlit.proto.ForwardMsg_pb2 import ForwardMsg
from websockets.sync.client import connect
from websockets.typing import Subprotocol

pytestmark = pytest.mark.browser

HERE = Path(__file__).resolve().parent
#: A link no other page of this server computes: the Planner's simulation runs once for it.
LINK = "/planner?rating=1713&target=1800&opponent=1650"
ANSWER = ".gammon-answer"  # the Planner's answer (ui/answer.py)
#: A cold lab's first page imports Dask and the engine's tables on a loaded 2-core machine.
FIRST_PAGE_MS = 120_000
CALLS_TIMEOUT_S = 30.0
HEARTBEAT_TIMEOUT_S = 30.0


class Door:
    """A running door and the file its call counts go to."""

    def __init__(self, server: Server, calls_file: Path) -> None:
        self.server = server
        self.calls_file = calls_file

    def plans(self) -> int:
        """How often the server has run ``gammon_elo.plan`` so far (asked with SIGUSR1)."""
        self.calls_file.unlink(missing_ok=True)
        os.kill(self.server.pid, signal.SIGUSR1)
        deadline = time.monotonic() + CALLS_TIMEOUT_S
        while not self.calls_file.exists():
            assert time.monotonic() < deadline, "no call counts after SIGUSR1"
            time.sleep(0.05)
        counts = dict(line.split() for line in self.calls_file.read_text().splitlines())
        return int(counts["gammon_elo.plan"])


@pytest.fixture(scope="module", params=["app.py", "lab.py"])
def door(
    request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[Door]:
    calls = tmp_path_factory.mktemp("door_guard") / "calls.txt"
    launcher = (sys.executable, str(HERE / "modules_on_signal.py"))
    env = {"GAMMON_COUNTED": "gammon_elo.plan", "GAMMON_CALLS_FILE": str(calls)}
    with streamlit_process(request.param, launcher=launcher, env=env) as server:
        yield Door(server, calls)


def read_planner(browser: Browser, url: str, timeout_ms: float) -> None:
    """A reader of their own (a new context: a new Streamlit session) opens the Planner link."""
    context = browser.new_context(locale="en-GB")
    try:
        page = context.new_page()
        page.goto(url + LINK)
        expect(page.locator(ANSWER).first).to_be_visible(timeout=timeout_ms)
    finally:
        context.close()


#: Frames Streamlit's parser takes for ``clear_cache``: the message itself, and the field after
#: an unknown varint field and an unknown group (which the parser skips).
FORGED = (
    BackMsg(clear_cache=True).SerializeToString(),
    b"\x98\x06\x01" + b"\x0b\x08\x01\x0c" + BackMsg(clear_cache=True).SerializeToString(),
)


def send_as_a_stranger(url: str, frames: tuple[bytes, ...]) -> None:
    """Open the server's websocket as Streamlit's frontend does, send ``frames``, then a
    heartbeat, and wait for its acknowledgement: every frame before it has been handled."""
    stream = url.replace("http://", "ws://") + "/_stcore/stream"
    deadline = time.monotonic() + HEARTBEAT_TIMEOUT_S
    with connect(stream, subprotocols=[Subprotocol("streamlit")]) as socket:
        for frame in frames:
            socket.send(frame)
        socket.send(BackMsg(app_heartbeat=True).SerializeToString())
        while True:
            reply = socket.recv(timeout=max(0.0, deadline - time.monotonic()))
            assert isinstance(reply, bytes), reply
            if ForwardMsg.FromString(reply).WhichOneof("type") == "heartbeat_ack":
                return


def test_a_stranger_cannot_empty_the_cache_other_readers_are_served_from(
    door: Door, browser: Browser
) -> None:
    for frame in FORGED:  # each is what Streamlit takes for clear_cache
        assert BackMsg.FromString(frame).WhichOneof("type") == "clear_cache"
    read_planner(browser, door.server.url, FIRST_PAGE_MS)
    assert door.plans() == 1
    send_as_a_stranger(door.server.url, FORGED)
    read_planner(browser, door.server.url, FIRST_PAGE_MS)
    assert door.plans() == 1, "the Planner's simulation ran again: the cache was emptied"


def status(url: str, headers: dict[str, str]) -> int:
    request = urllib.request.Request(url, headers=headers)
    try:
        with urllib.request.urlopen(request, timeout=30) as response:
            return int(response.status)
    except urllib.error.HTTPError as error:
        return error.code


@pytest.mark.parametrize(
    "forwarded",
    [
        {"X-Forwarded-For": "203.0.113.7"},
        {"X-Forwarded-For": "127.0.0.1"},
        {"Forwarded": "for=203.0.113.7"},
        {"X-Real-IP": "203.0.113.7"},
    ],
)
def test_the_metrics_answer_only_a_direct_reader_on_this_machine(
    door: Door, forwarded: dict[str, str]
) -> None:
    metrics = door.server.url + "/_stcore/metrics"
    assert status(metrics, forwarded) == 404
    assert status(metrics + "/", forwarded) == 404
    assert status(metrics, {}) == 200
