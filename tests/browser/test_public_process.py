"""The public calculator's server, read from outside after it has shown everything it shows.

One ``streamlit run app.py`` on loopback, started through ``modules_on_signal.py`` (Streamlit's
own command line, plus a ``SIGUSR1`` handler that writes the process's module names to a file).
Chromium first tours every public page (and the embedded views no other file opens) in English,
and the home page in Greek, waiting in each for what that view draws; then
follows a link to each of the lab's paths, which opens the home page with the notice that the lab
is elsewhere, and no uploader. Then, from outside the server's process: its modules hold none of
the lab's (Dask, Numba, the engine, sign-in, ``ui.lab``), it has started no process, and it
listens on one TCP port, its own.
"""

from __future__ import annotations

import os
import signal
import sys
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import NamedTuple

import pytest
from browser_support import Server, streamlit_process, wait_idle
from playwright.sync_api import Locator, Page, expect

from ui.catalogs.el import EL
from ui.catalogs.en import EN

pytestmark = pytest.mark.browser

HERE = Path(__file__).resolve().parent
#: The lab's own requirements (requirements-lab.txt: Dask, Numba, the engine, sign-in) by their
#: import names, and the lab's UI package: none may be loaded by the calculator's server.
LAB_MODULES = (
    "distributed",
    "dask",
    "numba",
    "llvmlite",
    "bgsage",
    "bgbot_cpp",
    "authlib",
    "ui.lab",
)
#: Loaded once the tour has run each page (the pages' own helpers): the list is this server's.
PAGE_MODULES = ("ui.navigation", "ui.home", "ui.planner", "ui.explain", "ui.grids", "ui.charts")
#: How long the server may take to write its module list after the signal.
DUMP_TIMEOUT_S = 30.0
LISTEN = "0A"  # a TCP socket's state in /proc/net/tcp: listening

#: How long a view's content may take to show: the first visit of each page on this fresh server
#: imports its modules and fills its caches, and the Divisors page's full view (three charts,
#: three tables, about 0.5 s of CPU) missed the suite's 20-s wait once on a 2-core machine at
#: load average 20–25.
CONTENT_TIMEOUT_MS = 60_000

ANSWER = ".gammon-answer"  # the Planner's and Explain page's answer (ui/answer.py)
METRIC, CHART, TABLE = "stMetric", "stVegaLiteChart", "stDataFrame"


class PageSpec(NamedTuple):
    name: str  #: the catalog prefix: "planner" (its title is "planner.title")
    path: str  #: the URL path: "" for the home page
    #: What each view toured draws, by view.
    content: dict[str, tuple[str, ...]]


#: What shows in each page's views that this tour opens: every full view, and the embedded views
#: test_embed_frames.py's tour of every frame width does not open (ui/embed.py, the pages'
#: embed_section calls).
PAGES = (
    PageSpec("home", "", {"full": (METRIC, CHART)}),
    PageSpec(
        "planner",
        "planner",
        {"full": (ANSWER, CHART, TABLE), "compact": (ANSWER, CHART), "chart": (CHART,)},
    ),
    PageSpec("explain", "explain", {"full": (ANSWER,), "compact": (ANSWER,)}),
    PageSpec("divisors", "divisors", {"full": (CHART, TABLE)}),
    PageSpec("tables", "tables", {"full": (TABLE, CHART)}),
    PageSpec("classic", "classic", {"full": (METRIC,)}),
)
CATALOGS = {"en": EN, "el": EL}
#: (page, view, language) toured: those views in English, and the home page in Greek, so that
#: the server has run every page's code and its Greek path too. (Each page's Greek text is
#: checked by tests/ui/test_i18n.py, its full view's ``<html lang>`` by test_accessibility.py,
#: its embedded views at every width, in Greek and in English, by test_embed_frames.py.)
TOUR = [(spec, view, "en") for spec in PAGES for view in spec.content]
TOUR += [(PAGES[0], "full", "el")]
#: Links to the lab's pages, with the parameters the lab would read.
LAB_LINKS = [
    ("/history?source=upload", "en"),
    ("/simulator?players=20000", "en"),
    ("/designer?players=20000&seeds=50", "en"),
    ("/designer?players=20000&seeds=50&lang=el", "el"),
]


def visit_id(spec: PageSpec, view: str, language: str) -> str:
    return f"{spec.name}-{view}-{language}"


def page_url(base: str, spec: PageSpec, view: str, language: str) -> str:
    params = [f"view={view}"] if view != "full" else []
    params += ["lang=el"] if language == "el" else []
    return f"{base}/{spec.path}" + (f"?{'&'.join(params)}" if params else "")


def element(page: Page, kind: str) -> Locator:
    main = page.get_by_test_id("stMain")
    return main.locator(kind) if kind.startswith(".") else main.get_by_test_id(kind)


def show(page: Page, spec: PageSpec, view: str, language: str) -> None:
    """What the view draws, in its language: the page's title on the full page, none in an
    embedded view, each kind of content it has, and no error box."""
    for kind in spec.content[view]:
        expect(element(page, kind).filter(visible=True).first).to_be_visible(
            timeout=CONTENT_TIMEOUT_MS
        )
    wait_idle(page)
    expect(page.locator("html")).to_have_attribute("lang", language)
    title = page.get_by_test_id("stMain").get_by_role("heading", level=1)
    if view == "full":
        expect(title).to_have_text(CATALOGS[language][f"{spec.name}.title"])
    else:
        expect(title).to_have_count(0)
    expect(page.get_by_test_id("stException")).to_have_count(0)


