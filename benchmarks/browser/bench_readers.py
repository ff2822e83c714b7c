"""How many readers a core serves: the public calculator behind nginx, 1 and 2 replicas, under R
simulated readers at once, beside an idle server measured in the same run.

    python -m benchmarks.browser.bench_readers [--replicas 1 2] [--readers 2 3 4 6 8 12 16]
                                               [--visits 16] [--think 2] [--cached]
                                               [--level-timeout 300]

For each replica count, ``deploy/replicas.py --replicas N`` runs as an operator runs it (Debian's
nginx in front, on loopback). A reader visits the help center's preset link
(``/?rating=1650&opponent=1820&cube=4&games=60``) as a new visitor: it fetches the page and the
files a browser with an empty cache fetched before opening the session, opens the session's
WebSocket, fetches the files the browser fetched after that while the page runs, and reads the
answer; then it changes its rating, then the opponent's, reading the answer after each. It
pauses a random 0 … ``--think`` s before each action. A level is R readers at once sharing
``--visits`` visits (each makes ``ceil(visits / R)``); it ends when all are done, or after
``--level-timeout`` s (each unfinished reader counts an error). The idle server is one reader
alone, on the same servers, first. A level meets the goal with no error and the 95th
percentile of its times to the answer within 2× the idle one; the levels stop after two in a
row miss it. Reported per level: the times (p50, p95, max; opens and changes apart), errors,
the CPU per visit of the replicas, of nginx and of this process, how the replicas shared the
work, and the load average; then, per replica count, the most readers at once within the goal,
per core (a replica is one Python process: one core at most). ``--cached``: returning readers,
whose browser keeps Streamlit's files under /static/ (immutable, it says).

**The readers are not Chromium pages.** Each speaks to the server as Streamlit's own frontend
does: the same HTTP requests (recorded from one Chromium page opening the link, at the start of
the run), the same WebSocket messages (Streamlit's protobuf ``BackMsg`` and ``ForwardMsg``: a
run with the link's query string, then a fragment run with the changed input's widget state, as
a browser sends them), and nothing a browser does on the reader's own machine: no drawing.
Chromium spends several times the server's CPU drawing this page, on the same two cores (the
run prints both for that one page), so Chromium pages would measure the browser, not the server.
The time to the answer runs from the first request (an open) or the rerun message (a change)
until the message carrying the headline with the new numbers arrives; "done" until the run
finished (an open: and every file arrived). Every answer is checked against the article's
formula, written out here: a wrong number is an error.
"""

from __future__ import annotations

import argparse
import asyncio
import math
import os
import platform
import random
import re
import statistics
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from urllib.parse import urlsplit

import websockets
from playwright.async_api import Request, async_playwright
from streamlit.proto.BackMsg_pb2 import BackMsg
from streamlit.proto.ForwardMsg_pb2 import ForwardMsg

from benchmarks.browser.harness import client_cpu, cpu_seconds, launch, load_average, p95
from tests.browser.browser_support import free_port
from tests.browser.replicas_support import descendants, replicas_script

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


async def reader(
    url: str, files: Files, number: int, visits: int, think: float, level: Level
) -> None:
    """One reader's ``visits`` visits, each after a pause; answers and errors go to ``level``."""
    draws = random.Random(number)
    for index in range(visits):
        await asyncio.sleep(draws.uniform(0, think))
        # A rating and an opponent of this reader's own, so that no two readers share a run.
        inputs = (1400 + (37 * number + 11 * index) % 600, 1400 + (53 * number + 7 * index) % 600)
        try:
            level.answers += await visit(url, files, inputs, think, draws)
        except (BadAnswerError, TimeoutError, OSError, websockets.WebSocketException) as error:
            level.errors.append(f"reader {number} visit {index}: {type(error).__name__}: {error}")


# --- A level: R readers at once -------------------------------------------------------------------


