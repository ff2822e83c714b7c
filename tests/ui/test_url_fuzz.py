"""A thousand random links per page under AppTest: whatever a URL holds, the page runs without an
exception and names every bad parameter in a visible notice (falling back to its default)."""

from __future__ import annotations

import random
from collections.abc import Callable

import pytest
from apptest_support import open_page

#: Values no parameter accepts: words, blanks, NaN, infinities, overflow, markup, formulas.
HOSTILE = [
    "abc", "", " ", "nan", "NaN", "inf", "-inf", "1e400", "9" * 40, "<img src=x onerror=alert(1)>",
    "=HYPERLINK(1)", "0x10", "½", "١٥٠٠", "None", "null", "[]", "{}", "1,5", "--1",
]  # fmt: skip


def ints(
    low: int, high: int, *, good_up_to: int | None = None
) -> tuple[Callable[[random.Random], str], list[str]]:
    """A whole-number parameter accepting low … high; good values drawn up to good_up_to."""
    top = high if good_up_to is None else good_up_to
    good = lambda rng: str(rng.randint(low, top))  # noqa: E731
    return good, [*HOSTILE, str(low - 1), str(high + 1), "1.5"]


def floats(
    low: float, high: float, *, good_up_to: float | None = None
) -> tuple[Callable[[random.Random], str], list[str]]:
    """A number parameter accepting low … high; good values drawn up to good_up_to."""
    top = high if good_up_to is None else good_up_to
    good = lambda rng: f"{rng.uniform(low, top):.3f}"  # noqa: E731
    return good, [h for h in HOSTILE if h != "1,5"] + [str(low - 1), str(high * 2)]


def choice(*options: str) -> tuple[Callable[[random.Random], str], list[str]]:
    return (lambda rng: rng.choice(options)), [*HOSTILE, "RANKED", "1.3.2", "Custom"]


def flag() -> tuple[Callable[[random.Random], str], list[str]]:
    return (lambda rng: rng.choice(["0", "1", "true", "false"])), [*HOSTILE, "2", "yes"]


SIMULATOR_RULES = ["1.0.5", "1.2.0", "1.3.1", "1.3.1-flat", "custom"]
RULES = choice("1.3.1", "1.2.0", "1.0.5", "custom")
CUBES = choice("1", "2", "4", "8", "16", "32", "64")
SHARED = {"lang": choice("en", "el"), "view": choice("full", "compact", "chart", "table")}

PAGES = {
    "app.py": {
        "rating": ints(-100_000, 100_000),
        "opponent": ints(-100_000, 100_000),
        "cube": CUBES,
        "games": ints(0, 100_000),
        "opponent_games": ints(0, 100_000),
        "rules": RULES,
        "divisor": floats(1, 100_000),
        "k": ints(1, 1000),
        "heavy_k": ints(1, 1000),
        "heavy_games": ints(0, 100_000),
        "type": choice("ranked", "boosted", "tournament"),
        "ending": choice("normal", "gammon", "backgammon", "resigned", "left", "timed_out"),
    },
    "pages/divisors.py": {
        "difference": ints(-2000, 2000),
        "k": ints(1, 1000),
        "cube": CUBES,
        "custom_on": flag(),
        "custom": floats(1, 100_000),
        "fibs": flag(),
        "span": ints(100, 2000),
    },
    "pages/tables.py": {
        "rules": RULES,
        "divisor": floats(1, 100_000),
        "k": ints(1, 1000),
        "table_k": ints(1, 1000),
        "table_heavy_k": ints(1, 1000),
        "cube": CUBES,
        "difference": ints(0, 2000),
    },
    "pages/classic.py": {
        "teams": flag(),
        "a": floats(-100_000, 100_000),
        "b": floats(-100_000, 100_000),
        "score": choice("1", "0.5", "0"),
        "k": choice("40", "32", "20", "16", "10", "custom"),
        "k_custom": floats(0.1, 1000),
        "divisor": floats(1, 100_000),
    },
    "pages/history.py": {
        "source": choice("sample", "upload"),
        "rules": (
            lambda rng: ",".join(rng.sample(["1.0.5", "1.2.0", "1.3.1"], rng.randint(1, 3))),
            [*HOSTILE, "1.3.1,zzz", "custom"],
        ),
        "skip_invalid": flag(),
    },
    "pages/simulator.py": {
        # Small populations keep a thousand runs quick; the defaults (2 000 × 26) are rare.
        "players": ints(10, 20_000, good_up_to=200),
        "weeks": ints(1, 104, good_up_to=3),
        "seed": ints(0, 2**31 - 1, good_up_to=5),
        "strength": choice("normal", "uniform", "skewed"),
        "strength_sd": floats(0, 1000, good_up_to=300),
        "games_per_week": floats(1, 300, good_up_to=40),
        "heavy_share": floats(0, 1, good_up_to=0.2),
        "pairing": choice("random", "band"),
        "rules": (
            lambda rng: ",".join(rng.sample(SIMULATOR_RULES, 2)),
            [*HOSTILE, "1.3.1,zzz"],
        ),
        "divisor": ints(1, 100_000),
        "k": ints(1, 1000),
    },
}
#: Parameters whose bad value would fall back to an expensive default: rarely made bad.
COSTLY = {"players", "weeks"}
LINKS_PER_PAGE = int(__import__("os").environ.get("LINKS_PER_PAGE", "1000"))


def random_link(rng: random.Random, params: dict[str, tuple]) -> tuple[dict[str, str], set[str]]:
    """A random query string for a page, and the names of the parameters made bad."""
    link: dict[str, str] = {}
    bad: set[str] = set()
    for name, (good, hostile) in {**SHARED, **params}.items():
        if rng.random() < 0.4:
            continue
        spoil = rng.random() < (0.03 if name in COSTLY else 0.3)
        link[name] = rng.choice(hostile) if spoil else good(rng)
        if spoil:
            bad.add(name)
    return link, bad


#: Links are drawn in chunks, each its own test, so a slow machine times out no single test.
CHUNKS = 10


@pytest.mark.parametrize("chunk", range(CHUNKS))
@pytest.mark.parametrize("page", list(PAGES))
def test_a_thousand_random_links(page: str, chunk: int) -> None:
    rng = random.Random(f"links-{page}-{chunk}")
    for number in range(chunk * LINKS_PER_PAGE // CHUNKS, (chunk + 1) * LINKS_PER_PAGE // CHUNKS):
        link, bad = random_link(rng, PAGES[page])
        at = open_page(page, **link)
        where = f"link {number}: {page}?{link}"
        assert not at.exception, (where, [e.message for e in at.exception])
        notices = " ".join(w.value for w in at.warning)
        for name in bad:
            assert f"`{name}=" in notices, (where, name, notices)
