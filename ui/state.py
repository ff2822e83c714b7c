"""Inputs that live in the URL: each page declares its parameters once; on the page's first run in
a session the widgets are seeded from the query string (a bad value falls back to its default
with a visible notice naming the parameter), and after every run the URL is rewritten from the
widgets, so a link reproduces the view.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

import streamlit as st

from .i18n import t


@dataclass(frozen=True)
class Param:
    """One URL parameter: its name, default, how to read it and how to write it."""

    name: str
    default: Any
    parse: Callable[[str], Any]
    #: What a reader may type, for the notice ("a whole number from 0 to 100000").
    expects: Callable[[], str]
    show: Callable[[Any], str] = str
    extra: dict[str, Any] = field(default_factory=dict)


def _number(raw: str) -> float:
    """A plain ASCII number (Python's float() would also take "١٥٠٠" or "1_500")."""
    text = raw.strip()
    if not text.isascii() or "_" in text:
        raise ValueError(raw)
    return float(text)


def int_param(name: str, default: int, low: int, high: int) -> Param:
    def parse(raw: str) -> int:
        value = _number(raw)
        if not (math.isfinite(value) and value.is_integer() and low <= value <= high):
            raise ValueError(raw)
        return int(value)

    return Param(name, default, parse, lambda: t("url.expects_int", low=low, high=high))


def float_param(name: str, default: float, low: float, high: float) -> Param:
    def parse(raw: str) -> float:
        value = _number(raw)
        if not (math.isfinite(value) and low <= value <= high):
            raise ValueError(raw)
        return value

    def show(value: float) -> str:
        return f"{value:g}"

    return Param(name, default, parse, lambda: t("url.expects_number", low=low, high=high), show)


def choice_param(name: str, default: Any, choices: Sequence[Any]) -> Param:
    by_text = {str(choice): choice for choice in choices}

    def parse(raw: str) -> Any:
        return by_text[raw.strip()]

    return Param(name, default, parse, lambda: t("url.expects_choice", choices=", ".join(by_text)))


def bool_param(name: str, default: bool) -> Param:
    def parse(raw: str) -> bool:
        return {"1": True, "true": True, "0": False, "false": False}[raw.strip().lower()]

    def show(value: bool) -> str:
        return "1" if value else "0"

    return Param(name, default, parse, lambda: t("url.expects_bool"), show)


def list_param(name: str, default: Sequence[Any], choices: Sequence[Any]) -> Param:
    """A comma-separated subset of ``choices``."""
    by_text = {str(choice): choice for choice in choices}

    def parse(raw: str) -> list[Any]:
        items = [item.strip() for item in raw.split(",") if item.strip()]
        if not items:
            raise ValueError(raw)
        return [by_text[item] for item in items]

    def show(value: Iterable[Any]) -> str:
        return ",".join(str(v) for v in value)

    return Param(
        name,
        list(default),
        parse,
        lambda: t("url.expects_list", choices=", ".join(by_text)),
        show,
    )


def key(page: str, name: str) -> str:
    """The widget key of a page's parameter (pages may share URL names)."""
    return f"{page}.{name}"


def seed_from_url(page: str, params: Iterable[Param]) -> None:
    """On the page's first run in this session, put the URL's values (or defaults) in the widgets.

    A value that does not parse falls back to the default and leaves a notice, shown by
    :func:`show_notices` for as long as the reader stays on the page.
    """
    notices: list[str] = st.session_state.setdefault(f"{page}.notices", [])
    for param in params:
        widget = key(page, param.name)
        if widget in st.session_state:
            continue
        raw = st.query_params.get(param.name)
        value = param.default
        if raw is not None:
            try:
                value = param.parse(raw)
            except (ValueError, KeyError, OverflowError):
                notices.append(
                    t(
                        "url.bad_value",
                        name=param.name,
                        value=raw[:40],
                        expects=param.expects(),
                        default=param.show(param.default),
                    )
                )
        st.session_state[widget] = value


def show_notices(page: str) -> None:
    for notice in st.session_state.get(f"{page}.notices", []):
        st.warning(notice, icon=":material/link_off:")


def write_to_url(page: str, params: Iterable[Param]) -> None:
    """Rewrite the URL from the widgets: non-default values in, defaults out."""
    for param in params:
        value = st.session_state.get(key(page, param.name), param.default)
        text = param.show(value)
        if value == param.default:
            if param.name in st.query_params:
                del st.query_params[param.name]
        elif st.query_params.get(param.name) != text:
            st.query_params[param.name] = text


def value(page: str, name: str) -> Any:
    return st.session_state[key(page, name)]