def lab_door_stays_shut(page: Page, language: str) -> None:
    """The home page, its notice that the lab is elsewhere, and nothing of the lab."""
    catalog = CATALOGS[language]
    notice = page.get_by_test_id("stAlert").filter(has_text=catalog["frame.lab_elsewhere"])
    expect(notice).to_be_visible(timeout=CONTENT_TIMEOUT_MS)
    expect(page.get_by_role("heading", level=1)).to_have_text(catalog["home.title"])
    expect(element(page, METRIC).first).to_be_visible(timeout=CONTENT_TIMEOUT_MS)
    wait_idle(page)
    expect(page.locator("input[type=file]")).to_have_count(0)
    expect(page.get_by_test_id("stFileUploader")).to_have_count(0)
    expect(page.get_by_test_id("stException")).to_have_count(0)


def outcome(check: Callable[..., None], *args: object) -> str:
    """ "" when ``check(*args)`` passes, else what failed (first lines of Playwright's message)."""
    try:
        check(*args)
    except AssertionError as error:
        return "\n".join(str(error).splitlines()[:6])
    return ""


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[Server, Path]]:
    """``streamlit run app.py`` through modules_on_signal.py; the file its modules go to."""
    dump = tmp_path_factory.mktemp("public_process") / "modules.txt"
    launcher = (sys.executable, str(HERE / "modules_on_signal.py"))
    with streamlit_process(
        "app.py", launcher=launcher, env={"GAMMON_MODULES_FILE": str(dump)}
    ) as running:
        yield running, dump


@pytest.fixture(scope="module")
def tour(server: tuple[Server, Path], desktop_tab: Page) -> dict[str, str]:
    """Every page of :data:`TOUR`, then every lab link, in one tab (each navigation is a new
    Streamlit session); what failed in each visit ("" if nothing)."""
    base = server[0].url
    seen: dict[str, str] = {}
    for spec, view, lang in TOUR:
        desktop_tab.goto(page_url(base, spec, view, lang))
        seen[visit_id(spec, view, lang)] = outcome(show, desktop_tab, spec, view, lang)
    for link, lang in LAB_LINKS:
        desktop_tab.goto(base + link)
        seen[link] = outcome(lab_door_stays_shut, desktop_tab, lang)
    return seen


@pytest.mark.parametrize(
    "visit", [visit_id(*visit) for visit in TOUR], ids=[visit_id(*visit) for visit in TOUR]
)
def test_each_public_page_shows_each_view(tour: dict[str, str], visit: str) -> None:
    assert tour[visit] == "", f"{visit}:\n{tour[visit]}"


@pytest.mark.parametrize("link", [link for link, _ in LAB_LINKS])
def test_a_link_to_the_lab_opens_the_home_page_with_a_notice(
    tour: dict[str, str], link: str
) -> None:
    assert tour[link] == "", f"{link}:\n{tour[link]}"


def server_modules(pid: int, dump: Path) -> list[str]:
    """The server's ``sorted(sys.modules)``, asked for with SIGUSR1 (modules_on_signal.py)."""
    dump.unlink(missing_ok=True)
    os.kill(pid, signal.SIGUSR1)
    deadline = time.monotonic() + DUMP_TIMEOUT_S
    while not dump.exists():
        assert time.monotonic() < deadline, f"no module list in {dump} after SIGUSR1"
        time.sleep(0.05)
    return dump.read_text(encoding="utf-8").split()


def children(pid: int) -> list[int]:
    """The processes ``pid``'s threads have started and that still run."""
    found = []
    for task in Path(f"/proc/{pid}/task").iterdir():
        found += [int(child) for child in (task / "children").read_text().split()]
    return found


def listening(pid: int) -> list[tuple[str, int]]:
    """(local address, port) of each TCP socket ``pid`` holds in the listening state."""
    inodes = set()
    for fd in Path(f"/proc/{pid}/fd").iterdir():
        try:
            target = os.readlink(fd)
        except OSError:  # closed meanwhile
            continue
        if target.startswith("socket:["):
            inodes.add(target[len("socket:[") : -1])
    found = []
    for table in ("/proc/net/tcp", "/proc/net/tcp6"):
        for line in Path(table).read_text().splitlines()[1:]:
            fields = line.split()
            local, state, inode = fields[1], fields[3], fields[9]
            if state == LISTEN and inode in inodes:
                address, port = local.split(":")
                found.append((ip_address(address), int(port, 16)))
    return sorted(found)


def ip_address(hexed: str) -> str:
    """/proc/net/tcp's address: an IPv4 address is four bytes in the host's (little-endian)
    order, "0100007F" is 127.0.0.1; an IPv6 one is left as written."""
    if len(hexed) == 8:
        return ".".join(str(int(hexed[i : i + 2], 16)) for i in (6, 4, 2, 0))
    return hexed


def test_the_server_holds_nothing_of_the_lab(
    server: tuple[Server, Path], tour: dict[str, str]
) -> None:
    running, dump = server
    assert tour, "the pages were shown first"
    modules = server_modules(running.pid, dump)
    missing = [name for name in PAGE_MODULES if name not in modules]
    assert not missing, f"the list is not the toured server's: {missing} missing"
    loaded = [
        name
        for name in modules
        if any(name == lab or name.startswith(f"{lab}.") for lab in LAB_MODULES)
    ]
    named = sorted({lab for lab in LAB_MODULES for name in loaded if name.startswith(lab)})
    assert not loaded, f"the public server loaded {named} ({len(loaded)} modules: {loaded[:5]} …)"


def test_the_server_started_no_process_and_listens_on_its_port_only(
    server: tuple[Server, Path], tour: dict[str, str]
) -> None:
    running, _ = server
    assert tour, "the pages were shown first"
    assert children(running.pid) == []
    port = int(running.url.rsplit(":", 1)[1])
    assert listening(running.pid) == [("127.0.0.1", port)]
