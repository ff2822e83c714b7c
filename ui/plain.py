"""Values from outside the app (a link, a file, a reader) written so that Streamlit shows them
literally, never as Markdown or HTML.

Nearly every text element of Streamlit renders Markdown (st.warning, st.error, st.info,
st.caption, st.markdown, toasts, metric labels, help texts), with its own extensions on top:
``:red[…]`` and ``:blue-background[…]`` directives, ``:material/icon:`` icons, emoji shortcodes,
``$…$`` LaTeX, and bare ``www.``, ``https://`` and e-mail addresses turned into links. A link
such as ``?team_a=[sign in](https://…)`` would otherwise put a stranger's link, image or text
into the app's own error box.

:func:`ui.i18n.t` applies these when a value is marked: ``t(key, value=Outside(raw))`` writes it
with :func:`plain`, ``t(key, setting=Code(raw))`` as one code span (:func:`code`). Texts that do
not go to a Markdown sink (a chart's alt text, a table cell, a download) take the raw value.
Either way a value stays on one line, and its invisible control and format characters (Unicode's
Cc and Cf, U+202E RIGHT-TO-LEFT OVERRIDE among them) are shown as escapes, never applied.
"""

from __future__ import annotations

import re
import string
import unicodedata
from dataclasses import dataclass

#: Every ASCII punctuation character: CommonMark lets a backslash escape any of them, and
#: Markdown, GFM or Streamlit gives most of them a meaning somewhere (\ ` * _ { } [ ] < > ( ) # +
#: - . ! | ~ : $ / & = …); escaping all of them leaves nothing to forget.
SPECIAL = frozenset(string.punctuation)

#: U+2060 WORD JOINER: invisible, no line break. A backslash escape is gone once Markdown is
#: parsed, and Streamlit then finds ``www.``, ``https://``, ``a@b.c`` and ``:smile:`` in the
#: plain text itself; a joiner on both sides of every ``:``, ``.`` and ``@`` breaks those
#: patterns while the reader sees the same characters.
JOINER = "\u2060"
_JOINED = frozenset(":.@")


#: Unicode's control (Cc) and format (Cf) characters: invisible, and some act on the text around
#: them (U+202E RIGHT-TO-LEFT OVERRIDE shows the rest of a line backwards, U+0007 rings a bell).
_INVISIBLE = frozenset(("Cc", "Cf"))


def _one_line(text: str) -> str:
    """Line breaks as spaces: a value stays inside its sentence (a blank line would start a new
    paragraph, a line of ``===`` a heading); every other control or format character written
    as its escape (``\\u202e``), so that it is seen and never applied.

    >>> _one_line("a\\nb\\u202ec\\u0007")
    'a b\\\\u202ec\\\\u0007'
    """
    text = " ".join(text.splitlines())
    if text.isprintable():  # no Cc or Cf (nor other invisible) character: the common case
        return text
    return "".join(_escaped(c) if unicodedata.category(c) in _INVISIBLE else c for c in text)


def _escaped(char: str) -> str:
    """A character as Python writes its escape: ``\\u202e``, ``\\U000e0001``."""
    point = ord(char)
    return f"\\u{point:04x}" if point <= 0xFFFF else f"\\U{point:08x}"


def plain(text: object) -> str:
    """``text`` as Markdown that Streamlit renders as exactly these characters, on one line."""
    out = []
    for char in _one_line(str(text)):
        if char in _JOINED:
            out.append(f"{JOINER}\\{char}{JOINER}")
        elif char in SPECIAL:
            out.append("\\" + char)
        else:
            out.append(char)
    return "".join(out)


def code(text: object) -> str:
    """``text`` as one Markdown code span, whatever backticks it holds.

    Inside a code span nothing is Markdown and backslashes are literal; the span ends at a run
    of exactly as many backticks as opened it, so the fence is one longer than the longest run
    in ``text`` (padded with a space where ``text`` starts or ends with a backtick). Streamlit
    rewrites ``:material/`` to ``:material_`` in the source before parsing, code spans included:
    a joiner keeps those characters as written.
    """
    body = _one_line(str(text)).replace(":material/", f":{JOINER}material/")
    if not body.strip():
        return plain(body)
    fence = "`" * (max((len(run) for run in re.findall("`+", body)), default=0) + 1)
    edges = body[0] + body[-1]
    pad = " " if "`" in edges or edges == "  " else ""
    return f"{fence}{pad}{body}{pad}{fence}"


@dataclass(frozen=True)
class Outside:
    """A value from outside the app, for :func:`ui.i18n.t`: written with :func:`plain`."""

    value: object


@dataclass(frozen=True)
class Code:
    """A value from outside the app, for :func:`ui.i18n.t`: written as one code span."""

    value: object


def markdown_value(value: object) -> object:
    """What :func:`ui.i18n.t` puts in a catalog string for ``value``: marked values (and
    exceptions, whose message quotes the value they refuse) made literal, others as they are."""
    if isinstance(value, Outside):
        return plain(value.value)
    if isinstance(value, Code):
        return code(value.value)
    if isinstance(value, BaseException):
        return plain(value)
    return value
