"""Shared fixtures. Browser tests (``@pytest.mark.browser``) get the app served by
``streamlit run app.py`` on loopback (``app_url``), Debian's Chromium (``browser``) and a fresh
1280 × 900 tab per test (``page``); ``phone_page`` is a 390-px-wide phone; ``desktop_tab`` and
``phone_tab`` are one tab each for a file's tests that only open pages and read them. Without
Chromium the browser tests fail with a message saying how to install it: they are never
skipped.
"""

from __future__ import annotations

import contextlib
import threading
from collections.abc import Callable, Iterator

import pytest
from browser_support import (
    CHROMIUM_MISSING,
    DESKTOP,
    PHONE,
    ROOT,
    chromium,
    chromium_path,
    open_page,
    streamlit_server,
)
from embed_support import HostPages
from playwright.sync_api import (
    Browser,
    BrowserContext,
    Error,
    Page,
    Playwright,
    ViewportSize,
    expect,
    sync_playwright,
)

from ui import navigation

#: Long enough for a rerun on a loaded 2-core machine, short enough to fail a stuck page quickly.
PAGE_TIMEOUT_MS = 20_000
#: A cold lab's first page: its imports (Dask, the engine's tables) on a loaded 2-core machine.
SERVER_WARM_MS = 120_000

expect.set_options(timeout=PAGE_TIMEOUT_MS)


@pytest.fixture(scope="session")
def app_url() -> Iterator[str]:
    """The base URL of ``streamlit run app.py`` (headless, no usage statistics, 127.0.0.1)."""
    with streamlit_server(ROOT / "app.py") as url:
        yield url


@pytest.fixture(scope="session")
def lab_url(browser: Browser) -> Iterator[str]:
    """The base URL of ``streamlit run lab.py`` on 127.0.0.1: the lab, admitting readers on
    loopback (no sign-in configured).

    A first reader opens its home page, with time for the cold lab's imports (Dask, the engine's
    tables), so that no test's page waits for them under the tests' shorter timeout. (Any page
    would do: a fresh server routes every link through the navigation, test_deep_link.py.)"""
    with streamlit_server(ROOT / "lab.py") as url:
        first = browser.new_page()
        first.set_default_timeout(SERVER_WARM_MS)
        try:
            open_page(first, url)
        finally:
            first.close()
        yield url


@pytest.fixture
def url_of(request: pytest.FixtureRequest, app_url: str) -> Callable[[str], str]:
    """A path's URL on the server that serves it: a lab page's on the lab (started at its first
    use), every other on the calculator."""

    def of(path: str) -> str:
        if path.lstrip("/").partition("?")[0] in LAB_PATHS:
            return str(request.getfixturevalue("lab_url")) + path
        return app_url + path

    return of


#: The lab's own pages' URL paths (ui.navigation.LAB_PAGES).
LAB_PATHS = frozenset(entry.url_path for entry in navigation.LAB_PAGES)


@pytest.fixture(scope="session")
def playwright() -> Iterator[Playwright]:
    if chromium_path() is None:
        pytest.fail(CHROMIUM_MISSING, pytrace=False)
    with sync_playwright() as driver:
        yield driver


@pytest.fixture(scope="session")
def browser(playwright: Playwright) -> Iterator[Browser]:
    """Debian's Chromium, headless, launched once for the session."""
    with chromium(playwright) as launched:
        yield launched


def _new_context(
    browser: Browser, viewport: ViewportSize, *, phone: bool = False
) -> BrowserContext:
    context = browser.new_context(
        viewport=viewport, is_mobile=phone, has_touch=phone, locale="en-GB"
    )
    context.set_default_timeout(PAGE_TIMEOUT_MS)
    return context


@pytest.fixture(scope="session")
def desktop(browser: Browser) -> Iterator[BrowserContext]:
    """The browser context of every desktop tab: its HTTP cache keeps the app's scripts and
    styles, fetched once for the session instead of once a test."""
    context = _new_context(browser, DESKTOP)
    try:
        yield context
    finally:
        context.close()


@pytest.fixture(scope="session")
def phone(browser: Browser) -> Iterator[BrowserContext]:
    """The browser context of every phone tab (see :func:`desktop`)."""
    context = _new_context(browser, PHONE, phone=True)
    try:
        yield context
    finally:
        context.close()


#: Empties the storage of each frame's origin: the sidebar's width and state, a chosen theme.
_FORGET_STORAGE = "() => { try { localStorage.clear(); sessionStorage.clear(); } catch (e) {} }"


def _fresh_tab(context: BrowserContext) -> Iterator[Page]:
    """A new tab, and after the test nothing of it left for the next: the tabs it opened, their
    cookies (the lab's sign-in, Streamlit's XSRF token), their origins' storage, any permission
    or header given."""
    kept = list(context.pages)
    yield context.new_page()
    for tab in [tab for tab in context.pages if tab not in kept]:
        for frame in tab.frames:
            with contextlib.suppress(Error):  # a frame gone, or crashed with its page
                frame.evaluate(_FORGET_STORAGE)
        tab.close()
    context.clear_cookies()
    context.clear_permissions()
    context.set_extra_http_headers({})


@pytest.fixture
def page(desktop: BrowserContext) -> Iterator[Page]:
    """A fresh tab (its own Streamlit session, no cookie or storage of another test's) on a
    1280 × 900 desktop screen."""
    yield from _fresh_tab(desktop)


@pytest.fixture
def phone_page(phone: BrowserContext) -> Iterator[Page]:
    """A fresh tab on a 390-px-wide touch phone."""
    yield from _fresh_tab(phone)


@pytest.fixture(scope="module")
def desktop_tab(desktop: BrowserContext) -> Iterator[Page]:
    """One 1280 × 900 tab for a file's tests that only open pages and read them. Each page it
    opens is a new Streamlit session, and its renderer keeps the app's scripts compiled: a fresh
    tab compiles them again, about a second of CPU a page. A test that changes the tab itself
    (its listeners, headers or permissions) takes ``page``; one that resizes it sets its size
    first."""
    yield from _fresh_tab(desktop)


@pytest.fixture(scope="module")
def phone_tab(phone: BrowserContext) -> Iterator[Page]:
    """One 390-px-wide touch phone's tab for a file's tests that only read pages (see
    :func:`desktop_tab`)."""
    yield from _fresh_tab(phone)


@pytest.fixture(scope="module")
def host() -> Iterator[HostPages]:
    """Help-center article pages (embed_support.HostPages), served on a free port for a file."""
    pages = HostPages()
    thread = threading.Thread(target=pages.server.serve_forever, daemon=True)
    thread.start()
    try:
        yield pages
    finally:
        pages.server.shutdown()
        pages.server.server_close()
        thread.join(timeout=10)
