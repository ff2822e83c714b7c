"""Embedding in help-center articles: the compact views (``view=compact|chart|table``, used with
Streamlit's own ``embed=true``) and the "Embed this" panel with ready-to-paste HTML: an iframe
that sizes itself to its content, in the light, dark or the reader's own colours."""

from __future__ import annotations

import html
import json
from types import TracebackType
from typing import Protocol
from urllib.parse import urlencode, urlsplit, urlunsplit

import streamlit as st

from .i18n import t

VIEWS = ("full", "compact", "chart", "table")
#: The width the help center's article column gives an iframe.
IFRAME_WIDTH = 600
#: ``auto`` follows the reader's ``prefers-color-scheme``; light and dark are fixed. Light is the
#: default: most articles are white, and light text would vanish in one.
THEMES = ("light", "dark", "auto")
#: Streamlit's own ``embed_options`` that pins a theme ([theme.light] and [theme.dark] in
#: .streamlit/config.toml); without one Streamlit follows the reader's setting.
_EMBED_OPTIONS = {"light": "light_theme", "dark": "dark_theme"}
#: Where Streamlit serves ``doors/static/``, the ``static/`` folder beside the navigation script
#: (``server.enableStaticServing``): the host page's half of iframe-resizer 4 (MIT,
#: doors/static/LICENSE-iframe-resizer.txt). Streamlit's frontend loads the
#: frame's half itself whenever it runs in a frame and reports the bottom of its
#: ``[data-iframe-height]`` anchor, under the main block.
RESIZER_PATH = "/app/static/iframeResizer.min.js"


def view() -> str:
    """The requested view; an unknown one is the full page (the notice is the page's)."""
    requested = st.query_params.get("view", "full")
    return requested if requested in VIEWS else "full"


def is_compact() -> bool:
    return view() != "full"


#: The key of the home page's container around the cube's segmented control.
CUBE_KEY = "home-cube"
#: A segmented control's buttons are narrower in the compact views, so that the seven cubes share
#: one row in a 358-pixel frame (Streamlit has no setting for a button's padding); the rule finds
#: them by their container's key class (``st-key-``, Streamlit's documented hook). Static CSS: no
#: user data ever reaches it.
_COMPACT_CSS = f"""
.st-key-{CUBE_KEY} button {{ padding-left: 0.625rem; padding-right: 0.625rem; }}
"""
#: No background of their own, so the frame reads as part of the article: every element around
#: the language script's container (ui/navigation.py), from ``<html>`` to the main block, is
#: see-through (Streamlit paints its background on several of them and names none publicly).
_SEE_THROUGH = """
:has(.st-key-page-lang) { background: transparent !important; }
"""


def compact_css() -> str:
    """The compact views' style rules (the page's one style block carries them, ui/navigation.py),
    and their background: none with a chosen theme (the author matched it to the article); with
    the reader's setting, none in light, but the dark theme's own in dark, so that a dark reader
    can still read the frame in a white article."""
    # Streamlit keeps embed_options from the script: the code says theme=auto for this case.
    auto = st.query_params.get("theme") == "auto"
    see_through = (
        f"@media (prefers-color-scheme: light) {{{_SEE_THROUGH}}}" if auto else _SEE_THROUGH
    )
    return _COMPACT_CSS + see_through


def embed_url(chosen_view: str, theme: str = "light") -> str:
    """This page's URL with its current parameters, the view, embed=true and the theme's
    ``embed_options`` (for ``auto``, none: ``theme=auto``, read by :func:`compact_css`)."""
    base = st.context.url or ""
    parts = urlsplit(base)
    skip = ("view", "embed", "embed_options", "theme")
    params = {k: v for k, v in st.query_params.to_dict().items() if k not in skip}
    params["view"] = chosen_view
    params["embed"] = "true"
    if theme in _EMBED_OPTIONS:
        params["embed_options"] = _EMBED_OPTIONS[theme]
    else:
        params["theme"] = theme
    # The home page's URL has an empty path: "host/?a=1", not "host?a=1".
    path = parts.path or "/"
    return urlunsplit((parts.scheme, parts.netloc, path, urlencode(params), ""))


def iframe_html(url: str, *, title: str, height: int, frame_id: str) -> str:
    """The iframe, then the two script lines that size it to its content.

    ``height`` is what a reader without scripts gets: the frame scrolls inside. The script comes
    from the app's own origin, and only messages from that origin may resize the frame.
    """
    parts = urlsplit(url)
    origin = f"{parts.scheme}://{parts.netloc}"
    options = json.dumps({"checkOrigin": [origin]})
    return (
        f'<iframe id="{frame_id}" src="{html.escape(url, quote=True)}" '
        f'title="{html.escape(title, quote=True)}" width="{IFRAME_WIDTH}" height="{height}" '
        f'style="border:0;max-width:100%" loading="lazy"></iframe>\n'
        f'<script src="{html.escape(origin + RESIZER_PATH, quote=True)}"></script>\n'
        f'<script>iFrameResize({options}, "#{frame_id}");</script>'
    )


