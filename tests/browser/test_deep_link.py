"""A link to a page, opened first on a freshly started server (an article's frame after a
restart), gets the app's own routing: the page set-up, the translated menu, the link's values.

Streamlit runs in its old multipage mode while a ``pages/`` folder lies beside the entry script
and no session has yet run ``st.navigation``; there a page file ran on its own, under a menu of
file names ("app", "classic", …) and without the wide layout (ui/frame.py's routing fix).
"""

from __future__ import annotations

import pytest
from browser_support import ROOT, open_page, streamlit_server, wait_idle
from playwright.sync_api import Browser, expect

from ui.catalogs import EL

pytestmark = pytest.mark.browser


def test_a_deep_link_on_a_fresh_server_runs_through_the_app(browser: Browser) -> None:
    with streamlit_server(ROOT / "app.py") as url:
        page = browser.new_page(viewport={"width": 1280, "height": 720})
        try:
            open_page(page, f"{url}/classic?lang=el&a=1700")
            wait_idle(page)
            nav = page.get_by_test_id("stSidebarNav")
            # The menu is app.py's: translated titles, no file names.
            expect(nav.get_by_role("link", name=EL["classic.nav"], exact=True)).to_be_visible()
            expect(nav.get_by_role("link", name=EL["home.nav"], exact=True)).to_be_visible()
            expect(nav.get_by_role("link", name="app", exact=True)).to_have_count(0)
            # The page itself, in the link's language, with app.py's page set-up (its title).
            expect(page.get_by_role("heading", name=EL["classic.title"], level=1)).to_be_visible()
            expect(page).to_have_title(f"{EL['classic.nav']} · Gammon42 ELO")
            expect(page).to_have_url(f"{url}/classic?lang=el&a=1700")
        finally:
            page.close()
