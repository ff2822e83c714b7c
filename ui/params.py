"""A page's inputs, each declared once: its URL name and default, how a link's text is read and
written back, and the widget that shows it with its bounds. :mod:`ui.scaffold` seeds the widgets
from the URL, names every bad value in a notice, and rewrites the URL from the widgets.

Why not Streamlit's ``bind="query-params"`` (retested on 1.67 in Chromium): the bound widget's
key *is* the URL name, and the pages share names (``k``, ``cube``, ``rules``, ``divisor``,
``difference``) with different bounds and defaults, while a bound value is kept under its key
across a page switch, so one page's ``k`` would seed another's. A bound widget that is not drawn
loses its URL parameter, yet the embedded chart and table views draw no inputs, and the custom
rule set's, the custom divisor's and the teams' inputs are drawn only when chosen, all still read
from (and kept in) the link. A bound widget drops a bad value silently (``?n=abc``) and reads some
that a link must refuse (``?n=1_500`` gives 1500), where the notice must name the value it
refused. A bound select box reads and writes the label the reader sees (``?c=Boosted``, not
``?c=boosted``), so ``type=ranked`` would become ``type=Ranked``, and another word in Greek; bound
lists are read and written ``?rules=a&rules=b`` and bound toggles know only ``true``/``false``,
where links in the wild say ``rules=a,b`` and ``fibs=1``. ``persist_state="session"`` keeps a
widget's value under its own key, where the pages carry a value by meaning between differently
bounded inputs (:func:`carry`). So the parameters keep this small mechanism, built on one raw
read of the query string; the widgets' keys hold the values, as Streamlit documents.
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar, Literal

import streamlit as st

from .i18n import bad_link_notice, language, t

#: What can hold a widget or an element: the page itself (``st``) or what ``st.columns``,
#: ``st.container``, ``st.expander``, ``st.popover``, ``st.empty`` or ``st.sidebar`` give. Streamlit
#: documents no public type for them (their class lives in a module of its own internals).
Where = Any


@dataclass(frozen=True, kw_only=True)
class Param:
    """One input of a page, in the URL as ``name=text`` whenever it is not ``default``."""

    name: str
    default: Any
    #: Catalog keys of the widget's label (empty: the page's ``page.name``, set by
    #: :class:`ui.scaffold.Page`) and (optional) help text.
    label: str = ""
    help: str | None = None
    #: What the input means wherever it appears (``rating``, ``opponent``, ``games``, ``rules``):
    #: opened from another page rather than a link, the page starts it at the value the reader
    #: left in that page's input of the same meaning (:func:`seed`).
    shared: str | None = None

    def parse(self, raw: str) -> Any:
        """The value a link's text stands for; ValueError (or KeyError) if it stands for none."""
        raise NotImplementedError

    def expects(self) -> str:
        """What a reader may write, for the notice ("a whole number from 0 to 100000")."""
        raise NotImplementedError

    def show(self, value: Any) -> str:
        """The value as the URL writes it."""
        return str(value)

    def widget(self, where: Where, key: str, **options: Any) -> Any:
        """Draw the input (its value is already in ``st.session_state[key]``) and return it."""
        raise NotImplementedError

    def read(self, raw: str | None) -> tuple[Any, str | None]:
        """The value a link gives this parameter, and the notice if the link's text is bad."""
        if raw is None:
            return self.default, None
        try:
            return self.parse(raw), None
        except (ValueError, KeyError, OverflowError):
            notice = bad_link_notice(
                self.name, raw, expects=self.expects(), default=self.show(self.default)
            )
            return self.default, notice

    def _label(self) -> str:
        return t(self.label) if self.label else ""

    def _initial(self, key: str) -> Any:
        """The value the widget is drawn with as its initial one: the one it holds.

        Streamlit takes the value from ``st.session_state[key]``, but the browser builds a
        widget again from its initial value when a rerun reaches it while the widgets are being
        drawn again (a language switch, then an expander's rerun): drawn with Streamlit's own
        initial value (the minimum, an empty list), the widgets of a form came back at their
        minimums and the next run read those. Drawn with the value they hold, they keep it.
        """
        return st.session_state.get(key, self.default)

    def _help(self) -> str | None:
        return t(self.help) if self.help else None


