"""What every page shares: the pages' list for ``st.navigation`` (titles, icons, order, URLs),
and what every page draws first (:func:`setup`, called by the :class:`ui.page.Page` scaffold): the
page's language, the compact views' style, and (outside the compact views) the sidebar's language
selector and footer under Streamlit's navigation.

The page draws these rather than ``app.py`` around ``.run()``: AppTest keeps the entry file's
elements only on the default page, and the pinned numbers of every page include the footer's.
"""

from __future__ import annotations

import json
from typing import NamedTuple

import streamlit as st
from streamlit.navigation.page import StreamlitPage

# Streamlit's own switch between its two multipage modes (see _route_when_run_alone).
from streamlit.runtime.pages_manager import PagesManager
from streamlit.runtime.scriptrunner import get_script_run_ctx

from . import embed, i18n
from .i18n import t


class PageEntry(NamedTuple):
    """One page: its script, the catalog key of its title, its icon and its URL path."""

    script: str
    title: str
    icon: str
    url_path: str


#: Every page in the order the sidebar lists them: the players' pages first, then the designers',
#: then the classic calculator. The home page is ``/``.
#:
#: One flat list, no section headings: Streamlit draws a sectioned menu's headings as children of
#: its ``<ul>`` (not inside ``<li>``), which screen readers announce as a broken list (axe's
#: "list" rule, checked in tests/browser/test_accessibility.py); the order keeps the grouping.
PAGES: tuple[PageEntry, ...] = (
    PageEntry("pages/home.py", "home.nav", ":material/calculate:", ""),
    PageEntry("pages/planner.py", "planner.nav", ":material/flag:", "planner"),
    PageEntry("pages/explain.py", "explain.nav", ":material/help:", "explain"),
    PageEntry("pages/divisors.py", "divisors.nav", ":material/show_chart:", "divisors"),
    PageEntry("pages/tables.py", "tables.nav", ":material/table_chart:", "tables"),
    PageEntry("pages/history.py", "history.nav", ":material/history:", "history"),
    PageEntry("pages/simulator.py", "simulator.nav", ":material/groups:", "simulator"),
    PageEntry("pages/designer.py", "designer.nav", ":material/tune:", "designer"),
    PageEntry("pages/classic.py", "classic.nav", ":material/swap_horiz:", "classic"),
)


def navigation() -> list[StreamlitPage]:
    """The pages for ``st.navigation``, titled in the reader's language, in the sidebar's order."""
    return [
        st.Page(
            entry.script,
            title=t(entry.title),
            icon=entry.icon,
            url_path=entry.url_path or None,
            default=not entry.url_path,
        )
        for entry in PAGES
    ]


def route() -> StreamlitPage:
    """``app.py``'s routing: the reader's language first (the pages' titles are translated),
    then ``st.navigation`` over :data:`PAGES` (hidden in the compact embedded views) and one
    page config titled after the chosen page, which it returns."""
    i18n.choose_language()
    chosen = st.navigation(
        navigation(), position="hidden" if embed.is_compact() else "sidebar", expanded=True
    )
    st.set_page_config(
        page_title=f"{chosen.title} · Gammon42 ELO", page_icon=":material/casino:", layout="wide"
    )
    return chosen


def _route_when_run_alone() -> None:
    """Give a page that Streamlit ran on its own the routing ``app.py`` gives it.

    Streamlit starts in its old multipage mode whenever a ``pages/`` folder lies beside the
    entry script, and leaves it only when some session has run ``st.navigation``: until then a
    link to ``/designer`` (an article's frame after a restart) runs ``pages/designer.py`` by
    itself, under a menu of file names and without the page config. Such a run draws
    :func:`route`'s menu and config itself (the URL already names this page, so the navigation
    resolves to it) and goes on, without a rerun that would drop the click that started it;
    ``st.navigation`` switches the server out of the old mode for every later run.
    """
    if not PagesManager.uses_pages_directory:
        return
    # st.navigation makes the entry script the one drawing (the page's own run would then draw
    # its widgets under new ids, and their values would start over on every such run); the
    # page's run goes on as itself once the navigation is drawn.
    ctx = get_script_run_ctx()
    if ctx is None:
        return
    with ctx.run_with_active_hash(ctx.pages_manager.main_script_hash):
        route()


