"""The scaffold every page calls: set-up, the page's parameters seeded from the link (with a notice
for each bad one), the requested view, the inputs, the URL kept in step, and the "Embed this"
section. A page declares its :mod:`ui.params` once (their words are the catalog's under the page's
keys unless named otherwise: ``tables.k``, ``tables.k_help``) and reads its values back by name:

    page = Page("tables", [IntParam(name="k", default=32, low=1, high=1000)])
    page.heading()
    if page.shows_inputs:
        page.input_box(["k"])
    page.write_url()
    k = page["k"]
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import replace
from typing import Any

import streamlit as st

from . import embed, i18n, navigation
from .i18n import t
from .params import Param, Where, key, named, option_key, seed, write_to_url
from .plain import Code


def row(count: int, where: Where = st, *, vertical_alignment: str = "top") -> list[Where]:
    """``count`` places side by side in ``where``, for inputs: the children of a
    horizontal container, which share its width and wrap onto another line only when their
    contents do not fit (``st.columns`` stacks everything below 640 px, an article's 600-px frame
    included)."""
    box = where.container(horizontal=True, vertical_alignment=vertical_alignment)
    return [box.container() for _ in range(count)]


def figure_row(count: int, where: Where = st) -> list[Where]:
    """``count`` places side by side in ``where`` for figures (``st.metric``), each as wide as
    its label and number: a figure that does not fit moves whole onto the next line rather than
    into a narrower place (Streamlit ends a metric's label with an ellipsis rather than wrap
    it)."""
    box = where.container(horizontal=True)
    return [box.container(width="content") for _ in range(count)]


def _catalogued(page: str, param: Param) -> Param:
    """The parameter with its words, where not named otherwise, under the page's catalog keys:
    the label ``<page>.<name>``, the help ``<page>.<name>_help`` and each choice's name
    ``<page>.<name>_<choice>``, the last two where the catalog has them."""
    words = i18n.CATALOGS["en"]
    prefix = f"{page}.{param.name}"
    help_key = f"{prefix}_help"
    changes: dict[str, Any] = {
        "label": param.label or prefix,
        "help": help_key if param.help is None and help_key in words else param.help,
    }
    choices = getattr(param, "choices", ())
    unnamed = getattr(param, "option", True) is None and choices
    if unnamed and all(option_key(f"{prefix}_", choice) in words for choice in choices):
        changes["option"] = named(f"{prefix}_")
    return replace(param, **changes)


class Page:
    """One page of the app, from its first element to its last."""

    def __init__(
        self, name: str, params: Sequence[Param], *, views: tuple[str, ...] = ("compact",)
    ) -> None:
        self.name = name
        params = [_catalogued(name, param) for param in params]
        self.params = {param.name: param for param in params}
        navigation.setup()
        seed(name, params)
        #: The embedded views this page offers (its "Embed this" lists them): ``compact``, and
        #: ``chart`` or ``table`` where it draws one.
        self.views = views
        #: ``full``, or one of :attr:`views`.
        self.view = self._linked_view()
        #: The title row's "Embed this" popover, filled by :meth:`embed_section`.
        self._embed_popover: embed.Popover | None = None

    def _linked_view(self) -> str:
        """The view the link asks for where this page offers it. A view of another page's (a
        ``table`` of the home page) gives this page's compact view and a notice naming the views
        it has; a view the app does not know, the full page and a notice."""
        raw = st.query_params.get("view")
        offered = ("full", *self.views)
        if raw is None or raw in offered:
            return raw or "full"
        choices = ", ".join(offered)
        if raw in embed.VIEWS:
            notice = t("url.view_elsewhere", setting=Code(f"view={raw}"), choices=choices)
        else:
            expects = t("url.expects_choice", choices=choices)
            notice = i18n.bad_link_notice("view", raw, expects=expects, default="full")
        st.warning(notice, icon=":material/link_off:")
        return "compact" if raw in embed.VIEWS else "full"

    @property
    def compact(self) -> bool:
        """Any embedded view: no title, no explanations, no "Embed this"."""
        return self.view != "full"

    @property
    def shows_inputs(self) -> bool:
        """The full page and the compact view show inputs; the chart and table views do not."""
        return self.view in ("full", "compact")

    def show_notices(self) -> None:
        """A warning for each bad parameter of the link this page was opened with."""
        for notice in st.session_state.get(f"{self.name}.notices", []):
            st.warning(notice, icon=":material/link_off:")

    def heading(self, *, intro: bool = False, notices_first: bool = True) -> None:
        """The link's notices and, on the full page, the title (and its intro caption)."""
        if notices_first:
            self.show_notices()
        if not self.compact:
            self._title_row()
            if intro:
                st.caption(t(f"{self.name}.intro"))
        if not notices_first:
            self.show_notices()

    def _title_row(self) -> None:
        """The page's h1, then the language switch and the "Embed this" button at its right (on
        a phone they wrap under the title, still above the fold)."""
        with st.container(
            horizontal=True, vertical_alignment="center", gap="small", key="title_row"
        ):
            st.title(t(f"{self.name}.title"), width="stretch")
            i18n.language_switch()
            self._embed_popover = embed.popover_button()

    def key(self, name: str) -> str:
        return key(self.name, name)

    def input(self, name: str, where: Where, **options: Any) -> Any:
        """Draw parameter ``name``'s widget in ``where``; returns its value."""
        return self.params[name].widget(where, self.key(name), **options)

    def input_box(
        self, *columns: Sequence[str], options: Mapping[str, Mapping[str, Any]] | None = None
    ) -> Where:
        """The page's inputs in a bordered box: a row of ``columns``, each drawing its inputs
        top to bottom (``options``: widget options by input's name). Returns the box, for what
        goes under the row (:func:`ui.rules_input.custom_row`)."""
        box = st.container(border=True)
        options = options or {}
        for names, where in zip(columns, row(len(columns), box), strict=True):
            for name in names:
                self.input(name, where, **options.get(name, {}))
        return box

    def write_url(self, *, hidden: Iterable[str] = ()) -> None:
        """Put the inputs' values in the URL (defaults and ``hidden`` ones left out), so that the
        link reproduces what the reader sees."""
        write_to_url(self.name, self.params.values(), hidden=hidden)

    def __getitem__(self, name: str) -> Any:
        """The parameter's value as the reader left it.

        A value no parameter takes (None where the default is a value) is the widget's state
        lost, never a choice: a rerun the browser sends while the page's inputs are being drawn
        again carries no values for them, Streamlit then starts each at its initial value, and a
        required segmented control (the cube) at None. The parameter's default stands in, and
        the widget is given it again, rather than the page stopping on an error.
        """
        key = self.key(name)
        value = st.session_state[key]
        default = self.params[name].default
        if value is None and default is not None:
            st.session_state[key] = value = default
        return value

    def values(self, *names: str) -> dict[str, Any]:
        """Several parameters' values by name, e.g. as keyword arguments for the core."""
        return {name: self[name] for name in names}

    def __setitem__(self, name: str, value: Any) -> None:
        st.session_state[self.key(name)] = value

    def only(self, view: str, draw: Callable[[], None]) -> None:
        """In the embedded ``view``, draw just this and end the run."""
        if self.view == view:
            draw()
            st.stop()

    def embed_section(self, height: int = 720, *, also_compact: bool = False) -> None:
        """The "Embed this" panel under the title row's button, and the same section at the foot
        of the full page (and of the compact view, for ``also_compact``).

        The home page calls this inside its fragment: Streamlit redraws a fragment's writes to
        the popover (a container from outside it) on each of the fragment's reruns, so the code
        follows the inputs."""
        if self._embed_popover is not None and self._embed_popover.open:
            with self._embed_popover:
                embed.panel(self.name, views=self.views, height=height)
        if not self.compact or (also_compact and self.view == "compact"):
            embed.section(self.name, views=self.views, height=height)