def option_key(prefix: str, choice: Any) -> str:
    """A choice's catalog key: ``option_key("classic.score_", "0.5")`` is
    ``"classic.score_0_5"`` (a catalog key has no dots or commas but its namespace's)."""
    return prefix + re.sub(r"\W", "_", str(choice))


def named(prefix: str) -> Callable[[Any], str]:
    """Choices named by the catalog: ``named("type.")`` names ``"ranked"`` ``t("type.ranked")``."""
    return lambda choice: t(option_key(prefix, choice))


def _number(raw: str) -> float:
    """A plain ASCII number (Python's float() would also take "١٥٠٠" or "1_500")."""
    text = raw.strip()
    if not text.isascii() or "_" in text:
        raise ValueError(raw)
    return float(text)


@dataclass(frozen=True, kw_only=True)
class _Bounded(Param):
    """A number from ``low`` to ``high`` in steps of ``step``, of the type of its default."""

    low: float
    high: float
    step: float = 1

    def _bounded(self, draw: Any, key: str, **options: Any) -> Any:
        """Its widget between its bounds (``draw``: a number box or a slider)."""
        return draw(
            self._label(),
            self.low,
            self.high,
            step=self.step,
            key=key,
            help=self._help(),
            **options,
        )


@dataclass(frozen=True, kw_only=True)
class IntParam(_Bounded):
    """A whole number from ``low`` to ``high``, typed in (or on a slider)."""

    default: int
    kind: Literal["number", "slider"] = "number"

    def parse(self, raw: str) -> int:
        value = _number(raw)
        if not (math.isfinite(value) and value.is_integer() and self.low <= value <= self.high):
            raise ValueError(raw)
        return int(value)

    def expects(self) -> str:
        return t("url.expects_int", low=self.low, high=self.high)

    def widget(self, where: Where, key: str, **options: Any) -> Any:
        draw = where.slider if self.kind == "slider" else where.number_input
        options.setdefault("value", self._initial(key))
        return self._bounded(draw, key, **options)


@dataclass(frozen=True, kw_only=True)
class OptionalIntParam(IntParam):
    """A whole number from ``low`` to ``high``, or left empty (``None``, the default: the page
    then uses a value it derives, which ``placeholder`` names in the empty box)."""

    default: None = None  # type: ignore[assignment]
    #: Catalog key of the empty box's text; the page passes its fields to :meth:`widget`.
    placeholder: str = ""
    #: Catalog key of what an empty box stands for, as a bad link's notice names the default.
    empty: str = ""

    def show(self, value: int | None) -> str:
        return t(self.empty) if value is None else str(value)

    def widget(self, where: Where, key: str, **options: Any) -> Any:
        fields = options.pop("placeholder_fields", {})
        if self.placeholder:
            options["placeholder"] = t(self.placeholder, **fields)
        # Streamlit lets a reader empty a number box only if it was drawn with value None.
        return super().widget(where, key, value=None, **options)


@dataclass(frozen=True, kw_only=True)
class FloatParam(_Bounded):
    """A number from ``low`` to ``high``."""

    default: float
    #: A float: Streamlit takes a number box's value, bounds and step all of one type.
    step: float = 1.0
    #: The widget's printf format (None: Streamlit's own, two decimals); "%g" writes 1500 and
    #: 0.5 as a reader would.
    format: str | None = "%g"

    def parse(self, raw: str) -> float:
        value = _number(raw)
        if not (math.isfinite(value) and self.low <= value <= self.high):
            raise ValueError(raw)
        return value

    def expects(self) -> str:
        return t("url.expects_number", low=self.low, high=self.high)

    def show(self, value: float) -> str:
        return f"{value:g}"

    def widget(self, where: Where, key: str, **options: Any) -> Any:
        value = self._initial(key)
        return self._bounded(where.number_input, key, value=value, format=self.format, **options)


