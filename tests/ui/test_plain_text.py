"""Whatever a link, a file or a reader puts in, the app shows it as plain text: never a link, an
image, HTML, a colour, an icon or a formula of someone else's in a notice, an error or a caption.

Every parameter of every page (the pages' own declarations, recorded as each page builds its
``Page``) leaves a notice for each hostile payload that holds it only literally
(:mod:`plain_support` says what that means) and names it character for character; under AppTest
each page gets the payloads on all its parameters at once, and every Markdown body it sends must
hold them only literally, each refused value named in its notice.
"""

from __future__ import annotations

import itertools
from pathlib import Path
from typing import Any

import pytest
from apptest_support import open_page
from plain_support import PAYLOADS, parse, problems, shows
from streamlit.testing.v1 import AppTest

import ui.scaffold
from gammon_elo import InvalidInput, parse_results
from gammon_elo.replay import read_history
from ui import navigation
from ui.i18n import bad_link_notice, t
from ui.params import BoolParam, Param, TextParam
from ui.plain import JOINER, Code, Outside, code, plain

ROOT = Path(__file__).resolve().parents[2]
#: Every page as a link opens it: the home page through app.py, the others by their file.
SCRIPTS = [entry.script if entry.url_path else "app.py" for entry in navigation.LAB.pages]
#: Parameters every page reads besides its own (ui.i18n, ui.embed).
SHARED = ("lang", "view")


# --- The escaping itself ------------------------------------------------------------------------


@pytest.mark.parametrize("payload", PAYLOADS)
def test_plain_text_escapes_every_special_character(payload: str) -> None:
    written = plain(payload)
    assert problems(written, payload) == [], written
    assert parse(written).shown() == payload


def test_plain_text_by_hand() -> None:
    """Each punctuation character behind a backslash, a word joiner either side of : . @,
    letters, digits, spaces and other scripts as they are, line breaks as spaces."""
    j = JOINER
    assert plain("[a](b)") == r"\[a\]\(b\)"
    assert plain("x.y") == f"x{j}\\.{j}y"
    assert plain("a@b:c") == f"a{j}\\@{j}b{j}\\:{j}c"
    assert plain("Γιάννης 1500\nline two") == "Γιάννης 1500 line two"
    assert plain(r"\`") == r"\\\`"
    assert plain(42) == "42"


@pytest.mark.parametrize(
    ("text", "span"),
    [
        ("rules=1.3.1", "`rules=1.3.1`"),
        ("rules=`x`", "`` rules=`x` ``"),
        ("a``b`c", "```a``b`c```"),
        ("`", "`` ` ``"),
        ("  x  ", "`   x   `"),
        ("two\nlines", "`two lines`"),
        (":material/lock:", f"`:{JOINER}material/lock:`"),
    ],
)
def test_a_code_span_holds_whatever_backticks_its_text_holds(text: str, span: str) -> None:
    assert code(text) == span
    parsed = parse(span)
    assert parsed.code == [" ".join(text.splitlines()).replace(":material/", f":{JOINER}material/")]
    assert not any(run for run in parsed.text), parsed


def test_a_naive_code_span_is_caught_by_the_check() -> None:
    """The check fails the notices as they were: a backtick ended the code span early."""
    payload = "`[a](https://example.invalid)"
    assert problems(f"The link's `rules={payload}` is not valid.", payload)
    assert problems(f"bad: {PAYLOADS[3]}", PAYLOADS[3])
    assert problems("www.example.invalid", "www.example.invalid")  # escaped, still a link
    assert not problems(f"The link's {code('rules=' + payload)} is not valid.", payload)


def test_marked_values_are_made_literal_by_t() -> None:
    payload = PAYLOADS[0]
    error = InvalidInput("team", payload, "must be numbers")
    for written in (
        t("planner.invalid", message=error),
        t("classic.bad_team", field="Team A", value=Outside(payload), reason="numbers"),
        bad_link_notice("rating", payload, expects="a number", default="1500"),
        t("url.bad_value", setting=Code("rating=" + payload), expects="x", default="1"),
    ):
        assert problems(written, payload) == [], written
        assert shows(written, payload), written
    # Unmarked values are the caller's own text, Markdown included.
    assert t("planner.invalid", message="**ours**").endswith("**ours**")


