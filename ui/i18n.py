"""Every visible string of the app, looked up by key in the reader's language, and numbers
written the way that language writes them.

Pages never hold prose: they call ``t("home.title")``. A catalog is a flat dict per language;
a key missing from the chosen language falls back to English (and the tests fail on it).
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from contextvars import ContextVar
from numbers import Integral
from typing import Any, Literal

import streamlit as st

from gammon_elo import CURRENT, STANDARD_DIVISORS

from .catalogs import EL, EN
from .plain import Code, markdown_value

CATALOGS: Mapping[str, Mapping[str, str]] = {"en": EN, "el": EL}
LANGUAGES = tuple(CATALOGS)
DEFAULT_LANGUAGE = "en"
_LANG_KEY = "lang"

#: The real minus sign, as the article writes changes (−16, not -16).
MINUS = "\u2212"


def http_words(wanted: str) -> tuple[str, Mapping[str, str]]:
    """For the server's own HTTP answers (:data:`server.words.Words`): the language and catalog
    of the first language of ``wanted`` (an Accept-Language header, or a ``lang`` parameter)
    the app has, else English.

    >>> http_words("el-GR,el;q=0.9,en;q=0.8")[0], http_words("fr, de")[0]
    ('el', 'en')
    """
    for part in wanted.split(","):
        code = part.split(";")[0].strip().lower()[:2]
        if code in CATALOGS:
            return code, CATALOGS[code]
    return DEFAULT_LANGUAGE, CATALOGS[DEFAULT_LANGUAGE]


#: The language :func:`held_language` read for the code inside its block, None outside one.
_HELD: ContextVar[str | None] = ContextVar("held_language", default=None)


def language() -> str:
    """The reader's language: the session's choice, else English."""
    held = _HELD.get()
    if held is not None:
        return held
    lang = st.session_state.get(_LANG_KEY, DEFAULT_LANGUAGE)
    return lang if lang in CATALOGS else DEFAULT_LANGUAGE


@contextmanager
def held_language() -> Iterator[None]:
    """Inside the block :func:`language` gives the language read on entering it: a table's
    writers ask for it at every cell, and reading the session's state costs more than writing
    the number. (A context variable: each session's script runs in a thread of its own.)"""
    token = _HELD.set(language())
    try:
        yield
    finally:
        _HELD.reset(token)


def t(key: str, /, **values: object) -> str:
    """The string ``key`` in the reader's language, with ``{name}`` fields filled in.

    The result is Markdown: a value from a link, a file or a reader goes in marked, as
    ``Outside(raw)`` (or ``Code(raw)``, as a code span), and an exception as itself, so that it
    shows literally (:mod:`ui.plain`). A whole number is a :class:`Count` to the catalog: a
    field ``{rows}`` writes it plain (a rating, 1500), ``{rows:,}`` with the language's thousands
    mark, and ``{rows:row|rows}`` picks the word that agrees with it."""
    catalog = CATALOGS[language()]
    text = catalog.get(key) or EN[key]
    if "{current" in text:
        values = {**_current_fields(catalog), **values}
    if not values:
        return text
    return text.format(**{name: _field(value) for name, value in values.items()})


def _current_fields(catalog: Mapping[str, str]) -> dict[str, object]:
    """What a text may say of the current rules without being told (``{current}``, its
    divisor, K and heavy week, and the divisors before it): the rule history's one home,
    :mod:`gammon_elo.rules`, asked, so that no catalog line writes a version or a divisor."""
    earlier = [f"{d:g}" for d in STANDARD_DIVISORS if d != CURRENT.divisor]
    since = CURRENT.since
    month = catalog["date.months"].split("|")[since.month - 1] if since else ""
    return {
        "current": CURRENT.name,
        "current_since": catalog["date.month_year"].format(month=month, year=since.year)
        if since
        else "",
        "current_divisor": f"{CURRENT.divisor:g}",
        "current_k": CURRENT.k,
        "current_heavy_k": CURRENT.heavy_k,
        "current_heavy_games": CURRENT.heavy_games,
        "earlier_divisors": catalog["list.then"].join(earlier),
    }


def _field(value: object) -> object:
    if isinstance(value, Integral) and not isinstance(value, bool):
        return Count(int(value))
    return markdown_value(value)


class Count(int):
    """A whole number in a catalog text: ``{n}`` plain, ``{n:,}`` grouped as the language
    writes counts (20,000 / 20.000), ``{n:one|other}`` the singular or the plural form.

    English and Greek have the same two forms: the singular for exactly 1, the plural for every
    other count (0 rows, 0 γραμμές), as Unicode's plural rules (CLDR) give for both.

    >>> f"{Count(1):row|rows} {Count(0):row|rows}"
    'row rows'
    """

    def __format__(self, spec: str) -> str:
        if "|" in spec:
            one, other = spec.split("|")
            return one if self == 1 else other
        if spec == ",":
            return count(self)
        return int.__format__(self, spec)


def count(value: float) -> str:
    """A count with the language's thousands mark: 20,000 in English, 20.000 in Greek (ratings
    and other figures stay as :func:`number` writes them, 1500)."""
    text = f"{value:,.0f}".replace("-", MINUS)
    return text.replace(",", ".") if decimal_comma() else text


def bad_link_notice(name: str, raw: str, *, expects: str, default: str) -> str:
    """The notice for a link's bad ``name=raw``: the link's text (its first 40 characters)
    exactly as written (an invisible control or format character as its escape, ``\\u202e``:
    :mod:`ui.plain`), what the parameter takes, and the default used instead."""
    return t("url.bad_value", setting=Code(f"{name}={raw[:40]}"), expects=expects, default=default)


def decimal_comma() -> bool:
    return language() == "el"


#: What the app writes for a missing figure (None, NaN), in a table's cell or a sentence.
NO_VALUE = "—"


def number(value: float | None, digits: int = 0) -> str:
    """A plain number, no thousands separator (the article writes 1500), language's decimal mark;
    a missing one (None, NaN) is :data:`NO_VALUE`, never "nan"."""
    if value is None or value != value:  # NaN is the one value unequal to itself
        return NO_VALUE
    text = f"{value:.{digits}f}".replace("-", MINUS)
    return text.replace(".", ",") if decimal_comma() else text


def signed(value: float, digits: int = 0) -> str:
    """+16 / −16 / 0, with the real minus sign."""
    if value == 0:
        return number(0, digits)
    return ("+" if value > 0 else "") + number(value, digits)


def percent(fraction: float, digits: int = 1) -> str:
    """64.0% in English, 64,0% in Greek, as the article writes it (a missing one: a dash)."""
    if fraction is None or fraction != fraction:
        return NO_VALUE
    return number(100 * fraction, digits) + "%"


_NAMES = {"en": "English", "el": "Ελληνικά"}


def choose_language() -> None:
    """Take ``lang`` from the URL on the session's first run (a bad value: English, and a notice
    for :func:`language_notices`), then keep the URL in step with the session's language on
    every page. It draws nothing: the entry file calls it before the pages' titles."""
    if _LANG_KEY not in st.session_state:
        raw = st.query_params.get(_LANG_KEY)
        chosen = DEFAULT_LANGUAGE
        if raw is not None and raw in CATALOGS:
            chosen = raw
        elif raw is not None:
            st.session_state["app.notices"] = [
                bad_link_notice(
                    _LANG_KEY,
                    raw,
                    expects=t("url.expects_choice", choices=", ".join(LANGUAGES)),
                    default=DEFAULT_LANGUAGE,
                )
            ]
        st.session_state[_LANG_KEY] = chosen
    if language() == DEFAULT_LANGUAGE:
        if _LANG_KEY in st.query_params:
            del st.query_params[_LANG_KEY]
    elif st.query_params.get(_LANG_KEY) != language():
        st.query_params[_LANG_KEY] = language()


def language_notices() -> None:
    """The warning for a bad ``lang`` in the link, on every page of the session."""
    for notice in st.session_state.get("app.notices", []):
        st.warning(notice, icon=":material/link_off:")


#: The title row's switch names each language in two letters, in its own script.
_SHORT = {"en": "EN", "el": "ΕΛ"}


def _chosen(key: str) -> None:
    st.session_state[_LANG_KEY] = st.session_state[key]


def _language_control(
    key: str, names: dict[str, str], label_visibility: Literal["visible", "collapsed"]
) -> None:
    """A segmented control of the languages under ``key``, each named by ``names``, showing the
    session's language and setting it when the reader chooses another."""
    st.session_state[key] = language()
    st.segmented_control(
        t("app.language"),
        LANGUAGES,
        key=key,
        format_func=names.__getitem__,
        required=True,
        label_visibility=label_visibility,
        on_change=_chosen,
        args=(key,),
    )


def language_switch() -> None:
    """EN | ΕΛ in the title row: the language within reach on a phone, sidebar closed."""
    _language_control("app.language_switch", _SHORT, "collapsed")


def language_selector() -> None:
    """The sidebar's language choice, each language named in full in its own script.

    A segmented control, like the title row's switch: the page then loads one widget's code for
    both, where a radio here added a second chunk of widget code to every first load."""
    _language_control("app.language", _NAMES, "visible")


def metric(where: Any, label: str, value: str, change: float, digits: int = 0) -> None:
    """st.metric, in ``where`` (``st`` or a container), with the change written with a real minus
    sign (−16), coloured and pointed by its sign (Streamlit would only recognise an ASCII hyphen
    as negative)."""
    if change > 0:
        color, arrow = "green", "up"
    elif change < 0:
        color, arrow = "red", "down"
    else:
        color, arrow = "gray", "off"
    where.metric(label, value, delta=signed(change, digits), delta_color=color, delta_arrow=arrow)
