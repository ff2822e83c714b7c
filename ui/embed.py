"""Embedding in help-center articles: the compact views (``view=compact|chart|table``, used with
Streamlit's own ``embed=true``) and the "Embed this" section with ready-to-paste iframe HTML."""

from __future__ import annotations

import html
from urllib.parse import urlencode, urlsplit, urlunsplit

import streamlit as st

from .i18n import t

VIEWS = ("full", "compact", "chart", "table")
#: The width the help center's article column gives an iframe.
IFRAME_WIDTH = 600


def view() -> str:
    """The requested view; an unknown one is the full page (the notice is the page's)."""
    requested = st.query_params.get("view", "full")
    return requested if requested in VIEWS else "full"


def is_compact() -> bool:
    return view() != "full"


#: The compact views keep columns side by side down to a 420-pixel frame (Streamlit stacks them
#: below 640) and drop the top padding, so the result card fits an article's iframe. Static CSS:
#: no user data ever reaches it.
_COMPACT_CSS = """<style>
[data-testid="stMainBlockContainer"] { padding: 0.75rem 1rem 1rem; }
@media (min-width: 420px) {
  [data-testid="stHorizontalBlock"] { flex-wrap: nowrap !important; }
  [data-testid="stColumn"] {
    min-width: 0 !important; width: auto !important; flex: 1 1 0 !important;
  }
}
</style>"""


def compact_style() -> None:
    st.html(_COMPACT_CSS)


def bad_view_notice() -> None:
    """A visible notice for a ``view`` the app does not know (the full page is shown)."""
    raw = st.query_params.get("view")
    if raw is not None and raw not in VIEWS:
        st.warning(
            t(
                "url.bad_value",
                name="view",
                value=raw[:40],
                expects=t("url.expects_choice", choices=", ".join(VIEWS)),
                default="full",
            ),
            icon=":material/link_off:",
        )


def embed_url(chosen_view: str) -> str:
    """This page's URL with its current parameters, the view, and embed=true."""
    base = st.context.url or ""
    parts = urlsplit(base)
    params = {k: v for k, v in st.query_params.to_dict().items() if k not in ("view", "embed")}
    params["view"] = chosen_view
    params["embed"] = "true"
    # The home page's URL has an empty path: "host/?a=1", not "host?a=1".
    path = parts.path or "/"
    return urlunsplit((parts.scheme, parts.netloc, path, urlencode(params), ""))


def iframe_html(url: str, *, title: str, height: int) -> str:
    return (
        f'<iframe src="{html.escape(url, quote=True)}" title="{html.escape(title, quote=True)}" '
        f'width="{IFRAME_WIDTH}" height="{height}" style="border:0;max-width:100%" '
        f'loading="lazy"></iframe>'
    )


def section(page: str, views: tuple[str, ...] = ("compact",), height: int = 720) -> None:
    """The "Embed this" expander: one iframe snippet per view this page offers."""
    with st.expander(t("embed.title"), icon=":material/code:"):
        st.write(t("embed.text"))
        # A choice of one is no choice: pages with a single view show no picker.
        chosen = views[0]
        if len(views) > 1:
            chosen = st.radio(
                t("embed.view"),
                views,
                key=f"{page}.embed_view",
                horizontal=True,
                format_func={v: t(f"embed.view_{v}") for v in views}.__getitem__,
            )
        # The code block loads a syntax highlighter of 1.5 MB: only when asked for.
        if st.toggle(t("embed.show"), key=f"{page}.embed_show"):
            # Plain and wrapped: Streamlit's HTML highlighting is 3.4 : 1 on the code's
            # background, and a long line scrolls in a box the keyboard cannot reach (both fail
            # axe-core, tests/browser/test_accessibility.py); the copy button still copies one line.
            st.code(
                iframe_html(embed_url(chosen), title=t(f"{page}.title"), height=height),
                language=None,
                wrap_lines=True,
            )