# --- Values from files --------------------------------------------------------------------------


@pytest.mark.parametrize("payload", PAYLOADS)
def test_a_history_file_naming_a_column_twice_is_refused_in_plain_text(payload: str) -> None:
    """A CSV's header reaches the History page's error as the core quotes it."""
    csv = f"player,opponent,{payload},{payload}\na,b,1,1\n".encode()
    with pytest.raises(InvalidInput) as refused:
        read_history(csv)
    assert payload in str(refused.value)
    for lang in ("en", "el"):
        written = _in_language(lang, "history.unreadable", message=refused.value)
        assert problems(written, payload) == [], written
        assert shows(written, payload), written


@pytest.mark.parametrize("payload", PAYLOADS)
def test_pasted_results_are_refused_in_plain_text(payload: str) -> None:
    with pytest.raises(InvalidInput) as refused:
        parse_results(f"1500 1\n{payload}")
    written = t("planner.invalid", message=refused.value)
    assert problems(written, payload) == [], written


def _in_language(lang: str, key: str, **values: Any) -> str:
    import streamlit as st

    before = st.session_state.get("lang")
    st.session_state["lang"] = lang
    try:
        return t(key, **values)
    finally:
        st.session_state["lang"] = before or "en"


# --- Every parameter of every page --------------------------------------------------------------


@pytest.fixture(scope="module")
def declared() -> dict[str, list[Param]]:
    """Each page's parameters, as the page declares them: recorded while it builds its Page (a
    link to a page runs the home page first, so the page's own Page is the last one built)."""
    built: list[list[Param]] = []
    original = ui.scaffold.Page.__init__

    def recording(self: ui.scaffold.Page, name: str, params: Any, **options: Any) -> None:
        built.append(list(params))
        original(self, name, params, **options)

    found: dict[str, list[Param]] = {}
    ui.scaffold.Page.__init__ = recording  # type: ignore[method-assign]
    try:
        for script in SCRIPTS:
            at = open_page(script, view="table")
            assert not at.exception, (script, at.exception)
            found[script] = built[-1]
    finally:
        ui.scaffold.Page.__init__ = original  # type: ignore[method-assign]
    return found


def test_every_page_declares_its_parameters(declared: dict[str, list[Param]]) -> None:
    assert set(declared) == set(SCRIPTS)
    names = {script: {p.name for p in params} for script, params in declared.items()}
    # A few a reader can check against the pages.
    assert {"team_a", "team_b", "teams"} <= names["pages/classic.py"]
    assert {"results", "rating", "rules"} <= names["pages/planner.py"]
    assert {"rules", "source"} <= names["pages/lab/history.py"]
    assert {"rating", "opponent", "divisor"} <= names["app.py"]


def markdown_bodies(at: AppTest) -> list[str]:
    """Every text of the run that Streamlit renders as Markdown."""
    bodies: list[str] = []
    for kind in ("warning", "error", "info", "success", "caption", "markdown", "toast"):
        bodies += [str(element.value) for element in getattr(at, kind)]
    for metric in at.metric:
        bodies += [str(metric.label), str(metric.help or "")]
    return bodies


