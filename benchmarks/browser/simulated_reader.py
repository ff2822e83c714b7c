"""One simulated reader of the public calculator: a visit to the help center's preset link, then
two changed inputs, with the time to each answer; for benchmarks/browser/bench_readers.py.

**The readers are not Chromium pages.** Each speaks to the server as Streamlit's own frontend
does: the HTTP requests one Chromium page made to open the link (recorded at the start of the
run), and the frontend's WebSocket messages (protobuf ``BackMsg`` and ``ForwardMsg``: a run with
the link's query string, then a fragment run with the changed input's widget state), but none
of the drawing a browser does on the reader's own machine. Chromium spends several times the
server's CPU drawing this page, on the same two cores (the run prints both for that one page),
so Chromium pages would measure the browser. The time to the answer runs from the first request
(an open) or the rerun message (a change) until the message with the headline's new numbers
arrives; "done" until the run finished (an open: and every file arrived). Every answer is
checked against the article's formula, written out here: a wrong number is an error.
"""

from __future__ import annotations

import asyncio
import math
import random
import re
import time
from collections.abc import Sequence
from dataclasses import dataclass
from urllib.parse import urlsplit

import websockets
from playwright.async_api import Request, async_playwright
from streamlit.proto.BackMsg_pb2 import BackMsg
from streamlit.proto.ForwardMsg_pb2 import ForwardMsg

from benchmarks.browser.harness import client_cpu, cpu_seconds, launch

#: The help center's preset link: its two ratings, then the rest of its game (SPEC.md): cube 4,
#: 60 ranked games this week (so K = 16), the current divisor.
RATING, OPPONENT = 1650, 1820
LINK = f"/?rating={RATING}&opponent={OPPONENT}&cube=4&games=60"
CUBE, K, DIVISOR = 4, 16, 1200
RATING_LABEL, OPPONENT_LABEL = "Your rating", "Your opponent's rating"
#: A browser's connections to one host (Chromium's limit for HTTP/1.1).
CONNECTIONS = 6
#: One action (a visit's opening, a change) may take this long before it counts as an error.
ACTION_TIMEOUT_S = 60.0
HEADLINE = re.compile(r'class="gammon-change">([^<]*)<')
COOKIE = re.compile(r"calculator_replica=([0-9a-f]+)")
DONE = (
    ForwardMsg.ScriptFinishedStatus.FINISHED_SUCCESSFULLY,
    ForwardMsg.ScriptFinishedStatus.FINISHED_FRAGMENT_RUN_SUCCESSFULLY,
)


def go_round(x: float) -> int:
    """Go's math.Round: half away from zero."""
    return int(math.copysign(math.floor(abs(x) + 0.5), x))


def expected(rating: int, opponent: int) -> tuple[int, int]:
    """Your points for a win and for a loss: E = 1 / (1 + 10^((opponent − rating) / 1200)),
    change = round(K × (result − E) × (1 + log2(cube) / 6)) (the article's Steps 1–3)."""
    score = 1 / (1 + 10 ** ((opponent - rating) / DIVISOR))
    multiplier = 1 + math.log2(CUBE) / 6
    return go_round(K * (1 - score) * multiplier), go_round(K * (0 - score) * multiplier)


class BadAnswerError(Exception):
    """The server answered wrong: other numbers than the formula's, a failed run or request."""


# --- What a browser fetches -----------------------------------------------------------------------


@dataclass(frozen=True)
class Files:
    """The paths (with query) a browser with an empty cache fetched to open the link, apart
    from the page itself: before it opened the session's WebSocket, and after."""

    before: tuple[str, ...]
    after: tuple[str, ...]

    def cached(self) -> Files:
        """What a returning browser fetches: Streamlit's files under /static/ are immutable (it
        says so), so a browser that has them asks for the rest only."""
        return Files(
            *(
                tuple(p for p in part if not p.startswith("/static/"))
                for part in (self.before, self.after)
            )
        )