def setup() -> None:
    """The frame around the page: its language, and the compact views' style or the sidebar."""
    _route_when_run_alone()
    i18n.language_notices()
    document_language()
    embed.bad_view_notice()
    if embed.is_compact():
        embed.compact_style()
        return
    with st.sidebar:
        i18n.language_selector()
        st.caption(t("app.footer"))


def document_language() -> None:
    """Say the page's language in ``<html lang>``, which screen readers choose their voice by.

    Streamlit's page always says ``lang="en"`` and has no setting for it, so a one-line script
    sets it; its only variable is the language code, one of ``i18n.LANGUAGES``. The page's
    shared style rules come along (:data:`_PAGE_CSS`).
    """
    code = json.dumps(i18n.language())
    st.html(
        f"<style>{_PAGE_CSS}</style>"
        f"<script data-page-lang>document.documentElement.lang = {code};{_CLOSE_SIDEBAR_JS}"
        "</script>",
        unsafe_allow_javascript=True,
    )


#: A tap on a menu link closes the sidebar wherever it lies over the page (narrower than
#: Streamlit's 768-px breakpoint). Streamlit closes it only for a phone's user agent, so on a
#: narrow window, a tablet or a browser that does not say "mobile" it stayed open over the new
#: page. The check runs after Streamlit's own click handler (its collapse button toggles, and
#: must not reopen what Streamlit has just closed); one listener per browser tab. Static.
_CLOSE_SIDEBAR_JS = """
if (!window.gammonClosesSidebar) {
  window.gammonClosesSidebar = true;
  document.addEventListener("click", (event) => {
    const link = event.target instanceof Element
      && event.target.closest('a[data-testid="stSidebarNavLink"]');
    if (!link || window.innerWidth >= 768) return;
    setTimeout(() => {
      const sidebar = document.querySelector('[data-testid="stSidebar"]');
      if (sidebar && sidebar.dataset.collapsed === "false") {
        document.querySelector('[data-testid="stSidebarCollapseButton"] button')?.click();
      }
    }, 0);
  });
}
"""


#: The script's empty element stays out of the layout (it would add a gap above the title).
#: Sections are h2 under the page's h1 (screen readers list headings by level, and axe-core
#: checks that no level is skipped); beside another column an h2 is drawn at the size of
#: Streamlit's h3, so that a long section title does not wrap to three lines.
#:
#: A menu link with the keyboard's focus gets a ring of the text's colour: Streamlit gives it
#: only a background close to the current page's highlight, so the two looked alike.
#:
#: A table's or chart's toolbar (eye, download, search, full screen) stands above its element's
#: top edge, over whatever is drawn above; a pointer shows it on hovering the element only, but a
#: touch screen shows it from the first tap on, over the heading or caption. There the element
#: gets room for it: the toolbar's 2.75rem less the 1rem gap between elements.
#:
#: In a form, Streamlit writes "Press Enter to submit form" inside a number field once it is
#: edited, over the typed value in a narrow field, and in English whatever the page's language;
#: the form's own submit button says what to do. Static CSS.
_PAGE_CSS = (
    '[data-testid="stElementContainer"]:has(script[data-page-lang]) { display: none; }\n'
    '[data-testid="stColumn"] [data-testid="stHeading"] h2 { font-size: 1.75rem; }\n'
    '[data-testid="stSidebarNav"] a[data-testid="stSidebarNavLink"]:focus-visible {'
    " outline: 2px solid currentColor; outline-offset: -2px; }\n"
    "@media (hover: none), (pointer: coarse) {"
    ' [data-testid="stElementContainer"]:has(> [data-testid="stFullScreenFrame"] > div >'
    ' [data-testid="stElementToolbar"]) { padding-top: 1.75rem; } }\n'
    '[data-testid="stForm"] [data-testid="InputInstructions"] { display: none; }'
)