#: Hostile links a page gets: every parameter a payload at once, the payloads in turn down the
#: parameters, shifted by half between the two links (each parameter sees two payloads, each page
#: all of them). That every payload is literal in the notice of every parameter of every page is
#: checked where the notice is made, below.
SHIFTS = (0, len(PAYLOADS) // 2)


def links(params: list[Param], shift: int) -> list[dict[str, str]]:
    """Every parameter and the shared ones a payload at once; and, for pages with free text,
    the free text the payloads with every switch on (the Classic page reads its teams only when
    teams are on)."""
    names = [*SHARED, *(p.name for p in params)]
    every = {name: PAYLOADS[(i + shift) % len(PAYLOADS)] for i, name in enumerate(names)}
    texts = [p.name for p in params if isinstance(p, TextParam)]
    if not texts:
        return [every]
    switches = {p.name: "1" for p in params if isinstance(p, BoolParam)}
    return [every, switches | {name: every[name] for name in texts}]


def test_the_links_give_every_page_every_payload(declared: dict[str, list[Param]]) -> None:
    for script, params in declared.items():
        given = {v for shift in SHIFTS for link in links(params, shift) for v in link.values()}
        assert set(PAYLOADS) <= given, (script, set(PAYLOADS) - given)


@pytest.mark.parametrize("lang", ["en", "el"])
def test_every_parameter_names_every_payload_literally_in_its_notice(
    declared: dict[str, list[Param]], lang: str
) -> None:
    """The notice a parameter's bad value leaves, made as the page makes it (Param.read), for
    every parameter of every page and every payload, in both languages."""
    import streamlit as st

    before = st.session_state.get("lang")
    st.session_state["lang"] = lang
    try:
        for script, params in declared.items():
            for param, payload in itertools.product(params, PAYLOADS):
                value, notice = param.read(payload)
                where = (script, param.name, payload)
                if isinstance(param, TextParam):
                    assert notice is None and value == payload, where
                    continue
                assert notice is not None, where
                assert problems(notice, payload) == [], (where, notice)
                assert shows(notice, f"{param.name}={payload[:40]}"), (where, notice)
    finally:
        st.session_state["lang"] = before or "en"


@pytest.mark.parametrize("script", SCRIPTS)
def test_every_parameter_shows_a_hostile_value_as_plain_text(
    script: str, declared: dict[str, list[Param]]
) -> None:
    params = declared[script]
    for link in [link for shift in SHIFTS for link in links(params, shift)]:
        at = open_page(script, **link)
        where = (script, link)
        assert not at.exception, (where, [e.message for e in at.exception])
        bodies = markdown_bodies(at)
        found = [f for body in bodies for p in PAYLOADS for f in problems(body, p)]
        assert found == [], (where, found)
        notices = [str(w.value) for w in at.warning]
        for name, payload in link.items():
            if payload in PAYLOADS and _refuses(name, params):
                named = any(shows(n, f"{name}={payload[:40]}") for n in notices)
                assert named, (where, name, notices)


def _refuses(name: str, params: list[Param]) -> bool:
    """Whether the parameter refuses the payloads (free text takes any text)."""
    return not any(p.name == name and isinstance(p, TextParam) for p in params)


def test_a_team_of_markup_is_named_literally_in_the_error() -> None:
    payload = PAYLOADS[0]
    at = open_page("pages/classic.py", teams="1", team_a=payload)
    assert not at.exception
    errors = [str(e.value) for e in at.error]
    assert len(errors) == 1 and shows(errors[0], payload), errors
    assert problems(errors[0], payload) == []


#: A right-to-left override (Cf: the rest of the line would read backwards) and a bell (Cc).
INVISIBLE = "15\u202e00\u0007"


def test_invisible_characters_of_a_link_are_shown_escaped_in_its_notice() -> None:
    at = open_page("app.py", rating=INVISIBLE, lang="el\u202e")
    assert not at.exception, [e.message for e in at.exception]
    notices = [w.value for w in at.warning]
    # What the reader sees: \u202e and \u0007 as six characters each, in the code span.
    assert any("`rating=15\\u202e00\\u0007`" in n for n in notices), notices
    assert any("`lang=el\\u202e`" in n for n in notices), notices
    assert not any("\u202e" in n or "\u0007" in n for n in notices), notices


def test_invisible_characters_are_escaped_in_plain_text_and_code_spans() -> None:
    assert code("rating=" + INVISIBLE) == "`rating=15\\u202e00\\u0007`"
    assert plain(INVISIBLE) == "15\\\\u202e00\\\\u0007"  # each backslash escaped in turn
    assert shows(plain("a\u200bb\U000e0041"), "a\\u200bb\\U000e0041")
    assert plain("Ελένη 🙂") == "Ελένη 🙂"  # printable text is left as it is


def test_no_page_quotes_an_error_as_a_string() -> None:
    """``message=error`` is written literally by t(); ``str(error)`` would be Markdown."""
    for path in [
        *(ROOT / "doors").glob("*.py"),
        *(ROOT / "pages").rglob("*.py"),
        *(ROOT / "ui").rglob("*.py"),
    ]:
        assert "=str(error)" not in path.read_text(encoding="utf-8"), path