async def record_files(url: str, servers: list[int]) -> Files:
    """One Chromium page opening the link through nginx: the GET requests to this server it
    made before and after its WebSocket opened, until the answer showed and the run ended.
    Prints the CPU time that took Chromium (with Playwright's driver) and the servers."""
    before: list[str] = []
    after: list[str] = []
    client0 = sum(client_cpu(set(servers)).values())
    server0 = sum(cpu_seconds(pid) for pid in servers)
    async with async_playwright() as playwright:
        browser = await launch(playwright)
        try:
            page = await browser.new_page()
            opened = asyncio.Event()
            page.on("websocket", lambda _: opened.set())

            def note(request: Request) -> None:
                address = request.url
                if request.method == "GET" and address.startswith(url) and address != url + LINK:
                    (after if opened.is_set() else before).append(address[len(url) :])

            page.on("request", note)
            await page.goto(url + LINK)
            await page.locator(".gammon-change").first.wait_for(timeout=120_000)
            await page.locator('[data-test-script-state="notRunning"]').wait_for()
            await page.wait_for_load_state("networkidle")
            client = sum(client_cpu(set(servers)).values()) - client0
        finally:
            await browser.close()
    server = sum(cpu_seconds(pid) for pid in servers) - server0
    print(
        f"One Chromium page opening the link (warm replicas): Chromium and Playwright "
        f"{client:.2f} CPU s, the replicas and nginx {server:.2f} CPU s"
    )
    return Files(tuple(before), tuple(after))


NO_FILES = Files((), ())


class Http:
    """One keep-alive HTTP/1.1 connection, as a browser holds one to the server."""

    def __init__(self, host: str, port: int) -> None:
        self.host, self.port = host, port
        self.streams: tuple[asyncio.StreamReader, asyncio.StreamWriter] | None = None

    async def get(self, target: str, cookie: str | None) -> tuple[int, list[str]]:
        """GET ``target``: the status and the Set-Cookie headers (the body is read, not kept)."""
        if self.streams is None:
            self.streams = await asyncio.open_connection(self.host, self.port)
        reader, writer = self.streams
        lines = [f"GET {target} HTTP/1.1", f"Host: {self.host}:{self.port}"]
        lines += ["Accept-Encoding: gzip, deflate, br", "Connection: keep-alive"]
        lines += [f"Cookie: {cookie}"] if cookie else []
        writer.write(("\r\n".join(lines) + "\r\n\r\n").encode("ascii"))
        await writer.drain()
        status = int((await reader.readline()).split()[1])
        headers: list[tuple[str, str]] = []
        while (line := await reader.readline()) not in (b"\r\n", b""):
            name, _, value = line.decode("latin-1").partition(":")
            headers.append((name.strip().lower(), value.strip()))
        fields = dict(headers)
        if "content-length" in fields:
            await reader.readexactly(int(fields["content-length"]))
        elif fields.get("transfer-encoding") == "chunked":
            while size := int((await reader.readline()).split(b";")[0], 16):
                await reader.readexactly(size + 2)
            await reader.readline()
        if fields.get("connection") == "close":
            await self.close()
        return status, [value for name, value in headers if name == "set-cookie"]

    async def close(self) -> None:
        if self.streams is not None:
            self.streams[1].close()
            self.streams = None


async def fetch(host: str, port: int, paths: Sequence[str], cookie: str | None) -> None:
    """GET every path over ``CONNECTIONS`` connections at once; BadAnswerError on any status
    but 200."""
    todo: asyncio.Queue[str] = asyncio.Queue()
    for path in paths:
        todo.put_nowait(path)

    async def worker() -> None:
        http = Http(host, port)
        try:
            while not todo.empty():
                path = todo.get_nowait()
                status, _ = await http.get(path, cookie)
                if status != 200:
                    raise BadAnswerError(f"GET {path}: {status}")
        finally:
            await http.close()

    await asyncio.gather(*(worker() for _ in range(min(CONNECTIONS, len(paths)))))


# --- One reader -----------------------------------------------------------------------------------


@dataclass(frozen=True)
class Answer:
    kind: str  #: "open" or "change"
    answer: float  #: s until the headline with the right numbers arrived
    done: float  #: s until the run finished (an open: and every file arrived)