def _pickers(page: str, views: tuple[str, ...], place: str) -> tuple[str, str]:
    """The view (when the page offers more than one) and theme pickers; their values."""
    # A choice of one is no choice: pages with a single view show no view picker.
    chosen = views[0]
    if len(views) > 1:
        chosen = st.radio(
            t("embed.view"),
            views,
            key=f"{page}.embed_view{place}",
            horizontal=True,
            format_func={v: t(f"embed.view_{v}") for v in views}.__getitem__,
        )
    # Each choice says which article it suits: dark colours in a white article made the text
    # invisible to an author who picked "Dark" for its looks.
    theme = st.radio(
        t("embed.theme"),
        THEMES,
        key=f"{page}.embed_theme{place}",
        format_func={v: t(f"embed.theme_{v}") for v in THEMES}.__getitem__,
        captions=[t(f"embed.theme_{v}_suits") for v in THEMES],
        help=t("embed.theme_help"),
    )
    return chosen, theme


def _code(page: str, chosen: str, theme: str, height: int) -> None:
    # Plain and wrapped: Streamlit's HTML highlighting is 3.4 : 1 on the code's background, and
    # a long line scrolls in a box the keyboard cannot reach (both fail axe-core,
    # tests/browser/test_accessibility.py).
    code = iframe_html(
        embed_url(chosen, theme),
        title=t(f"{page}.title"),
        height=height,
        frame_id=f"gammon42-{page}-{chosen}",
    )
    st.code(code, language=None, wrap_lines=True)
    copy_button(code)


#: A button that copies the code, and its script: the clipboard where the page may write to it
#: (a secure context), else a selected text area and the browser's copy command. The code is a
#: JSON string with every ``<``, ``>`` and ``&`` escaped, so that nothing in it ends the script.
_COPY = """<button type="button" style="font: inherit; color: inherit; background: transparent;
 border: 1px solid currentColor; border-radius: 0.5rem; padding: 0.375rem 0.875rem;
 min-height: 2.5rem; cursor: pointer">{label}</button>
<script>(() => {{
  const button = document.currentScript.previousElementSibling;
  const code = {code};
  const fallback = () => {{
    const area = document.createElement('textarea');
    area.value = code;
    document.body.appendChild(area);
    area.select();
    document.execCommand('copy');
    area.remove();
  }};
  button.addEventListener('click', async () => {{
    try {{ await navigator.clipboard.writeText(code); }} catch (error) {{ fallback(); }}
    button.textContent = {copied};
  }});
}})();</script>"""


def _js_string(text: str) -> str:
    """``text`` as a JavaScript string that cannot end the script it stands in."""
    escaped = json.dumps(text)
    return escaped.replace("<", "\\u003c").replace(">", "\\u003e").replace("&", "\\u0026")


def copy_button(code: str) -> None:
    """A "Copy the code" button under the code, always on show: Streamlit's own copy button
    appears only while a pointer hovers over the code, which a phone has none of."""
    label, copied = html.escape(t("embed.copy")), _js_string(t("embed.copied"))
    st.html(
        _COPY.format(label=label, code=_js_string(code), copied=copied),
        unsafe_allow_javascript=True,
    )


class Popover(Protocol):
    """What ``st.popover`` is documented to return: a container to draw into (``with``), and,
    for a popover with ``on_change``, whether it is open."""

    @property
    def open(self) -> bool | None: ...

    def __enter__(self) -> object: ...

    def __exit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        trace: TracebackType | None,
        /,
    ) -> bool | None: ...


def popover_button() -> Popover:
    """The "Embed this" button for the title row; the panel is drawn into it by :func:`panel`."""
    # It tracks whether it is open, so that a rerun draws the panel only for a reader who
    # opened it: closed, the pickers and the code cost the home page's every rerun nothing.
    return st.popover(
        t("embed.title"), icon=":material/code:", key="embed.popover", on_change="rerun"
    )


def panel(page: str, views: tuple[str, ...] = ("compact",), height: int = 720) -> None:
    """The panel under the title row's "Embed this" button: pickers and the code, shown at once
    (the popover's content is drawn only when it opens)."""
    # No figures in the words: the code below says the width and the height.
    st.write(t("embed.text_short") + " " + t("embed.fits"))
    chosen, theme = _pickers(page, views, ".top")
    _code(page, chosen, theme, height)


def section(page: str, views: tuple[str, ...] = ("compact",), height: int = 720) -> None:
    """The "Embed this" expander at the foot of the page, with the same choices."""
    with st.expander(
        t("embed.title"), icon=":material/code:", key=f"{page}.embed_open", on_change="rerun"
    ) as expander:
        if not expander.open:
            return
        st.write(t("embed.text") + " " + t("embed.fits"))
        chosen, theme = _pickers(page, views, "")
        # The code block loads a large syntax highlighter: only when asked for.
        if st.toggle(t("embed.show"), key=f"{page}.embed_show"):
            _code(page, chosen, theme, height)
