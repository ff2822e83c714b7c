"""A link to a page, opened first on a freshly started server (an article's frame after a
restart), gets the app's own routing: the page set-up (its title), the translated menu, the
link's values, and no "Page not found" dialog.

Streamlit serves a main script with a ``pages/`` folder beside it in its old pages-folder mode
until some reader's run has called ``st.navigation``: there a page file ran on its own, under a
menu of file names ("app", "classic", …), and a lab page's link first showed Streamlit's "Page
not found" dialog. The doors' navigation scripts lie in ``doors/``, with no ``pages/`` beside
them, so that mode is never entered (doors/calculator.py).
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest
from browser_support import ROOT, open_page, streamlit_server, wait_idle
from playwright.sync_api import Browser, Page, expect

from ui.catalogs import EL, EN

pytestmark = pytest.mark.browser

#: A cold lab's first page: its imports (Dask, the engine's tables) on a loaded 2-core machine.
COLD_LAB_MS = 120_000


@contextmanager
def first_reader(browser: Browser, entry: Path) -> Iterator[tuple[Page, str]]:
    """A fresh ``streamlit run entry`` and the first tab ever to open it (1280 × 720)."""
    with streamlit_server(entry) as url:
        page = browser.new_page(viewport={"width": 1280, "height": 720})
        try:
            yield page, url
        finally:
            page.close()


def expect_routed(page: Page, *, heading: str, nav: str, others: tuple[str, ...]) -> None:
    """The page drawn through the door's navigation: its h1, the tab's title after the menu's
    name, the menu's translated links (no file name), and no "Page not found" dialog."""
    expect(page.get_by_role("heading", name=heading, level=1)).to_be_visible()
    expect(page).to_have_title(f"{nav} · Gammon42 ELO")
    menu = page.get_by_test_id("stSidebarNav")
    for name in (nav, *others):
        expect(menu.get_by_role("link", name=name, exact=True)).to_be_visible()
    for file_name in ("app", "calculator", "lab", "home"):
        expect(menu.get_by_role("link", name=file_name, exact=True)).to_have_count(0)
    expect(page.get_by_text("Page not found")).to_have_count(0)


def test_a_deep_link_on_a_fresh_server_runs_through_the_app(browser: Browser) -> None:
    with first_reader(browser, ROOT / "app.py") as (page, url):
        open_page(page, f"{url}/classic?lang=el&a=1700")
        wait_idle(page)
        expect_routed(
            page,
            heading=EL["classic.title"],
            nav=EL["classic.nav"],
            others=(EL["home.nav"], EL["planner.nav"]),
        )
        expect(page).to_have_url(f"{url}/classic?lang=el&a=1700")


def test_a_planner_link_is_the_first_request_of_a_fresh_calculator(browser: Browser) -> None:
    with first_reader(browser, ROOT / "app.py") as (page, url):
        open_page(page, f"{url}/planner?rating=1550&target=1750")
        wait_idle(page)
        expect_routed(
            page,
            heading=EN["planner.title"],
            nav=EN["planner.nav"],
            others=(EN["home.nav"], EN["tables.nav"]),
        )
        # The link's values reach the page's fields.
        expect(page.get_by_role("spinbutton", name=EN["planner.rating"], exact=True)).to_have_value(
            "1550"
        )
        expect(page.get_by_role("spinbutton", name=EN["planner.target"], exact=True)).to_have_value(
            "1750"
        )


def test_a_designer_link_is_the_first_request_of_a_fresh_lab(browser: Browser) -> None:
    with first_reader(browser, ROOT / "lab.py") as (page, url):
        page.set_default_timeout(COLD_LAB_MS)
        open_page(page, f"{url}/designer?seeds=3")
        wait_idle(page)
        expect_routed(
            page,
            heading=EN["designer.title"],
            nav=EN["designer.nav"],
            others=(EN["home.nav"], EN["history.nav"], EN["simulator.nav"]),
        )
        expect(page.get_by_role("spinbutton", name=EN["designer.seeds"], exact=True)).to_have_value(
            "3"
        )
