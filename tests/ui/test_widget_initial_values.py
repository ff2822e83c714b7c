"""Every input is drawn with the value it holds as its initial value, not Streamlit's own (the
minimum, the first option, an empty list).

The browser builds a widget again from its initial value when a rerun reaches it while the page
is being drawn again: on the Simulator, switching to Greek and then opening "Embed this" sent
every input of its settings back at its minimum (``players=10&weeks=1&…&rules=``) in about one
try in two, and the next run simulated that. That race needs a browser; what it reads is in the
page's elements, checked here for each page opened with a link of non-default values."""

from __future__ import annotations

from typing import Any

import pytest
from apptest_support import open_page
from streamlit.testing.v1 import AppTest

LINKS = {
    "app.py": {"rating": "1650", "opponent": "1820", "cube": "4", "games": "60", "type": "casual"},
    "pages/lab/simulator.py": dict(
        players="200",
        weeks="4",
        seed="7",
        strength="uniform",
        strength_sd="150",
        true_divisor="900",
        games_per_week="30",
        heavy_share="12",
        pairing="band",
        rules="1.2.0,custom",
        divisor="900",
        k="20",
    ),
    "pages/divisors.py": {"difference": "300", "k": "16", "cube": "4", "span": "1200"},
    "pages/tables.py": {"table_k": "24", "cube": "8", "difference": "250"},
    "pages/explain.py": {"rating": "1700", "when": "after", "change": "-9", "cube": "2"},
    "pages/planner.py": {"rating": "1600", "target": "1700", "per_week": "30", "cube": "2"},
    "pages/classic.py": {"a": "1700", "b": "1400", "score": "0.5", "k": "16"},
    "pages/lab/history.py": {"rules": "1.2.0,1.0.5", "skip_invalid": "1"},
    "pages/lab/designer.py": {"divisors": "600,1200", "ks": "16,24", "players": "300"},
}


def inputs(at: AppTest, prefix: str) -> list[Any]:
    """The page's own keyed inputs (their keys start with the page's name)."""
    found: list[Any] = []

    def walk(node: Any) -> None:
        children = getattr(node, "children", None)
        for child in children.values() if isinstance(children, dict) else ():
            key = getattr(child, "key", None)
            if key and key.startswith(prefix) and hasattr(child.proto, "default"):
                found.append(child)
            walk(child)

    walk(at._tree)
    return found


def drawn_and_held(element: Any) -> tuple[Any, Any]:
    """(the value the browser would build the widget with, the value the session holds)."""
    kind = type(element).__name__
    default = element.proto.default
    if kind in ("Selectbox", "Radio"):
        return default, element.index
    if kind in ("Multiselect", "ButtonGroup"):
        return list(default), list(element.indices)
    if kind == "SelectSlider":
        return [element.options[int(i)] for i in default], [element.format_func(element.value)]
    if kind == "Slider":
        return list(default), [element.value]
    return default, element.value


@pytest.mark.parametrize("page", LINKS)
def test_each_input_starts_at_the_value_it_holds(page: str) -> None:
    at = open_page(page, **LINKS[page])
    assert not at.exception, [e.message for e in at.exception]
    prefix = "home." if page == "app.py" else page.rsplit("/", 1)[-1].removesuffix(".py") + "."
    elements = inputs(at, prefix)
    assert len(elements) >= 3, [e.key for e in elements]
    mismatched = {
        e.key: pair
        for e in elements
        if e.value is not None and (pair := drawn_and_held(e))[0] != pair[1]
    }
    assert mismatched == {}
    # The link's values did reach the page (else this would compare defaults to defaults).
    changed = [e.key for e in elements if e.key.removeprefix(prefix) in LINKS[page]]
    assert changed, prefix
