"""Shared fixtures. Browser tests (``@pytest.mark.browser``) get the app served by
``streamlit run app.py`` on loopback (``app_url``), Debian's Chromium (``browser``) and a fresh
1280 × 900 tab per test (``page``); ``phone_page`` is a 390-px-wide phone. Without Chromium the
browser tests fail with a message saying how to install it: they are never skipped.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from browser_support import (
    CHROMIUM_MISSING,
    ROOT,
    chromium_path,
    launch_chromium,
    streamlit_server,
)
from playwright.sync_api import (
    Browser,
    BrowserContext,
    Page,
    Playwright,
    ViewportSize,
    expect,
    sync_playwright,
)

#: Long enough for a rerun on a loaded 2-core machine, short enough to fail a stuck page quickly.
PAGE_TIMEOUT_MS = 20_000
DESKTOP: ViewportSize = {"width": 1280, "height": 900}
PHONE: ViewportSize = {"width": 390, "height": 844}  # a current mid-size phone, CSS pixels
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
    """The base URL of ``streamlit run lab.py`` on 127.0.0.1: a reader on loopback is admitted
    without signing in. Its home page is opened once before the URL is handed out: until some
    session has run ``st.navigation``, Streamlit serves a server whose entry file has a
    ``pages/`` folder beside it in its old folder mode, where a link to a lab page
    (``/designer``, a file in ``pages/lab/``) is "Page not found"."""
    with streamlit_server(ROOT / "lab.py") as url:
        context = browser.new_context(viewport=DESKTOP, locale="en-GB")
        try:
            first = context.new_page()
            first.goto(url)
            expect(first.get_by_test_id("stApp")).to_have_attribute(
                "data-test-script-state", "notRunning", timeout=SERVER_WARM_MS
            )
            expect(first.get_by_test_id("stSidebarNav")).to_be_visible(timeout=SERVER_WARM_MS)
        finally:
            context.close()
        yield url


@pytest.fixture(scope="session")
def playwright() -> Iterator[Playwright]:
    if chromium_path() is None:
        pytest.fail(CHROMIUM_MISSING, pytrace=False)
    with sync_playwright() as driver:
        yield driver


@pytest.fixture(scope="session")
def browser(playwright: Playwright) -> Iterator[Browser]:
    """Debian's Chromium, headless, launched once for the session."""
    chromium = launch_chromium(playwright)
    try:
        yield chromium
    finally:
        chromium.close()


def _new_page(browser: Browser, viewport: ViewportSize, *, phone: bool = False) -> Iterator[Page]:
    context: BrowserContext = browser.new_context(
        viewport=viewport, is_mobile=phone, has_touch=phone, locale="en-GB"
    )
    context.set_default_timeout(PAGE_TIMEOUT_MS)
    try:
        yield context.new_page()
    finally:
        context.close()


@pytest.fixture
def page(browser: Browser) -> Iterator[Page]:
    """A fresh tab (own cookies and Streamlit session) on a 1280 × 900 desktop screen."""
    yield from _new_page(browser, DESKTOP)


@pytest.fixture
def phone_page(browser: Browser) -> Iterator[Page]:
    """A fresh tab on a 390-px-wide touch phone."""
    yield from _new_page(browser, PHONE, phone=True)
