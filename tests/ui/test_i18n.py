"""English and Greek: both catalogs hold every key, every page runs in both languages, and a Greek
page shows no English text (SPEC: the help center embeds the page in the article's language)."""

from __future__ import annotations

import re
import string
from typing import Any

import pandas as pd
import pytest
from apptest_support import open_page, page_file
from streamlit.testing.v1 import AppTest

from ui.catalogs import EL, EN

PAGES = [
    "app.py",
    "pages/divisors.py",
    "pages/tables.py",
    "pages/lab/history.py",
    "pages/lab/simulator.py",
    "pages/lab/designer.py",
    "pages/classic.py",
]
MINUS = "\u2212"


def test_every_key_is_in_both_catalogs() -> None:
    assert sorted(set(EN) - set(EL)) == []
    assert sorted(set(EL) - set(EN)) == []


def _fields(text: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(text) if name}


def test_both_catalogs_fill_the_same_fields() -> None:
    mismatched = {key for key in EN if _fields(EN[key]) != _fields(EL.get(key, ""))}
    assert mismatched == set()


def _english_fragments() -> list[str]:
    """Literal pieces of English strings long enough to be unmistakable, absent from Greek."""
    fragments = []
    for key, text in EN.items():
        if EL.get(key) == text:
            continue  # the same in both languages (÷1200, "K = {k}: …")
        for literal, *_ in string.Formatter().parse(text):
            for piece in re.split(r"[`*().,:;!?…\n]", literal):
                piece = piece.strip()
                if len(piece) >= 12 and re.search(r"[a-z]{4}", piece):
                    fragments.append(piece)
    return fragments


def _texts(node: Any) -> list[str]:
    """Everything an element tree shows: protobuf text of each element, and table contents."""
    found: list[str] = []
    proto = getattr(node, "proto", None)
    if proto is not None:
        found.append(str(proto))
    value = getattr(node, "value", None) if type(node).__name__ == "Dataframe" else None
    if isinstance(value, pd.DataFrame):
        found.extend(str(c) for c in value.columns)
        found.extend(str(v) for v in value.to_numpy().ravel())
    for child in getattr(node, "children", {}).values():
        found.extend(_texts(child))
    return found


def run(page: str = "app.py", **params: str) -> AppTest:
    at = open_page(page, **params)
    assert not at.exception, [e.message for e in at.exception]
    return at


@pytest.mark.parametrize("page", PAGES)
def test_a_greek_page_shows_no_english(page: str) -> None:
    # Parameters that bring out the notices and the custom inputs too.
    at = run(
        page,
        lang="el",
        games="60",
        type="tournament",
        ending="gammon",
        cube="9",
        custom_on="1",
        teams="1",
    )
    shown = "\n".join(_texts(at._tree))
    leaks = sorted({f for f in _english_fragments() if f in shown})
    assert leaks == []


@pytest.mark.parametrize("page", PAGES)
def test_an_english_page_runs_too(page: str) -> None:
    run(page, lang="en")


def test_greek_numbers_are_written_as_the_article_writes_them() -> None:
    """The Greek article writes 64,0%, +16 / −16 with a real minus, 1500 with no separator."""
    at = run("app.py", lang="el", rating="1800", opponent="1500", rules="1.3.1")
    metrics = {(m.label, m.value, m.delta) for m in at.metric}
    assert ("Πιθανότητα νίκης σου", "64,0%", "") in metrics
    assert ("Εσύ", "1812", "+12") in metrics
    assert ("Εσύ", "1780", f"{MINUS}20") in metrics


def test_a_bad_language_falls_back_to_english_with_a_notice() -> None:
    at = run("app.py", lang="fr")
    assert any("`lang=fr`" in w.value for w in at.warning)
    assert at.title[0].value == "What is a win worth?"


def test_the_language_is_kept_when_moving_between_pages() -> None:
    at = run("app.py", lang="el")
    at.switch_page(page_file("pages/divisors.py"))
    at.run()
    assert at.title[0].value == "Οι διαιρέτες δίπλα δίπλα"
    assert at.query_params["lang"] == "el"
