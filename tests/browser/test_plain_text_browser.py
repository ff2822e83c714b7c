"""Hostile links in Chromium: a link, a remote image, a colour or a formula put into a URL
parameter shows in the app's notice or error as the characters the link holds, and the page
holds no link to and loads nothing from the stranger's address.
"""

from __future__ import annotations

from collections.abc import Callable
from urllib.parse import urlencode, urlsplit

import pytest
from browser_support import open_page, wait_idle
from playwright.sync_api import Page, expect

pytestmark = pytest.mark.browser

LINK = "[sign in](https://example.invalid/x)"
IMAGE = "![p](https://example.invalid/i.png)"
JOINER = "\u2060"

#: (path, parameters, a piece of text the alert must show as written, the whole value shown).
CASES = [
    ("/classic", {"teams": "1", "team_a": f"{LINK} {IMAGE}"}, "[sign in]", f"{LINK} {IMAGE}"),
    ("/planner", {"results": f"1500 1\n{LINK} {IMAGE}"}, "[sign in]", LINK),
    (
        "/history",
        {"rules": "`[a](https://example.invalid) :red[x]"},
        ":red[x]",
        "rules=`[a](https://example.invalid) :red[x]",
    ),
    # A link's value is named up to its 40th character.
    ("/", {"rating": f"$x$ {IMAGE}"}, "$x$", f"rating=$x$ {IMAGE}"),
]


@pytest.mark.parametrize(
    ("path", "params", "piece", "whole"), CASES, ids=[c[0].strip("/") or "home" for c in CASES]
)
def test_a_hostile_value_is_shown_as_written_and_links_nowhere(
    page: Page,
    url_of: Callable[[str], str],
    path: str,
    params: dict[str, str],
    piece: str,
    whole: str,
) -> None:
    asked: list[str] = []
    page.on("request", lambda request: asked.append(request.url))
    open_page(page, url_of(f"{path}?{urlencode(params)}"))
    alert = page.get_by_test_id("stAlert").filter(has_text=piece)
    expect(alert.first).to_be_visible()
    wait_idle(page)

    shown = alert.first.inner_text().replace(JOINER, "")
    assert whole in " ".join(shown.split("\n")), shown
    app = page.get_by_test_id("stApp")
    assert app.locator('a[href*="example.invalid"]').count() == 0
    assert app.locator('img[src*="example.invalid"]').count() == 0
    # No Streamlit colour, formula or link made of the value inside the alert.
    for made in (".stMarkdownColoredText", ".katex", "a"):
        assert alert.first.locator(made).count() == 0, made
    assert not [url for url in asked if "example.invalid" in (urlsplit(url).hostname or "")]