@dataclass(frozen=True, kw_only=True)
class ChoiceParam(Param):
    """One of ``choices`` (the URL writes ``str(choice)``), picked from a list, a slider, radio
    buttons or a row of buttons that shows every choice (``segmented_control``, one always
    chosen); ``option`` names a choice for the reader."""

    choices: Sequence[Any]
    kind: Literal["selectbox", "select_slider", "radio", "segmented_control"] = "selectbox"
    option: Callable[[Any], str] | None = None

    def parse(self, raw: str) -> Any:
        return {str(choice): choice for choice in self.choices}[raw.strip()]

    def expects(self) -> str:
        return t("url.expects_choice", choices=", ".join(str(c) for c in self.choices))

    def widget(self, where: Where, key: str, **options: Any) -> Any:
        draw = getattr(where, self.kind)
        if self.option is not None:
            options["format_func"] = {c: self.option(c) for c in self.choices}.__getitem__
        initial = self._initial(key)
        if initial not in self.choices:
            initial = self.default
        if self.kind == "segmented_control":
            # Required: a click on the chosen button keeps it, as a slider never has no value.
            options["required"] = True
            options["default"] = initial
        elif self.kind == "select_slider":
            options["value"] = initial
        else:
            options["index"] = list(self.choices).index(initial)
        return draw(self._label(), self.choices, key=key, help=self._help(), **options)


@dataclass(frozen=True, kw_only=True)
class BoolParam(Param):
    """On or off (``1``/``0`` in the URL, ``true``/``false`` also read), as a toggle."""

    default: bool

    def parse(self, raw: str) -> bool:
        return {"1": True, "true": True, "0": False, "false": False}[raw.strip().lower()]

    def expects(self) -> str:
        return t("url.expects_bool")

    def show(self, value: bool) -> str:
        return "1" if value else "0"

    def widget(self, where: Where, key: str, **options: Any) -> Any:
        return where.toggle(
            self._label(), value=self._initial(key), key=key, help=self._help(), **options
        )


@dataclass(frozen=True, kw_only=True)
class ListParam(Param):
    """A comma-separated subset of ``choices``, as a multiselect: each choice at most once, in
    the order first named (a link naming one 250 times holds it once)."""

    default: list[Any] = field(default_factory=list)
    choices: Sequence[Any] = ()
    option: Callable[[Any], str] | None = None

    def parse(self, raw: str) -> list[Any]:
        by_text = {str(choice): choice for choice in self.choices}
        items = [item.strip() for item in raw.split(",") if item.strip()]
        if not items:
            raise ValueError(raw)
        return list(dict.fromkeys(by_text[item] for item in items))

    def expects(self) -> str:
        return t("url.expects_list", choices=", ".join(str(c) for c in self.choices))

    def show(self, value: Iterable[Any]) -> str:
        return ",".join(str(v) for v in value)

    def widget(self, where: Where, key: str, **options: Any) -> Any:
        if self.option is not None:
            options["format_func"] = {c: self.option(c) for c in self.choices}.__getitem__
        return where.multiselect(
            self._label(),
            self.choices,
            default=self._initial(key),
            key=key,
            help=self._help(),
            **options,
        )


@dataclass(frozen=True, kw_only=True)
class TextParam(Param):
    """Free text, cut to ``limit`` characters, from a link and from the widget alike (Streamlit
    cuts a longer value on the server too: a page's work stays bounded by what it may be given);
    every text is valid."""

    default: str
    limit: int = 500

    def parse(self, raw: str) -> str:
        return raw[: self.limit]

    def expects(self) -> str:
        return ""

    #: The widget that draws it: one line.
    lines: ClassVar[str] = "text_input"

    def widget(self, where: Where, key: str, **options: Any) -> Any:
        return getattr(where, self.lines)(
            self._label(),
            value=self._initial(key),
            key=key,
            help=self._help(),
            max_chars=self.limit,
            **options,
        )