@dataclass
class Level:
    readers: int
    answers: list[Answer] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)
    visits: int = 0
    wall: float = 0.0
    server_cpu: dict[int, float] = field(default_factory=dict)  #: per process: replicas, nginx
    client_cpu: float = 0.0
    load: str = ""

    def times(self, kind: str | None = None) -> list[float]:
        return [a.answer for a in self.answers if kind in (None, a.kind)]


async def run_level(
    url: str, files: Files, servers: list[int], readers: int, visits: int, think: float,
    timeout: float,
) -> Level:  # fmt: skip
    each = math.ceil(visits / readers)
    level = Level(readers, visits=readers * each)
    server0 = {pid: cpu_seconds(pid) for pid in servers}
    client0, start = time.process_time(), time.perf_counter()
    tasks = [
        asyncio.ensure_future(reader(url, files, number, each, think, level))
        for number in range(readers)
    ]
    _, pending = await asyncio.wait(tasks, timeout=timeout)
    for task in pending:
        task.cancel()
    await asyncio.gather(*pending, return_exceptions=True)
    level.errors += [f"unfinished after {timeout:.0f} s"] * len(pending)
    level.wall = time.perf_counter() - start
    level.client_cpu = time.process_time() - client0
    level.server_cpu = {pid: cpu_seconds(pid) - used for pid, used in server0.items()}
    level.load = load_average()
    return level


# --- Each replica count, and the report -----------------------------------------------------------


@dataclass
class Measured:
    replicas: int
    idle: Level
    levels: list[Level]


def within(level: Level, idle: Level) -> bool:
    """The goal: no error, and the 95th percentile of the times to the answer within 2× idle."""
    return not level.errors and bool(level.answers) and p95(level.times()) <= 2 * p95(idle.times())


async def measure(
    count: int, args: argparse.Namespace, files: Files | None
) -> tuple[Measured, Files]:
    """``deploy/replicas.py --replicas count``: warm each replica, the idle level, then each
    level of readers until two in a row miss the goal."""
    with replicas_script(count, free_port()) as running:
        replicas = {replica.pid for replica in running.replicas}
        servers = descendants(running.process.pid)  # the replicas, nginx and its worker
        for replica in running.replicas:  # a replica's first run imports the page's modules
            await visit(
                f"http://127.0.0.1:{replica.port}", NO_FILES, (1500, 1500), 0, random.Random()
            )
        files = files or await record_files(running.url, servers)
        used = files.cached() if args.cached else files
        print(f"\n{count} replica(s) behind nginx, {running.url}")
        print(HEADER)
        idle = await run_level(
            running.url, used, servers, 1, args.visits, args.think, args.level_timeout
        )
        print(row(idle, idle, replicas), flush=True)
        levels: list[Level] = []
        for readers in args.readers:
            level = await run_level(
                running.url, used, servers, readers, args.visits, args.think, args.level_timeout
            )
            levels.append(level)
            print(row(level, idle, replicas), flush=True)
            if len(levels) >= 2 and not within(levels[-1], idle) and not within(levels[-2], idle):
                break
        for level in (idle, *levels):
            for error in level.errors[:3]:
                print(f"  R = {level.readers}: {error}")
    return Measured(count, idle, levels), files


HEADER = (
    f"{'R':>3}{'visits':>7}{'answers':>8}{'err':>5}{'p50':>7}{'p95':>7}{'max':>7}"
    f"{'open p95':>9}{'change p95':>11}{'done p95':>9}{'÷ idle':>7}{'replicas':>9}{'nginx':>6}"
    f"{'cores':>6}"
    f"{'split':>7}{'client':>7}{'cores':>6}{'wall':>6}  load average"
)
LEGEND = """\
R: readers at once; visits: all R readers' visits; answers: times to the answer read (3 a
visit); err: failed visits (a wrong number, a failed request or run, a timeout). p50, p95, max:
ms to the answer, opens and changes together; open p95, change p95 apart; done p95: until the
run ended (an open: and every file arrived). ÷ idle: p95 over the idle level's (R = 1, the first
row). replicas, nginx: their CPU ms per visit; cores: their CPU over the level's wall time;
split: each replica's share of the replicas' CPU, %. client: this process's CPU ms per visit
(the simulated readers) and cores."""