class Session:
    """One Streamlit session over its WebSocket, read as the frontend reads it."""

    def __init__(self, ws: websockets.ClientConnection) -> None:
        self.ws = ws
        self.page_hash = ""
        self.query = LINK.partition("?")[2]
        self.widgets: dict[str, tuple[str, str]] = {}  #: label → (widget id, fragment id)

    async def rerun(self, want: tuple[int, int], widget: tuple[str, float] | None = None) -> float:
        """Ask for a run (the link's, or a fragment's with one widget changed) and read it;
        the time the headline arrived, after checking it shows ``want``."""
        message = BackMsg()
        state = message.rerun_script
        state.query_string = self.query
        state.page_script_hash = self.page_hash
        if widget is not None:
            widget_id, fragment = self.widgets[widget[0]]
            state.fragment_id = fragment
            changed = state.widget_states.widgets.add()
            changed.id, changed.double_value = widget_id, widget[1]
        await self.ws.send(message.SerializeToString())
        answered = None
        while True:
            reply = ForwardMsg()
            reply.ParseFromString(await self.ws.recv(decode=False))
            kind = reply.WhichOneof("type")
            if kind == "new_session":
                self.page_hash = reply.new_session.page_script_hash
            elif kind == "page_info_changed":
                self.query = reply.page_info_changed.query_string
            elif kind == "delta" and reply.delta.WhichOneof("type") == "new_element":
                answered = self._read(reply, want) or answered
            elif kind == "script_finished":
                if reply.script_finished not in DONE or answered is None:
                    raise BadAnswerError(f"run ended {reply.script_finished} without the answer")
                return answered

    def _read(self, reply: ForwardMsg, want: tuple[int, int]) -> float | None:
        element = reply.delta.new_element
        if element.WhichOneof("type") == "number_input":
            field_ = element.number_input
            self.widgets[field_.label] = (field_.id, reply.delta.fragment_id)
        elif element.WhichOneof("type") == "markdown" and "gammon-change" in element.markdown.body:
            shown = [int(n.replace("\u2212", "-")) for n in HEADLINE.findall(element.markdown.body)]
            if tuple(shown) != want:
                raise BadAnswerError(f"headline {shown}, the formula gives {list(want)}")
            return time.perf_counter()
        return None


async def visit(
    url: str, files: Files, inputs: tuple[int, int], think: float, draws: random.Random
) -> list[Answer]:
    """Open the link as a new visitor, then change the rating and the opponent's to
    ``inputs``; the time to each answer."""
    address = urlsplit(url)
    host, port = address.hostname or "127.0.0.1", address.port or 80
    start = time.perf_counter()
    async with asyncio.timeout(ACTION_TIMEOUT_S):
        cookie = await open_page(host, port)
        await fetch(host, port, files.before, cookie)
        ws = await websockets.connect(
            f"ws://{host}:{port}/_stcore/stream",
            origin=websockets.Origin(url),
            subprotocols=[websockets.Subprotocol("streamlit")],
            additional_headers={"Cookie": cookie} if cookie else None,
            compression=None,
            proxy=None,
            max_size=None,
        )
    try:
        session = Session(ws)
        rest = asyncio.ensure_future(fetch(host, port, files.after, cookie))
        try:
            async with asyncio.timeout(ACTION_TIMEOUT_S):
                answered = await session.rerun(expected(RATING, OPPONENT))
                await rest
        finally:
            rest.cancel()
        answers = [Answer("open", answered - start, time.perf_counter() - start)]
        rating, opponent = inputs
        for label, value, game in (
            (RATING_LABEL, rating, (rating, OPPONENT)),
            (OPPONENT_LABEL, opponent, (rating, opponent)),
        ):
            await asyncio.sleep(draws.uniform(0, think))
            asked = time.perf_counter()
            async with asyncio.timeout(ACTION_TIMEOUT_S):
                answered = await session.rerun(expected(*game), (label, value))
            answers.append(Answer("change", answered - asked, time.perf_counter() - asked))
    finally:
        await ws.close()
    return answers


async def open_page(host: str, port: int) -> str | None:
    """GET the link as a new visitor; the replica cookie nginx set (None if it set none)."""
    page = Http(host, port)
    try:
        status, cookies = await page.get(LINK, None)
    finally:
        await page.close()
    if status != 200:
        raise BadAnswerError(f"GET {LINK}: {status}")
    for cookie in cookies:
        if found := COOKIE.match(cookie):
            return found.group(0)
    return None