class TextAreaParam(TextParam):
    """Free text on several lines (a pasted list of results keeps its line breaks)."""

    lines = "text_area"


def key(page: str, name: str) -> str:
    """The widget key of a page's parameter (pages share URL names, so the page comes first)."""
    return f"{page}.{name}"


#: The values carried between pages by meaning (:attr:`Param.shared`), and the widgets that
#: started at their own page's default (no link value, nothing carried).
_CARRIED = "app.carried"
_STARTED_AT_DEFAULT = "app.started_at_default"


def seed(page: str, params: Iterable[Param]) -> None:
    """On the page's first run in this session, put the link's values (or defaults) in the
    widgets; every bad value leaves a notice for as long as the reader stays on the page.

    A parameter the link leaves out but that another page shares (:attr:`Param.shared`) starts
    at the value the reader left there (:func:`carry`), if this page's bounds take it (else the
    default, with no notice: the reader wrote nothing wrong)."""
    carried: dict[str, Any] = st.session_state.setdefault(_CARRIED, {})
    at_default: set[str] = st.session_state.setdefault(_STARTED_AT_DEFAULT, set())
    notices: list[str] = st.session_state.setdefault(f"{page}.notices", [])
    raw = st.query_params.to_dict()
    for param in params:
        widget = key(page, param.name)
        if widget in st.session_state:
            continue
        value, notice = param.read(raw.get(param.name))
        started_at_default = notice is not None or param.name not in raw
        if notice is not None:
            notices.append(notice)
        elif param.name not in raw and param.shared in carried:
            value, refused = param.read(param.show(carried[param.shared]))
            started_at_default = refused is not None
        (at_default.add if started_at_default else at_default.discard)(widget)
        st.session_state[widget] = value
    _relabel_after_a_language_switch(page, params)


def carry(page: str, params: Iterable[Param]) -> None:
    """Keep the page's shared inputs, by meaning, for the next page the reader opens.

    Called on every run that rewrites the URL (a fragment's included): Streamlit drops a page's
    widgets before the next page's first run, so the values are kept as they are drawn. An
    input that started at its page's own default and still shows it was not typed, and changes
    nothing (the next page keeps its own default, or what an earlier page carried)."""
    carried: dict[str, Any] = st.session_state.setdefault(_CARRIED, {})
    at_default: set[str] = st.session_state.get(_STARTED_AT_DEFAULT, set())
    for param in params:
        widget = key(page, param.name)
        shared = param.shared
        if shared is None or widget not in st.session_state:
            continue
        value = st.session_state[widget]
        if not (value == param.default and widget in at_default):
            carried[shared] = value


def _relabel_after_a_language_switch(page: str, params: Iterable[Param]) -> None:
    """Give every widget its value again on the first run in a new language.

    A choice widget names its options in the reader's language, and the browser sends back the
    *label* it last showed; after a switch, "Ranked" is no label of the Greek box, and Streamlit
    would hand it back as the value on the next run that the switch did not draw (a fragment's).
    Set from the session, the widget is sent to the browser with its value in the new labels.
    """
    drawn_in = f"{page}.language"
    if st.session_state.get(drawn_in, language()) != language():
        for param in params:
            widget = key(page, param.name)
            if widget in st.session_state:
                st.session_state[widget] = st.session_state[widget]
    st.session_state[drawn_in] = language()


def write_to_url(page: str, params: Iterable[Param], *, hidden: Iterable[str] = ()) -> None:
    """Rewrite the URL from the widgets: non-default values in, defaults (and ``hidden``
    parameters, whose input is not in use) out; the shared inputs are kept for the next page."""
    params = tuple(params)
    carry(page, params)
    leave_out = set(hidden)
    for param in params:
        value = st.session_state.get(key(page, param.name), param.default)
        text = param.show(value)
        if value == param.default or param.name in leave_out:
            if param.name in st.query_params:
                del st.query_params[param.name]
        elif st.query_params.get(param.name) != text:
            st.query_params[param.name] = text