def row(level: Level, idle: Level, replicas: set[int]) -> str:
    times = [1000 * t for t in level.times()] or [math.nan]
    done = [1000 * a.done for a in level.answers] or [math.nan]
    part = {
        kind: [1000 * t for t in level.times(kind)] or [math.nan] for kind in ("open", "change")
    }
    visits = max(1, level.visits)
    replica_cpu = sum(used for pid, used in level.server_cpu.items() if pid in replicas)
    nginx_cpu = sum(used for pid, used in level.server_cpu.items() if pid not in replicas)
    ratio = p95(times) / (1000 * p95(idle.times())) if idle.answers else math.nan
    shares = (
        [level.server_cpu[pid] / replica_cpu for pid in sorted(replicas)] if replica_cpu else []
    )
    split = "/".join(f"{100 * share:.0f}" for share in shares)
    return (
        f"{level.readers:>3}{level.visits:>7}{len(level.answers):>8}{len(level.errors):>5}"
        f"{statistics.median(times):>7.0f}{p95(times):>7.0f}{max(times):>7.0f}"
        f"{p95(part['open']):>9.0f}{p95(part['change']):>11.0f}{p95(done):>9.0f}{ratio:>7.2f}"
        f"{1000 * replica_cpu / visits:>9.0f}{1000 * nginx_cpu / visits:>6.0f}"
        f"{(replica_cpu + nginx_cpu) / level.wall:>6.2f}{split:>7}"
        f"{1000 * level.client_cpu / visits:>7.0f}{level.client_cpu / level.wall:>6.2f}"
        f"{level.wall:>6.0f}  {level.load}"
    )


def verdict(measured: Measured) -> str:
    """The most readers at once within the goal, per replica, and the visits a second served."""
    idle = p95(measured.idle.times())
    met = [level for level in measured.levels if within(level, measured.idle)]
    if not met:
        return f"{measured.replicas} replica(s): no level within 2× the idle p95 ({idle:.3f} s)"
    best = max(met, key=lambda level: level.readers)
    per, rate = measured.replicas, len(best.times("open")) / best.wall
    return (
        f"{per} replica(s): {best.readers} readers at once within 2× the idle p95 "
        f"({1000 * p95(best.times()):.0f} ms against {1000 * idle:.0f} ms): "
        f"{best.readers / per:g} readers per core (a replica is one process, one core at most); "
        f"{rate:.2f} visits a second, {rate / per:.2f} per core"
    )


async def main_async(args: argparse.Namespace) -> None:
    print(
        f"Python {platform.python_version()}, {platform.machine()}, "
        f"{len(os.sched_getaffinity(0))} cores; load average {load_average()}; {args.visits} "
        f"visits a level at least, think time 0–{args.think:g} s"
    )
    files: Files | None = None
    results = []
    for count in args.replicas:
        measured, files = await measure(count, args, files)
        results.append(measured)
        before, after = len(files.before), len(files.after)
        print(f"  files a visit fetches: {before} before the session opens, {after} after")
    print()
    print(LEGEND)
    for measured in results:
        print(verdict(measured))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else None)
    parser.add_argument("--replicas", type=int, nargs="+", default=[1, 2], help="replica counts")
    parser.add_argument(
        "--readers", type=int, nargs="+", default=[2, 3, 4, 6, 8, 12, 16], help="R values"
    )
    parser.add_argument(
        "--visits", type=int, default=16, help="visits a level makes, shared among its readers"
    )
    parser.add_argument(
        "--cached",
        action="store_true",
        help="returning readers: their browser has Streamlit's files under /static/ already",
    )
    parser.add_argument("--think", type=float, default=2.0, help="pause before each action: 0 … s")
    parser.add_argument(
        "--level-timeout", type=float, default=300.0, help="seconds one level may take at most"
    )
    asyncio.run(main_async(parser.parse_args()))


if __name__ == "__main__":
    main()
