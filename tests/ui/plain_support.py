"""What "shown literally" means for a Markdown string Streamlit renders, checked without a Markdown
renderer (the browser tests render them for real).

A Markdown body is cut into code spans, read as CommonMark reads them (a run of n backticks up to
the next run of exactly n; nothing inside is Markdown), and text, where a backslash before an
ASCII punctuation character makes that character literal. A value is *literal* in a body when
every place it appears in the body's text has each of its punctuation characters escaped by a
backslash, or it appears whole inside one code span. Streamlit also finds links, e-mail addresses
and emoji shortcodes in the text once escapes are gone: the text must hold none of those either
(a word joiner, U+2060, between their characters is what keeps them apart).
"""

from __future__ import annotations

import re
import string
from dataclasses import dataclass

PUNCTUATION = frozenset(string.punctuation)
JOINER = "\u2060"

#: The payloads of the hostile links and files: a link, a remote image, HTML, a backtick
#: breaking out of a code span, a Streamlit colour directive, bold, LaTeX, and Streamlit's other
#: extensions (icons, emoji, bare addresses it would turn into links).
PAYLOADS = [
    "[sign in](https://example.invalid/x)",
    "![p](https://example.invalid/i.png)",
    "<img src=x onerror=alert(1)>",
    "`x` [a](https://example.invalid)",
    ":red[phish]",
    "**bold**",
    "$x^2$",
    ":material/lock: :smile: www.example.invalid me@example.invalid",
]

#: Fragments of a payload that must never be left raw (unescaped) in a body's text.
RAW_MARKERS = ("](https", "![p]", "<img", ":red[phish", "**bold", "$x^2", "`x`", ":material/lock")
#: What Streamlit turns into a link or an emoji in the text after the escapes are gone.
AUTO = re.compile(r"https?://|www\.|[-.\w+]+@[-\w]+\.\w|:[\w+-][\w_+-]*:|:material/", re.IGNORECASE)


@dataclass(frozen=True)
class Char:
    """One character of a body's text, and whether a backslash made it literal."""

    char: str
    escaped: bool


@dataclass(frozen=True)
class Parsed:
    """A Markdown body: its text (code spans left out) and its code spans' contents."""

    text: list[list[Char]]
    code: list[str]

    def shown(self) -> str:
        """The characters a reader sees (code spans in place of nothing, joiners dropped)."""
        parts = ["".join(c.char for c in run) for run in self.text]
        return " ".join(parts + self.code).replace(JOINER, "")


def parse(body: str) -> Parsed:
    """Cut ``body`` into text (with its escapes resolved) and code spans, as CommonMark does."""
    text: list[list[Char]] = [[]]
    spans: list[str] = []
    at = 0
    while at < len(body):
        char = body[at]
        if char == "\\" and at + 1 < len(body) and body[at + 1] in PUNCTUATION:
            text[-1].append(Char(body[at + 1], True))
            at += 2
            continue
        if char == "`":
            run = len(body[at:]) - len(body[at:].lstrip("`"))
            closing = _closing(body, at + run, run)
            if closing is not None:
                spans.append(_code_content(body[at + run : closing]))
                text.append([])
                at = closing + run
                continue
            text[-1].extend(Char("`", False) for _ in range(run))
            at += run
            continue
        text[-1].append(Char(char, False))
        at += 1
    return Parsed(text=text, code=spans)


def _closing(body: str, start: int, run: int) -> int | None:
    """Where a run of exactly ``run`` backticks starts at or after ``start`` (None: nowhere)."""
    for match in re.finditer("`+", body[start:]):
        if len(match.group()) == run:
            return start + match.start()
    return None


def _code_content(raw: str) -> str:
    content = raw.replace("\r\n", " ").replace("\n", " ")
    if len(content) >= 2 and content[0] == content[-1] == " " and content.strip():
        content = content[1:-1]
    return content


def problems(body: str, payload: str) -> list[str]:
    """Why ``payload`` is not literal in ``body`` (empty: it is, or it is not there at all)."""
    parsed = parse(body)
    found = []
    wanted = [c for c in payload.replace("\n", " ") if c != JOINER]
    for run in parsed.text:
        chars = [c for c in run if c.char != JOINER]
        for start in range(len(chars) - len(wanted) + 1):
            window = chars[start : start + len(wanted)]
            if [c.char for c in window] != wanted:
                continue
            bare = [c.char for c in window if c.char in PUNCTUATION and not c.escaped]
            if bare:
                found.append(f"{payload!r} with {''.join(bare)!r} unescaped in {body!r}")
        raw = "".join("\0" if c.escaped else c.char for c in run).replace(JOINER, "")
        # The app's own text has its bold and its formulas: only the payload's fragments count.
        found += [f"raw {m!r} in {body!r}" for m in RAW_MARKERS if m in payload and m in raw]
        decoded = "".join(c.char for c in run)
        auto = [m.group() for m in AUTO.finditer(decoded) if m.group() in payload]
        found += [f"{m!r} autolinked in {body!r}" for m in auto]
    for span in parsed.code:
        # A code span shows its content as written: Streamlit's one rewrite is ":material/".
        found += [f"':material/' in code span {span!r}"] if ":material/" in span else []
    return found


def shows(body: str, value: str) -> bool:
    """Whether a reader of ``body`` sees ``value`` (line breaks as spaces) character for
    character."""
    return " ".join(value.splitlines()) in parse(body).shown()
