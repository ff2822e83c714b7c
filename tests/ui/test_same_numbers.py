"""Every page shows the same numbers as the code before the layout was reshaped, for a set of
links: the numbers in each metric, table and text, as a sorted list per link.

``page_numbers.json`` was recorded once from the code before the reshaping (``python
tests/ui/test_same_numbers.py --record``, run on that commit): it pins behaviour across a move of
code, not the numbers' correctness, which the article's tests check. A change meant to alter
what a page shows re-records it in the same commit and says so.
"""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path

import pytest
from apptest_support import cells, open_page
from streamlit.testing.v1 import AppTest

RECORD = Path(__file__).with_name("page_numbers.json")

#: (page, link) pairs: defaults, the article's examples, custom rules, Greek, the compact views
#: and a bad parameter (its notice names the default, a number too).
LINKS: list[tuple[str, dict[str, str]]] = [
    ("app.py", {}),
    ("app.py", {"rating": "1650", "opponent": "1820", "games": "60", "cube": "4"}),
    ("app.py", {"rating": "1500", "opponent": "1500", "games": "60", "opponent_games": "10"}),
    ("app.py", {"rules": "1.0.5", "rating": "1800", "opponent": "1500", "ending": "resigned"}),
    (
        "app.py",
        {"rules": "custom", "divisor": "1000.5", "k": "24", "heavy_k": "12", "heavy_games": "30"},
    ),
    ("app.py", {"type": "tournament", "lang": "el", "view": "compact", "cube": "64"}),
    ("app.py", {"rating": "abc", "cube": "3"}),
    ("pages/divisors.py", {}),
    ("pages/divisors.py", {"difference": "-150", "k": "16", "cube": "8", "fibs": "1"}),
    ("pages/divisors.py", {"custom_on": "1", "custom": "1000", "view": "table", "lang": "el"}),
    ("pages/divisors.py", {"view": "chart", "span": "2000"}),
    ("pages/tables.py", {}),
    ("pages/tables.py", {"rules": "1.0.5", "table_k": "16", "cube": "4", "difference": "150"}),
    ("pages/tables.py", {"rules": "custom", "divisor": "777", "k": "40", "view": "table"}),
    ("pages/lab/history.py", {}),
    ("pages/lab/history.py", {"rules": "1.0.5,1.2.0,1.3.1"}),
    ("pages/lab/history.py", {"rules": "1.2.0", "lang": "el", "view": "table"}),
    ("pages/lab/simulator.py", {"players": "200", "weeks": "3", "seed": "7"}),
    (
        "pages/lab/simulator.py",
        {"players": "150", "weeks": "2", "rules": "1.3.1,custom", "divisor": "900", "k": "20"},
    ),
    ("pages/classic.py", {}),
    ("pages/classic.py", {"a": "1500", "b": "1600", "score": "0.5", "k": "20"}),
    ("pages/classic.py", {"teams": "1", "k": "custom", "k_custom": "24", "lang": "el"}),
]

NUMBER = re.compile(r"[−+-]?\d[\d,.\u202f\u00a0 ]*\d|[−+-]?\d")
#: A style sheet in a markdown element (the home page's headline): sizes, not shown numbers.
STYLE = re.compile(r"<style>.*?</style>", re.DOTALL)


def numbers(text: str) -> list[str]:
    """The numbers a text shows, as written (thousands separators and signs kept)."""
    return [match.strip() for match in NUMBER.findall(STYLE.sub("", text))]


def shown(at: AppTest) -> list[str]:
    """Every number the page shows: metrics, tables' cells, and texts, sorted."""
    found: list[str] = []
    for metric in at.metric:
        found += numbers(f"{metric.value} {metric.delta or ''}")
    for table in at.dataframe:
        found += numbers(cells(table).to_csv(index=False, header=False))
    for static in at.table:
        found += numbers(static.value.to_csv(index=False, header=False))
    for kind in ("markdown", "caption", "latex", "warning", "error", "info", "success"):
        for element in getattr(at, kind):
            found += numbers(str(element.value))
    return sorted(found)


def link_id(page: str, link: dict[str, str]) -> str:
    return page + "?" + "&".join(f"{k}={v}" for k, v in link.items())


@pytest.mark.parametrize(("page", "link"), LINKS, ids=[link_id(p, q) for p, q in LINKS])
def test_every_page_shows_the_numbers_it_showed_before(page: str, link: dict[str, str]) -> None:
    before = json.loads(RECORD.read_text(encoding="utf-8"))[link_id(page, link)]
    at = open_page(page, **link)
    assert not at.exception, [e.message for e in at.exception]
    assert shown(at) == before


if __name__ == "__main__" and sys.argv[1:] == ["--record"]:
    recorded = {}
    for page, link in LINKS:
        at = open_page(page, **link)
        assert not at.exception, (page, link, [e.message for e in at.exception])
        recorded[link_id(page, link)] = shown(at)
    RECORD.write_text(json.dumps(recorded, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
