"""What every page shares: the page set-up, the language, and the sidebar navigation.

Streamlit runs ``pages/`` as a multipage app of its own (``app.py`` is the home page, each file in
``pages/`` another page, reached at ``/divisors`` and so on), so each page calls :func:`setup`
first. The built-in navigation is hidden (``client.showSidebarNavigation = false``) because its
labels come from file names; ours are translated, and the compact views show none at all.
"""

from __future__ import annotations

import json

import streamlit as st

from . import embed, i18n
from .i18n import t

#: (script, catalog key of its title, icon) in the order the sidebar lists them: the players'
#: pages first, then the designers', then the classic calculator.
PAGES = (
    ("app.py", "home.nav", ":material/calculate:"),
    ("pages/planner.py", "planner.nav", ":material/flag:"),
    ("pages/explain.py", "explain.nav", ":material/help:"),
    ("pages/divisors.py", "divisors.nav", ":material/show_chart:"),
    ("pages/tables.py", "tables.nav", ":material/table_chart:"),
    ("pages/history.py", "history.nav", ":material/history:"),
    ("pages/simulator.py", "simulator.nav", ":material/groups:"),
    ("pages/designer.py", "designer.nav", ":material/tune:"),
    ("pages/classic.py", "classic.nav", ":material/swap_horiz:"),
)


def setup(title_key: str) -> None:
    """Page config, the reader's language, and (outside the compact views) the sidebar."""
    i18n.choose_language()
    st.set_page_config(
        page_title=f"{t(title_key)} · Gammon42 ELO", page_icon=":material/casino:", layout="wide"
    )
    document_language()
    embed.bad_view_notice()
    if embed.is_compact():
        embed.compact_style()
        return
    with st.sidebar:
        for script, key, icon in PAGES:
            st.page_link(script, label=t(key), icon=icon)
        st.divider()
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
        f"<script data-page-lang>document.documentElement.lang = {code};</script>",
        unsafe_allow_javascript=True,
    )


#: The script's empty element stays out of the layout (it would add a gap above the title).
#: Sections are h2 under the page's h1 (screen readers list headings by level, and axe-core
#: checks that no level is skipped); beside another column an h2 is drawn at the size of
#: Streamlit's h3, so that a long section title does not wrap to three lines. Static CSS.
_PAGE_CSS = (
    '[data-testid="stElementContainer"]:has(script[data-page-lang]) { display: none; }\n'
    '[data-testid="stColumn"] [data-testid="stHeading"] h2 { font-size: 1.75rem; }'
)
