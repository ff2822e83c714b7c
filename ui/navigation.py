"""The two doors over one set of pages, and what every page shares.

The public calculator (``app.py``, :data:`CALCULATOR`) lists the players' pages and the cheap
designers' views; the designers' lab (``lab.py``, :data:`LAB`) lists those and the lab's pages
(``pages/lab/``), behind :func:`ui.lab.access.admit`. :func:`route` is each entry file's
``st.navigation``. A link to a lab page opens the calculator's home page with a notice: the
calculator lists each lab path as a hidden page that only says so (:func:`_lab_elsewhere`), and
never imports the lab's modules.

What every page draws first (:func:`setup`, called by the :class:`ui.scaffold.Page` scaffold): the
page's language, the compact views' style, and (outside the compact views) the sidebar's language
selector and footer under Streamlit's navigation. The page draws these rather than the entry file
around ``.run()``: AppTest keeps the entry file's elements only on the default page.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any, NamedTuple

import streamlit as st

from server import held_uploads

from . import embed, i18n
from .i18n import t
from .params import Where

#: The project's folder: the pages' scripts are given to Streamlit from here, not from the
#: navigation scripts' folder (``doors/``), which Streamlit resolves relative paths against.
ROOT = Path(__file__).resolve().parent.parent


class PageEntry(NamedTuple):
    """One page: its script (from the project's folder), the catalog key of its title, its icon
    and its URL path."""

    script: str
    title: str
    icon: str
    url_path: str


_HOME = PageEntry("pages/home.py", "home.nav", ":material/calculate:", "")
_CLASSIC = PageEntry("pages/classic.py", "classic.nav", ":material/swap_horiz:", "classic")
#: The calculator's pages: the players' first, then the cheap designers' views. The home page is
#: ``/``. Each is bounded by its inputs' own bounds.
_CALCULATOR_PAGES: tuple[PageEntry, ...] = (
    _HOME,
    PageEntry("pages/planner.py", "planner.nav", ":material/flag:", "planner"),
    PageEntry("pages/explain.py", "explain.nav", ":material/help:", "explain"),
    PageEntry("pages/divisors.py", "divisors.nav", ":material/show_chart:", "divisors"),
    PageEntry("pages/tables.py", "tables.nav", ":material/table_chart:", "tables"),
)
#: The lab's own pages: uploads, simulations, sweeps, fits and engine leagues.
LAB_PAGES: tuple[PageEntry, ...] = (
    PageEntry("pages/lab/history.py", "history.nav", ":material/history:", "history"),
    PageEntry("pages/lab/simulator.py", "simulator.nav", ":material/groups:", "simulator"),
    PageEntry("pages/lab/designer.py", "designer.nav", ":material/tune:", "designer"),
)


class Door(NamedTuple):
    """One door's pages, in the sidebar's order, and whether readers must be admitted; ``name``
    is the stem of the script that draws its navigation (``doors/<name>.py``)."""

    name: str
    pages: tuple[PageEntry, ...]
    admits: bool


#: ``streamlit run app.py``: the public calculator, the classic calculator last.
#:
#: One flat list, no section headings: Streamlit draws a sectioned menu's headings as children of
#: its ``<ul>`` (not inside ``<li>``), which screen readers announce as a broken list (axe's
#: "list" rule, checked in tests/browser/test_accessibility.py); the order keeps the grouping.
CALCULATOR = Door("calculator", (*_CALCULATOR_PAGES, _CLASSIC), admits=False)
#: ``streamlit run lab.py``: every page, the lab's before the classic calculator.
LAB = Door("lab", (*_CALCULATOR_PAGES, *LAB_PAGES, _CLASSIC), admits=True)


def navigation(door: Door) -> list[st.Page]:
    """The door's pages for ``st.navigation``, titled in the reader's language, in the sidebar's
    order; the calculator adds each lab path as a hidden page (:func:`_lab_elsewhere`)."""
    pages = [
        st.Page(
            ROOT / entry.script,
            title=t(entry.title),
            icon=entry.icon,
            url_path=entry.url_path or None,
            default=not entry.url_path,
        )
        for entry in door.pages
    ]
    if door is CALCULATOR:
        pages += [
            st.Page(
                _lab_elsewhere,
                title=t("frame.lab_title"),
                url_path=entry.url_path,
                visibility="hidden",
            )
            for entry in LAB_PAGES
        ]
    return pages


def _lab_elsewhere() -> None:
    """A link to a lab page, on the calculator: its home page, with a notice (:func:`setup`).
    Nothing of the link is read: its parameters are the lab's, not the home page's."""
    st.session_state["frame.lab_elsewhere"] = True
    st.switch_page(ROOT / _HOME.script)


def route(door: Door) -> st.Page:
    """An entry file's routing: the reader's language first (the pages' titles are
    translated), the lab's admission, then ``st.navigation`` over the door's pages (hidden in the
    compact embedded views) and one page config titled after the chosen page, which it returns."""
    i18n.choose_language()
    if door.admits:
        from .lab import access  # the lab's modules stay out of the calculator's process

        # The browser's uploads are taken only while its runs are admitted (server/held_uploads).
        with held_uploads.admission(st.context.cookies):
            access.admit([entry.url_path for entry in door.pages])
    chosen = st.navigation(
        navigation(door), position="hidden" if embed.is_compact() else "sidebar", expanded=True
    )
    st.set_page_config(
        page_title=f"{chosen.title} · Gammon42 ELO", page_icon=":material/casino:", layout="wide"
    )
    return chosen


def side_by_side(name: str, spec: int | list[int], **options: Any) -> list[Where]:
    """``st.columns`` for sections with a heading each, in a container keyed ``side-by-side-name``
    (unique on its page), whose class draws their h2 smaller (:data:`_PAGE_CSS`)."""
    return st.container(key=f"{SIDE_BY_SIDE}-{name}").columns(spec, **options)


def setup() -> None:
    """The frame around the page: its language, and the compact views' style or the sidebar."""
    i18n.language_notices()
    document_language()
    if st.session_state.pop("frame.lab_elsewhere", False):
        st.info(t("frame.lab_elsewhere"), icon=":material/science:")
    if embed.is_compact():
        return
    with st.sidebar:
        i18n.language_selector()
        st.caption(t("app.footer"))


def document_language() -> None:
    """Say the page's language in ``<html lang>``, which screen readers choose their voice by.

    Streamlit's page always says ``lang="en"`` and has no setting for it, so a one-line script
    sets it; its only variable is the language code, one of ``i18n.LANGUAGES``. The script's
    element sits in a container hidden by its key's class (``st-key-``, Streamlit's documented
    hook), so that it adds no gap above the title. The page's style rules come along, in the
    app's one page-wide style block: the shared ones (:data:`_PAGE_CSS`) and, in the compact
    views, theirs (:func:`ui.embed.compact_css`).
    """
    code = json.dumps(i18n.language())
    css = _PAGE_CSS + (embed.compact_css() if embed.is_compact() else "")
    st.container(key=LANGUAGE_KEY).html(
        f"<style>{css}</style><script>document.documentElement.lang = {code};</script>",
        unsafe_allow_javascript=True,
    )


#: The key of the container holding the language script; ``st-key-`` and this are its class.
LANGUAGE_KEY = "page-lang"
#: The start of the key of a container whose columns hold sections (:func:`side_by_side`).
SIDE_BY_SIDE = "side-by-side"

#: The language script's container takes no room, nor the wrapper Streamlit puts around it (a
#: gap apart from the title): the element whose child it is is hidden.
#:
#: Sections side by side are h2 under the page's h1 (screen readers list headings by level, and
#: axe-core checks that no level is skipped); beside another column an h2 is drawn at the size of
#: Streamlit's h3, so that a long section title does not wrap to three lines.
#:
#: A menu link with the keyboard's focus gets a ring of the text's colour: Streamlit gives it
#: only a background close to the current page's highlight, so the two looked alike. Kept
#: selector (one of the app's few ``data-testid`` ones): Streamlit has no setting, theme option
#: or class for the navigation's links. Static CSS.
_PAGE_CSS = (
    f":has(> .st-key-{LANGUAGE_KEY}) {{ display: none; }}\n"
    f'[class*="st-key-{SIDE_BY_SIDE}"] h2 {{ font-size: 1.75rem; }}\n'
    'a[data-testid="stSidebarNavLink"]:focus-visible {'
    " outline: 2px solid currentColor; outline-offset: -2px; }"
)
